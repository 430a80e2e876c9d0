"""Button polling on the MicroPython VM: debounce, long press, repeat."""

import json

from conftest import MP_SCRIPTS, run_micropython

PRESS, LONG, REPEAT, FAST = 0, 1, 2, 3


def test_debounce_tap_long_press_and_steady_repeat():
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
    # Big steps at a pace a person can follow and stop on: steady, one
    # every 250 ms (they used to speed up to one every 40 ms).
    assert set(gaps) == {250}
    assert all(t <= 3150 for t, _, _ in ev)    # stops once released


def test_a_held_key_never_runs_past_table_sized_scores():
    # The free pad's number (step 1, big step 10) held up from 0: what it
    # shows after a hold of 1, 1.5, 2 and 2.9 s (the press lands at 150 ms,
    # so a hold of T s ends at 150 + 1000 T ms). It was 15, 85, 215 and
    # 435: a table-sized score flew past before a person could let go.
    ev = json.loads(run_micropython(MP_SCRIPTS / "buttons_check.py")[-1])[
        "hold_up"]

    def value(ms):
        v = 0
        for t, _, k in ev:
            if t <= 150 + ms:
                v += 10 if k in (LONG, FAST) else 1
        return v
    assert [value(1000), value(1500), value(2000), value(2900)] == \
        [15, 35, 55, 85]
