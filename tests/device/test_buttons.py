"""Button polling on the MicroPython VM: debounce, long press, repeat."""


from conftest import MP_SCRIPTS, printed, run_micropython

PRESS, LONG, REPEAT, FAST, RELEASE = 0, 1, 2, 3, 4


def cases(*names):
    """The events buttons_check.py saw in each named case."""
    return printed(run_micropython(MP_SCRIPTS / "buttons_check.py",
                                   args=names)[-1])


def test_debounce_tap_long_press_and_steady_repeat():
    r = cases("bounce", "tap_ok", "tap_ok_high", "long_ok", "hold_up")
    # Contact bounce shorter than 50 ms is no press at all.
    assert r["bounce"] == []
    # A tap on OK is one PRESS, when released (debounced 50 ms).
    assert r["tap_ok"] == [[350, "OK", PRESS]]
    # The same with keys that read 1 when pressed (active high).
    assert r["tap_ok_high"] == [[350, "OK", PRESS]]
    # Held past 1 s: one LONG while still held, and no PRESS on release.
    assert r["long_ok"] == [[1150, "OK", LONG]]
    ev = r["hold_up"]
    # UP acts at once, repeats after 400 ms, LONG at 1 s, then FAST.
    assert ev[0] == [150, "UP", PRESS]
    assert ev[1] == [550, "UP", REPEAT]
    kinds = [k for _, _, k in ev]
    assert kinds.count(LONG) == 1
    i = kinds.index(LONG)
    assert set(kinds[1:i]) == {REPEAT} and set(kinds[i + 1:-1]) == {FAST}
    # Let go after the hold: one RELEASE (a held UP/DOWN says when it ends).
    assert ev[-1] == [3150, "UP", RELEASE]
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
    ev = cases("hold_up")["hold_up"]

    def value(ms):
        v = 0
        for t, _, k in ev:
            if t <= 150 + ms and k != RELEASE:
                v += 10 if k in (LONG, FAST) else 1
        return v
    assert [value(1000), value(1500), value(2000), value(2900)] == \
        [15, 35, 55, 85]


def test_a_held_up_or_down_says_when_it_is_let_go_and_a_tap_does_not():
    r = cases("tap_up", "slow_up", "held_up", "held_down", "raw_release")
    # A tap and a slow tap (let go before the first repeat): the press
    # alone, no release event (a tap changes a number and stays).
    assert r["tap_up"] == [[150, "UP", PRESS]]
    assert r["slow_up"] == [[150, "UP", PRESS]]
    # Held past the repeat delay: the release comes once the key has read
    # up for 50 ms, after the repeats.
    assert r["held_up"] == [[150, "UP", PRESS], [550, "UP", REPEAT],
                            [570, "UP", RELEASE]]
    assert r["held_down"] == [[150, "DOWN", PRESS], [550, "DOWN", REPEAT],
                              [700, "DOWN", REPEAT], [750, "DOWN", RELEASE]]
    # One small int; key_of() gives no key for it (every screen that does
    # not look for releases ignores them), the key let go is in its low
    # bits.
    ev, key, other, kind = r["raw_release"]
    assert ev == 1 | RELEASE << 3 and ev & 7 == 1 and key == 0 and \
        other == 2 and kind == RELEASE


def test_a_tap_during_a_long_step_is_latched_by_its_edge_not_lost():
    # Polling alone misses a tap that begins and ends while a step runs
    # long (a flash erase: a quiet step's compaction on a Pico) or sees
    # it down for less than the debounce: the pins' IRQ
    # latches the press edge, and a latch from a long gap between two
    # polls counts once the key has read up for 50 ms.
    r = cases("blind_tap", "blind_began", "blind_up", "blind_bounce_press",
              "blind_release", "blind_after_seen", "spike", "bounce")
    assert r["blind_tap"] == [[350, "OK", PRESS]]
    assert r["blind_began"] == [[390, "OK", PRESS]]
    assert r["blind_up"] == [[350, "UP", PRESS]]
    # A press that bounces as the long step ends is one press, on release.
    assert r["blind_bounce_press"] == [[550, "OK", PRESS]]
    # A key let go during the long step, its contacts bouncing: the hold
    # ends (OK: its press, when released), no second press from the
    # bounce's falling edges.
    assert r["blind_release"] == [[350, "OK", PRESS]]
    # Seen down by the poll before the long step, up by the one after:
    # the level read before a long step counts as held through it.
    assert r["blind_after_seen"] == [[350, "OK", PRESS]]
    # With the app polling every 10 ms, a spike or bounce shorter than the
    # debounce is still nothing, though its edge fired the IRQ.
    assert r["spike"] == [] and r["bounce"] == []


def test_a_key_held_at_power_on_still_gives_its_press():
    # No edge for its IRQ: the first poll reads the levels.
    assert cases("held_at_boot")["held_at_boot"] == [[350, "OK", PRESS]]


def test_a_quiet_poll_reads_no_pin_once_the_irqs_latch_presses():
    # With every key released and debounced so, a press's edge (the IRQ)
    # is what wakes the polling: the steps in between read no pin (each
    # read is a call into the port, at every 10 ms step). The press is
    # seen as before.
    events, reads = cases("quiet_reads")["quiet_reads"]
    assert events == [[250, "OK", PRESS]]
    assert reads[0] == 4                   # the first poll reads them all
    assert reads[1:10] == [0] * 9          # 10-90 ms: quiet
    assert reads[10] == 4                  # 100 ms: the edge came
    assert reads[-20:] == [0] * 20         # released and debounced again


def test_the_loop_waits_longer_only_with_nothing_in_hand():
    # App.step says how long run() sleeps: 10 ms while a key is down or
    # not yet debounced as released (its timing: debounce, repeats) or a
    # screen is due, 20 ms otherwise (the core wakes half as often; a
    # press's IRQ latches it meanwhile, drivers/buttons.py).
    from conftest import FIRMWARE, ROOT
    steps = printed(run_micropython(MP_SCRIPTS / "tick_check.py",
                                    path=(ROOT / "sim", FIRMWARE))[-1])
    assert {w for t, down, w in steps if t < 200} == {20}     # idle
    assert {w for t, down, w in steps if down} == {10}        # held
    after = [w for t, down, w in steps if t >= 400]
    assert after[0] == 10                  # let go: not yet debounced
    assert 10 not in after[after.index(20):]    # then quiet for good
    assert after.index(20) <= 8            # within the debounce and redraw


def test_a_message_code_leaves_ram_after_the_key_that_ends_it():
    # App._step forgets app/notes.py in the quiet step after a key, and
    # only looks up its phase when it is loaded.
    from conftest import FIRMWARE, ROOT
    got = printed(run_micropython(MP_SCRIPTS / "notes_check.py",
                                  path=(ROOT / "sim", FIRMWARE))[-1])
    assert got == [False, True, False]
