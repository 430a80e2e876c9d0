# TerminalFeeder: a person plays the simulator in a terminal. Keys come
# from stdin in raw mode; the panel (as decoded by the fake I2C bus) is
# drawn with Unicode Braille patterns (2x4 pixels each), 64 columns by 16
# rows in a frame, with a help line below: 19 rows, 80 columns at most, so
# that it fits an 80x24 terminal.

import sys
from feeders import TAP_MS, LONG_MS

# Braille dot bits for the pixel at (x, y) in a 2x4 cell.
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


class TerminalFeeder:
    realtime = True
    HELP = ("\u2191\u2193: UP/DOWN  Enter/\u2192: OK  Bksp/\u2190: BACK  "
            "Tab+key: long  PgUp/PgDn: hold  q: quit")

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
        out = ["\x1b[H\u250c" + "\u2500" * 64 + "\u2510\r\n"]
        for r in range(0, 64, 4):
            line = ["\u2502"]
            for c in range(0, 128, 2):
                v = 0
                for dy in range(4):
                    bits = DOTS[dy]
                    if p.pixel(c, r + dy):
                        v |= bits[0]
                    if p.pixel(c + 1, r + dy):
                        v |= bits[1]
                line.append(chr(0x2800 + v))
            out.append("".join(line) + "\u2502\r\n")
        mark = " LONG: next key held " if self.long else ""
        out.append("\u2514" + mark + "\u2500" * (64 - len(mark)) +
                   "\u2518\r\n")
        # The help line ends the screen (row 19): no line break after it.
        out.append(self.HELP + "\x1b[K")
        sys.stdout.write("".join(out))
