"""Random key sequences on the simulator (the real firmware on the
MicroPython VM) never raise, and what the device holds always equals the
replay of its own game log. Default run: a few thousand presses; the slow
marker runs more than 100,000."""

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from marcador import sim
from marcador.devicelog import to_record
from marcador_core import record
from marcador_core.games import IDS

import maxplayers

KEYS = ["up", "down", "ok", "back", "up", "down", "ok", "ok",
        "long ok", "long back", "long up", "hold down 2500"]
CHECK_EVERY = 25


def script_for(gid, keys):
    lines = [maxplayers.start(gid)]
    for i, k in enumerate(keys):
        lines.append(k + "\n")
        if i % CHECK_EVERY == CHECK_EVERY - 1:
            lines.append("state\n")
    return "".join(lines)


def check_states(states):
    checked = 0
    for st_ in states:
        for key in ("session", "last_past"):
            dev = st_.get(key)
            if not dev:
                continue
            rec = to_record(dev["game"], dev["names"],
                            bytes.fromhex(dev["opts"]),
                            bytes.fromhex(dev["log"]))
            res = record.score_record(rec)
            assert [p["total"] for p in res["players"]] == dev["totals"]
            assert res["over"] == dev["over"]
            checked += 1
    return checked


def run(gid, keys):
    states, _ = sim.run_script(script_for(gid, keys))
    assert states, "the simulator printed no state"
    return check_states(states)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS),
       st.lists(st.sampled_from(KEYS), min_size=50, max_size=250))
def test_random_keys_never_crash_and_match_the_log(gid, keys):
    run(gid, keys)


@pytest.mark.slow
def test_random_keys_100k_presses():
    import random
    rnd = random.Random(42)
    presses = 0
    checked = 0
    while presses < 100_000:
        gid = IDS[presses // 1000 % len(IDS)]
        keys = [rnd.choice(KEYS) for _ in range(1000)]
        checked += run(gid, keys)
        presses += len(keys)
    print(f"{presses} presses, {checked} game states checked")
    assert checked > 100
