"""Readable without the manual (issue 14), on the simulator: Alebrijes says
who starts next and how many cards to deal at every player count; a list
that does not fit shows a mark where more rows are; past games show their
date and whether they were finished."""

import json
import time

from conftest import ROOT, run_micropython
from marcador import sim
from screen import read_header, read_mark, read_row

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


# The free pad with 8 players: the player count list has 8 rows (1-8, the
# cursor starts on 4), then the pad shows 6 player rows and its action row.
FREE_8 = ("ok\ndown 5\nok\nshot count_top\ndown 3\nshot count_dark\n"
          "down\nshot count_end\n"
          "ok\nup\nok\nok\nok\n")


def marks(shot, rows):
    return [read_mark(shot, i) for i in range(rows)]


def test_lists_that_do_not_fit_show_scroll_marks():
    states, shots = sim.run_script(
        FREE_8 + "state\nshot pad_top\ndown 2\nshot pad_end\n"
        "back\ndown 3\nok\nstate\nshot scores_top\nup\nshot scores_end\n")
    pad, scores = states[:2]
    assert pad["screen"] == "Play" and len(pad["session"]["names"]) == 8
    assert scores["screen"] == "Breakdown"
    # A Menu of 8 rows: more below at first, more above at its end (the
    # last row highlighted, no mark there).
    assert marks(shots["count_top"], 7) == [""] * 6 + ["down"]
    assert read_row(shots["count_top"], 6) == ("7", "")
    assert marks(shots["count_end"], 7) == ["up"] + [""] * 6
    # On the highlighted row the mark is dark on lit.
    assert marks(shots["count_dark"], 7) == [""] * 6 + ["down"]
    assert read_row(shots["count_dark"], 6) == ("7", "")
    assert read_row(shots["count_end"], 6) == ("8", "")
    # The pad: 6 of 8 player rows; the action row never has a mark.
    assert marks(shots["pad_top"], 7) == [""] * 5 + ["down", ""]
    assert marks(shots["pad_end"], 7) == ["up"] + [""] * 6
    assert read_row(shots["pad_top"], 0) == (" J1", "0")
    assert read_row(shots["pad_end"], 5) == (" J8", "0")
    # The scores: 8 players and the result line.
    assert marks(shots["scores_top"], 7) == [""] * 6 + ["down"]
    assert marks(shots["scores_end"], 7) == ["up"] + [""] * 6
    assert read_row(shots["scores_top"], 0) == (" J1", "0")


def test_lists_that_fit_have_no_marks():
    # Alebrijes' 6 players and its action row fit: no mark, the totals at
    # the right edge as before.
    _, shots = sim.run_script(ALEBRIJES_6 + "shot play\n")
    assert marks(shots["play"], 7) == [""] * 7
    assert read_row(shots["play"], 0) == (" J1", "0")


# A free pad game played to its end (sim/scripts/free.keys) and left, then
# a second one begun, left for home, and abandoned for a new game; then
# Past games (home: new, past, settings).
FREE_2 = "ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"
PAST = ((ROOT / "sim" / "scripts" / "free.keys").read_text() +
        "\nback\n" + FREE_2 + "back\ndown 5\nok\n"    # game menu: exit
        "down\nok\ndown\nok\n"                       # new: abandon? yes
        "back\nstate\ndown\nok\nstate\nshot past\n")


def test_past_games_show_date_and_whether_finished():
    before = time.time()
    states, shots = sim.run_script(PAST)
    after = time.time()
    home, past = states[:2]
    assert home["screen"] == "Home" and home["past"] == 2
    assert past["screen"] == "Choice"
    # The date the games began, as the board's clock gave it (UTC).
    days = {time.strftime("%d/%m", time.gmtime(t)) for t in (before, after)}
    # Newest first: the abandoned game, "-"; the finished one, its winner.
    left, right = read_row(shots["past"], 0, 2)
    assert left == "2 Marcador libre", left
    assert right in {"- " + d for d in days}, right
    left, right = read_row(shots["past"], 1, 2)
    assert left == "1 Marcador libre", left
    assert right in {"J1 " + d for d in days}, right


def test_day_month_on_the_board(tmp_path):
    # The clock not set (0) shows no date; a known instant, its UTC day.
    script = tmp_path / "day.py"
    script.write_text("from app.history import day_month\n"
                      "print(repr(day_month(0)))\n"
                      "print(day_month(1758464000))\n"     # 2025-09-21 14:13
                      "print(day_month(1767225599))\n")    # 2025-12-31 23:59
    assert run_micropython(script) == ["''", "21/09", "31/12"]


def test_settings_of_the_wrong_type_or_range_are_left_at_their_defaults(
        tmp_path):
    # settings.json is the board's own file, but a flash can hold anything:
    # a field of the wrong type or a UTC offset no zone has is ignored
    # (the default stays), and the past games' day is still drawn.
    (tmp_path / "settings.json").write_text(json.dumps(
        {"lang": "en", "dim_s": 30, "off_s": [1], "roster": {"a": 1},
         "last_n": 3, "tz_min": 10 ** 12}))
    script = tmp_path / "load.py"
    script.write_text("from app.settings import Settings\n"
                      "from app.history import day_month\n"
                      "s = Settings(%r)\n"
                      "print(s.lang, s.dim_s, s.off_s, s.roster, s.last_n,"
                      " s.tz_min)\n"
                      "print(day_month(1758499200, s.tz_min))\n"
                      % str(tmp_path))
    assert run_micropython(script) == ["0 30 300 [] {} 0", "22/09"]


def test_settings_out_of_their_choices_are_left_at_their_defaults(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"lang": 7, "dim_s": 31, "off_s": 0, "tz_min": -721}))
    script = tmp_path / "load.py"
    script.write_text("from app.settings import Settings\n"
                      "s = Settings(%r)\n"
                      "print(s.lang, s.dim_s, s.off_s, s.tz_min)\n"
                      % str(tmp_path))
    assert run_micropython(script) == ["0 60 0 0"]


def test_past_games_show_every_winner_and_a_title_that_leaves_room(
        tmp_path):
    # A past game's row (issue 25 item 6): a long title (Happy Little
    # Dinos, Marcador libre) gives way to its short one rather than cut
    # the winner off; a DOG win names the team; a tie names both.
    script = tmp_path / "rows.py"
    script.write_text(
        "import app.history as H\n"
        "class Hd:\n"
        "    pass\n"
        "def hd(gid, names, winners):\n"
        "    h = Hd()\n"
        "    h.gid, h.names, h.winners = gid, names, winners\n"
        "    h.number, h.time, h.finished = 12, 1758464000, True\n"
        "    return h\n"
        "H.read = lambda store, where: (where, None)\n"
        "for h in (hd('dinos', ['Ana', 'Beto'], 1),\n"  # picked
        "          hd('dog', ['Ana', 'Beto', 'J3', 'Sol'], 5),\n"
        "          hd('free', ['Fernanda', 'J2'], 1),\n"
        "          hd('alebrijes', ['Ana', 'J2'], 1),\n"
        "          hd('duplicon', ['Fernanda', 'Gabriela'], 3)):\n"
        "    print('|'.join(H._Rows(None, [h], True).texts(h)))\n")
    assert run_micropython(script) == [
        "12 Dinos|Ana 21/09",
        "12 DOG|Ana + J3 21/09",
        "12 Libre|Fernanda 21/09",
        "12 Alebrijes|Ana 21/09",
        "12 Duplicon|Fer+Gab 21/09"]
