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
    def __init__(self):
        self.level = 1          # pulled up: 1 = released

    def value(self):
        return self.level


def run(script, until, active_low=True):
    # script: list of (ms, key index, level). Poll every 10 ms.
    pins = [Pin() for _ in range(4)]
    if not active_low:                 # wired to 3V3, pulled down
        for p in pins:
            p.level = 0
    b = B.Buttons(pins, active_low)
    out = []
    j = 0
    for t in range(0, until, 10):
        while j < len(script) and script[j][0] <= t:
            pins[script[j][1]].level = script[j][2]
            j += 1
        b.poll(t)
        while True:
            ev = b.get()
            if not ev:
                break
            out.append([t, KEY_NAMES[ev & 7], B.kind_of(ev)])
    return out


OK_, UP_ = 2, 0
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
    "raw_release": lambda: [B.event(B.UP, B.RELEASE), B.key_of(
        B.event(B.UP, B.RELEASE)), B.key_of(B.event(B.DOWN, B.REPEAT)),
        B.kind_of(B.event(B.DOWN, B.RELEASE))],
}
print(json.dumps({name: CASES[name]() for name in sys.argv[1:] or CASES}))
