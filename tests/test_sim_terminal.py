"""`make sim`: the interactive simulator in a terminal (a pty here) shows
the home screen as soon as it starts, before any key."""

import os
import pty
import select
import time

from host_tools import sim


def test_interactive_sim_shows_home_before_any_key(tmp_path):
    pid, fd = pty.fork()
    if pid == 0:                                   # the child: the simulator
        os.chdir(sim.ROOT)
        cmd = sim.command(None) + ["--flash", str(tmp_path / "flash.img")]
        os.execv(cmd[0], cmd)
    out = b""
    end = time.time() + 20
    try:
        while time.time() < end and out.count(b"\x1b[H") < 1:
            if select.select([fd], [], [], 0.2)[0]:
                out += os.read(fd, 65536)
        time.sleep(0.5)                            # the rest of the frame
        while select.select([fd], [], [], 0.2)[0]:
            out += os.read(fd, 65536)
        os.write(fd, b"q")
    finally:
        _, status = os.waitpid(pid, 0)
    frame = out.split(b"\x1b[H")[1].decode(errors="replace")
    panel = frame.splitlines()[:32]                # 64 rows, 2 per line
    lit = sum(1 for line in panel for ch in line if ch not in " ")
    assert lit > 200, frame                        # the menu, not a dark panel
    assert os.waitstatus_to_exitcode(status) == 0
