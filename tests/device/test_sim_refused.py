"""A round the rules refuse keeps what was typed (issue 14): the grid
comes back with every value as it was and the cursor on the value that
made it invalid (core: game.bad), so one change and a long OK save it.
Played through the keys on the simulator."""

from conftest import ROOT
from marcador import sim

SCRIPTS = ROOT / "sim" / "scripts"


def head(gid, marker):
    # A title's script up to and including the line with marker.
    lines = (SCRIPTS / f"{gid}.keys").read_text().splitlines()
    end = next(i for i, ln in enumerate(lines) if marker in ln)
    return "\n".join(lines[:end + 1]) + "\n"


def test_alebrijes_a_player_left_at_zero_is_the_cell_to_fix():
    # Round 1, J2 went out; J1 blue 3, then a long OK with J3 all zero:
    # refused (J3 must hold cards). The grid is back, J1's 3 kept, the
    # cursor on J3's first suit: UP 2 and a long OK save the round.
    keys = head("alebrijes", "# J2 went out")
    states, _ = sim.run_script(keys + "up 3\nlong ok\nstate\nwait 2600\n"
                               "up 2\nlong ok\nstate\n")
    refused, saved = states[:2]
    assert refused["screen"] == "GridScreen"
    assert refused["session"]["totals"] == [0, 0, 0]
    assert saved["screen"] == "Play"
    assert saved["session"]["totals"] == [-3, 0, -2]


def test_duplicon_the_cell_where_the_deck_runs_out():
    # Round 1: J1 won 80, J2 won 20: 100 cards of a 96-card deck, refused.
    # The cursor is on J2's won cards (where the count passed 96): DOWN 5
    # (to 10) and a long OK save it, J1's 80 kept.
    keys = head("duplicon", "# round 1")
    states, _ = sim.run_script(keys + "up 40\nok\nok\nok\nup 10\nlong ok\n"
                               "state\nwait 2600\ndown 5\nlong ok\nstate\n")
    refused, saved = states[:2]
    assert refused["screen"] == "GridScreen"
    assert refused["session"]["totals"] == [0, 0]
    assert saved["screen"] == "Play"
    assert saved["session"]["totals"] == [80, 10]


def test_dinos_a_refused_instant_card_is_where_the_cursor_goes():
    # Round 1, natural, both play 5 (a tie: nobody takes the disaster) and
    # a Stop card: refused. The cards stay; the cursor is on the instant
    # card line, so OK opens that question (not the refused confirm).
    keys = head("dinos", "# natural")
    states, _ = sim.run_script(keys + "long ok\ndown 3\nok\ndown\nok\n"
                               "up 3\nok\nstate\nwait 2600\nok\nstate\n")
    refused, next_ = states[:2]
    assert refused["screen"] == "DinosRound"
    assert refused["session"]["log"] == ""
    assert next_["screen"] == "Choice"


def test_alebrijes_back_on_the_token_question_keeps_the_typed_round():
    # Round 1, J2 went out, J1 and J3 a blue 1 each: the worst totals tie,
    # so the device asks who holds the token. BACK there goes back to the
    # round's grid with both 1s kept (nothing saved); a long OK asks again
    # and OK on J1 saves it.
    keys = head("alebrijes", "# J2 went out")
    states, _ = sim.run_script(keys + "up\nlong ok\nup\nlong ok\nstate\n"
                               "back\nstate\nlong ok\nstate\nok\nstate\n")
    asked, back, again, saved = states[:4]
    assert asked["screen"] == "Choice"
    assert back["screen"] == "GridScreen"
    assert back["grid"]["values"] == [[1, 0, 0, 0, 0], [0] * 5,
                                      [1, 0, 0, 0, 0]]
    assert back["session"]["log"] == asked["session"]["log"]
    assert again["screen"] == "Choice"
    assert saved["screen"] == "Play"
    assert saved["session"]["totals"] == [-1, 0, -1]
