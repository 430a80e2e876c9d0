"""A key flood (issue 23, "not yet tried"): thousands of random keys in one
run of the real simulator, from the home screen (so every menu, the
settings, the history and new games of every title take them), with taps
shorter than the debounce, taps just past it, long presses and held keys
among them. Nothing may raise, and what the device holds must always equal
the replay of its own game log (test_sim_random_keys.py's check)."""

import random

import pytest

from marcador import sim
from test_sim_random_keys import check_states

KEYS = ["up", "down", "ok", "back", "ok", "down", "ok",
        "hold up 30", "hold ok 30",          # shorter than the debounce
        "hold down 55", "hold ok 55",        # just past it
        "long ok", "long back", "long up", "long down",
        "hold down 2500", "hold up 4000", "hold back 2500"]


def flood(seed, presses, every=100, flash=None):
    rnd = random.Random(seed)
    lines = []
    for i in range(presses):
        lines.append(rnd.choice(KEYS) + "\n")
        if i % every == every - 1:
            lines.append("state\n")
    states, _ = sim.run_script("".join(lines), timeout=1800, flash=flash)
    assert len(states) == presses // every + 1
    return states


def test_a_flood_of_2500_random_keys():
    states = flood(23, 2500)
    checked = check_states(states)
    games = max(s["past"] for s in states)
    print(f"\n2500 keys: {checked} game states checked, {games} games "
          f"archived, screens seen: {sorted({s['screen'] for s in states})}")
    assert checked > 10


@pytest.mark.slow
def test_a_flood_of_40000_random_keys(tmp_path):
    # In runs of 2500 keys (a script is read whole into the simulator's
    # heap) on one flash image: each run boots on what the last one left.
    img = tmp_path / "flash.img"
    checked = 0
    for run in range(16):
        states = flood(2023 + run, 2500, every=250, flash=img)
        checked += check_states(states)
    print(f"\n40000 keys: {checked} game states checked, "
          f"{states[-1]['past']} games archived")
    assert checked > 20
