"""Number tables that ask fewer presses, on the simulator (the real
firmware): Alebrijes' long OK leaves the rest of a player's suits at 0 and
goes to the next player; Dinos saves a plain round with OK on the last
card, and a long OK opens the extras (adjust, invert, instant)."""

from marcador import sim
from marcador.devicelog import to_record

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
long ok
state
ok
state
"""     # natural: 9 and 0, saved (its summary, whose OK asks the next
        # disaster); then a round with a long OK: the extras
    states, _ = sim.run_script(keys)
    plain, extras, confirmed = states[:3]   # (a last dump at the end)
    assert plain["screen"] == "Summary"     # app/play/dinos_summary.py
    assert events(plain)[-1] == {"e": "round", "disaster": "natural",
                                 "cards": [9, 0]}
    assert extras["screen"] == "DinosRound" and len(events(extras)) == 1
    assert confirmed["screen"] == "Summary"
    assert events(confirmed)[-1]["cards"] == [5, 5]


# "Dial and go" (issue 14): in a cell of a small range (a card 0-9, a suit
# 0-5) a held UP/DOWN walks one step at a time and letting go moves on, as
# OK would; a tap changes by one and stays.
def test_a_held_key_dials_a_card_and_letting_go_moves_on():
    keys = DINOS_2 + """ok
ok
hold up 700
state
up
state
hold down 900
state
"""     # natural; J1 held 0.7 s: 6 at once, 7 at 0.55 s (the first repeat,
        # at 0.4 s, only tells a hold from a tap), let go: J2; a tap: J2 6
        # and stays; J2 held down 0.9 s: 5 at once, 4 3 2 at 0.55, 0.7 and
        # 0.85 s, let go on the last card:
        # the round is saved, as OK there would
    states, _ = sim.run_script(keys)
    held, tapped, saved = states[:3]
    assert held["screen"] == "DinosRound"
    assert held["grid"]["values"] == [[7], [5]]
    assert (held["grid"]["r"], held["grid"]["c"]) == (1, 0)
    assert tapped["grid"]["values"] == [[7], [6]]
    assert (tapped["grid"]["r"], tapped["grid"]["c"]) == (1, 0)
    assert saved["screen"] == "Summary"
    assert events(saved)[-1] == {"e": "round", "disaster": "natural",
                                 "cards": [7, 2]}


def test_a_dialled_card_stops_at_the_end_a_tap_wraps_around():
    keys = DINOS_2 + """ok
ok
hold up 3000
state
up
up
state
"""     # J1 held 3 s from 5: 6 7 8 9 and stays on 9 (no wrap while held),
        # then J2 tapped up to 7 (a tap past 9 would wrap to 0)
    states, _ = sim.run_script(keys)
    held, tapped = states[:2]
    assert held["grid"]["values"] == [[9], [5]] and held["grid"]["r"] == 1
    assert tapped["grid"]["values"] == [[9], [7]]


def test_a_release_moves_no_list_and_no_big_number():
    # The game menu held down 0.6 s: PRESS, two repeats (keep playing ->
    # undo -> redo -> scores), then the release changes nothing: OK opens
    # the scores (with one row more it would leave the game).
    # The free pad's score (a big range) held: it counts and stays.
    keys = DINOS_2 + "back\nhold down 600\nok\nstate\n"
    states, _ = sim.run_script(keys)
    assert states[0]["screen"] == "Breakdown"
    keys = ("ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"   # free, 2
            "ok\nhold up 700\nstate\n")
    states, _ = sim.run_script(keys)
    st = states[0]
    assert st["screen"] == "GridScreen", st["screen"]
    assert (st["grid"]["r"], st["grid"]["c"]) == (0, 0)
    assert st["grid"]["values"][0] == [3]       # 1 + 2 repeats, no move


def test_the_disaster_list_dials_too():
    # Dinos' disaster list: a tap moves and stays; a held key walks one row
    # at a time (after the same pause as a card) and stops at the ends;
    # letting go picks the row, as OK would.
    keys = DINOS_2 + """ok
down
state
hold down 650
state
ok
ok
ok
hold up 2000
ok
ok
state
"""     # new round: predator after a tap (the list stays); held 0.65 s:
        # emotional at once, meteor at 0.55 s, let go: meteor's cards;
        # cards 5, 5 saved; the summary's OK: the next disaster, held up
        # 2 s from natural: meteor at once (a press wraps), then emotional,
        # predator, natural, where the hold stops: natural's cards
    states, _ = sim.run_script(keys)
    tapped, held, second = states[:3]
    assert tapped["screen"] == "DisasterChoice"
    assert held["screen"] == "DinosRound"
    assert [e["disaster"] for e in events(second)] == ["meteor", "natural"]


def test_the_documented_hold_figures_are_what_a_hold_does():
    # docs/device.md states the hold rule once, with figures ("held 1.2 s
    # it moves 15, 1.5 s 25, ..."): each is played on the free pad's
    # round entry (a score from 0) and must be what the device does.
    import re
    from conftest import ROOT
    text = (ROOT / "docs" / "device.md").read_text(encoding="utf-8")
    part = " ".join(text.split("and stops where you let go: held", 1)[1]
                    .split(";", 1)[0].split()).replace(" it moves", "")
    figures = re.findall(r"(\d+(?:\.\d+)?) s (\d+)", part)
    assert len(figures) == 4, part
    start = ("ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\nok\n")  # J1's cell
    for secs, moved in figures:
        states, _ = sim.run_script(
            start + "hold up %d\nstate\n" % round(float(secs) * 1000))
        assert states[-1]["grid"]["values"][0] == [int(moved)], secs
