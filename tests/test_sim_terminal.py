"""`make sim`: the interactive simulator in a terminal (a pty here): it
shows the home screen as soon as it starts and fits an 80x24 terminal."""

import fcntl
import os
import pty
import select
import struct
import termios
import time

from host_tools import sim

HOME = b"\x1b[H"


class Terminal:
    """The simulator on a pty of 80x24; screen() is the newest frame."""

    def __init__(self, tmp_path):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:                          # the child: the simulator
            os.chdir(sim.ROOT)
            cmd = sim.command(None) + ["--flash", str(tmp_path / "flash.img")]
            os.execv(cmd[0], cmd)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ,
                    struct.pack("HHHH", 24, 80, 0, 0))
        self.out = b""
        end = time.time() + 20
        while time.time() < end and self.out.count(HOME) < 1:
            self.read(0.2)
        self.settle()

    def read(self, wait):
        if select.select([self.fd], [], [], wait)[0]:
            self.out += os.read(self.fd, 65536)
            return True
        return False

    def settle(self, quiet=0.6, limit=15):
        # Read until nothing has come for `quiet` seconds.
        end = time.time() + limit
        while time.time() < end and self.read(quiet):
            pass

    def screen(self):
        return self.out.rsplit(HOME, 1)[1].decode(errors="replace")

    def keys(self, data, settle=True):
        os.write(self.fd, data)
        if settle:
            self.settle()
        return self.screen()

    def quit(self):
        os.write(self.fd, b"q")
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


def panel_of(frame):
    return frame.splitlines()[:18]


def test_interactive_sim_shows_home_before_any_key(tmp_path):
    t = Terminal(tmp_path)
    frame = t.screen()
    # Braille cells with a dot lit (the frame's lines do not count).
    lit = sum(1 for line in panel_of(frame) for ch in line
              if "\u2801" <= ch <= "\u28ff")
    assert lit > 150, frame                        # the menu, not a dark panel
    assert t.quit() == 0


def test_whole_screen_fits_80x24(tmp_path):
    t = Terminal(tmp_path)
    out = t.out
    assert t.quit() == 0
    first = out.split(HOME)[1]
    # One screen clear, then every frame starts at the top-left corner and
    # writes fewer than 24 line breaks (a break on row 24 would scroll).
    assert first.count(b"\n") <= 23, first.count(b"\n")
    lines = first.decode().split("\r\n")
    assert len(lines) <= 24
    assert lines[0].startswith("\u250c"), lines[0]      # the frame's top
    assert all(len(line.replace("\x1b[K", "")) <= 80 for line in lines), \
        [len(line) for line in lines]
    help_line = lines[-1]
    for key in ("q", "OK", "BACK", "Tab", "Pg"):
        assert key in help_line, help_line
    assert "quit" in help_line, help_line
