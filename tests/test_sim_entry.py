"""Number tables that ask fewer presses, on the simulator (the real
firmware): Alebrijes' long OK leaves the rest of a player's suits at 0 and
goes to the next player; Dinos saves a plain round with OK on the last
card, and a long OK opens the extras (adjust, invert, instant)."""

from host_tools import sim
from host_tools.devicelog import to_record

ALEBRIJES_4 = "ok\ndown 2\nok\nok\nup\nok\nok\n"   # 4 players, J1 starts
DINOS_2 = ("ok\ndown 4\nok\nup 2\nok\nup\nok\nok\nok\nok\nok\n")
# (Dinos: 2 players, Rex and Stego, the two-player rules and their note)


def events(state):
    d = state["session"]
    return to_record(d["game"], d["names"], bytes.fromhex(d["opts"]),
                     bytes.fromhex(d["log"]))["events"]


def test_alebrijes_long_ok_ends_a_players_suits():
    keys = ALEBRIJES_4 + """ok
ok
up
long ok
ok
up 2
long ok
ok
ok
ok
ok
up 5
ok
state
"""     # new round, J1 went out; J2 1 (0 0 0 0); J3 0 2 (0 0 0); J4 0 0 0 0 5
    states, _ = sim.run_script(keys)
    assert states[-1]["screen"] == "Play"
    assert events(states[-1])[-1] == {
        "e": "round", "out": 0, "high": [[0] * 5, [1, 0, 0, 0, 0],
                                         [0, 2, 0, 0, 0], [0, 0, 0, 0, 5]]}


def test_dinos_ok_on_the_last_card_saves_and_long_ok_opens_extras():
    keys = DINOS_2 + """ok
ok
up 4
ok
down 5
ok
state
ok
ok
ok
long ok
state
ok
state
"""     # natural: 9 and 0, saved (its summary, left with OK); then a round
        # with a long OK: the extras
    states, _ = sim.run_script(keys)
    plain, extras, confirmed = states[:3]   # (a last dump at the end)
    assert plain["screen"] == "Summary"     # app/play/dinos_summary.py
    assert events(plain)[-1] == {"e": "round", "disaster": "natural",
                                 "cards": [9, 0]}
    assert extras["screen"] == "DinosRound" and len(events(extras)) == 1
    assert confirmed["screen"] == "Summary"
    assert events(confirmed)[-1]["cards"] == [5, 5]
