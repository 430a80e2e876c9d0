"""The simulated device's USB serial port: the real firmware on the
MicroPython VM, its serial port on a pty, and a second pty for pyserial,
with a relay between the two that can "pull the cable" (drop bytes); and
serve(), `marcador sim --serial`: that port behind a stable path.

    with SimDevice(flash="out/flash.img", script="serve\\n") as dev:
        client = Client(dev.port)
"""

import os
import subprocess
import threading
import tty
import select
from pathlib import Path

from . import sim

RELAY_MAX = 65536      # bytes the relay keeps waiting, each direction


class SimDevice:
    def __init__(self, flash, script="serve\n", cut_after=None, extra=(),
                 terminal=False):
        self.flash = str(flash)
        self.script = script
        self.extra = list(extra)       # more simulator arguments: --uid HEX
        self.terminal = terminal       # keys and screen in this terminal
        self.connected = True
        self.cut_after = cut_after     # bytes device->PC before the cable goes
        self.unplug_after = None       # ... before the PC's port vanishes
        self.to_pc = 0
        self.to_device = 0

    def __enter__(self):
        self.dev_m, dev_s = os.openpty()
        self.pc_m, pc_s = os.openpty()
        for fd in (dev_s, pc_s):
            tty.setraw(fd)             # no echo, no line editing
        self.port = os.ttyname(pc_s)
        self._pc_s = pc_s
        self._dev_s = dev_s
        # The device gets its end as a descriptor set non-blocking: its
        # writes take what the pty has room for and never wait.
        os.set_blocking(dev_s, False)
        cmd = sim.command(None if self.terminal else "-") + [
            "--flash", self.flash, "--serial", f"fd:{dev_s}"] + self.extra
        if self.terminal:
            self.proc = subprocess.Popen(cmd, pass_fds=[dev_s], cwd=sim.ROOT)
        else:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                         pass_fds=[dev_s],
                                         stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, text=True,
                                         cwd=sim.ROOT)
            self.proc.stdin.write(self.script)
            self.proc.stdin.close()
        self.running = True
        self.thread = threading.Thread(target=self._relay, daemon=True)
        self.thread.start()
        return self

    def _relay(self):
        # Never blocks: both masters are non-blocking, each direction keeps
        # at most RELAY_MAX bytes waiting, and a side is read only while
        # its direction has room. A PC that stops reading thus fills the
        # device's own buffers (as a USB host would), and bytes the other
        # way keep flowing.
        for fd in (self.dev_m, self.pc_m):
            os.set_blocking(fd, False)
        to_pc = bytearray()
        to_dev = bytearray()
        while self.running:
            rd = [fd for fd, q in ((self.dev_m, to_pc), (self.pc_m, to_dev))
                  if len(q) < RELAY_MAX]
            wr = [fd for fd, q in ((self.pc_m, to_pc), (self.dev_m, to_dev))
                  if q]
            r, w, _ = select.select(rd, wr, [], 0.05)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if fd == self.dev_m:
                    if self.unplug_after is not None and \
                            self.to_pc + len(data) > self.unplug_after:
                        self._unplug()
                        return
                    if self.cut_after is not None and \
                            self.to_pc + len(data) > self.cut_after:
                        self.connected = False
                    if self.connected:
                        to_pc += data
                        self.to_pc += len(data)
                elif self.connected:
                    to_dev += data
                    self.to_device += len(data)
            for fd in w:
                q = to_pc if fd == self.pc_m else to_dev
                try:
                    n = os.write(fd, q)
                except OSError:         # full after all (EAGAIN), or gone
                    continue
                del q[:n]

    def _unplug(self):
        # The USB device is gone: the PC's side of the port fails (EIO)
        # as a serial port whose board was unplugged does.
        os.close(self.pc_m)
        os.close(self._pc_s)
        self.pc_m = self._pc_s = None

    def plug(self):
        # Put the cable back.
        self.cut_after = None
        self.connected = True

    def stderr(self):
        return self.proc.stderr.read() if self.proc.poll() is not None else ""

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        for fd in (self.dev_m, self.pc_m, self._pc_s, self._dev_s):
            if fd is not None:
                os.close(fd)


SERIAL_LINK = Path("out") / "sim-serial"


def serve(flash=None, link=SERIAL_LINK, script=None, sh1106=False, uid=None,
          ready=print):
    """The simulator with its USB serial port exposed: the PC side of the
    port is a pty, reachable through the symlink `link` (a stable path for
    `marcador sync --port LINK`). Keys from this terminal, or a key script
    played first (then the device keeps serving). Runs until the
    simulator quits (q) or Ctrl-C; returns its exit code."""
    import signal
    import tempfile
    import threading

    def stop(signum, frame):
        raise KeyboardInterrupt    # cleaned up as Ctrl-C is
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, stop)
    link = Path(link)
    if link.is_dir() or (link.exists() and not link.is_symlink()):
        raise FileExistsError(f"{link} exists and is not a link this "
                              f"simulator made: give --serial another path")
    extra = (["--sh1106"] if sh1106 else []) + \
        (["--uid", uid] if uid else [])
    if script is not None:
        # Shots would fill the pipe nobody reads: a served device is used,
        # not photographed.
        script = "".join(ln + "\n" for ln in script.splitlines()
                         if not ln.strip().startswith("shot")) + "serve\n"
    with tempfile.TemporaryDirectory() as tmp:
        image = Path(flash) if flash else (
            sim.FLASH if script is None else Path(tmp) / "flash.img")
        image.parent.mkdir(parents=True, exist_ok=True)
        with SimDevice(image.resolve(), script or "", extra=extra,
                       terminal=script is None) as dev:
            link.parent.mkdir(parents=True, exist_ok=True)
            if link.is_symlink():
                link.unlink()
            link.symlink_to(dev.port)
            try:
                ready(dev.port, link)
                return dev.proc.wait()
            finally:
                if link.is_symlink() and os.readlink(link) == dev.port:
                    link.unlink()
