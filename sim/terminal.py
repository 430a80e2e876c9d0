# TerminalFeeder: a person plays the simulator in a terminal. Keys come
# from stdin in raw mode; the panel (as decoded by the fake I2C bus) is
# drawn with Unicode Braille patterns (2x4 pixels each), 64 columns by 16
# rows in a frame, with a help line below: 19 rows, 80 columns at most, so
# that it fits an 80x24 terminal; under 80 columns (run_sim.py --cols) the
# help line is a shorter one, and `marcador sim` refuses a terminal under
# 66x19 with a line that says so (host_tools/sim.py terminal_room).
#
# Keys are queued: each becomes a press of its own (down, then up for
# GAP_MS so that the firmware's debounce sees the release), in order,
# however fast they are typed or repeated by a held key.
#
# The firmware runs on the device's own clock, not the PC's: ticks_ms() is
# the time the firmware has slept (10 ms a step), which keeps up with the
# PC's clock when the PC has time to spare. The presses are played on it,
# so a busy PC (a stall between two steps) can neither lose a key nor
# shorten a hold: every press lasts its length in the firmware's steps.
# "q" quits once the keys typed before it are played; Ctrl-C at once.

import sys
from feeders import TAP_MS, LONG_MS

GAP_MS = 80             # released between queued presses (debounce: 50 ms)
ESC_MS = 50             # a lone Esc: no next byte within this long
HOLD_MS = 2500          # Page Up / Page Down
LAG_MS = 200            # the device's clock lags the PC's at most this
QUIT = -1               # a queued "q"

# Braille dot bits for the pixel at (x, y) in a 2x4 cell.
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))

# Escape sequences (after ESC) and their buttons: 0 UP, 1 DOWN, 2 OK,
# 3 BACK; Page Up/Down are held. Any other sequence is read whole and
# ignored.
SEQS = {b"[A": (0, TAP_MS), b"[B": (1, TAP_MS), b"[C": (2, TAP_MS),
        b"[D": (3, TAP_MS), b"OA": (0, TAP_MS), b"OB": (1, TAP_MS),
        b"OC": (2, TAP_MS), b"OD": (3, TAP_MS),
        b"[5~": (0, HOLD_MS), b"[6~": (1, HOLD_MS)}


class TerminalFeeder:
    realtime = True
    HELP = ("\u2191\u2193: UP/DOWN  Enter/\u2192: OK  Bksp/\u2190: BACK  "
            "Tab+key: long  PgUp/PgDn: hold  q: quit")
    # Under 80 columns (66 at least: `marcador sim` says so below that).
    SHORT_HELP = ("\u2191\u2193  Enter/\u2192: OK  Bksp/\u2190: BACK  "
                  "Tab+key: long  q: quit")

    def __init__(self, cols=80, stall=0, clock=None):
        # clock: the PC's ticks_ms/ticks_add/ticks_diff (MicroPython's time
        # by default; the emulated Pico's time for `marcador sim --board
        # rp2`, host_tools/pico_sim.py).
        if cols < 80:
            self.HELP = self.SHORT_HELP
        if clock is None:
            import time
        else:
            time = clock
        self.stall = stall
        import select
        self.time = time
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.queue = []      # (pin, ms) presses still to make (QUIT)
        self.pin = -1        # the pin held down now, or -1
        self.now = 0         # the device's clock (ms)
        self.start = time.ticks_ms()    # the PC's clock at device time 0
        self.until = 0       # when it is released / the gap ends
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
        return self.now

    def sleep_ms(self, ms):
        # The device's clock moves on by ms; the PC waits as long as that
        # puts the device ahead of it, reading the keys typed meanwhile.
        # Behind by more than LAG_MS (a busy PC), the rest is dropped.
        t = self.time
        self.now += ms
        ahead = self.now - t.ticks_diff(t.ticks_ms(), self.start)
        if ahead < -LAG_MS:
            self.start = t.ticks_add(self.start, ahead + LAG_MS)
        if self.poll.poll(max(0, min(ms, ahead))):
            while self.poll.poll(0):        # everything typed so far
                self.key(self.byte())
        self.step()
        panel = self.hw.panel
        mark = panel.data_bytes + panel.commands
        if mark != self.seen:
            self.seen = mark
            self.draw()

    def step(self):
        # One press at a time, on the device's clock: down for its time,
        # then up for GAP_MS.
        now = self.now
        if now < self.until:
            return
        if self.pin >= 0:
            self.hw.pins[self.pin].level = 1
            self.pin = -1
            self.until = now + GAP_MS
        elif self.queue:
            pin, ms = self.queue.pop(0)
            if pin == QUIT:
                self.restore()
                raise SystemExit(0)
            self.pin = pin
            self.hw.pins[pin].level = 0
            self.until = now + ms
        else:
            return
        if self.stall:
            self.time.sleep_ms(self.stall)  # a busy PC (run_sim.py --stall)

    def byte(self, wait=-1):
        # The next byte of stdin; None if none came within `wait` ms.
        if wait >= 0 and not self.poll.poll(wait):
            return None
        return sys.stdin.buffer.read(1)

    def press(self, i, ms):
        if self.long:
            ms = max(ms, LONG_MS)
            self.long = False
        self.queue.append((i, ms))

    def escape(self):
        # After ESC: a lone Esc (nothing follows soon) is ignored; a
        # sequence (ESC [ ... final, ESC O x) is read whole.
        b = self.byte(ESC_MS)
        if b is None:
            return None
        if b == b"\x1b":
            return self.escape()
        if b == b"O":
            c = self.byte(ESC_MS)
            return None if c is None else b + c
        if b != b"[":
            return None                    # Alt+key: ignored
        seq = b
        while len(seq) < 16:
            c = self.byte(ESC_MS)
            if c is None:
                return None
            seq += c
            if 0x40 <= c[0] <= 0x7E:       # the final byte
                return seq
        return None

    def key(self, b):
        if b == b"\x1b":
            hit = SEQS.get(self.escape())
            if hit:
                self.press(*hit)
            return
        if b in (b"\r", b"\n"):
            return self.press(2, TAP_MS)
        if b in (b"\x7f", b"\x08"):
            return self.press(3, TAP_MS)
        if b == b"\t":
            self.long = True
            return
        if b == b"q":
            self.queue.append((QUIT, 0))    # after the keys typed before
        elif b == b"\x03":
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
