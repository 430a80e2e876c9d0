"""The screen dims, then turns off when nobody touches a key (OLED
burn-in), and the first key only wakes it (checked on the decoded panel)."""

from marcador import sim
from screen import pixels


def selected_row(hexbits):
    px = pixels(hexbits)
    for i in range(7):
        if px(0, 8 + 8 * i + 7):        # highlighted rows are lit at x=0
            return i
    return None


def test_dim_then_off_then_wake_without_acting():
    script = "\n".join([
        "shot start", "state",
        "wait 61000", "state",           # > 60 s: dimmed
        "wait 240000", "state",          # > 300 s: off
        "down", "state", "shot woken",   # wakes; the cursor does not move
        "down", "shot moved", "state",
    ])
    states, shots = sim.run_script(script)
    start, dim, off, woke, moved = states[:5]
    assert start["panel_on"] and start["contrast"] > 100
    assert dim["idle"] == 1 and dim["panel_on"] and dim["contrast"] == 1
    assert off["idle"] == 2 and not off["panel_on"]
    assert woke["idle"] == 0 and woke["panel_on"] and woke["contrast"] > 100
    assert selected_row(shots["start"]) == 0
    assert selected_row(shots["woken"]) == 0     # the waking key did nothing
    assert selected_row(shots["moved"]) == 1


def test_no_idle_timer_is_shorter_than_the_loop_first_checks_it():
    # App._step looks at the idle timers only from _IDLE_MIN_MS after a
    # key (not in every step of a press's aftermath): every choice of
    # dimming and switching off must be that long at least (0: never).
    import ast
    import re
    from conftest import FIRMWARE
    app = (FIRMWARE / "app" / "app.py").read_text()
    least = int(re.search(r"^_IDLE_MIN_MS = const\((\d+)\)", app, re.M)[1])
    settings = (FIRMWARE / "app" / "settings.py").read_text()
    for name in ("DIM_CHOICES", "OFF_CHOICES"):
        choices = ast.literal_eval(
            re.search(rf"^{name} = (\(.*?\))", settings, re.M)[1])
        assert all(s == 0 or s * 1000 >= least for s in choices), name
