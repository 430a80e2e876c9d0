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
ROOM = 2048             # bytes the harness keeps for its reports


HOLD = 0
WAIT = 1
SHOT = 2
STATE = 3
QUIT = 4
SERVE = 5


class ScriptFeeder:
    realtime = False

    def __init__(self, lines, heap_stats=False):
        self.heap_stats = heap_stats
        # The harness's own room, made now: late in a game the heap is in
        # pieces, and a report must not fail for want of a block that the
        # firmware would never need. Screenshots draw into it; a state
        # dump (which replays the newest archived game) gets it freed.
        self.room = bytearray(ROOM)
        self.heap_peak = 0
        # The script as packed steps (sim/keyscript.py, loaded for this
        # only): 4 bytes each, so that the harness takes little of the
        # heap it measures.
        import keyscript
        self.steps, self.names = keyscript.compile(lines)
        del keyscript
        sys.modules.pop("keyscript", None)
        self.i = 0
        self.at = 0          # when the current step's next move is due
        self.phase = 0
        self.hw = None

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
            self.room = None
            reports.dump(self.hw, self.heap_peak if self.heap_stats else None)
        else:
            reports.shot(self.hw.panel, name, self.room or bytearray(1024))
        del reports
        sys.modules.pop("reports", None)
        if self.room is None:
            import gc
            gc.collect()
            try:
                self.room = bytearray(ROOM)
            except MemoryError:
                pass               # screenshots make their own buffer

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
            if kind == HOLD:
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
            if kind == WAIT:
                self.at = now + arg
                return
            if kind == SERVE:
                # Keep the device running in real time (the sync link is
                # polled at every step) until the PC side ends the process.
                import time
                time.sleep_ms(2)
                self.i -= 4
                self.at = now + 10
                return
            if kind == SHOT:
                self.report("shot", self.names[arg])
            elif kind == STATE:
                self.dump()
            elif kind == QUIT:
                raise SystemExit(0)

