"""Correcting a past round on the simulator (the real firmware on the
MicroPython VM): game menu > correct a round > the round > its entry,
prefilled > OK. The panel's totals, the device's log and `marcador score`
of that log agree; a correction that would break a later round is refused
on screen, naming the round, and nothing changes."""

from marcador import sim
from helpers import device_score
from screen import read_row, toast

# From home: new game, then each title's setup (as in sim/scripts/).
SETUP = {  # picked: the titles with rounds, a setup each
    "free": "ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n",   # 2 players, 100
    "duplicon": "ok\ndown\nok\nup 2\nok\nup\nok\n",        # 2 players
    "alebrijes": "ok\ndown 2\nok\nup\nok\nup\nok\ndown\nok\n",  # 3, J2 starts
    "dinos": "ok\ndown 4\nok\nup 2\nok\nup\nok\nok\nok\nok\nok\n",  # 2 players
}
# Game menu > "correct a round" (its last row: UP from the first).
FIX_MENU = "back\nup\nok\n"


def run(gid, keys):
    states, shots = sim.run_script(SETUP[gid] + keys)
    return states, shots


def marcador_score(dev, tmp_path):
    return device_score(dev, tmp_path)


def test_free_correct_round_1_through_the_menu(tmp_path):
    keys = ("ok\nup 5\nok\nup 3\nok\n"      # round 1: 5, 3
            "ok\nok\nok\n"                  # round 2 starts from 5, 3
            "state\nback\nup\nshot menu\nok\nshot rounds\n"
            "up\nok\n"                      # round 1 (round 2 offered)
            "shot grid\n"
            "up 2\nok\nok\n"                # J1 5 -> 7, J2 keeps 3
            "wait 1000\nstate\nshot after\n")
    states, shots = run("free", keys)
    before, after = states[0]["session"], states[1]["session"]
    assert before["totals"] == [10, 6]
    assert read_row(shots["menu"], 6)[0] == "Corregir una ronda"
    assert [read_row(shots["rounds"], i)[0] for i in range(3)] == \
        ["Ronda 1", "Ronda 2", ""]
    # The entry starts from round 1 as it was.
    assert read_row(shots["grid"], 1)[0].split() == ["J1", "5"]
    assert read_row(shots["grid"], 2)[0].split() == ["J2", "3"]
    assert after["totals"] == [12, 6]
    assert read_row(shots["after"], 0) == ("*J1", "12")
    assert read_row(shots["after"], 1) == (" J2", "6")
    rec, res = marcador_score(after, tmp_path)
    assert rec["events"][-1] == {"e": "fix", "round": 1, "scores": [7, 3]}
    assert [p["total"] for p in res["players"]] == after["totals"]


def test_duplicon_refused_then_accepted_correction(tmp_path):
    # The round line is above J1 and below J2 (rounds start with J1,
    # J2, J1, J2: the cursor waits on the round's first player).
    keys = ("up\nok\nup 20\nok 6\n"         # round 1: J1 won 40
            "down\nok\nok 6\n"              # round 2: J1 won 40 again
            "up\nok\ndown 20\nok 6\n"       # round 3: nobody scores
            "state\n" + FIX_MENU +
            "up 2\nok\n"                    # round 1
            "up 10\nok 6\n"                 # J1 won 60: 100 after round 2
            "shot refused\nstate\n"
            "wait 3000\n"                   # the grid is back as typed:
            "back 5\ndown 5\nok 6\n"        # J1 won 50 in round 1
            "wait 1000\nstate\nshot after\n"
            "down\nok\nup 5\nok 6\n"        # round 4: J1 won 10: 100
            "state\nback\nstate\n")          # the final screen, left
    states, shots = run("duplicon", keys)
    assert states[0]["session"]["totals"] == [80, 0]
    # Refused, naming round 3, the whole message in its box.
    assert "La ronda 3 dejaría de ser válida" in toast(shots["refused"])
    assert states[1]["session"] == states[0]["session"]
    assert states[2]["session"]["totals"] == [90, 0]
    # J1's row, below the round line.
    assert read_row(shots["after"], 1)[1].endswith("90")
    assert states[3]["screen"] == "Final"
    dev = states[4]["last_past"]            # the game archived in flash
    assert dev["over"]
    rec, res = marcador_score(dev, tmp_path)
    assert {"e": "fix", "round": 1, "won": [50, 0], "hand": [0, 0],
            "zone": [0, 0]} in rec["events"]
    assert [p["total"] for p in res["players"]] == dev["totals"] == [100, 0]
    assert res["over"] and res["winners"] == [0]


def test_alebrijes_correct_round_1_through_the_menu(tmp_path):
    keys = ("ok\nok\nup 3\nok 2\nup 5\nok 3\nup 2\nok 4\nup\nok\n"  # round 1
            "ok\nok\nup\nok 5\nup 4\nok 5\n"                       # round 2
            "state\n" + FIX_MENU +
            "up\nok\n"                      # round 1
            "ok\n"                          # J2 went out, as entered
            "down 2\nok 10\n"               # J1 blue 3 -> 1
            "wait 1000\nstate\n")
    states, _ = run("alebrijes", keys)
    assert states[0]["session"]["totals"] == [-8, -1, -7]
    after = states[1]["session"]
    assert after["totals"] == [-6, -1, -7]
    rec, res = marcador_score(after, tmp_path)
    assert rec["events"][-1]["e"] == "fix"
    assert rec["events"][-1]["high"][0] == [1, 0, 5, 0, 0]
    assert [p["total"] for p in res["players"]] == after["totals"]


def test_dinos_correct_round_1_through_the_menu(tmp_path):
    # OK on the last card saves a round (a long OK would open the extras).
    # The summary's OK asks the next round's disaster; BACK leaves it.
    keys = ("ok\nok\nup 4\nok\ndown 5\nok\n"            # natural: 9, 0
            "ok\ndown\nok\nup 4\nok\ndown 5\nok\nback\n"  # predator: 9, 0
            "state\n" + FIX_MENU +
            "up\nok\n"                      # round 1
            "ok\n"                          # natural, as entered
            "down\nok\nok\n"                # J1 9 -> 8, J2 keeps 0: saved
            "wait 1000\nstate\n")
    states, _ = run("dinos", keys)
    before, after = states[0]["session"], states[1]["session"]
    assert after["totals"] == [before["totals"][0] - 1, before["totals"][1]]
    rec, res = marcador_score(after, tmp_path)
    assert rec["events"][-1]["e"] == "fix"
    assert rec["events"][-1]["cards"] == [8, 0]
    assert [p["total"] for p in res["players"]] == after["totals"]



def test_dinos_correction_dials_its_disaster_as_a_round_does(tmp_path):
    # The disaster list of a correction opens on the round's disaster and
    # dials as a new round's does: held down 0.48 s from natural, predator
    # (the first repeat only tells the hold from a tap), let go: picked.
    keys = ("ok\nok\nup 4\nok\ndown 5\nok\nback\n"     # natural: 9, 0
            + FIX_MENU + "up\nok\n"                    # round 1
            "hold down 480\n"                          # predator, picked
            "ok\nok\nwait 1000\nstate\n")              # the cards as they were
    states, _ = run("dinos", keys)
    rec, _ = marcador_score(states[0]["session"], tmp_path)
    assert rec["events"][-1] == {"e": "fix", "round": 1,
                                 "disaster": "predator", "cards": [9, 0]}
