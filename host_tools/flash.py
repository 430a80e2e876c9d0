"""marcador flash: put the firmware on a board.

A Pico in BOOTSEL mode (its RPI-RP2 drive mounted) gets a UF2 image: the
board's release image (`make uf2`) or --uf2 FILE, checked and copied by
flash_uf2() (host_tools/uf2.py). A board that runs MicroPython gets the
firmware as .mpy files over its serial port, by flash():

1. firmware/ is compiled with mpy-cross into out/mpy (only what changed);
2. over the board's USB serial port, mpremote's raw REPL (as a library)
   asks the board for a SHA-256 of every firmware file it has, in one
   request, for the .mpy version its MicroPython loads and the version
   of the firmware it has; one line says what will change;
3. only the files whose hash differs are copied, with the board's own
   board.py (its pins) as /board.py; firmware files the build no longer has
   (or that are the PC's only, build_mpy.PC_ONLY: the JSON record codec)
   are removed. The games (/games) and settings (/settings.json) are never
   touched;
4. the board is reset and starts the new firmware.

A board that runs a Marcador release image (the firmware frozen into
MicroPython, docs/release-image.md) is refused: its frozen modules come
before the filesystem's, so copied files would never run.

When anything changes, /main.py is removed first and written last: a board
whose flashing was cut half-way boots to the REPL instead of running a mix
of old and new modules, and running flash again completes it.
"""

import hashlib
import re
import time
from pathlib import Path

from marcador_core.version import VERSION

from . import build_mpy, paths
from .counted import counted

BOARDS_DIR = paths.BOARDS
FIRMWARE_DIRS = ("core", "app", "drivers")

# Each board folder's microcontroller family (for the MicroPython image and
# the instructions when the board has none yet).
BOARDS = {
    "pico_ssd1306": "rp2",
    "pico_sh1106": "rp2",
    "esp32_ssd1306": "esp32",
}

NO_MICROPYTHON = {
    "rp2": (
        "The board on {port} did not answer like MicroPython. If it has no "
        "MicroPython yet: download the RP2040 firmware (.uf2) from "
        "https://micropython.org/download/RPI_PICO/ (Pico W: RPI_PICO_W), "
        "hold the BOOTSEL button while plugging the board in, and copy the "
        ".uf2 file to the RPI-RP2 drive that appears, e.g.\n"
        "    cp RPI_PICO-*.uf2 /media/$USER/RPI-RP2/\n"
        "The board restarts with MicroPython; then run this command again."),
    "esp32": (
        "The board on {port} did not answer like MicroPython. If it has no "
        "MicroPython yet: download the ESP32 firmware (.bin) from "
        "https://micropython.org/download/ESP32_GENERIC/ and write it with "
        "esptool (pip install esptool):\n"
        "    esptool --port {port} erase_flash\n"
        "    esptool --port {port} --baud 460800 write_flash 0x1000 "
        "ESP32_GENERIC-*.bin\n"
        "Then run this command again."),
}

# Where MicroPython keeps the modules frozen into its image (a name on
# sys.path, not a folder).
FROZEN = ".frozen"

# Runs on the board: "path sha256" for every firmware file, the .mpy
# version it loads, the version of a Marcador frozen into the image and
# that of the firmware on its filesystem (core/version.py's VERSION, what
# the board's sync `hello` says).
# One request instead of one per file. The two %r: FIRMWARE_DIRS, FROZEN.
HASH_SCRIPT = """
import os, sys, hashlib, binascii
def _h(p):
    d = hashlib.sha256()
    with open(p, "rb") as f:
        while True:
            b = f.read(512)
            if not b:
                break
            d.update(b)
    print(p, binascii.hexlify(d.digest()).decode())
def _walk(d):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = d + "/" + n
        if os.stat(p)[0] & 0x4000:
            _walk(p)
        else:
            _h(p)
for _d in %r:
    _walk("/" + _d)
for _p in ("/main.py", "/board.py"):
    try:
        _h(_p)
    except OSError:
        pass
print("MPY", getattr(sys.implementation, "_mpy", 0))
_s = list(sys.path)
sys.path.clear()
sys.path.append(%r)
try:
    import core.version
    print("FROZEN", core.version.VERSION)
    del sys.modules["core.version"], sys.modules["core"]
except ImportError:
    pass
sys.path.clear()
sys.path.append("")
try:
    import core.version
    print("HAS", core.version.VERSION)
    del sys.modules["core.version"], sys.modules["core"]
except Exception:
    pass
sys.path.clear()
sys.path.extend(_s)
"""


class FlashError(Exception):
    """Something the user must do; the message says what."""


def boards():
    return sorted(p.name for p in BOARDS_DIR.iterdir()
                  if (p / "board.py").exists())


def plan(board, out=None):
    """{board path: local file} of everything the board should hold (the
    .mpy files built into `out`, by default paths.out_dir()/mpy)."""
    out = Path(out) if out else paths.out_dir() / "mpy"
    if board not in boards():
        raise FlashError(f"no board {board!r}; boards: {', '.join(boards())}")
    try:
        build_mpy.build(out)
    except build_mpy.BuildError as ex:
        raise FlashError(str(ex))
    files = {}
    for d in FIRMWARE_DIRS:
        for f in sorted((out / d).rglob("*.mpy")):
            rel = f.relative_to(out).as_posix()
            if build_mpy.on_board(rel):
                files["/" + rel] = f
    files["/main.py"] = out / "main.py"
    files["/board.py"] = BOARDS_DIR / board / "board.py"
    return files


def sha256(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def mpy_version(path):
    # (version, sub-version) from a .mpy header: "M", version, flags whose
    # low 2 bits are the sub-version.
    b = Path(path).read_bytes()[:3]
    return b[1], b[2] & 3


def board_mpy(value):
    # sys.implementation._mpy: version | sub-version << 8 | arch << 10.
    return value & 0xFF, value >> 8 & 3


def what_changes(had, have, changed, stale, total):
    """One line before anything is copied: the board's firmware version
    and this one, what changes, and that games and settings stay."""
    if had:
        older = _older(VERSION, had)
        head = (f"board has {had}, this is {VERSION}"
                + (" (older than the board's)" if older else ""))
    elif have:
        head = (f"board has Marcador files of no known version, this is "
                f"{VERSION}")
    else:
        head = f"board has no Marcador firmware, this is {VERSION}"
    if not changed and not stale:
        return f"{head}: nothing changes; the board is reset"
    names = sorted(p.lstrip("/") for p in changed)
    shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
    what = f"{len(changed)} of {counted('files', total)} change ({shown})"
    if stale:
        what += f", {len(stale)} removed"
    return f"{head}: {what}; its games and settings stay"


def _older(a, b):
    # Whether version a is before version b ("0.6.9" < "0.7.0"); versions
    # that are not dotted numbers are not compared.
    try:
        return tuple(map(int, a.split("."))) < tuple(map(int, b.split(".")))
    except ValueError:
        return False


class NotMicroPython(FlashError):
    """Something answers on the port, but not MicroPython's raw REPL."""


def probe(port, wait=10):
    """Open the port with pyserial and ask for MicroPython's raw REPL.

    mpremote reports every failure to open as "failed to access", and its
    wait for the REPL never ends while a device sends noise or, on a pty,
    nothing: this tells a busy port from an absent one, and gives up after
    `wait` seconds."""
    import serial
    try:
        ser = serial.Serial(port, 115200, exclusive=True, timeout=0.1)
    except (serial.SerialException, OSError) as ex:
        from .link import open_error
        raise open_error(port, ex) from None
    try:
        ser.write(b"\r\x03\r\x03\r\x01")     # interrupt, then raw REPL
        seen = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            seen = (seen + ser.read(256))[-200:]
            if b"raw REPL; CTRL-B to exit" in seen:
                ser.write(b"\r\x02")           # back to the friendly REPL
                return
        raise NotMicroPython(port)
    finally:
        ser.close()


def open_transport(port, wait=10):
    from mpremote.transport_serial import SerialTransport
    probe(port, wait)
    return SerialTransport(port, baudrate=115200)


def flash(board, port, progress=print, transport=None, out=None, wait=10):
    """Flash `board`'s firmware through `port`; returns counts. `wait`:
    seconds for the board to answer before it is taken as not running
    MicroPython."""
    files = plan(board, out)
    family = BOARDS.get(board)
    try:
        t = transport or open_transport(port, wait)
    except NotMicroPython:
        raise FlashError(NO_MICROPYTHON[family].format(port=port))
    try:
        # A soft reset first: the running firmware lets go of its RAM.
        t.enter_raw_repl(soft_reset=True, timeout_overall=wait)
        have, mpy, frozen, had = {}, 0, None, None
        for line in t.exec(HASH_SCRIPT % (FIRMWARE_DIRS, FROZEN)).decode() \
                .splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "MPY":
                mpy = int(words[1])
            elif len(words) == 2 and words[0] == "FROZEN":
                frozen = words[1]
            elif len(words) == 2 and words[0] == "HAS":
                had = words[1]
            elif len(words) == 2:
                have[words[0]] = words[1]
        if frozen:
            how = (f"hold BOOTSEL while plugging it in, then `marcador "
                   f"flash --board {board}`" if family == "rp2" else
                   "with esptool")
            raise FlashError(
                f"the board runs the Marcador {frozen} release image (the "
                f"firmware frozen in), which never runs copied files: to "
                f"put {VERSION} on it, flash the {VERSION} release image "
                f"({how}; docs/release-image.md), or put stock MicroPython "
                f"back on it to use `marcador flash` with --port; nothing "
                f"was changed")
        # Bytecode .mpy files load when the major version matches (the
        # sub-version only matters for native code, which we do not emit).
        want = mpy_version(next(f for p, f in files.items()
                                if p.endswith(".mpy")))[0]
        if mpy and board_mpy(mpy)[0] != want:
            raise FlashError(
                f"the board's MicroPython loads .mpy version "
                f"{board_mpy(mpy)[0]}, this mpy-cross makes version {want}: "
                f"update the board's MicroPython (1.22 or later, see "
                f"https://micropython.org/download/) and run this again")
        changed = [p for p, f in files.items() if have.get(p) != sha256(f)]
        stale = [p for p in have if p not in files]
        progress(what_changes(had, have, changed, stale, len(files)))
        done = 0
        if changed or stale:
            if "/main.py" in have:
                t.fs_rmfile("/main.py")
            changed = [p for p in changed if p != "/main.py"] + ["/main.py"]
            for p in stale:
                t.fs_rmfile(p)
                progress(f"  removed {p}")
            total = sum(files[p].stat().st_size for p in changed)
            made = set()
            for p in changed:
                d = p.rsplit("/", 1)[0]
                parts = d.strip("/").split("/") if d else []
                for i in range(1, len(parts) + 1):
                    sub = "/" + "/".join(parts[:i])
                    if sub not in made and not t.fs_exists(sub):
                        t.fs_mkdir(sub)
                    made.add(sub)
                data = files[p].read_bytes()
                t.fs_writefile(p, data, chunk_size=1024)
                done += len(data)
                progress(f"  {p} ({len(data)} bytes) [{done}/{total}]")
        # The new firmware starts (main.py runs after the reset). A board
        # resets at once and its USB serial port vanishes, often before
        # the request is acknowledged: losing the port here is success.
        import serial
        try:
            t.exec_raw_no_follow("import machine\nmachine.reset()")
        except (serial.SerialException, OSError):
            pass
    finally:
        try:
            t.close()
        except Exception:
            pass
    return {"files": len(files), "copied": len(changed), "removed":
            len(stale), "bytes": done,
            "unchanged": len(files) - len(changed)}


# ------------------------------------------------------------ the UF2 way

RELEASE_NAME = re.compile(r"^marcador-(.+)-([a-z0-9_]+)\.uf2$")


def release_uf2(board):
    """Where `make uf2` puts the board's release image (out/uf2 in a
    checkout)."""
    return paths.out_dir() / "uf2" / f"marcador-{VERSION}-{board}.uf2"


def flash_uf2(board=None, image=None, drive=None, roots=None):
    """Copy a UF2 image onto a Pico in BOOTSEL mode: `image` (a file) or
    the board's release image; `drive` (a folder) or the only RPI-RP2
    drive mounted. Returns what was done; FlashError (the file),
    uf2.NotUF2 or uf2.DriveError otherwise. Nothing is copied unless the
    file is a whole UF2 for the RP2040."""
    from . import uf2
    if image is None:
        if board not in boards():
            raise FlashError(f"no board {board!r}; boards: "
                             f"{', '.join(boards())}")
        if BOARDS[board] != "rp2":
            raise FlashError(f"{board} has no UF2 image (it is not a Pico): "
                             f"flash it with --port (docs/release-image.md "
                             f"says how to build its image)")
        image = release_uf2(board)
        if not image.exists():
            raise FlashError(f"no release image for {board} at {image}: "
                             f"build it with `make uf2 BOARD={board}` "
                             f"(docs/release-image.md), or give --uf2 FILE")
    image = Path(image)
    named = RELEASE_NAME.match(image.name)
    if board and named and named.group(2) != board and \
            named.group(2) in BOARDS:
        raise FlashError(f"{image.name} is the image for {named.group(2)}, "
                         f"not {board}: give --board {named.group(2)} or "
                         f"the {board} image")
    try:
        data, in_flash = uf2.read(image)
    except OSError as ex:
        raise FlashError(f"cannot read {image}: {ex.strerror or ex}")
    target = uf2.the_drive(drive, roots)
    restarted = uf2.copy(data, image.name, target)
    return {"image": image, "drive": target, "blocks": len(data) // 512,
            "bytes": len(data), "version": named and named.group(1),
            "restarted": restarted, "keeps_games": in_flash}
