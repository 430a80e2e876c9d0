"""`marcador sim --board rp2` in a terminal (a pty here): the emulated
Pico's display drawn with the unix simulator's own screen code, keys that
press its GPIO buttons, and its USB serial port served meanwhile for the
PC tools. Same needs as tests/rp2/test_rp2_emulator.py."""

import contextlib
import io
import os
import pty
import select
import sys
import time

import pytest

from marcador import cli, pico_emu, sim
from rp2_build import emulated_release

pytestmark = pytest.mark.rp2

HOME = b"\x1b[H"
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(hexbits):
    """The panel rows sim/terminal.py draws for a unix simulator shot."""
    bits = bytes.fromhex(hexbits)

    def px(x, y):
        return bits[y * 16 + (x >> 3)] & (0x80 >> (x & 7))
    rows = []
    for r in range(0, 64, 4):
        cells = []
        for c in range(0, 128, 2):
            v = 0
            for dy in range(4):
                if px(c, r + dy):
                    v |= DOTS[dy][0]
                if px(c + 1, r + dy):
                    v |= DOTS[dy][1]
            cells.append(chr(0x2800 + v))
        rows.append("\u2502" + "".join(cells) + "\u2502")
    return rows


@pytest.fixture
def release(tmp_path):
    return emulated_release("pico_ssd1306")


class Terminal:
    def __init__(self, argv):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(pico_emu.ROOT)
            os.execv(argv[0], argv)
        self.out = b""

    def read_until(self, done, limit=120):
        end = time.time() + limit
        while time.time() < end and not done():
            if select.select([self.fd], [], [], 0.2)[0]:
                try:
                    self.out += os.read(self.fd, 65536)
                except OSError:
                    break
        return done()

    def panel(self):
        frame = self.out.rsplit(HOME, 1)[-1].decode(errors="replace")
        return frame.replace("\r", "").split("\n")[1:17]

    def quit(self):
        os.write(self.fd, b"q")
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def test_play_the_emulated_pico_in_a_terminal_while_its_port_serves(
        release, tmp_path):
    _, unix = sim.run_script("wait 1000\nshot home\ndown\nshot down\n")
    link = tmp_path / "serial"
    t = Terminal([sys.executable, "-m", "marcador", "sim", "--board",
                  "rp2", "--uf2", str(release),
                  "--flash", str(tmp_path / "flash.img"),
                  "--serial", str(link)])
    try:
        assert t.read_until(lambda: t.panel() == braille(unix["home"])), \
            t.out[-3000:]
        assert b"linked at " + str(link).encode() in t.out
        os.write(t.fd, b"\x1b[B")                       # arrow down
        assert t.read_until(lambda: t.panel() == braille(unix["down"]))
        # The PC tools meanwhile, on the served port.
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["settings", "--port", str(link)]) in (0, None)
        assert "lang=es" in out.getvalue()
    finally:
        code = t.quit()
    assert code == 0
    assert not link.exists()
