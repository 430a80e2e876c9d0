"""Doggy Style played with the end count, through the keys on the simulator
(the real firmware on the MicroPython VM): the option before the game, a
table per player, the same breakdown as `marcador score`, a refused count
that keeps what was typed, undo on the final screen, a correction from the
game menu."""

from conftest import ROOT
from marcador import sim
from helpers import device_score
from screen import glyph_at, pixels, read_header, read_row

SCRIPTS = ROOT / "sim" / "scripts"
KEYS = (SCRIPTS / "doggy_count.keys").read_text()


def head(marker, inclusive=True):
    lines = KEYS.splitlines()
    end = next(i for i, ln in enumerate(lines) if marker in ln)
    return "\n".join(lines[:end + (1 if inclusive else 0)]) + "\n"


def test_a_whole_end_count_game_scores_as_marcador_score(tmp_path):
    states, shots = sim.run_script(KEYS + "\nstate\n")
    final = states[-1]
    assert final["screen"] == "Final"
    dev = final["session"]
    assert dev["game"] == "doggy" and dev["over"] and dev["opts"] == "01"
    rec, res = device_score(dev, tmp_path)
    assert rec["options"] == {"mode": "count"}
    assert [ev["e"] for ev in rec["events"]] == ["count"] * 3
    assert rec["events"][0] == {
        "e": "count", "p": 0, "blue": [1, 0, 2], "red": [2, 1, 0],
        "yellow": [0, 0, 0], "green": [0, 1, 0], "wilds": ["red"],
        "reserve": 2}
    # Worked by hand: J1 24 points of Parrandas, 2 dogs, tied for blue with
    # J3 (3), red alone (5), tied for green with J2 (3) = 37; J2 14 +
    # yellow (5) + green (3) = 22; J3 3 + blue (3) = 6.
    assert [p["total"] for p in res["players"]] == [37, 22, 6]
    assert dev["totals"] == [37, 22, 6]
    assert res["players"][0]["parts"] == {"parrandas": 24, "reserve": 2,
                                          "sets": 0, "majorities": 11}
    screen = shots["doggy_count_final"]
    for p, name in enumerate(dev["names"]):
        left, right = read_row(screen, p)
        assert left == ("*" if p == 0 else " ") + name
        assert right == str(dev["totals"][p])


def test_the_count_table_shows_the_player_and_the_reserve_row_alone():
    _, shots = sim.run_script(head("shot doggy_count_grid"))
    screen = shots["doggy_count_grid"]
    assert read_header(screen)[0].startswith("J1")
    assert [read_row(screen, i)[0] for i in range(1, 6)] == [
        "azul", "rojo", "amarillo", "verde", "Reserva"]
    # The reserve's row (y 48-55) has one cell, its value (the cursor's
    # band: lit), and nothing right of it (the table's columns are 12
    # pixels wide, from x 80).
    px = pixels(screen)
    lit = [sum(px(x, y) for y in range(48, 56)) for x in range(80, 128)]
    assert sum(lit[:12]) > 0 and sum(lit[12:]) == 0
    inv = lambda x, y: 1 - px(x, y)      # noqa: E731 (the lit cursor)
    assert "2" in [glyph_at(inv, x, 48) for x in range(80, 88)]


def test_a_count_the_deck_cannot_hold_keeps_what_was_typed():
    states, _ = sim.run_script(head("# refused") + "state\n")
    typed, refused = states[0], states[-1]
    assert typed["screen"] == refused["screen"] == "GridScreen"
    assert refused["session"]["log"] == typed["session"]["log"]
    assert refused["session"]["totals"] == typed["session"]["totals"]
    # The table is back as typed, the cursor on blue's 1s (where the
    # count passed the deck's 7).
    assert refused["grid"]["values"][0] == [0, 0, 5, 0]
    assert (refused["grid"]["r"], refused["grid"]["c"]) == (0, 2)


def test_undo_on_the_final_screen_brings_the_count_back_typed():
    # The final screen's last row undoes the last count; OK on the list of
    # players opens J3's table as it was, one change and it is saved.
    keys = KEYS + "\nup\nok\nstate\nwait 1600\nok\nstate\nlong ok\nlong ok\n" \
        "ok\nok\nup\nlong ok\nlong ok\nlong ok\nstate\n"
    states, _ = sim.run_script(keys)
    undone, table, again = states[2:5]
    assert undone["screen"] == "Play" and not undone["session"]["over"]
    assert undone["session"]["totals"][2] == 0
    assert table["screen"] == "GridScreen"
    assert table["grid"]["values"][0] == [0, 0, 3, 0]
    assert again["screen"] == "Final" and again["session"]["over"]
    # J3 adds a yellow 1: 3 + 1 points, tied first in blue (3), second in
    # yellow (2).
    assert again["session"]["totals"][2] == 4 + 3 + 2


def test_a_players_count_is_corrected_from_the_game_menu(tmp_path):
    # At J3's table: BACK to the list of players, BACK to the game menu,
    # its last row corrects a count: the players by name, J1's table
    # prefilled; one more reserve dog.
    keys = head("# no reserve: saved") + "back\nstate\nback\nup\nok\n" \
        "up\nshot fix_menu\nok\nstate\nlong ok\nlong ok\nlong ok\n" \
        "long ok\nup\nok\nstate\n"
    states, shots = sim.run_script(keys)
    listed, fix, after = states[:3]
    assert listed["screen"] == "Play"
    before = listed["session"]["totals"]
    assert read_row(shots["fix_menu"], 0)[0].strip() == "J1"
    assert fix["screen"] == "GridScreen"
    assert fix["grid"]["values"][4][0] == 2
    assert after["session"]["totals"][0] == before[0] + 1
    # The log holds the correction (fix of round 1, J1), and the next
    # player's table is open again.
    assert after["screen"] == "GridScreen"
    rec, res = device_score(after["session"], tmp_path)
    assert rec["events"][-1]["e"] == "fix"
    assert rec["events"][-1]["round"] == 1
    assert rec["events"][-1]["reserve"] == 3


def test_a_power_cut_keeps_the_counts_and_the_next_table(tmp_path):
    # Two players counted, then the power goes: the next boot (after its
    # "game recovered" note) lists them with their totals; OK opens J3's
    # table, and the game goes on to the same end.
    img = tmp_path / "flash.img"
    states, _ = sim.run_script(head("# no reserve: saved") + "state\n",
                               flash=img)
    before = states[-1]["session"]
    rest = KEYS.splitlines()
    rest = rest[next(i for i, ln in enumerate(rest)
                     if "# no reserve: saved" in ln) + 1:]
    states, shots = sim.run_script("state\nok\nshot boot\nstate\nok\n" +
                                   "\n".join(rest) + "\nstate\n", flash=img)
    note, listed, final = states[0], states[1], states[-1]
    assert note["screen"] == "Note"
    assert listed["screen"] == "Play"
    assert listed["session"]["log"] == before["log"]
    assert read_row(shots["boot"], 0)[1] == str(before["totals"][0])
    assert read_row(shots["boot"], 2)[1] == "-"          # J3: not yet
    assert final["screen"] == "Final"
    assert final["session"]["totals"] == [37, 22, 6]
