"""The play screens show the round being played (issue 25 item 6): "Ronda
1" while round 1 is entered, as Alebrijes does, not "Ronda 0" (Duplicon,
Dinos, the free pad)."""

from marcador import sim
from screen import read_header

DUPLICON_2 = "ok\ndown\nok\nup 2\nok\nup\nok\n"
FREE_2 = "ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"
DINOS_2 = "ok\ndown 4\nok\nup 2\nok\nup\nok\nok\nok\nok\nok\n"


def test_duplicon_shows_the_round_being_played():
    _, shots = sim.run_script(DUPLICON_2 + "shot r1\n"
                              "up\nok\nok 6\nshot r2\n")
    assert read_header(shots["r1"]) == ("Duplicon", "Ronda 1")
    assert read_header(shots["r2"]) == ("Duplicon", "Ronda 2")


def test_free_pad_shows_the_round_being_played():
    _, shots = sim.run_script(FREE_2 + "shot r1\nok\nok\nok\nshot r2\n")
    assert read_header(shots["r1"])[0] == "Ronda 1"
    assert read_header(shots["r2"])[0] == "Ronda 2"


def test_dinos_shows_the_round_being_played():
    _, shots = sim.run_script(DINOS_2 + "shot r1\n"
                              "ok\nok\nup 4\nok\ndown 5\nok\nback\n"
                              "shot r2\n")
    assert read_header(shots["r1"])[0] == "Ronda 1"
    assert read_header(shots["r2"])[0] == "Ronda 2"
