"""Happy Little Dinosaurs on the simulator: after a round is entered the
device shows what it did (app/play/dinos_summary.py): each player's round
score with its parts and the inversion, how far each moved, who took the
disaster; OK asks the next round's disaster, BACK goes back to play. The numbers agree with the rules core's
result for the device's log (`marcador score`)."""

from marcador import sim
from screen import glyph_at, pixels, read_right as right_text, read_row
from test_sim_fix import SETUP, marcador_score

# Round 1, predator: J1 (Rex, +1 predator) plays 6, J2 (Stego) plays 2;
# a long OK on the last card opens the extras: J2 -1, inversion on.
ROUND = ("ok\ndown\nok\n"              # new round, predator
         "up\nok\ndown 3\nlong ok\n"   # J1 6, J2 2: the extras
         "down\nok\nok\ndown\nok\n"    # adjustments: J1 0, J2 -1
         "down\nok\n"                  # inversion: yes
         "up 2\nok\n"                  # confirm
         "wait 500\nstate\nshot summary\n")


def title(hexbits):
    px = pixels(hexbits)
    out = ""
    for k in range(25):
        ch = glyph_at(px, 1 + 5 * k, 0)
        if ch == "?":           # the header's rule
            break
        out += ch
    return out.strip()


def test_dinos_round_summary_after_an_adjusted_inverted_round(tmp_path):
    states, shots = sim.run_script(SETUP["dinos"] + ROUND +
                                   "back\nwait 500\nshot play\n")
    shot = shots["summary"]
    dev = states[0]["session"]
    rec, res = marcador_score(dev, tmp_path)
    ev = rec["events"][0]
    assert ev["cards"] == [6, 2] and ev["adjust"] == [0, -1]
    assert ev["invert"] is True
    # J1 6+1 = 7, J2 2-1 = 1; inverted: J1 1, J2 7. J2 runs 7, J1 takes
    # the predator and runs 1 for it: the core's totals after round 1.
    totals = [p["total"] for p in res["players"]]
    assert totals == [1, 7]
    assert title(shot) == "Ronda 1: Depredador"
    rows = [read_row(shot, i) for i in range(7)]
    assert rows[0][0] == "J1 6+1=7>1"
    assert right_text(shot, 0) == "+%d D" % totals[0]
    assert rows[1][0] == "J2 2-1=1>7"
    assert right_text(shot, 1) == "+%d" % totals[1]
    assert rows[4][0] == "D desastre  X eliminado"
    assert rows[5][0] == "a>b: invertido, queda b"
    assert rows[6][0] == "OK: Anotar ronda"     # the next round
    # BACK leaves it: the play screen, round 1 played.
    assert read_row(shots["play"], 6)[0] == "OK: Anotar ronda"


def test_dinos_round_summary_marks_who_the_disaster_eliminated(tmp_path):
    # 3 players (Rex, Stego, Ceratops): J3 plays 0 on three natural rounds
    # (Ceratops -1 natural) and takes all three: out. J1 plays 9 and runs.
    setup = "ok\ndown 4\nok\nup\nok\nup\nok\nok\nok\nok\n"
    rnd = "ok\nok\nup 4\nok\nok\ndown 5\nok\n"     # natural: 9, 5, 0
    # (the summary's OK asks the next round's disaster: rnd's first OK)
    keys = setup + rnd * 3 + "wait 500\nstate\nshot out\n"
    states, shots = sim.run_script(keys)
    dev = states[0]["session"]
    rec, res = marcador_score(dev, tmp_path)
    # The core's result for the device's log: J3 took the third natural
    # and is out (alive: J1, J2); J1 ran 9 a round, J3 1 then 2.
    assert res["status"]["alive"] == [0, 1]
    assert res["status"]["last_taker"] == 2
    assert [p["total"] for p in res["players"]] == dev["totals"] == \
        [27, 0, 3]
    shot = shots["out"]
    assert title(shot) == "Ronda 3: Natural"
    assert read_row(shot, 0)[0] == "J1 9"
    assert right_text(shot, 0) == "+9"
    assert read_row(shot, 1)[0] == "J2 5"
    assert right_text(shot, 1) == "+0"
    assert read_row(shot, 2)[0] == "J3 0-1=-1"
    assert right_text(shot, 2) == "+0 D X"


def test_dinos_round_summary_after_a_sudden_death_round():
    # 3 players, predator: J1 (Rex +1) 9, J2 and J3 tied lowest at 3: the
    # device asks a sudden death round (J2 4, J3 5): J2 takes it. The
    # summary comes after it, on top of play.
    setup = "ok\ndown 4\nok\nup\nok\nup\nok\nok\nok\nok\n"
    keys = setup + ("ok\ndown\nok\nup 4\nok\ndown 2\nok\ndown 2\nok\n"
                    "down\nok\nok\n"             # sudden death: 4, 5
                    "wait 500\nstate\nshot sum\nback\nwait 500\nstate\n")
    states, shots = sim.run_script(keys)
    assert states[0]["screen"] == "Summary"
    assert states[1]["screen"] == "Play"
    # Its module is in RAM only while it is shown (app/memory.py unload).
    assert "app.play.dinos_summary" in states[0]["app_modules"]
    assert "app.play.dinos_summary" not in states[1]["app_modules"]
    shot = shots["sum"]
    assert (read_row(shot, 0)[0], right_text(shot, 0)) == ("J1 9+1=10", "+10")
    assert (read_row(shot, 1)[0], right_text(shot, 1)) == ("J2 3", "+1 D")
    assert (read_row(shot, 2)[0], right_text(shot, 2)) == ("J3 3", "+0")
    assert states[1]["session"]["totals"] == [10, 1, 0]


def test_ok_on_the_summary_asks_the_next_disaster_and_back_goes_to_play(
        tmp_path):
    # The play screen's only action is "new round": the summary's OK goes
    # straight to the next round's disaster (one press fewer a round);
    # BACK leaves to the play screen.
    rnd = "ok\nok\n"                          # cards 5 and 5: saved
    keys = (SETUP["dinos"] + "ok\nok\n" + rnd +    # round 1, natural
            "wait 500\nshot sum1\nstate\nok\nstate\n"
            "down\nok\n" + rnd +                   # round 2, predator
            "wait 500\nstate\nback\nwait 500\nstate\nshot play\n")
    states, shots = sim.run_script(keys)
    summary1, asked, summary2, play = states[:4]
    assert summary1["screen"] == "Summary"
    assert read_row(shots["sum1"], 6)[0] == "OK: Anotar ronda"
    assert asked["screen"] == "DisasterChoice"
    assert asked["depth"] == summary1["depth"]      # on the play screen
    assert "app.play.dinos_summary" not in asked["app_modules"]
    assert summary2["screen"] == "Summary"
    rec, _ = marcador_score(summary2["session"], tmp_path)
    assert [(e["disaster"], e["cards"]) for e in rec["events"]] == \
        [("natural", [5, 5]), ("predator", [5, 5])]
    assert play["screen"] == "Play" and play["depth"] == asked["depth"] - 1
    assert read_row(shots["play"], 6)[0] == "OK: Anotar ronda"
