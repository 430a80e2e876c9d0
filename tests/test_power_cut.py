"""Power cut at every flash write of a session of several games, on the
MicroPython VM with real littlefs2 (tests/mp/power_cut.py does the work):
after each cut the firmware boots on the flash as it stood and must hold
every event it had confirmed, every archived game unchanged, and resume
the game in progress. The default run tries every 3rd write point (clean
and torn); `pytest -m slow` tries all of them."""

import json
import sys

import pytest

from conftest import MP_SCRIPTS, ROOT, run_micropython

sys.path.insert(0, str(ROOT / "sim" / "scripts"))
import maxplayers  # noqa: E402


def max_game(gid, again=False):
    # The second time a title is chosen, the device already offers its
    # maximum player count (it remembers the last one used).
    start = AGAIN[gid] if again else maxplayers.START[gid]
    return start + getattr(maxplayers, gid)()


AGAIN = {
    "free": "ok\ndown 5\nok\nok\nup\nok\nok\nok\n",
    "duplicon": maxplayers.START["duplicon"],
    "dinos": maxplayers.START["dinos"],
    "dog": "ok\ndown 3\nok\nok\nup\nok\nok\nok\n",
}


def session():
    """22 games through the keys, each at its title's maximum player
    count: free pad, Duplicon, Dinos and DOG five times each, one
    Alebrijes abandoned half-way (a new game started while it was in
    progress), and a last Doggy Style left in progress after an undo."""
    s = ""
    for again in (False, True, True, True, True):
        for gid in ("free", "duplicon", "dinos", "dog"):
            s += max_game(gid, again) + "back\n"
        if not again:
            s += maxplayers.START["alebrijes"] + "ok\nok\n" + "up\nok 5\n" * 5
            s += "ok\nback\ndown 4\nok\n"      # game menu -> home
            s += "down\nok\ndown\nok\nback\n"  # new game, leave it: yes
    s += max_game("doggy").split("wait")[0] + "wait 1600\nlong back\n"
    return s


def run(step, tear, *more):
    out = run_micropython(MP_SCRIPTS / "power_cut.py", stdin=session(),
                          heapsize="32m", path=(), args=(step, tear) + more,
                          timeout=3000)
    return json.loads(out[-1])


def report(r):
    print(f"\n{r['cut_points']} cut points over {r['ops']} flash operations "
          f"({r['games']} games, {r['events']} events): {r['events_lost']} "
          f"confirmed events lost, {r['unconfirmed_saved']} unconfirmed "
          f"events found saved, {r['failures']} failures")


def check(r):
    report(r)
    assert r["failures"] == 0, r["first"]
    assert r["events_lost"] == 0
    assert r["games"] == 22 and r["games_checked"] > r["cut_points"]


def test_power_cut_every_3rd_write_point():
    r = run(3, 1)
    check(r)
    assert r["cut_points"] >= 300


def test_the_check_finds_events_confirmed_before_their_write():
    # Control: a firmware that confirmed each event before writing it would
    # lose it to a cut during the write; the same check must say so.
    r = run(3, 0, "early")
    report(r)
    assert r["events_lost"] > 0 and r["failures"] > 0


@pytest.mark.slow
def test_power_cut_every_write_point():
    r = run(1, 1)
    check(r)
    assert r["cut_points"] >= 1000
