"""The turn cursor on the simulator (the real firmware): Doggy Style, DOG
and Duplicon put the highlight on the player whose turn it is, after every
event, an undo and a power cut; a long OK says "next turn" (a pass, in the
log); Doggy's player list opens on that player's last colour; DOG offers
only what the rules allow and skips a list of one; Duplicon's OK on a
player is a card drawn, and marks who may not draw. Read from the panel."""

from host_tools import sim
from screen import read_row, pixels, glyph_at, toast

DOGGY_3 = """ok
ok
up
ok
up
ok
"""        # new game, Doggy Style, 3 players (the list starts at 4), start

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


def test_doggy_cursor_follows_the_turn_mario_undo_and_power_cut(tmp_path):
    img = tmp_path / "flash.img"
    script = DOGGY_3 + """shot start
ok
down
ok
ok
shot after_take
long ok
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
wait 1000
shot undo_mario
long back
wait 1000
shot undo_take
state
"""
    states, shots = run(script, flash=img)
    assert highlighted(shots["start"]) == 1            # J1: turn 0
    # J1 took a red 1 (the list opened on blue, the value on 1): J2's turn.
    assert read_row(shots["after_take"], 1)[0] == "J1 R1"
    assert highlighted(shots["after_take"]) == 2
    assert highlighted(shots["after_pass"]) == 3       # J2 passed: J3
    # J3's list opens on blue (no colour of theirs yet), the points on 1.
    assert read_row(shots["j3_took"], 3)[0] == "J3 A1"
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


def test_doggy_list_opens_on_the_players_last_colour():
    script = DOGGY_3 + """ok
down 2
ok
ok
long ok
long ok
ok
shot j1_list
"""
    # J1 took a yellow 1; J2 and J3 passed; J1's list opens on yellow.
    _, shots = run(script)
    assert highlighted(shots["j1_list"]) == 2
    assert read_row(shots["j1_list"], 2)[0] == "amarillo"


def test_dog_cursor_starts_right_of_the_dealer_and_skips_single_choices():
    script = DOG_4 + """shot start
ok
shot j4_out
state
long ok
shot j3_passed
up
ok
shot j1_out
state
"""
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


def right_text(shot, i):
    # Content row i's whole right-aligned text (its glyph grid is not the
    # left text's: reading stops where the name is).
    px = pixels(shot)
    out = ""
    for k in range(1, 26):
        ch = glyph_at(px, 128 - 5 * k, 8 + 8 * i)
        if ch == "?":
            break
        out = ch + out
    return out.strip()


def test_duplicon_cursor_follows_the_turn_and_marks_who_may_not_draw(
        tmp_path):
    img = tmp_path / "flash.img"
    script = DUPLICON_3 + """shot start
ok
shot j1_drew
long ok
shot j3_passed
long ok
shot j2_passed
ok
shot refused
state
wait 2600
long ok
shot j1_passed
state
long back
wait 1000
shot undone
state
"""
    states, shots = run(script, flash=img)
    # The round line on top, then J1..J3; J1 starts round 1.
    assert read_row(shots["start"], 0)[0] == "OK: Anotar ronda"
    assert highlighted(shots["start"]) == 1
    # OK on J1: drew a card; the turn goes counter-clockwise to J3, and J1
    # may not draw on their next turn ("no roba" next to their total).
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
