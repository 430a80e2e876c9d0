# TerminalFeeder: a person plays the simulator in a terminal. Keys come
# from stdin in raw mode; the panel (as decoded by the fake I2C bus) is
# drawn with Unicode quadrant blocks (2x2 pixels each), 64 columns by 32
# rows.

import sys
from feeders import TAP_MS, LONG_MS

# Quadrant blocks indexed by (top-left, top-right, bottom-left,
# bottom-right) bits.
QUAD = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"


class TerminalFeeder:
    realtime = True
    HELP = ("arrows: UP/DOWN  Enter/->: OK  Backspace/<-: BACK  "
            "Tab: next key is a long press  PgUp/PgDn: hold  q: quit")

    def __init__(self):
        import time
        import select
        self.time = time
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.release = [0, 0, 0, 0]
        self.long = False
        self.seen = -1
        self.hw = None
        self.old = None

    def attach(self, hw):
        self.hw = hw
        try:
            import termios
            self.old = termios.tcgetattr(0)
            termios.setraw(0)
        except Exception:
            self.old = None
        sys.stdout.write("\x1b[2J\x1b[?25l")

    def restore(self):
        if self.old is not None:
            import termios
            termios.tcsetattr(0, termios.TCSANOW, self.old)
        sys.stdout.write("\x1b[?25h\r\n")

    def ticks_ms(self):
        return self.time.ticks_ms()

    def sleep_ms(self, ms):
        if self.poll.poll(ms):
            self.key(sys.stdin.buffer.read(1))
        now = self.time.ticks_ms()
        for i in range(4):
            if self.release[i] and self.time.ticks_diff(now,
                                                        self.release[i]) >= 0:
                self.hw.pins[i].level = 1
                self.release[i] = 0
        panel = self.hw.panel
        mark = panel.data_bytes + panel.commands
        if mark != self.seen:
            self.seen = mark
            self.draw()

    def press(self, i, ms):
        if self.long:
            ms = max(ms, LONG_MS)
            self.long = False
        self.hw.pins[i].level = 0
        self.release[i] = self.time.ticks_add(self.time.ticks_ms(), ms)

    def key(self, b):
        if b == b"\x1b":
            seq = sys.stdin.buffer.read(2)
            if seq in (b"[5", b"[6"):
                sys.stdin.buffer.read(1)          # the trailing '~'
                return self.press(0 if seq == b"[5" else 1, 2500)
            return self.press({b"[A": 0, b"[B": 1, b"[C": 2,
                               b"[D": 3}.get(seq, 3), TAP_MS)
        if b in (b"\r", b"\n"):
            return self.press(2, TAP_MS)
        if b in (b"\x7f", b"\x08"):
            return self.press(3, TAP_MS)
        if b == b"\t":
            self.long = True
            return
        if b in (b"q", b"\x03"):
            self.restore()
            raise SystemExit(0)

    def draw(self):
        p = self.hw.panel
        out = ["\x1b[H"]
        for r in range(0, 64, 2):
            line = []
            for c in range(0, 128, 2):
                v = (p.pixel(c, r) | p.pixel(c + 1, r) << 1 |
                     p.pixel(c, r + 1) << 2 | p.pixel(c + 1, r + 1) << 3)
                line.append(QUAD[v])
            out.append("".join(line) + "\r\n")
        out.append(("LONG " if self.long else "     ") + self.HELP[:75] +
                   "\r\n")
        sys.stdout.write("".join(out))
