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
