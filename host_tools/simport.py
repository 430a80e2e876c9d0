"""The simulated device's USB serial port: the real firmware on the
MicroPython VM, its serial port on a pty, and a second pty for pyserial,
with a relay between the two that can "pull the cable" (drop bytes).

    with SimDevice(flash="out/flash.img", script="serve\\n") as dev:
        client = Client(dev.port)
"""

import os
import subprocess
import threading
import time
import tty
import select

from . import sim


class SimDevice:
    def __init__(self, flash, script="serve\n", cut_after=None, extra=(),
                 terminal=False):
        self.flash = str(flash)
        self.script = script
        self.extra = list(extra)       # more simulator arguments: --uid HEX
        self.terminal = terminal       # keys and screen in this terminal
        self.connected = True
        self.cut_after = cut_after     # bytes device->PC before the cable goes
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
        cmd = sim.command(None if self.terminal else "-") + [
            "--flash", self.flash, "--serial", os.ttyname(dev_s)] + self.extra
        if self.terminal:
            self.proc = subprocess.Popen(cmd, cwd=sim.ROOT)
        else:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
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
        while self.running:
            r, _, _ = select.select([self.dev_m, self.pc_m], [], [], 0.05)
            for fd in r:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue
                if fd == self.dev_m:
                    if self.cut_after is not None and \
                            self.to_pc + len(data) > self.cut_after:
                        self.connected = False
                    if self.connected:
                        os.write(self.pc_m, data)
                        self.to_pc += len(data)
                elif self.connected:
                    os.write(self.dev_m, data)
                    self.to_device += len(data)

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
            os.close(fd)


def wait_ready(proc, seconds=10):
    t = time.time() + seconds
    while time.time() < t and proc.poll() is None:
        time.sleep(0.05)
