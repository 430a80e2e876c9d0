"""A UF2 image onto a Pico in BOOTSEL mode: the RPI-RP2 drive found, the
file checked to be a UF2 for the RP2040, then copied and flushed.

Holding BOOTSEL while plugging a Pico in starts the RP2040's ROM
bootloader, which shows a USB drive (RPI-RP2) whose INFO_UF2.TXT says
"Board-ID: RPI-RP2". A UF2 file copied onto it is written to flash block
by block; once every block has arrived the board restarts into it and the
drive goes away. The bootloader lives in ROM: a copy cut half-way cannot
brick the board, BOOTSEL and the same copy again complete it.

The format (https://github.com/microsoft/uf2): 512-byte blocks, each with
two magic numbers at its start and one at its end, its number and the
count of blocks, and (flag 0x2000) the family of chip it is for.
"""

import getpass
import os
import string
import struct
from pathlib import Path

BLOCK = 512
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY = 0x00002000
RP2040 = 0xE48BFF56
# Other families a UF2 found on a PC is likely for (for the message).
FAMILIES = {
    0xE48BFF57: "RP2350 (absolute)",
    0xE48BFF59: "RP2350 (Arm, secure)",
    0xE48BFF5A: "RP2350 (RISC-V)",
    0xE48BFF5B: "RP2350 (Arm, non-secure)",
    0x1C5F21B0: "ESP32",
    0xBFDD4EEE: "ESP32-S2",
    0xC47E5767: "ESP32-S3",
    0xADA52840: "nRF52840",
    0x68ED2B88: "SAMD21",
    0x55114460: "SAMD51",
}
# Where the board keeps its games: MicroPython's littlefs partition, the
# top MICROPY_HW_FLASH_STORAGE_BYTES (1408 KB on RPI_PICO) of the Pico's
# 2 MB of flash, mapped from XIP_BASE.
XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024
FILESYSTEM = XIP_BASE + FLASH_BYTES - 1408 * 1024
BOARD_ID = "RPI-RP2"
INFO = "INFO_UF2.TXT"
CHUNK = 64 * 1024
MAX_SIZE = 16 << 20        # the RP2040 addresses 16 MB of flash at most


class NotUF2(Exception):
    """The file is not a UF2 the Pico's bootloader takes; says why."""


class DriveError(Exception):
    """No drive, several, or it went away; says what to do."""


def check(data, name):
    """Raise NotUF2 unless data is a whole UF2 image for the RP2040 that
    leaves the board's filesystem (its games) alone; returns (its number
    of blocks, whether every block is in flash: a UF2 loaded into RAM
    runs a program that may do anything)."""
    if not data or len(data) % BLOCK:
        raise NotUF2(f"{name} is not a UF2 file (its {len(data)} bytes are "
                     f"not whole 512-byte blocks): give the .uf2 of a "
                     f"release image (`make uf2`) or MicroPython's")
    count = len(data) // BLOCK
    in_flash = True
    for i in range(count):
        m0, m1, flags, addr, size, no, total, family = struct.unpack_from(
            "<8I", data, i * BLOCK)
        (end,) = struct.unpack_from("<I", data, i * BLOCK + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise NotUF2(f"{name} is not a UF2 file (block {i} lacks the "
                         f"UF2 magic numbers): give the .uf2 of a release "
                         f"image (`make uf2`) or MicroPython's")
        if not flags & FLAG_FAMILY or family != RP2040:
            what = (FAMILIES.get(family, f"family {family:#010x}")
                    if flags & FLAG_FAMILY else "no family named")
            raise NotUF2(f"{name} is a UF2 for another chip ({what}), not "
                         f"the Pico's RP2040 (family {RP2040:#010x}): the "
                         f"bootloader would ignore it; give the Pico's "
                         f".uf2 (e.g. MicroPython's RPI_PICO)")
        if (no, total) != (i, count):
            raise NotUF2(f"{name} is damaged or cut short (block {i} is "
                         f"numbered {no} of {total}, the file has {count}): "
                         f"download or build it again")
        if not flags & FLAG_NOT_MAIN_FLASH and (size != 256 or addr % 256):
            raise NotUF2(f"{name} has a block the RP2040's bootloader "
                         f"refuses (block {i}: {size} bytes at {addr:#x}, "
                         f"it takes 256 at a 256-byte boundary)")
        if not flags & FLAG_NOT_MAIN_FLASH and \
                FILESYSTEM <= addr < XIP_BASE + FLASH_BYTES:
            raise NotUF2(f"{name} writes into the flash where the board "
                         f"keeps its games (block {i} at {addr:#x}, the "
                         f"filesystem starts at {FILESYSTEM:#x}): they "
                         f"would be lost; sync them first (`marcador "
                         f"sync`) and copy the file by hand if that is "
                         f"what you want")
        in_flash = in_flash and XIP_BASE <= addr < FILESYSTEM
    return count, in_flash


def read(path):
    """(the bytes of a UF2 file, checked; whether it is all in flash, below
    the filesystem). NotUF2, or OSError when it cannot be read."""
    path = Path(path)
    with open(path, "rb") as f:
        data = f.read(MAX_SIZE + 1)
    if len(data) > MAX_SIZE:
        raise NotUF2(f"{path} is over {MAX_SIZE >> 20} MB, more than an "
                     f"RP2040 can hold: is it the right file?")
    return data, check(data, path)[1]


# ------------------------------------------------------------------ drives

def mount_roots():
    """The folders a removable drive is mounted in, on this system."""
    if os.name == "nt":
        return [f"{d}:\\" for d in string.ascii_uppercase[2:]]
    try:
        user = getpass.getuser()
    except Exception:
        user = ""
    roots = ["/Volumes"]                     # macOS
    if user:
        roots += [f"/media/{user}", f"/run/media/{user}"]
    return roots + ["/media", "/mnt"]


def board_id(drive):
    """The Board-ID in a drive's INFO_UF2.TXT, or None (no UF2 drive)."""
    try:
        with open(Path(drive) / INFO, "rb") as f:
            text = f.read(4096).decode("ascii", "replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "board-id":
            return value.strip()
    return ""


def _candidates(root):
    # On Windows each root is a drive itself; elsewhere its folders are.
    if os.name == "nt":
        return [Path(root)]
    try:
        return [p for p in Path(root).iterdir()]
    except OSError:
        return []


def find_drives(roots=None):
    """Every mounted RPI-RP2 drive (a Pico in BOOTSEL mode)."""
    out, seen = [], set()
    for root in roots if roots is not None else mount_roots():
        for p in _candidates(root):
            try:
                if not p.is_dir() or board_id(p) != BOARD_ID:
                    continue
                key = os.path.realpath(p)
            except OSError:
                continue
            if key not in seen:
                seen.add(key)
                out.append(p)
    return out


def the_drive(given=None, roots=None):
    """The one RPI-RP2 drive: --drive PATH checked, or the only one
    mounted; DriveError naming what was found otherwise."""
    if given:
        p = Path(given)
        if not p.is_dir():
            raise DriveError(f"{p} is not a mounted drive: hold the Pico's "
                             f"BOOTSEL button while plugging it in, and give "
                             f"the RPI-RP2 drive's folder")
        bid = board_id(p)
        if bid != BOARD_ID:
            what = (f"has no {INFO}" if bid is None else
                    f"is the UF2 drive of a {bid or 'nameless'} board")
            raise DriveError(f"{p} {what}, not a Pico's {BOARD_ID} drive: "
                             f"give the drive a Pico in BOOTSEL mode shows")
        return p
    drives = find_drives(roots)
    if not drives:
        raise DriveError(f"no Pico in BOOTSEL mode: hold its BOOTSEL button "
                         f"while plugging it in, wait for the {BOARD_ID} "
                         f"drive to be mounted, then run this again (or "
                         f"give --drive PATH)")
    if len(drives) > 1:
        raise DriveError(f"{len(drives)} Picos in BOOTSEL mode "
                         f"({', '.join(map(str, drives))}): unplug all but "
                         f"one, or give --drive PATH")
    return drives[0]


def copy(data, name, drive):
    """Write a checked UF2 image onto the drive, flushed to it; returns
    True when the drive was already gone once every byte was handed over
    (the board restarted as the copy ended), False otherwise. DriveError
    when it went away before."""
    target = Path(drive) / Path(name).name
    handed = 0
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC
                     | getattr(os, "O_BINARY", 0), 0o644)
        try:
            while handed < len(data):
                handed += _write(fd, data[handed:handed + CHUNK])
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as ex:
        gone = board_id(drive) != BOARD_ID
        if handed == len(data) and gone:
            return True
        if gone:
            raise DriveError(f"the {BOARD_ID} drive went away mid-copy "
                             f"({handed} of {len(data)} bytes): hold BOOTSEL, "
                             f"plug the Pico in again and run the same "
                             f"command (its bootloader is in ROM: a cut copy "
                             f"harms nothing)") from None
        raise DriveError(f"cannot write {target}: "
                         f"{ex.strerror or ex} ({handed} of {len(data)} bytes "
                         f"written); is the drive read-only? Run the same "
                         f"command again once it is writable") from None
    return False


def _write(fd, chunk):
    return os.write(fd, chunk)
