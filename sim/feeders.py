# What drives the simulated board's buttons (runs on MicroPython).
#
# ScriptFeeder plays a key script on virtual time and prints screenshots and
# state dumps on stdout for the PC side. TerminalFeeder lets a person play
# in a terminal, drawing the panel with Unicode quadrant blocks.

import sys
import json
from binascii import hexlify

KEYS = {"up": 0, "down": 1, "ok": 2, "back": 3}
TAP_MS = 80
GAP_MS = 150
LONG_MS = 1200


def panel_bits(panel):
    # The decoded panel as 1024 bytes, row-major, MSB first (PBM layout).
    out = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y):
                out[y * 16 + (x >> 3)] |= 0x80 >> (x & 7)
    return out


def state(hw):
    app = hw.app
    s = app.session
    top = app.stack[-1]
    info = {"t": hw.clock.ticks_ms(), "screen": type(top).__name__,
            "depth": len(app.stack), "frames": app.frames,
            "i2c_bytes": hw.bus.bytes, "session": None,
            "past": len(app.past), "idle": app.idle}
    for key, sess in (("session", s),
                      ("last_past", app.past[0] if app.past else None)):
        if sess is not None:
            g = sess.log.game
            info[key] = {"game": sess.gid, "names": sess.names,
                         "opts": hexlify(sess.opts).decode(),
                         "log": hexlify(bytes(sess.log.buf[:sess.log.used]))
                         .decode(),
                         "over": bool(g.over), "winners": g.winners,
                         "totals": [g.total[p] for p in range(sess.n)]}
    return info


class ScriptFeeder:
    realtime = False

    def __init__(self, lines):
        self.steps = []
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

    def parse(self, cmd, words):
        if cmd in KEYS:
            times = int(words[1]) if len(words) > 1 else 1
            for _ in range(times):
                self.steps.append(("hold", KEYS[cmd], TAP_MS))
        elif cmd == "long":
            self.steps.append(("hold", KEYS[words[1].lower()], LONG_MS))
        elif cmd == "hold":
            self.steps.append(("hold", KEYS[words[1].lower()],
                               int(words[2])))
        elif cmd == "wait":
            self.steps.append(("wait", 0, int(words[1])))
        elif cmd in ("shot", "state", "quit"):
            self.steps.append((cmd, 0, words[1] if len(words) > 1 else ""))
        else:
            raise KeyError(cmd)

    def attach(self, hw):
        self.hw = hw

    def tick(self, now):
        while now >= self.at:
            if self.i >= len(self.steps):
                self.emit("STATE", json.dumps(state(self.hw)))
                raise SystemExit(0)
            kind, key, arg = self.steps[self.i]
            if kind == "hold":
                pin = self.hw.pins[key]
                if self.phase == 0:
                    pin.level = 0
                    self.phase = 1
                    self.at = now + arg
                    return
                pin.level = 1
                self.phase = 0
                self.at = now + GAP_MS
                self.i += 1
                return
            self.i += 1
            if kind == "wait":
                self.at = now + key + arg
                return
            if kind == "shot":
                self.emit("SHOT " + arg,
                          hexlify(panel_bits(self.hw.panel)).decode())
            elif kind == "state":
                self.emit("STATE", json.dumps(state(self.hw)))
            elif kind == "quit":
                raise SystemExit(0)

    def emit(self, tag, payload):
        sys.stdout.write(tag + " " + payload + "\n")


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
        for r in range(0, 64, 4):
            line = []
            for c in range(0, 128, 2):
                v = (p.pixel(c, r) | p.pixel(c + 1, r) << 1 |
                     p.pixel(c, r + 2) << 2 | p.pixel(c + 1, r + 2) << 3)
                line.append(QUAD[v])
            out.append("".join(line) + "\r\n")
        out.append(("LONG " if self.long else "     ") + self.HELP[:75] +
                   "\r\n")
        sys.stdout.write("".join(out))
