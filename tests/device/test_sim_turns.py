"""The turn cursor on the simulator (the real firmware): Doggy Style, DOG
and Duplicon put the highlight on the player whose turn it is, after every
event, an undo and a power cut; a long OK says "next turn" (a pass, in the
log); Doggy's player list opens on ordering or in the middle of the
colours, its points on the value most left, and a long OK on them keeps
the cursor for a second Parranda; DOG offers only what the rules allow (a
kill: one row per victim, named) and skips a list of one; Duplicon's OK on
a player is a card drawn, and marks who may not draw. Read from the
panel."""

from conftest import ROOT
from marcador import sim
from screen import glyph_at, pixels, read_right as right_text, read_row, toast

DOGGY_3 = """ok
ok
up
ok
up
ok
ok
"""        # new game, Doggy Style, 3 players (the list starts at 4), start,
           # live tracking

DOG_4 = """ok
down 3
ok
ok
up
ok
ok
ok
"""        # new game, DOG, 4 players, start, J1 deals, a match of 1


def highlighted(shot):
    # The content row drawn inverted (its left edge is lit), or None.
    px = pixels(shot)
    rows = [i for i in range(7) if px(0, 8 + 8 * i + 4)]
    assert len(rows) <= 1, rows
    return rows[0] if rows else None


def run(script, flash=None):
    states, shots = sim.run_script(script, flash=flash)
    return states, shots


def line_at(shot, y):
    # The text drawn from pixel row y at any x (a centred line).
    px = pixels(shot)
    return [("".join(glyph_at(px, x + 5 * k, y) for k in range(25)))
            for x in range(6)]


def test_doggy_cursor_follows_the_turn_mario_undo_and_power_cut(tmp_path):
    img = tmp_path / "flash.img"
    script = DOGGY_3 + """shot start
ok
up
ok
ok
shot after_take
long ok
wait 2600
shot after_pass
ok
ok
ok
shot j3_took
up
ok
wait 1600
shot after_mario
long back
wait 1600
shot undo_mario
long back
wait 1600
shot undo_take
state
"""
    states, shots = run(script, flash=img)
    assert highlighted(shots["start"]) == 1            # J1: turn 0
    # J1 took a red 1 (the list opened on yellow, the value on 1): J2's
    # turn.
    assert read_row(shots["after_take"], 1)[0] == "J1 R1"
    assert highlighted(shots["after_take"]) == 2
    assert highlighted(shots["after_pass"]) == 3       # J2 passed: J3
    # J3's list opens on yellow (nothing unordered), the points on 1.
    assert read_row(shots["j3_took"], 3)[0] == "J3 M1"
    assert highlighted(shots["j3_took"]) == 1          # back to J1
    # A Mario Hugo (entered on its line) leaves the cursor on J1, the
    # player whose turn it is, not on the Mario Hugo line.
    assert highlighted(shots["after_mario"]) == 1
    assert highlighted(shots["undo_mario"]) == 1
    # Undo J3's take: J3's turn again.
    assert highlighted(shots["undo_take"]) == 3
    log = bytes.fromhex(states[-1]["session"]["log"])
    assert 0x16 in log              # J2's pass (PASS 6 | player 1 << 4)
    # A power cut: the next boot (after its "game recovered" note) puts
    # the cursor on J3 again.
    states, shots = run("state\nok\nshot boot\nstate\n", flash=img)
    assert states[0]["screen"] == "Note"
    assert states[1]["screen"] == "Play"
    assert highlighted(shots["boot"]) == 3


def test_doggy_list_groups_orders_and_opens_in_the_middle_or_on_ordering():
    script = DOGGY_3 + """ok
shot j1_list
up 2
ok
shot j1_points
ok
long ok
long ok
ok
shot j1_again
"""
    # J1 holds nothing: the list opens on yellow, the middle colour.
    _, shots = run(script)
    assert highlighted(shots["j1_list"]) == 2
    assert read_row(shots["j1_list"], 2)[0] == "amarillo"
    # Blue: its points open on 1 (3 of blue's 7 are worth 1), and a long
    # OK is offered for a second Parranda.
    assert highlighted(shots["j1_points"]) == 2
    assert read_row(shots["j1_points"], 2)[0] == "1"
    assert any("OK largo: tomó otra más" in t
               for t in line_at(shots["j1_points"], 56))
    # J1 took a blue 1, J2 and J3 passed: J1's list has "Ordenar azul"
    # right below blue, and opens on it (unordered Parrandas score
    # nothing when Mario Hugo comes).
    rows = [read_row(shots["j1_again"], i) for i in range(7)]
    assert [r[0] for r in rows[:4]] == ["azul", "Ordenar azul", "rojo",
                                         "amarillo"]
    assert rows[1][1] == "1"
    assert highlighted(shots["j1_again"]) == 1


def test_doggy_long_ok_on_the_points_stays_for_a_second_parranda():
    script = DOGGY_3 + """ok
down
ok
long ok
shot stays
ok
shot second
"""
    states, shots = run(script + "state\n")
    # J1 took a green 1 with a long OK: the cursor stays on J1, whose list
    # then opens on yellow again (an order is a whole turn: not offered
    # first in the middle of a turn of takes).
    assert read_row(shots["stays"], 1)[0] == "J1 V1"
    assert highlighted(shots["stays"]) == 1
    assert highlighted(shots["second"]) == 2
    assert read_row(shots["second"], 2)[0] == "amarillo"
    assert read_row(shots["second"], 4)[0] == "Ordenar verde"
    assert states[-1]["session"]["log"] == "0113"     # TAKE J1 green 1


def test_doggy_points_open_on_1_whatever_was_taken():
    script = DOGGY_3 + """ok
up
ok
ok
ok
up
ok
ok
ok
up
ok
shot j3_red
"""
    # J1 and J2 each took a red 1: the rulebook does not say how many
    # ones a colour has (docs/rules.md, "Doggy Style"), so J3's list still
    # opens on 1.
    _, shots = run(script)
    assert read_row(shots["j3_red"], 2)[0] == "1"
    assert highlighted(shots["j3_red"]) == 2


def test_dog_cursor_starts_right_of_the_dealer_and_skips_single_choices():
    script = DOG_4 + """shot start
ok
wait 2600
shot j4_out
state
long ok
wait 2600
shot j3_passed
up
ok
wait 2600
shot j1_out
state
"""
    # (Each message of an event done on one press, a single choice or a
    # next turn, what was done and how to undo it, is waited out: tests/device/test_sim_announce.py reads it.)
    states, shots = run(script)
    assert highlighted(shots["start"]) == 4            # J4: right of J1
    # J4 had only "pawn out" to do: done at once (OUT 2 | J4 3 << 4),
    # and it is J3's turn.
    assert states[0]["session"]["log"] == "32"
    assert highlighted(shots["j4_out"]) == 3
    assert highlighted(shots["j3_passed"]) == 2        # J2's turn
    # From J2's row one UP is J1 (the cursor moved, no event), J1's pawn
    # came out at once; the turn goes on to J4.
    assert states[1]["session"]["log"] == "32" + "25" + "02"
    assert highlighted(shots["j1_out"]) == 4
    assert states[-1]["screen"] == "Play"


DUPLICON_3 = """ok
down
ok
up
ok
up
ok
"""        # new game, Duplicon, 3 players (the list starts at 4), start


def test_duplicon_cursor_follows_the_turn_and_marks_who_may_not_draw(
        tmp_path):
    img = tmp_path / "flash.img"
    script = DUPLICON_3 + """shot start
ok
wait 2600
shot j1_drew
long ok
wait 2600
shot j3_passed
long ok
wait 2600
shot j2_passed
ok
shot refused
state
wait 2600
long ok
wait 2600
shot j1_passed
state
long back
wait 1600
shot undone
state
"""
    states, shots = run(script, flash=img)
    # The round line on top, then J1..J3; J1 starts round 1.
    assert read_row(shots["start"], 0)[0] == "OK: Anotar ronda"
    assert highlighted(shots["start"]) == 1
    # OK on J1: drew a card (said in a message, tests/device/test_sim_announce.py);
    # the turn goes counter-clockwise to J3, and J1 may not draw on their
    # next turn ("no roba" next to their total).
    assert highlighted(shots["j1_drew"]) == 3
    assert right_text(shots["j1_drew"], 1).startswith("no roba")
    assert "no roba" not in right_text(shots["j1_drew"], 3)
    # Long OKs: next turn, J3's then J2's; J1's bar stays until J1's turn
    # ends.
    assert highlighted(shots["j3_passed"]) == 2
    assert highlighted(shots["j2_passed"]) == 1
    assert right_text(shots["j2_passed"], 1).startswith("no roba")
    # J1 draws again: refused with the reason, nothing changed.
    assert "no puede robar" in toast(shots["refused"])
    assert states[0]["session"]["log"] == "03" + "22" + "12"
    # J1's turn ends without a draw: the bar is lifted, J3's turn.
    assert states[1]["session"]["log"] == "03" + "22" + "12" + "02"
    assert highlighted(shots["j1_passed"]) == 3
    assert "no roba" not in right_text(shots["j1_passed"], 1)
    # A long BACK undoes it: J1's turn, barred from drawing again.
    assert highlighted(shots["undone"]) == 1
    assert right_text(shots["undone"], 1).startswith("no roba")
    # A power cut: the next boot gives back the turn and the bar; a round
    # (entered from the round line) lifts every bar, and round 2 starts
    # with J3, to J1's right.
    states, shots = run("state\nok\nshot boot\nup\nok\nlong ok\n"
                        "shot round1\nstate\n", flash=img)
    assert states[0]["screen"] == "Note"
    assert highlighted(shots["boot"]) == 1
    assert right_text(shots["boot"], 1).startswith("no roba")
    assert states[1]["session"]["totals"] == [0, 0, 0]
    assert highlighted(shots["round1"]) == 3
    assert not any("no roba" in right_text(shots["round1"], i)
                   for i in (1, 2, 3))


def test_dog_kill_names_the_victim_in_the_players_list():
    script = DOG_4 + """ok
ok
ok
ok
ok
shot j4_list
up
ok
state
"""
    # Every player brought a pawn out (J4, J3, J2, J1: one choice each),
    # J4's turn again: pawn out, pawn in goal, and one row per pawn J4
    # could have killed: partner J2 (rare), then the other team (J1, J3)
    # last, one UP away from the first row as the list wraps.
    states, shots = run(script)
    rows = [read_row(shots["j4_list"], i)[0] for i in range(5)]
    assert rows == ["Sacó ficha", "Ficha a la meta", "Mató a J2",
                    "Mató a J1", "Mató a J3"]
    # "Mató a J3": the kill is recorded at once (KILL 3 | J4 3 << 4, J3).
    assert states[-1]["session"]["log"] == "32221202" + "3302"
    assert states[-1]["screen"] == "Play"


def test_dog_a_player_with_nothing_allowed_sees_every_row_and_why():
    # dog.keys up to J1's 4th pawn in the goal: J1 has nothing at home or
    # on the track and partner J3 no pawn out, so nothing is allowed. OK
    # on J1 lists every event (the rules core says why each is refused):
    # "Mató a J2" is refused (no pawn of J1's team could have killed it)
    # and nothing changes.
    lines = (ROOT / "sim" / "scripts" / "dog.keys").read_text().splitlines()
    end = next(i for i, ln in enumerate(lines) if "# goal 4" in ln)
    script = "\n".join(lines[:end + 1]) + """
state
up 3
ok
shot j1_list
down 4
ok
shot refused
state
"""
    states, shots = run(script)
    rows = [read_row(shots["j1_list"], i)[0] for i in range(7)]
    assert rows == ["Sacó ficha", "Ficha a la meta", "Meta (la movió pareja)",
                    "Mató a J1", "Mató a J2", "Mató a J3", "Mató a J4"]
    assert any("Ese jugador no tiene" in t for y in range(57)
               for t in line_at(shots["refused"], y))    # NO_KILLER_PAWN
    before, after = states[:2]
    assert after["session"]["log"] == before["session"]["log"]
    assert after["screen"] == "Play"


def test_dog_rows_and_list_dial_a_hold_let_go_picks_the_row():
    # DOG's rows dial (app/play/dial.py): a held UP steps at once, pauses
    # (the first repeat only tells a hold from a tap), then walks a row per
    # repeat (every 150 ms) and stops at the end; letting go is OK on the
    # row. From J4 (the first player), UP held 720 ms: J3 at once, J2 at
    # 550 ms, J1 at 700 ms, let go before 850 ms: J1's only choice, a pawn
    # out, done at once and said so.
    script = DOG_4 + """hold up 720
shot j1_out
state
wait 2600
ok
ok
ok
wait 2600
shot j1_turn
hold up 1500
shot deal_line
state
down
ok
shot j1_list
hold down 720
shot j1_killed
state
wait 2600
up
shot j4_row
up
shot j3_row
"""
    states, shots = run(script)
    assert states[0]["session"]["log"] == "02"         # OUT | J1 << 4
    assert toast(shots["j1_out"]) == "J1: Sacó ficha. Deshacer: BACK largo"
    # J4, J3, J2: a pawn out each (their only choice); J1's turn again.
    assert highlighted(shots["j1_turn"]) == 1
    # Held past the deal line it stays there; let go there, it deals
    # nothing (a slip must not end the round).
    assert highlighted(shots["deal_line"]) == 0
    assert states[1]["session"]["log"] == "02" + "32" + "22" + "12"
    assert states[1]["screen"] == "Play"
    # J1's list (out, goal, kill J3, kill J2, kill J4): DOWN held 720 ms
    # walks to the fourth row, letting go records it and says so.
    assert [read_row(shots["j1_list"], i)[0] for i in range(5)] == \
        ["Sacó ficha", "Ficha a la meta", "Mató a J3", "Mató a J2",
         "Mató a J4"]
    assert states[2]["session"]["log"].endswith("0301")  # KILL J1, J2
    assert toast(shots["j1_killed"]) == \
        "J1: Mató a J2. Deshacer: BACK largo"
    # A tap moves one row and stays: J4's turn now, UP: J3, UP: J2.
    assert highlighted(shots["j4_row"]) == 3
    assert highlighted(shots["j3_row"]) == 2
