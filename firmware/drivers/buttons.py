# Four push buttons read by polling (no interrupts), turned into logical key
# events: the app never sees a pin.
#
# poll(now_ms) is called every ~10 ms. A level counts once it has been
# steady for DEBOUNCE_MS (50 ms), so contact bounce is ignored. Events:
#   OK, BACK   PRESS when released before LONG_MS; LONG once held LONG_MS
#              (the release after a LONG is not a PRESS).
#   UP, DOWN   PRESS at once on press; held past REPEAT_MS, REPEAT every
#              REPEAT_EVERY ms; at LONG_MS one LONG, then FAST repeats
#              every FAST_EVERY ms (big steps through numbers and lists),
#              steady: a person can follow them and let go on time.
#              RELEASE when let go after at least one REPEAT (a hold, not
#              a tap): a number table's "dial and go" (app/ui.py Grid).
# An event is one small int: key | kind << 3 (nothing allocated per event).
# key_of() of a RELEASE is 0 (no key): a screen that does not look for
# releases (kind_of(ev) == RELEASE, the key in ev & 7) never takes one for
# a press.

from time import ticks_diff

UP = 1
DOWN = 2
OK = 3
BACK = 4
KEY_NAMES = ("", "UP", "DOWN", "OK", "BACK")

PRESS = 0
LONG = 1
REPEAT = 2
FAST = 3
RELEASE = 4

DEBOUNCE_MS = 50
LONG_MS = 1000
REPEAT_MS = 400
REPEAT_EVERY = 150
FAST_EVERY = 250        # fast interval; it used to shrink to 40 ms, and a
FAST_MIN = 250          # held number ran 10 a step past any table score


def key_of(ev):
    return 0 if ev >> 3 == RELEASE else ev & 7


def kind_of(ev):
    return ev >> 3


def event(key, kind):
    return key | kind << 3


class Buttons:
    def __init__(self, pins, active_low=True):
        # pins: four objects with value(), in the order UP, DOWN, OK, BACK.
        self.pins = pins
        self.active_low = active_low
        n = len(pins)
        self.raw = bytearray(n)        # last level read
        self.stable = bytearray(n)     # debounced level (1 = pressed)
        self.raw_since = [0] * n       # when raw last changed
        self.down_at = [0] * n         # when the key went down
        self.next_rep = [0] * n
        self.interval = [0] * n
        self.long_sent = bytearray(n)
        self.repeated = bytearray(n)   # a REPEAT went out in this hold
        self.queue = bytearray(16)
        self.head = 0
        self.tail = 0

    def _emit(self, ev):
        nxt = (self.tail + 1) & 15
        if nxt != self.head:           # full: drop rather than overwrite
            self.queue[self.tail] = ev
            self.tail = nxt

    def get(self):
        # The oldest pending event, or 0.
        if self.head == self.tail:
            return 0
        ev = self.queue[self.head]
        self.head = (self.head + 1) & 15
        return ev

    def held(self):
        # Bitmask of keys held down now (bit key - 1).
        m = 0
        for i in range(len(self.pins)):
            if self.stable[i]:
                m |= 1 << i
        return m

    def poll(self, now):
        for i in range(len(self.pins)):
            level = self.pins[i].value()
            down = 1 if (level == 0) == self.active_low else 0
            if down != self.raw[i]:
                self.raw[i] = down
                self.raw_since[i] = now
            elif down != self.stable[i] and \
                    ticks_diff(now, self.raw_since[i]) >= DEBOUNCE_MS:
                self.stable[i] = down
                self._edge(i + 1, down, now)
            if self.stable[i]:
                self._hold(i, i + 1, now)

    def _edge(self, key, down, now):
        i = key - 1
        if down:
            self.down_at[i] = now
            self.long_sent[i] = 0
            self.repeated[i] = 0
            if key == UP or key == DOWN:
                self._emit(event(key, PRESS))
                self.next_rep[i] = now + REPEAT_MS
                self.interval[i] = REPEAT_EVERY
        elif key == UP or key == DOWN:
            if self.repeated[i]:
                self._emit(event(key, RELEASE))
        elif not self.long_sent[i]:
            self._emit(event(key, PRESS))

    def _hold(self, i, key, now):
        held = ticks_diff(now, self.down_at[i])
        if not self.long_sent[i] and held >= LONG_MS:
            self.long_sent[i] = 1
            self._emit(event(key, LONG))
            if key == UP or key == DOWN:
                self.interval[i] = FAST_EVERY
                self.next_rep[i] = now + FAST_EVERY
            return
        if (key == UP or key == DOWN) and \
                ticks_diff(now, self.next_rep[i]) >= 0:
            if self.long_sent[i]:
                self._emit(event(key, FAST))
                if self.interval[i] > FAST_MIN:
                    self.interval[i] -= 20
            else:
                self._emit(event(key, REPEAT))
            self.repeated[i] = 1
            self.next_rep[i] = now + self.interval[i]
