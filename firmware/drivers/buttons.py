# Four push buttons read by polling, turned into logical key events: the
# app never sees a pin.
#
# poll(now_ms) is called at every step. A level counts once it has been
# steady for DEBOUNCE_MS (50 ms), so contact bounce is ignored. A step can
# run long (a flash erase, with interrupts off on a Pico: a quiet step's
# compaction of the games folder, drivers/lfs_meta.py), and a tap begun
# in it can end before the next poll or be seen for less than the debounce:
# listen() has each pin's IRQ latch its press edge, and a latch from a
# gap between two polls of DEBOUNCE_MS or more is a press once the key has
# read up for DEBOUNCE_MS (a latch from an ordinary 10 ms gap is dropped:
# polling sees any real press then, and a spike stays nothing); a level
# read just before a long step and changed after it counts as held
# through it. Events:
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

from array import array
from time import ticks_diff
from micropython import const

UP = 1
DOWN = 2
OK = 3
BACK = 4

PRESS = 0
LONG = 1
REPEAT = 2
FAST = 3
RELEASE = 4

# The timings, in ms (private consts: folded into this module's code, no
# name in RAM; bench/mp/person.py reads them from this file to time its
# holds).
_DEBOUNCE_MS = const(50)
_LONG_MS = const(1000)
_REPEAT_MS = const(400)
_REPEAT_EVERY = const(150)
_FAST_EVERY = const(250)  # after LONG; it once shrank to 40 ms, and a held
                          # number ran 10 a step past any score


def key_of(ev):
    return 0 if ev >> 3 == RELEASE else ev & 7


def kind_of(ev):
    return ev >> 3


def event(key, kind):
    return key | kind << 3


# Per key i (0..3), in two buffers (eight small ones took more RAM):
# the levels and flags at lv[_X + i], the times in ms at t[_X + i].
_RAW = const(0)         # lv: last level read
_STABLE = const(4)      # lv: debounced level (1 = pressed)
_LONG_SENT = const(8)   # lv: a LONG went out in this hold
_REPEATED = const(12)   # lv: a REPEAT went out in this hold
_LATCH = const(16)      # lv: 1 the IRQ saw a press edge, 2 in a long gap
_IRQ = const(20)        # lv: 1 once the IRQs latch press edges (listen)
_SINCE = const(0)       # t: when the raw level last changed
_DOWN_AT = const(4)     # t: when the key went down
_NEXT_REP = const(8)    # t: when the next repeat is due
del const   # read by no code (mpy-cross folds each const()): one global
            # fewer, the globals' table one size smaller


class Buttons:
    def __init__(self, pins, active_low=True):
        # pins: four objects with value(), in the order UP, DOWN, OK, BACK.
        self.pins = pins
        self.active_low = active_low
        self.lv = bytearray(21)
        self.t = array("i", bytes(48))
        self.queue = bytearray(16)
        self.head = 0
        self.tail = 0
        self.quiet = True      # every key released, read so and debounced
        self.polled = 0        # when poll() last ran

    def listen(self, trigger):
        # Latch each key's press edge by its pin's IRQ (trigger: the
        # Pin.IRQ_ constant of a press: IRQ_FALLING for keys to GND). A
        # hard IRQ where the port has them: the handler allocates nothing.
        # From then on a quiet poll reads no pin (poll): a press's edge
        # ends the quiet. The next poll reads every level once: a key
        # already down (at power-on) has no edge to latch.
        h = self._pressed      # one bound method for the four pins
        for p in self.pins:
            try:
                p.irq(h, trigger, hard=True)
            except (TypeError, ValueError):
                p.irq(h, trigger)
        self.lv[_IRQ] = 1
        self.quiet = False

    def _pressed(self, pin):
        # The IRQ handler (hard: nothing allocated, nothing else touched).
        p = self.pins
        self.lv[_LATCH + (0 if pin is p[0] else 1 if pin is p[1] else
                          2 if pin is p[2] else 3)] = 1
        self.quiet = False

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
            if self.lv[_STABLE + i]:
                m |= 1 << i
        return m

    def poll(self, now):
        # True when events wait (get()). (A while loop: the frame rule,
        # docs/architecture.md; this runs at every step.) With every key
        # released and debounced so (quiet), nothing changes until a key
        # goes down: the loop is skipped (most steps). With the IRQs set
        # up (listen) a press's edge ends the quiet, so no pin is read;
        # without them, four pins read released again.
        if self.quiet:
            if self.lv[_IRQ]:
                self.polled = now
                return self.head != self.tail
            p = self.pins
            if (p[0].value() == 0) == (p[1].value() == 0) == \
                    (p[2].value() == 0) == (p[3].value() == 0) != \
                    self.active_low:
                self.polled = now
                return self.head != self.tail
            self.quiet = False
        lv = self.lv
        i = 0
        while i < 4:                    # the four keys (lv's and t's fields)
            down = 1 if (self.pins[i].value() == 0) == self.active_low else 0
            if lv[_LATCH + i] == 1:     # a press edge since the last poll
                lv[_LATCH + i] = 0
                if ticks_diff(now, self.polled) >= _DEBOUNCE_MS:
                    lv[_LATCH + i] = 2      # in a long gap: a press, once
                    self.t[_SINCE + i] = now    # up 50 ms from now
            if down != lv[_RAW + i]:
                if lv[_RAW + i] != lv[_STABLE + i] and \
                        ticks_diff(now, self.polled) >= _DEBOUNCE_MS:
                    # read before a long step, changed by its end: that
                    # level counts as held through it
                    lv[_STABLE + i] = 1 - down
                    lv[_LATCH + i] = 0
                    self._edge(i + 1, not down, now)
                lv[_RAW + i] = down
                self.t[_SINCE + i] = now
            elif down != lv[_STABLE + i] and \
                    ticks_diff(now, self.t[_SINCE + i]) >= _DEBOUNCE_MS:
                lv[_STABLE + i] = down
                lv[_LATCH + i] = 0      # the edge was this press's, or bounce
                self._edge(i + 1, down, now)
            elif lv[_LATCH + i] and not down and not lv[_STABLE + i] and \
                    ticks_diff(now, self.t[_SINCE + i]) >= _DEBOUNCE_MS:
                lv[_LATCH + i] = 0      # a tap the polls did not see whole
                self._edge(i + 1, 1, now)
                self._edge(i + 1, 0, now)
            if lv[_STABLE + i]:
                self._hold(i, i + 1, now)
            i += 1
        self.quiet = not (lv[0] | lv[1] | lv[2] | lv[3] | lv[4] | lv[5] |
                          lv[6] | lv[7] | lv[16] | lv[17] | lv[18] |
                          lv[19])      # _RAW, _STABLE and _LATCH all 0
        # A press whose IRQ came between that test and its store (the
        # handler latches, then clears quiet) would be overwritten: its
        # latch, set before, is looked at again after the store.
        if lv[16] | lv[17] | lv[18] | lv[19]:
            self.quiet = False
        self.polled = now
        return self.head != self.tail

    def _edge(self, key, down, now):
        i = key - 1
        lv = self.lv
        if down:
            self.t[_DOWN_AT + i] = now
            lv[_LONG_SENT + i] = 0
            lv[_REPEATED + i] = 0
            if key == UP or key == DOWN:
                self._emit(event(key, PRESS))
                self.t[_NEXT_REP + i] = now + _REPEAT_MS
        elif key == UP or key == DOWN:
            if lv[_REPEATED + i]:
                self._emit(event(key, RELEASE))
        elif not lv[_LONG_SENT + i]:
            self._emit(event(key, PRESS))

    def _hold(self, i, key, now):
        lv = self.lv
        t = self.t
        if not lv[_LONG_SENT + i] and \
                ticks_diff(now, t[_DOWN_AT + i]) >= _LONG_MS:
            lv[_LONG_SENT + i] = 1
            self._emit(event(key, LONG))
            if key == UP or key == DOWN:
                t[_NEXT_REP + i] = now + _FAST_EVERY
            return
        if (key == UP or key == DOWN) and \
                ticks_diff(now, t[_NEXT_REP + i]) >= 0:
            if lv[_LONG_SENT + i]:
                self._emit(event(key, FAST))
                t[_NEXT_REP + i] = now + _FAST_EVERY
            else:
                self._emit(event(key, REPEAT))
                t[_NEXT_REP + i] = now + _REPEAT_EVERY
            lv[_REPEATED + i] = 1
