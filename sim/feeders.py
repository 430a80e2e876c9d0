# What drives the simulated board's buttons (runs on MicroPython).
#
# ScriptFeeder plays a key script on virtual time and has sim/reports.py
# print screenshots and state dumps on stdout for the PC side.
# (terminal.py lets a person play.)

import sys

KEYS = {"up": 0, "down": 1, "ok": 2, "back": 3}
TAP_MS = 80
GAP_MS = 150
LONG_MS = 1200


_HOLD = 0
_WAIT = 1
_SHOT = 2
_STATE = 3
_QUIT = 4
_SERVE = 5


class ScriptFeeder:
    realtime = False

    def __init__(self, lines, heap_stats=False):
        self.heap_stats = heap_stats
        self.heap_peak = 0
        # Steps packed 4 bytes each (kind << 4 | key, then a 24-bit
        # argument: milliseconds, or an index into names), so that the
        # harness takes little of the heap it measures.
        self.steps = bytearray()
        self.names = []
        for n, line in enumerate(lines):
            line = line.split("#")[0].strip()
            if not line:
                continue
            words = line.split()
            cmd = words[0].lower()
            try:
                self.parse(cmd, words)
            except (KeyError, IndexError, ValueError):
                raise ValueError("script line %d: %s" % (n + 1, line))
        self.i = 0
        self.at = 0          # when the current step's next move is due
        self.phase = 0
        self.hw = None

    def add(self, kind, key, arg):
        self.steps.append(kind << 4 | key)
        self.steps.append(arg & 0xFF)
        self.steps.append(arg >> 8 & 0xFF)
        self.steps.append(arg >> 16)

    def parse(self, cmd, words):
        if cmd in KEYS:
            times = int(words[1]) if len(words) > 1 else 1
            for _ in range(times):
                self.add(_HOLD, KEYS[cmd], TAP_MS)
        elif cmd == "long":
            self.add(_HOLD, KEYS[words[1].lower()], LONG_MS)
        elif cmd == "hold":
            self.add(_HOLD, KEYS[words[1].lower()], int(words[2]))
        elif cmd == "wait":
            self.add(_WAIT, 0, int(words[1]))
        elif cmd == "shot":
            self.names.append(words[1] if len(words) > 1 else "")
            self.add(_SHOT, 0, len(self.names) - 1)
        elif cmd == "state":
            self.add(_STATE, 0, 0)
        elif cmd == "quit":
            self.add(_QUIT, 0, 0)
        elif cmd == "serve":
            self.add(_SERVE, 0, 0)
        else:
            raise KeyError(cmd)

    def attach(self, hw):
        self.hw = hw

    def measure(self):
        # Live heap at this step: what stays after a collection.
        import gc
        gc.collect()
        a = gc.mem_alloc()
        if a > self.heap_peak:
            self.heap_peak = a

    def dump(self):
        self.report("state")

    def report(self, what, name=""):
        # sim/reports.py prints it; loaded for this moment only, so that
        # its code is not in the heap the measurements see.
        import reports
        if what == "state":
            reports.dump(self.hw, self.heap_peak if self.heap_stats else None)
        else:
            reports.shot(self.hw.panel, name)
        del reports
        sys.modules.pop("reports", None)

    def tick(self, now):
        while now >= self.at:
            if self.heap_stats and self.phase == 0:
                self.measure()
            if self.i >= len(self.steps):
                self.dump()
                raise SystemExit(0)
            st = self.steps
            j = self.i
            kind = st[j] >> 4
            key = st[j] & 0x0F
            arg = st[j + 1] | st[j + 2] << 8 | st[j + 3] << 16
            if kind == _HOLD:
                pin = self.hw.pins[key]
                if self.phase == 0:
                    pin.level = 0
                    self.phase = 1
                    self.at = now + arg
                    return
                pin.level = 1
                self.phase = 0
                self.at = now + GAP_MS
                self.i += 4
                return
            self.i += 4
            if kind == _WAIT:
                self.at = now + arg
                return
            if kind == _SERVE:
                # Keep the device running in real time (the sync link is
                # polled at every step) until the PC side ends the process.
                import time
                time.sleep_ms(2)
                self.i -= 4
                self.at = now + 10
                return
            if kind == _SHOT:
                self.report("shot", self.names[arg])
            elif kind == _STATE:
                self.dump()
            elif kind == _QUIT:
                raise SystemExit(0)

