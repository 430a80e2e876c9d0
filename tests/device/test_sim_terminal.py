"""`make sim`: the interactive simulator in a terminal (a pty here): it
shows the home screen as soon as it starts, fits an 80x24 terminal, and
turns every key into a press, however fast they come."""

import fcntl
import os
import pty
import select
import struct
import termios
import time

import pytest

from marcador import sim

HOME = b"\x1b[H"


class Terminal:
    """The simulator on a pty of 80x24; screen() is the newest frame."""

    def __init__(self, tmp_path, stall=0):
        # stall: the simulator stops this many ms whenever a key goes down
        # or up, as on a busy machine (run_sim.py --stall).
        self.pid, self.fd = pty.fork()
        if self.pid == 0:                          # the child: the simulator
            os.chdir(sim.ROOT)
            cmd = sim.command(None) + ["--flash", str(tmp_path / "flash.img")]
            if stall:
                cmd += ["--stall", str(stall)]
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
            try:
                data = os.read(self.fd, 65536)
            except OSError:             # EIO: the simulator has ended
                return False
            self.out += data
            return bool(data)
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
        # "q" quits once every key typed before it is played: when the
        # process has ended, the firmware has seen them all.
        # Its frames are read meanwhile (a full pty would stop it).
        os.write(self.fd, b"q")
        end = time.time() + 120
        while time.time() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self.read(0):
                    pass
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
        os.kill(self.pid, 9)
        raise AssertionError("the simulator did not quit in 120 s")

    def play(self, data):
        # Type data, then quit: the last frame, with every key played.
        os.write(self.fd, data)
        assert self.quit() == 0
        return self.screen()


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


def _menu_cycle(t):
    # The home menu's screens, one slow DOWN at a time, until it wraps.
    screens = [t.screen()]
    for _ in range(20):
        s = t.keys(b"\x1b[B")
        if s == screens[0]:
            return screens
        screens.append(s)
    raise AssertionError("the home menu did not wrap in 20 moves")


def test_twenty_keys_at_once_move_twenty_steps(tmp_path):
    t = Terminal(tmp_path)
    cycle = _menu_cycle(t)
    n = len(cycle)
    assert n > 2
    after = t.keys(b"\x1b[B" * 20)
    moved = cycle.index(after) if after in cycle else None
    assert moved == 20 % n, (moved, n)
    after = t.keys(b"\x1b[A" * 19)                # and back, 19 UP at once
    moved = cycle.index(after) if after in cycle else None
    assert moved == 1 % n, (moved, n)
    assert t.quit() == 0


def test_lone_esc_then_down_still_works(tmp_path):
    t = Terminal(tmp_path)
    home = t.screen()
    t.keys(b"\x1b")                                # a lone Esc: nothing
    assert t.screen() == home
    time.sleep(0.5)
    t.keys(b"\x1b[B")
    assert t.screen() != home                      # DOWN moved the cursor
    t.keys(b"\x1b[A")
    assert t.screen() == home
    assert t.quit() == 0


def test_unknown_escape_keys_do_nothing(tmp_path):
    t = Terminal(tmp_path)
    home = t.screen()
    inner = t.keys(b"\r")                          # into the first item,
    assert inner != home                           # where BACK would leave
    for seq in (b"\x1bOP", b"\x1b[15~", b"\x1b[1;5A"):    # F1, F5, Ctrl-Up
        t.keys(seq)
        assert t.screen() == inner, seq
    t.keys(b"\x7f")
    assert t.screen() == home                      # keys still work after
    assert t.quit() == 0


@pytest.mark.parametrize("stall", [0, 150])
def test_a_held_key_in_the_terminal_dials_a_card_and_its_end_moves_on(
        tmp_path, stall):
    # A terminal reports no key release, so a hold there has a fixed
    # length: Tab then a key (1.2 s), Page Up/Down (2.5 s); its end is the
    # release, which in a card (a small range) moves on as OK would.
    # Dinos, 2 players: J1 Tab+Up from 5 walks to 9 (at 0.85 s; the hold
    # stops there), J2 Page Down to 0, and letting go on the last card
    # saves the round; the flash then holds it. The same with the
    # simulator stopping 150 ms at every key's down and up (a busy PC):
    # the presses and holds are played on the device's clock, whole.
    ok, up, down = b"\r", b"\x1b[A", b"\x1b[B"
    t = Terminal(tmp_path, stall)
    t.play(ok + down * 4 + ok + up * 2 + ok + up + ok + ok + ok + ok + ok
           + ok + ok                              # a round: natural
           + b"\t" + up + b"\x1b[6~")
    states, _ = sim.run_script("state\n", flash=tmp_path / "flash.img")
    dev = states[0]["session"]
    from marcador.devicelog import to_record
    rec = to_record(dev["game"], dev["names"], bytes.fromhex(dev["opts"]),
                    bytes.fromhex(dev["log"]))
    assert rec["events"] == [{"e": "round", "disaster": "natural",
                              "cards": [9, 0]}]


def marcador_sim_in(tmp_path, cols, rows, wait=20):
    # `marcador sim` (the interactive simulator) in a pty of cols x rows:
    # (exit code or None if it was still running after `wait` s, output).
    import sys
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols,
                                                       0, 0))
        os.chdir(sim.ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "marcador", "sim",
                                  "--flash", str(tmp_path / "flash.img")])
    out = b""
    end = time.time() + wait
    code = None
    while time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                out += os.read(fd, 65536)
            except OSError:
                pass
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
    if code is None:
        os.write(fd, b"q")
        time.sleep(1)
        if not os.waitpid(pid, os.WNOHANG)[0]:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
    try:
        while select.select([fd], [], [], 0.2)[0]:
            out += os.read(fd, 65536)
    except OSError:
        pass
    os.close(fd)
    return code, out.decode(errors="replace")


def test_a_terminal_too_small_is_told_what_the_simulator_needs(tmp_path):
    # 40 columns (or too few rows): one line saying how much room the
    # simulator draws in and what else to do, no traceback, no frame
    # drawn over a terminal it does not fit.
    for cols, rows in ((40, 24), (80, 12)):
        code, out = marcador_sim_in(tmp_path, cols, rows)
        assert code == 1, (cols, rows, code, out[-300:])
        assert f"{cols}x{rows}" in out and "66x19" in out and \
            "--script" in out, out
        assert "Traceback" not in out and HOME not in out.encode()


def test_between_66_and_80_columns_the_help_line_is_the_short_one(tmp_path):
    import re
    code, out = marcador_sim_in(tmp_path, 70, 24, wait=8)
    assert code is None, out[-300:]           # it ran; the test quit it
    frame = out.rsplit(HOME.decode(), 1)[1]
    lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", ln)
             for ln in frame.split("\r\n")]
    assert len(lines) >= 19 and max(len(ln) for ln in lines[:19]) <= 70
    assert "q: quit" in lines[18] and "PgUp" not in lines[18]


def test_keys_on_a_busy_machine_are_all_played(tmp_path):
    # The simulator stops 150 ms whenever a key goes down or up (a busy
    # PC), longer than a press or the gap after it: 13 DOWN typed at once
    # still end where they end without the stalls.
    def thirteen_down(stall, where):
        where.mkdir()
        t = Terminal(where, stall)
        home = t.screen()
        return home, t.play(b"\x1b[B" * 13)
    home, calm = thirteen_down(0, tmp_path / "calm")
    _, busy = thirteen_down(150, tmp_path / "busy")
    assert calm != home
    assert busy == calm
