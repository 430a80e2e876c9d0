"""Button polling on the MicroPython VM: debounce, long press, repeat."""

import json

from conftest import MP_SCRIPTS, run_micropython

PRESS, LONG, REPEAT, FAST = 0, 1, 2, 3


def test_debounce_tap_long_press_and_accelerating_repeat():
    r = json.loads(run_micropython(MP_SCRIPTS / "buttons_check.py")[-1])
    # Contact bounce shorter than 50 ms is no press at all.
    assert r["bounce"] == []
    # A tap on OK is one PRESS, when released (debounced 50 ms).
    assert r["tap_ok"] == [[350, "OK", PRESS]]
    # Held past 1 s: one LONG while still held, and no PRESS on release.
    assert r["long_ok"] == [[1150, "OK", LONG]]
    ev = r["hold_up"]
    # UP acts at once, repeats after 400 ms, LONG at 1 s, then FAST.
    assert ev[0] == [150, "UP", PRESS]
    assert ev[1] == [550, "UP", REPEAT]
    kinds = [k for _, _, k in ev]
    assert kinds.count(LONG) == 1
    i = kinds.index(LONG)
    assert set(kinds[1:i]) == {REPEAT} and set(kinds[i + 1:]) == {FAST}
    fast_t = [t for t, _, k in ev if k == FAST]
    gaps = [b - a for a, b in zip(fast_t, fast_t[1:])]
    assert gaps[0] > gaps[-1] >= 40            # it speeds up
    assert all(t <= 3150 for t, _, _ in ev)    # stops once released
