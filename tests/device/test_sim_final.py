"""Nothing lost by a key press at the end of a game (issue 14): the final
screen of every title offers "undo the last event", which returns to play
with that event undone (the game's normal undo, in its journal); the game
is archived only when the final screen is left (BACK), so the sync link
never offers a game that is reopened, and a power cut on the final screen
boots back into it. Played through the keys on the simulator."""


import pytest

from conftest import ROOT
from marcador import sim
from helpers import device_score
from marcador.devicelog import to_record
from marcador_core.games import IDS
from screen import read_row

SCRIPTS = ROOT / "sim" / "scripts"


def keys(gid):
    return (SCRIPTS / f"{gid}.keys").read_text() + "\n"


def score(gid, dev, tmp_path):
    # `marcador score` of the device's own log: the totals the rules give.
    assert dev["game"] == gid
    rec, res = device_score(dev, tmp_path)
    return res, rec


@pytest.mark.parametrize("gid", IDS)
def test_undo_on_the_final_screen_returns_to_play(gid, tmp_path):
    # UP from the first row wraps to the last one: "undo the last event".
    states, shots = sim.run_script(keys(gid) + "state\nshot undo_row\n"
                                   "up\nshot at_undo\nok\nstate\n")
    final, back = states[:2]
    assert final["screen"] == "Final" and final["session"]["over"]
    assert final["past"] == 0                  # not archived yet
    n = len(final["session"]["names"])
    left, _ = read_row(shots["at_undo"], n + 1)
    assert left in ("Deshacer último evento", "Undo the last event"), left
    # Back in play, the last event undone: the log is the final one plus
    # an undo record, and the totals are what the rules make of it.
    assert back["screen"] == "Play" and back["past"] == 0
    dev = back["session"]
    assert not dev["over"] and dev["number"] == final["session"]["number"]
    assert dev["log"].startswith(final["session"]["log"])
    assert len(dev["log"]) > len(final["session"]["log"])
    res, rec = score(gid, dev, tmp_path)
    assert rec["events"][-1]["e"] == "undo", rec["events"][-1]
    assert not res["over"]
    assert [p["total"] for p in res["players"]] == dev["totals"]


def test_a_stray_ok_on_the_final_screen_loses_nothing():
    # free.keys: 2 players. OK on the first row shows a player's detail;
    # OK on the result line does nothing; only BACK leaves, and then the
    # game is archived.
    states, _ = sim.run_script(keys("free") + "state\nok\nstate\nback\n"
                               "down 2\nok\nok\nstate\nback\nstate\n")
    final, detail, result, left = states[:4]
    assert final["screen"] == "Final" and final["past"] == 0
    assert detail["screen"] == "Note" and detail["past"] == 0
    assert result["screen"] == "Final" and result["past"] == 0
    assert result["session"]["log"] == final["session"]["log"]
    assert left["screen"] == "Home"
    assert left["session"] is None and left["past"] == 1
    assert left["last_past"]["log"] == final["session"]["log"]


def test_power_cut_on_the_final_screen_then_undo(tmp_path):
    img = tmp_path / "flash.img"
    # The script ends on the final screen: the power goes there.
    states, _ = sim.run_script(keys("free") + "state\n", flash=img)
    final = states[-1]["session"]
    # Boot: the final screen again, with its undo; nothing archived.
    states, _ = sim.run_script("state\nup\nok\nstate\n", flash=img)
    boot, undone = states[:2]
    assert boot["screen"] == "Final" and boot["past"] == 0
    assert boot["session"]["log"] == final["log"]
    assert undone["screen"] == "Play" and not undone["session"]["over"]
    # The undo is on flash: the next boot resumes play, not the end.
    states, _ = sim.run_script("state\n", flash=img)
    again = states[0]
    assert again["past"] == 0 and not again["session"]["over"]
    assert again["session"]["log"] == undone["session"]["log"]
    # Redo (game menu) ends it again; BACK archives it, once.
    states, _ = sim.run_script("back\nback\ndown 2\nok\nstate\nback\n"
                               "state\n", flash=img)
    redone, left = states[:2]
    assert redone["screen"] == "Final" and redone["past"] == 0
    assert left["past"] == 1 and left["session"] is None
    assert left["last_past"]["over"]


def _head(gid, marker):
    # A title's script up to (not including) the line with marker.
    lines = keys(gid).splitlines()
    end = next(i for i, ln in enumerate(lines) if marker in ln)
    return "\n".join(lines[:end]) + "\n"


def test_ending_the_free_pad_by_hand_is_asked_first_no_by_default():
    # After round 1: game menu, "end the game" (5th item): a yes/no
    # question, 'no' on top; OK leaves the game as it was.
    head = _head("free", "shot free_play")
    states, _ = sim.run_script(head + "state\nback\ndown 4\nok\nstate\n"
                               "ok\nstate\nback\ndown 4\nok\ndown\nok\n"
                               "state\n")
    before, asked, kept, ended = states[:4]
    assert asked["screen"] == "Choice"
    assert kept["screen"] == "Play" and not kept["session"]["over"]
    assert kept["session"]["log"] == before["session"]["log"]
    assert ended["screen"] == "Final" and ended["session"]["over"]


def test_doggy_cursor_leaves_the_mario_hugo_row(tmp_path):
    # After a Mario Hugo the cursor is on a player, not on the line whose
    # third press ends play: OK then opens that player's actions.
    img = tmp_path / "flash.img"
    head = _head("doggy", "# 2/3") + "ok\nwait 1600\n"     # 2/3
    states, _ = sim.run_script(head + "state\nok\nstate\n", flash=img)
    before, after = states[:2]
    assert after["screen"] == "Choice"
    assert after["session"]["log"] == before["session"]["log"]
    # After a boot with two Mario Hugos played (OK on the "recovered"
    # note, then OK): a player's actions too, not the third Mario Hugo.
    states, _ = sim.run_script("ok\nok\nstate\n",
                               flash=img)
    assert states[0]["screen"] == "Choice"
    assert states[0]["session"]["log"] == before["session"]["log"]


def test_doggy_third_mario_hugo_taken_back_before_the_wilds():
    # The third Mario Hugo with a wild to assign: its note (play is over),
    # OK, then "pass the device"; BACK there returns to play, where a long
    # BACK undoes the Mario Hugo (2/3 again), and nothing was assigned.
    lines = keys("doggy").splitlines()
    end = next(i for i, ln in enumerate(lines) if "# play is over" in ln)
    script = "\n".join(lines[:end + 1]) + "\n"
    states, _ = sim.run_script(script + "state\nback\nstate\nlong back\n"
                               "state\n")
    passing, back, undone = states[:3]
    assert passing["screen"] in ("Note", "PassTo")   # pass the device
    assert back["screen"] == "Play"
    assert back["session"]["log"] == passing["session"]["log"]
    assert undone["screen"] == "Play" and not undone["session"]["over"]
    assert len(undone["session"]["log"]) > len(back["session"]["log"])
    dev = undone["session"]
    rec = to_record("doggy", dev["names"], bytes.fromhex(dev["opts"]),
                    bytes.fromhex(dev["log"]))
    assert [e["e"] for e in rec["events"][-2:]] == ["mario", "undo"], \
        rec["events"][-2:]


def test_dinos_final_marks_the_eliminated():
    # Dinos, 3 players: J3 takes a natural, a predator and an emotional
    # disaster (three types: out), then J1 runs to 54. The final screen
    # says J3 was eliminated (issue 25 item 6), by its total.
    three = "up 4\nok\nok\ndown 5\nok\n"      # J1 9, J2 5, J3 0
    two = "up 4\nok\ndown 5\nok\n"            # J1 9, J2 0 (J3 is out)
    keys = ("ok\ndown 4\nok\nup\nok\nup\nok\nok\nok\nok\n"   # 3 players
            "ok\nok\n" + three + "ok\ndown\nok\n" + three +
            "ok\ndown 2\nok\n" + three +
            ("ok\nok\n" + two) * 3 + "state\nshot final\n")
    states, shots = sim.run_script(keys)
    assert states[0]["screen"] == "Final"
    assert states[0]["session"]["totals"] == [54, 3, 3]
    assert read_row(shots["final"], 0, 2) == ("*J1", "54")
    assert read_row(shots["final"], 1, 2) == (" J2", "3")
    assert read_row(shots["final"], 2, 2) == (" J3", "eliminado 3")


def test_dog_final_says_which_team_won():
    # DOG is won by a team (issue 25 item 6): the final screen marks both
    # partners and says the team won, by their names.
    lines = keys("dog").splitlines()
    end = next(i for i, ln in enumerate(lines) if "dog_final" in ln)
    states, shots = sim.run_script("\n".join(lines[:end + 1]) + "\nstate\n")
    assert states[0]["screen"] == "Final"
    assert [read_row(shots["dog_final"], i) for i in range(5)] == [
        ("*J1", "4"), (" J2", "0"), ("*J3", "4"), (" J4", "0"),
        ("¡Ganan J1 + J3!", "")]
