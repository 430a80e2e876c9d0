"""The release image's littlefs caches (boards/micropython-patches/,
docs/release-image.md): the image mounts the flash with caches of 256
bytes, stock MicroPython with 1024; littlefs keeps no cache size on flash,
so each must read and continue what the other wrote. On the emulated Pico
(docs/rp2-emulator.md), the stock UF2 of ../shared/rp2 against the
release image (`make uf2 BOARD=pico_ssd1306`, built when not up to date).

A game begun on one firmware is resumed, ended and archived on the other,
and `marcador sync` copies it from either; littlefs's own files too: the
image's inline limit is 256 bytes (its cache), stock's 512 (block/8), so a
file between the two, inline on one, gets a block of its own when the
other rewrites it."""

import contextlib
import hashlib
import io
import shutil

import pytest

from conftest import MP_SCRIPTS, printed, run_micropython
from marcador import cli, pico_emu, sim
from rp2_build import boot, emulated_release, emulated_stock

import rp2

pytestmark = pytest.mark.rp2

BOOT_MS = 6000      # stock MicroPython loads the .mpy files: a slow boot

# The free pad, 2 players, no target, highest wins (tests/rp2/
# test_rp2_emulator.py's SHORT_GAME); a round; after a power cycle the
# "game recovered" note is dismissed, a second round, then the game menu's
# Terminar partida, Si, and BACK from the final breakdown (archived).
SETUP = "ok\ndown 5\nok\nup 2\nok\nup\nok\nup 2\nok\nok\n"
ROUND = "ok\nup 5\nok\nup 3\nok\n"
BEGIN = SETUP + ROUND + "wait 500\n"
FINISH = "ok\n" + ROUND + "back\ndown 4\nok\ndown\nok\nback\nwait 500\n"


@pytest.fixture(scope="module")
def stock():
    return emulated_stock()


@pytest.fixture(scope="module")
def image():
    return emulated_release("pico_ssd1306")


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def flashed(stock, tmp_path_factory):
    """Stock MicroPython (its littlefs made with its own 1024-byte caches)
    with `marcador flash`'s files: the flash image."""
    img = tmp_path_factory.mktemp("lfs") / "flash.img"
    with pico_emu.Pico(img, uf2=stock) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        with pico_emu.Served(pico) as port:
            rc, _, err = run_cli("flash", "--board", "pico_ssd1306",
                                 "--port", port, "--wait", "60")
        assert rc == 0, err
        assert pico.run_until(lambda: pico.resets == 1, 2000, step_ms=1)
        boot(pico, BOOT_MS)
    return img


@pytest.fixture(scope="module")
def expected():
    """The unix simulator's game: the log archived after the power cycle
    (hex, as tests/mp/rp2_store.py prints it)."""
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as tmp:
        flash = Path(tmp) / "flash.img"
        sim.run_script(BEGIN, flash=flash)
        states, _ = sim.run_script(FINISH + "state\n", flash=flash)
    st = states[-1]
    assert st["screen"] == "Home" and st["past"] == 1
    assert st["last_past"]["totals"] == [15, 9]
    return st["last_past"]["log"]


def held(path):
    """What the flash holds, read by the firmware's store code on the unix
    port (littlefs mounted there as stock MicroPython mounts it)."""
    return printed(run_micropython(MP_SCRIPTS / "rp2_store.py",
                                   heapsize="16m", path=(), args=(path,))[-1])


def play(img, uf2, script):
    with pico_emu.Pico(img, uf2=uf2) as pico:
        boot(pico, BOOT_MS)
        pico_emu.play(pico, script)
        pico_emu.settle(pico)
        assert pico.panel.errors == []
        assert b"Traceback" not in pico.take_serial()


def sync(img, uf2, db, *more):
    with pico_emu.Pico(img, uf2=uf2) as pico:
        boot(pico, BOOT_MS)
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("sync", "--port", port, "--db", str(db),
                                   *more)
    assert rc == 0, err
    return out


def check_archived(got, number, log, synced):
    """The flash holds that one game, archived, and those synced marks."""
    assert "error" not in got, got
    assert got["session"] is None
    assert list(got["archived"]) == [str(number)]
    assert got["archived"][str(number)] == log
    assert got["synced"] == synced


@pytest.mark.parametrize("first", ["stock", "image"])
def test_a_game_begun_on_one_firmware_is_ended_and_synced_on_the_other(
        first, stock, image, flashed, expected, tmp_path):
    uf2s = {"stock": stock, "image": image}
    then = "image" if first == "stock" else "stock"
    img = tmp_path / "flash.img"
    shutil.copy(flashed, img)
    play(img, uf2s[first], BEGIN)               # one round, then off
    begun = held(img)
    assert "error" not in begun, begun
    number, log = begun["session"]
    assert expected.startswith(log) and len(log) < len(expected)
    assert begun["archived"] == {} and begun["synced"] == []
    play(img, uf2s[then], FINISH)               # resumed, ended, archived
    check_archived(held(img), number, expected, [])
    # Each firmware sends the archived game to the PC: the second one
    # reads the synced mark the first wrote (--all sends it again).
    out = sync(img, uf2s[then], tmp_path / "then.sqlite")
    assert "1 game received, 1 new" in out, out
    check_archived(held(img), number, expected, [[number, number]])
    out = sync(img, uf2s[first], tmp_path / "first.sqlite", "--all")
    assert "1 game received, 1 new" in out, out


# littlefs's files, written and rewritten at the REPL by each firmware.
FILES = {"small": 50, "between": 400, "big": 3000}

WRITE = """import os
def put(name, n, seed):
    with open(name, 'wb') as f:
        f.write(bytes((seed + i * 7) & 255 for i in range(n)))
"""

READ = """import os, hashlib, binascii
for name in sorted(os.listdir('/lfs')):
    with open('/lfs/' + name, 'rb') as f:
        print(name, binascii.hexlify(hashlib.sha256(f.read()).digest())
              .decode())
"""

# The heap one open file takes: littlefs's file cache is part of it.
OPEN_FILE = """import gc
def held_by_open():
    gc.collect(); a = gc.mem_alloc()
    f = open('/lfs/small', 'rb')
    gc.collect(); b = gc.mem_alloc()
    f.close()
    return b - a
print(held_by_open())
"""


def content(n, seed):
    return bytes((seed + i * 7) & 255 for i in range(n))


def digests(files):
    return {name: hashlib.sha256(data).hexdigest()
            for name, data in files.items()}


def on_board(img, uf2, code):
    with pico_emu.Pico(img, uf2=uf2) as pico:
        assert pico.run_until(lambda: pico.connections == 1, BOOT_MS)
        pico.run_ms(300)
        return rp2.raw_exec(pico, code)


def read_back(img, uf2):
    out = on_board(img, uf2, READ)
    return dict(line.split() for line in out.strip().splitlines())


def test_littlefs_files_cross_between_the_image_and_stock(stock, image,
                                                          tmp_path):
    img = tmp_path / "flash.img"
    files = {}
    # Stock makes the filesystem and writes: inline (50, and 400 bytes:
    # under its 512-byte limit), and a file of blocks of its own.
    code = WRITE + "os.mkdir('/lfs')\n"
    for k, (name, n) in enumerate(FILES.items()):
        code += f"put('/lfs/{name}', {n}, {k})\n"
        files[name] = content(n, k)
    code += OPEN_FILE
    stock_file_heap = int(on_board(img, stock, code).split()[-1])
    # The image reads them all, rewrites the 400-byte one longer and
    # writes one of 400 (over its 256-byte inline limit).
    assert read_back(img, image) == digests(files)
    code = (WRITE + "put('/lfs/between', 600, 9)\n"
            "put('/lfs/new', 400, 5)\n" + OPEN_FILE)
    image_file_heap = int(on_board(img, image, code).split()[-1])
    files["between"], files["new"] = content(600, 9), content(400, 5)
    assert read_back(img, image) == digests(files)
    # Stock reads what the image wrote, and writes again.
    assert read_back(img, stock) == digests(files)
    code = WRITE + "put('/lfs/new', 300, 3)\n"
    on_board(img, stock, code)
    files["new"] = content(300, 3)
    assert read_back(img, image) == digests(files)
    # An open file's heap: littlefs's file cache of 1024 bytes on stock,
    # 256 on the image (the rest, the file object, the same on both).
    assert stock_file_heap - image_file_heap == 768, \
        (stock_file_heap, image_file_heap)


BAD_SIZES = """import vfs, rp2
for n in (128, 100, -256, 8192):
    try:
        vfs.VfsLfs2.mkfs(rp2.Flash(), progsize=256, cachesize=n)
        print('formatted', n)
    except ValueError as e:
        print('refused', n, e)
"""


def test_a_cache_size_littlefs_cannot_use_is_refused_before_any_write(
        image, tmp_path):
    # Not a multiple of progsize (128, 100), negative, not a factor of
    # the 4096-byte block: ValueError, and mkfs has not touched the flash
    # (littlefs is built without its asserts: it would have formatted).
    img = tmp_path / "flash.img"
    with pico_emu.Pico(img, uf2=image) as pico:
        boot(pico, BOOT_MS)
        rp2.raw_exec(pico, WRITE + "put('/kept', 100, 1)\n")
        pico_emu.settle(pico)
        ops = len(pico.flash_ops)
        out = rp2.raw_exec(pico, BAD_SIZES).split("\n")
        assert len(pico.flash_ops) == ops
    assert [line.split()[:2] for line in out if line.strip()] == [
        ["refused", "128"], ["refused", "100"], ["refused", "-256"],
        ["refused", "8192"]], out
    assert "invalid cachesize" in out[0]
    code = "print(open('/kept', 'rb').read() == %r)" % content(100, 1)
    assert on_board(img, image, code).strip() == "True"
