"""`marcador sim --board rp2`: the emulated Pico (host_tools/pico_emu.py)
played in this terminal with the unix simulator's own screen and keys
(sim/terminal.py), its USB serial port served on a pty behind a stable
link for the PC tools; or a key script, with screenshots."""

import os
import sys
from pathlib import Path

from . import pico_emu, sim

FLASH = pico_emu.ROOT / "out" / "rp2-flash.img"
SERIAL_LINK = Path("out") / "rp2-serial"


def release_uf2(board="pico_ssd1306"):
    """The frozen release image (`make uf2`), if built."""
    from marcador_core.version import VERSION
    path = pico_emu.ROOT / "out" / "uf2" / f"marcador-{VERSION}-{board}.uf2"
    return path if path.exists() else None


def board_name(sh1106):
    return "pico_sh1106" if sh1106 else "pico_ssd1306"


def first_image(flash, uf2, sh1106=False):
    """What to put on the board: the UF2 given; else, on a board with an
    empty flash image, the board's release image if built, else the stock
    MicroPython (then `marcador flash` installs Marcador, as on a real
    board). None: keep what the flash holds."""
    if uf2:
        return Path(uf2)
    if Path(flash).exists() and Path(flash).stat().st_size:
        return None
    return release_uf2(board_name(sh1106)) or pico_emu.stock_uf2()


class _Pin:
    """A button for sim/terminal.py: setting .level drives its GPIO."""

    def __init__(self, pico, gpio):
        self.pico = pico
        self.gpio = gpio
        self._level = 1

    @property
    def level(self):
        return self._level

    @level.setter
    def level(self, v):
        self._level = v
        self.pico.pin(self.gpio, v)


class _Clock:
    """MicroPython's ticks for sim/terminal.py, in emulated time."""

    def __init__(self, pico):
        self.pico = pico

    def ticks_ms(self):
        return self.pico.total // pico_emu.CYCLES_MS

    @staticmethod
    def ticks_add(a, b):
        return a + b

    @staticmethod
    def ticks_diff(a, b):
        return a - b


class _Board:
    pass


class _RawStdin:
    """stdin for sim/terminal.py on CPython: its .buffer.read(1) takes
    one byte from the terminal and keeps none back (a buffered reader
    would hide the rest of an escape sequence from its poll)."""

    def __init__(self):
        import io
        self.buffer = io.FileIO(0, "rb", closefd=False)

    def fileno(self):
        return 0


def _terminal_feeder():
    saved = list(sys.path)
    sys.path.insert(0, str(pico_emu.ROOT / "sim"))
    try:
        import terminal
        return terminal.TerminalFeeder()
    finally:
        sys.path[:] = saved
        sys.modules.pop("terminal", None)
        sys.modules.pop("feeders", None)


def interactive(flash=FLASH, uf2=None, sh1106=False, link=SERIAL_LINK,
                uid=pico_emu.UID, say=print):
    """Play the emulated board in this terminal until q; its serial port
    meanwhile at `link`."""
    flash = Path(flash)
    flash.parent.mkdir(parents=True, exist_ok=True)
    image = first_image(flash, uf2, sh1106)
    link = Path(link)
    if link.is_dir() or (link.exists() and not link.is_symlink()):
        raise FileExistsError(f"{link} exists and is not a link this "
                              f"simulator made: give --serial another path")
    with pico_emu.Pico(flash, uf2=image, sh1106=sh1106, uid=uid) as pico:
        feeder = _terminal_feeder()
        hw = _Board()
        hw.panel = pico.panel
        hw.pins = [_Pin(pico, g) for g in pico_emu.BUTTON_PINS]
        feeder.time = _Clock(pico)
        pty = pico_emu.SerialPty(pico)
        link.parent.mkdir(parents=True, exist_ok=True)
        if link.is_symlink():
            link.unlink()
        link.symlink_to(pty.port)
        try:
            note = ""
            if image is not None and image.name == pico_emu.UF2_NAME:
                note = (f"\n  the board has MicroPython only: install "
                        f"Marcador with `marcador flash --board "
                        f"{board_name(sh1106)} --port {link}`")
            say(f"the emulated Pico's serial port: {pty.port}, linked at "
                f"{link}{note}")
            import time
            time.sleep(1.5)            # before the screen is drawn over
            saved = sys.stdin
            sys.stdin = _RawStdin()
            feeder.attach(hw)
            if feeder.old is None and os.isatty(0):
                # terminal.py's termios.setraw is MicroPython's; here tty's.
                import termios
                import tty
                feeder.old = termios.tcgetattr(0)
                tty.setraw(0)
            try:
                pico_emu.serve(pico, pty, lambda: False,
                               each=lambda: feeder.sleep_ms(0))
            except SystemExit:         # q: the feeder restored the tty
                pass
            except BaseException:
                feeder.restore()
                raise
            finally:
                sys.stdin = saved
        finally:
            pty.close()
            if link.is_symlink() and os.readlink(link) == pty.port:
                link.unlink()
    return 0


def run_script(text, shots_dir=None, flash=None, uf2=None, sh1106=False,
               uid=pico_emu.UID):
    """Play a key script on the emulated board (after its boot); returns
    ({name: hex bits}, busy cycles per press). A fresh board unless a
    flash image is given."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        flash = Path(flash) if flash else Path(tmp) / "flash.img"
        image = first_image(flash, uf2, sh1106)
        with pico_emu.Pico(flash, uf2=image, sh1106=sh1106,
                           uid=uid) as pico:
            if not pico.run_until(lambda: pico.i2c_writes > 0, 3000):
                raise RuntimeError(
                    "the emulated board drew nothing in 3 s: its flash "
                    "holds no Marcador (give --uf2 the release image, or "
                    "install it with `marcador flash` on a served board)")
            pico_emu.settle(pico)
            shots, steps = pico_emu.play(pico, text)
    if shots_dir is not None:
        os.makedirs(shots_dir, exist_ok=True)
        for name, bits in shots.items():
            sim.frame_image(bits).save(Path(shots_dir) / f"{name}.png")
    return shots, steps
