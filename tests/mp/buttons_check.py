# Runs on the MicroPython VM: the button driver against fake pins and a
# simulated millisecond clock. Prints JSON: the events seen per case, for
# the cases named in argv (every case without any).
#
#   micropython buttons_check.py [CASE ...]
import json
import sys
from drivers import buttons as B

KEY_NAMES = ("", "UP", "DOWN", "OK", "BACK")   # by key number (B.UP...)


class Pin:
    # A GPIO input as machine.Pin shows it: value(), and irq() whose
    # handler runs when the level changes the way it asked for (at once,
    # as a hard IRQ does; IRQ_FALLING 4 / IRQ_RISING 8 as on rp2).
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1          # pulled up: 1 = released
        self.handler = None
        self.trigger = 0
        self.reads = 0          # value() calls

    def value(self):
        self.reads += 1
        return self.level

    def irq(self, handler=None, trigger=12, hard=False):
        self.handler, self.trigger = handler, trigger

    def set(self, level):
        edge = self.IRQ_FALLING if level < self.level else \
            self.IRQ_RISING if level > self.level else 0
        self.level = level
        if self.handler and edge & self.trigger:
            self.handler(self)


def run(script, until, active_low=True, blind=(), held=(), reads=None):
    # script: list of (ms, key index, level). Poll every 10 ms, but not
    # within a blind span [a, b) (a long step: the app busy, e.g. a flash
    # erase): its level changes still happen, unseen by polling. held: the
    # keys already down when the IRQs are set up (at boot). reads: a list
    # that gets, per poll, how many pin levels it read.
    pins = [Pin() for _ in range(4)]
    if not active_low:                 # wired to 3V3, pulled down
        for p in pins:
            p.level = 0
    for i in held:
        pins[i].level = 0 if active_low else 1
    b = B.Buttons(pins, active_low)
    b.listen(Pin.IRQ_FALLING if active_low else Pin.IRQ_RISING)
    out = []
    j = 0
    for t in range(0, until):
        while j < len(script) and script[j][0] <= t:
            pins[script[j][1]].set(script[j][2])
            j += 1
        if t % 10 or any(a <= t < z for a, z in blind):
            continue
        n = sum(p.reads for p in pins)
        b.poll(t)
        if reads is not None:
            reads.append(sum(p.reads for p in pins) - n)
        while True:
            ev = b.get()
            if not ev:
                break
            out.append([t, KEY_NAMES[ev & 7], B.kind_of(ev)])
    return out


OK_, UP_ = 2, 0


def _reads(script, until):
    got = []
    return [run(script, until, reads=got), got]

CASES = {
    "bounce": lambda: run([(100, OK_, 0), (120, OK_, 1), (130, OK_, 0),
                           (140, OK_, 1)], 400),
    "tap_ok": lambda: run([(100, OK_, 0), (300, OK_, 1)], 600),
    "long_ok": lambda: run([(100, OK_, 0), (1500, OK_, 1)], 2000),
    "tap_ok_high": lambda: run([(100, OK_, 1), (300, OK_, 0)], 600, False),
    "hold_up": lambda: run([(100, UP_, 0), (3100, UP_, 1)], 3500),
    # UP released before the repeat delay (a tap, a slow tap) and just
    # after it; DOWN held 600 ms.
    "tap_up": lambda: run([(100, UP_, 0), (200, UP_, 1)], 600),
    "slow_up": lambda: run([(100, UP_, 0), (480, UP_, 1)], 900),
    "held_up": lambda: run([(100, UP_, 0), (520, UP_, 1)], 900),
    "held_down": lambda: run([(100, 1, 0), (700, 1, 1)], 1100),
    # A step 100 ms long (a flash erase) from 200 ms: a tap inside it;
    # a tap begun in it and let go 40 ms after it; the same with UP; a
    # press whose contacts bounce as the step ends (one press, not two);
    # a release whose contacts bounce during the step (no press).
    "blind_tap": lambda: run([(220, OK_, 0), (280, OK_, 1)], 600,
                             blind=[(200, 300)]),
    "blind_began": lambda: run([(260, OK_, 0), (340, OK_, 1)], 700,
                               blind=[(200, 300)]),
    "blind_up": lambda: run([(230, UP_, 0), (290, UP_, 1)], 600,
                            blind=[(200, 300)]),
    "blind_bounce_press": lambda: run([(296, OK_, 0), (298, OK_, 1),
                                       (301, OK_, 0), (500, OK_, 1)], 800,
                                      blind=[(200, 300)]),
    "blind_release": lambda: run([(100, OK_, 0), (250, OK_, 1),
                                  (252, OK_, 0), (254, OK_, 1)], 600,
                                 blind=[(200, 300)]),
    # A tap seen down by the poll just before a long step and let go
    # during it (its level read only twice, 110 ms apart): one press.
    "blind_after_seen": lambda: run([(188, OK_, 0), (268, OK_, 1)], 600,
                                    blind=[(191, 300)]),
    # A spike of 3 ms between two polls, the app steady: no press.
    "spike": lambda: run([(103, OK_, 0), (106, OK_, 1)], 400),
    # A key down at power-on (no edge for its IRQ): its press still comes
    # once it is let go.
    "held_at_boot": lambda: run([(300, OK_, 1)], 600, held=(OK_,)),
    # The pin levels each poll reads: with every key released and their
    # IRQs set up, a quiet poll reads none (a press's edge wakes it).
    "quiet_reads": lambda: _reads([(100, OK_, 0), (200, OK_, 1)], 500),
    "raw_release": lambda: [B.event(B.UP, B.RELEASE), B.key_of(
        B.event(B.UP, B.RELEASE)), B.key_of(B.event(B.DOWN, B.REPEAT)),
        B.kind_of(B.event(B.DOWN, B.RELEASE))],
}
print(json.dumps({name: CASES[name]() for name in sys.argv[1:] or CASES}))
