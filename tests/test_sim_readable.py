"""Readable without the manual (issue 14), on the simulator: Alebrijes says
who starts next and how many cards to deal at every player count; a list
that does not fit shows a mark where more rows are; past games show their
date and whether they were finished."""

from host_tools import sim
from screen import read_header, read_row

# Alebrijes with 6 players (the list starts at 4), ¡Empezar!, J1 starts.
ALEBRIJES_6 = "ok\ndown 2\nok\ndown 2\nok\nup\nok\nok\n"


def test_alebrijes_at_six_players_shows_next_first_and_cards():
    states, shots = sim.run_script(ALEBRIJES_6 + "state\nshot play\n")
    assert states[0]["screen"] == "Play"
    assert len(states[0]["session"]["names"]) == 6
    title, right = read_header(shots["play"])
    assert title == "Empieza: J1", title
    assert right == "8 cartas", right
    # The round moved to the action row, next to what it enters.
    assert read_row(shots["play"], 6) == ("OK: Anotar ronda", "1/3")
    # The six players are all there.
    assert [read_row(shots["play"], i)[0] for i in range(6)] == \
        [" J%d" % (p + 1) for p in range(6)]
