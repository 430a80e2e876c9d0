"""The release image for tests that need the real rp2 firmware.

    from rp2_build import release_uf2, need_rp2
    path = release_uf2("pico_ssd1306")    # builds it when an input changed
    uf2 = emulated_release()              # and checks the emulator is here
    with pico_emu.Pico(img, uf2=uf2) as pico:
        boot(pico)                        # drawn, waiting for keys

`make uf2`'s own script (tools/build_uf2.py) does the work; it does nothing
when the image is up to date. What a test cannot have (no MicroPython
source, no arm toolchain) skips it with one line saying what to provide,
except under `make test-rp2` (MARCADOR_REQUIRE_RP2=1), where it fails.
The `rp2_uf2` fixture in conftest.py is this, once per session and board.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
import build_uf2

TOOLCHAIN = ("arm-none-eabi-gcc", "cmake", "make", "cc", "c++")
_built = {}


def need_rp2(reason):
    """Skip (fail under `make test-rp2`) with one line."""
    if os.environ.get("MARCADOR_REQUIRE_RP2"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def missing():
    """What the image's build lacks here, in one line, or None."""
    if not (os.environ.get("MICROPY_SRC") or build_uf2.bundle()):
        return ("rp2 image: no MicroPython source; set MICROPY_SRC to a "
                "MicroPython v1.28 checkout with submodules, or provide "
                f"../shared/rp2/{build_uf2.BUNDLE_NAME}")
    absent = [t for t in TOOLCHAIN if not shutil.which(t)]
    if absent:
        return (f"rp2 image: {', '.join(absent)} missing; install "
                f"{build_uf2.DEBIAN}")
    return None


def run_make_uf2(board):
    """`make uf2 BOARD=board` as a user runs it; the CompletedProcess."""
    return subprocess.run(["make", "--no-print-directory", "uf2",
                           f"BOARD={board}", f"PYTHON={sys.executable}"],
                          cwd=ROOT, capture_output=True, text=True,
                          timeout=3600)


def release_uf2(board="pico_ssd1306"):
    """The path of the board's release UF2, built if needed (once per
    process); skips (or fails, see need_rp2) when it cannot be built."""
    if board not in _built:
        why = missing()
        if why:
            need_rp2(why)
        proc = run_make_uf2(board)
        if proc.returncode:
            pytest.fail(f"make uf2 BOARD={board} failed:\n{proc.stdout}"
                        f"\n{proc.stderr}", pytrace=False)
        _built[board] = build_uf2.uf2_path(board)
    return _built[board]


def need_emulator():
    """Node.js and the RP2040 bootrom that the emulated Pico needs
    (host_tools/pico_emu.py), or a skip (a failure, see need_rp2) saying
    what to provide."""
    from marcador import pico_emu
    try:
        pico_emu.node()
        pico_emu.bootrom()
    except pico_emu.Unavailable as ex:
        need_rp2(str(ex))


def emulated_release(board="pico_ssd1306"):
    """The board's release UF2, for the emulated Pico: need_emulator(),
    then release_uf2()."""
    need_emulator()
    return release_uf2(board)


def emulated_stock():
    """Stock MicroPython's UF2 (../shared/rp2/), for the emulated Pico:
    need_emulator(), then the UF2, or the skip (failure) need_rp2 gives."""
    from marcador import pico_emu
    need_emulator()
    try:
        return pico_emu.stock_uf2()
    except pico_emu.Unavailable as ex:
        need_rp2(str(ex))


def booted(pico, limit_ms=3000):
    """Runs the emulated Pico from a power-on (or a reset just seen) until
    the firmware has drawn and waits for keys; False if it drew nothing
    within limit_ms."""
    from marcador import pico_emu
    seen = pico.i2c_writes
    if not pico.run_until(lambda: pico.i2c_writes > seen, limit_ms):
        return False
    pico_emu.settle(pico, limit_ms=limit_ms)
    return True


def boot(pico, limit_ms=3000):
    """booted(), which must draw."""
    assert booted(pico, limit_ms), "the board drew nothing"
