"""`marcador flash` the UF2 way: a release image (or any RP2040 UF2)
copied onto a Pico in BOOTSEL mode, its RPI-RP2 drive here a folder with
an INFO_UF2.TXT as the bootloader shows it. The image is built here (a
few valid blocks) or MicroPython's stock UF2 from ../shared/rp2."""

import struct

import pytest

from conftest import ROOT
from marcador import flash as F
from marcador import uf2
from marcador.cli import main as cli

INFO = ("UF2 Bootloader v3.0\r\nModel: Raspberry Pi RP2\r\n"
        "Board-ID: RPI-RP2\r\n")


def make_uf2(blocks=3, family=uf2.RP2040, flags=uf2.FLAG_FAMILY,
             base=0x10000000):
    """A valid UF2 image of `blocks` 256-byte blocks from `base`."""
    out = b""
    for i in range(blocks):
        payload = bytes([i % 256]) * 256
        head = struct.pack("<8I", uf2.MAGIC_START0, uf2.MAGIC_START1, flags,
                           base + 256 * i, 256, i, blocks, family)
        out += head + payload.ljust(476, b"\0") + struct.pack(
            "<I", uf2.MAGIC_END)
    return out


def fake_drive(where, name="RPI-RP2", info=INFO):
    d = where / name
    d.mkdir(parents=True)
    (d / "INFO_UF2.TXT").write_text(info)
    (d / "INDEX.HTM").write_text("<html></html>")
    return d


@pytest.fixture
def mounts(tmp_path, monkeypatch):
    """The mount folder drives are looked for in (/media/$USER here)."""
    root = tmp_path / "media"
    root.mkdir()
    monkeypatch.setattr(uf2, "mount_roots", lambda: [str(root)])
    return root


@pytest.fixture
def release(tmp_path, monkeypatch):
    """A release image where `make uf2` puts pico_ssd1306's."""
    from marcador import paths
    monkeypatch.setattr(paths, "out_dir", lambda: tmp_path / "out")
    image = F.release_uf2("pico_ssd1306")
    image.parent.mkdir(parents=True)
    image.write_bytes(make_uf2(5))
    return image


def test_the_release_image_goes_onto_the_only_drive(mounts, release,
                                                    capsys):
    drive = fake_drive(mounts)
    fake_drive(mounts, "USBSTICK", info="not a pico")
    (mounts / "ana").mkdir()                      # not a drive at all
    assert cli(["flash", "--board", "pico_ssd1306"]) == 0
    out, err = capsys.readouterr()
    assert (drive / release.name).read_bytes() == release.read_bytes()
    assert out.count("\n") == 1, out
    assert f"{release.name} (5 blocks) copied to {drive}" in out
    assert "games and settings stay" in out and err == ""


def test_a_given_uf2_and_drive_need_no_board(tmp_path, capsys):
    drive = fake_drive(tmp_path)
    image = tmp_path / "RPI_PICO-v1.28.0.uf2"
    image.write_bytes(make_uf2(2))
    assert cli(["flash", "--uf2", str(image), "--drive", str(drive)]) == 0
    assert (drive / image.name).read_bytes() == image.read_bytes()
    assert "restarts into it; its games and settings stay" in \
        capsys.readouterr().out
    ram = tmp_path / "flash_nuke.uf2"                  # runs from RAM
    ram.write_bytes(make_uf2(2, base=0x20000000))
    assert cli(["flash", "--uf2", str(ram), "--drive", str(drive)]) == 0
    assert "it runs from RAM: whether the games stay is up to it" in \
        capsys.readouterr().out
    assert cli(["flash", "--uf2", str(image), "--port", "/dev/ttyACM0"]) \
        == 64
    assert "give one or the other" in capsys.readouterr().err


def test_micropythons_own_uf2_is_taken(tmp_path):
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import build_uf2
    bundle = build_uf2.bundle()
    stock = bundle and bundle.parent / "firmware-RPI_PICO-v1.28.0.uf2"
    if not (stock and stock.exists()):
        pytest.skip("no ../shared/rp2/firmware-RPI_PICO-v1.28.0.uf2")
    drive = fake_drive(tmp_path)
    r = F.flash_uf2(image=stock, drive=drive)
    assert (drive / stock.name).read_bytes() == stock.read_bytes()
    assert r["blocks"] == stock.stat().st_size // 512 > 1000
    assert r["keeps_games"]


def bad_images():
    good = make_uf2(3)
    other = make_uf2(3, family=0xE48BFF59)            # an RP2350's
    no_family = make_uf2(3, flags=0)
    cut = good[:512] + make_uf2(4)[512:1024]          # block 1 of 4
    not_magic = bytearray(good)
    not_magic[512 + 508] ^= 1
    odd = bytearray(good)
    odd[16:20] = struct.pack("<I", 128)               # a 128-byte block
    return {"empty": (b"", "not a UF2 file"),
            "text": (b"hello\n" * 100, "not a UF2 file"),
            "bad magic": (bytes(not_magic), "block 1 lacks the UF2 magic"),
            "rp2350": (other, "RP2350"),
            "no family": (no_family, "no family named"),
            "cut short": (cut, "damaged or cut short"),
            "odd block": (bytes(odd), "block 0: 128 bytes"),
            "over the games": (make_uf2(3, base=0x100A0000 - 512),
                               "block 2 at 0x100a0000, the filesystem "
                               "starts at 0x100a0000")}


@pytest.mark.parametrize("case", sorted(bad_images()))
def test_a_file_that_is_no_rp2040_uf2_is_refused_and_nothing_copied(
        tmp_path, capsys, case):
    data, words = bad_images()[case]
    drive = fake_drive(tmp_path)
    image = tmp_path / "x.uf2"
    image.write_bytes(data)
    assert cli(["flash", "--uf2", str(image), "--drive", str(drive)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("marcador flash: ") and words in err, err
    assert sorted(p.name for p in drive.iterdir()) == ["INDEX.HTM",
                                                       "INFO_UF2.TXT"]


def test_no_drive_two_drives_and_a_wrong_drive_are_one_line(
        mounts, release, tmp_path, monkeypatch, capsys):
    from marcador import ports
    monkeypatch.setattr(ports, "_comports", lambda: [])
    # Neither a Pico in BOOTSEL mode nor a board on a serial port.
    assert cli(["flash", "--board", "pico_ssd1306"]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no Pico in BOOTSEL mode" in err
    assert "no board found on a serial port" in err and "--port" in err
    assert cli(["flash", "--board", "pico_ssd1306", "--drive",
                str(mounts / "RPI-RP2")]) == 4
    assert "is not a mounted drive" in capsys.readouterr().err
    fake_drive(mounts)
    fake_drive(mounts, "RPI-RP21")
    assert cli(["flash", "--board", "pico_ssd1306"]) == 4
    err = capsys.readouterr().err
    assert "2 Picos in BOOTSEL mode" in err and "--drive" in err
    other = fake_drive(tmp_path, "RP2350", "Board-ID: RP2350\n")
    assert cli(["flash", "--board", "pico_ssd1306", "--drive",
                str(other)]) == 4
    assert "UF2 drive of a RP2350 board" in capsys.readouterr().err
    assert not (mounts / "RPI-RP2" / release.name).exists()


def test_no_release_image_and_the_wrong_board(mounts, tmp_path,
                                              monkeypatch, capsys):
    from marcador import paths
    monkeypatch.setattr(paths, "out_dir", lambda: tmp_path / "out")
    drive = fake_drive(mounts)
    assert cli(["flash", "--board", "pico_sh1106", "--drive",
                str(drive)]) == 1
    err = capsys.readouterr().err
    assert "no release image for pico_sh1106" in err
    assert "make uf2 BOARD=pico_sh1106" in err and "--uf2 FILE" in err
    image = tmp_path / "marcador-0.7.0-pico_sh1106.uf2"
    image.write_bytes(make_uf2(2))
    assert cli(["flash", "--board", "pico_ssd1306", "--uf2", str(image),
                "--drive", str(drive)]) == 1
    assert "image for pico_sh1106, not pico_ssd1306" in \
        capsys.readouterr().err
    assert cli(["flash", "--board", "esp32_ssd1306", "--drive",
                str(drive)]) == 1
    assert "esp32_ssd1306 has no UF2 image" in capsys.readouterr().err
    assert not (drive / image.name).exists()


def test_the_drive_going_away_mid_copy(tmp_path, monkeypatch, capsys):
    drive = fake_drive(tmp_path)
    image = tmp_path / "RPI_PICO.uf2"
    image.write_bytes(make_uf2(300))                 # 150 KB: 3 chunks
    written = []

    def unplugged(fd, chunk):
        if written:                                  # the second chunk
            (drive / "INFO_UF2.TXT").unlink()        # the drive is gone
            raise OSError(5, "Input/output error")
        written.append(len(chunk))
        return len(chunk)
    monkeypatch.setattr(uf2, "_write", unplugged)
    assert cli(["flash", "--uf2", str(image), "--drive", str(drive)]) == 4
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "went away mid-copy (65536 of 153600 bytes)" in err
    assert "BOOTSEL" in err and "same command" in err


def test_the_board_restarting_as_the_last_bytes_are_flushed(
        tmp_path, monkeypatch, capsys):
    # The Pico restarts once it has every block: the drive may vanish
    # before the PC has finished with it. Every byte was handed over.
    drive = fake_drive(tmp_path)
    image = tmp_path / "RPI_PICO.uf2"
    image.write_bytes(make_uf2(4))

    def restarted(fd):
        (drive / "INFO_UF2.TXT").unlink()
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(uf2.os, "fsync", restarted)
    assert cli(["flash", "--uf2", str(image), "--drive", str(drive)]) == 0
    assert "the Pico restarted as the copy ended" in capsys.readouterr().out


def test_flash_looks_for_the_image_where_make_uf2_writes_it():
    import sys
    sys.path.insert(0, str(ROOT / "tools"))
    import build_uf2
    for board in build_uf2.RP2_BOARDS:
        assert F.release_uf2(board) == build_uf2.uf2_path(board)
