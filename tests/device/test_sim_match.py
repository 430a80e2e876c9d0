"""A DOG match survives a power cut: the tally is in each game's options
(its header on the flash), so after the power goes at the match score
screen the next boot offers the next game with the tally, and the match
ends when a team has won enough games. Runs the real simulator on one
flash image, as tests/device/test_storage.py does."""

from conftest import ROOT
from marcador import sim

DOG_KEYS = (ROOT / "sim" / "scripts" / "dog.keys").read_text().splitlines()


def _game_keys():
    # dog.keys from the first deal to the last goal: team J1+J3 wins.
    start = next(i for i, ln in enumerate(DOG_KEYS) if "match of 1" in ln)
    end = next(i for i, ln in enumerate(DOG_KEYS) if "dog_final" in ln)
    return "\n".join(ln for ln in DOG_KEYS[start + 1:end]
                     if not ln.startswith("shot")) + "\n"


def _first_game_of_3():
    start = next(i for i, ln in enumerate(DOG_KEYS) if "match of 1" in ln)
    head = "\n".join(DOG_KEYS[1:start]) + "\n"
    return head + "down\nok\n" + _game_keys()        # a match of 3 games


def test_the_dog_match_tally_survives_a_power_cut(tmp_path):
    img = tmp_path / "flash.img"
    # Game 1 of a best of 3: team 1 wins; the power goes at the match
    # score screen (the script ends there).
    # BACK leaves the final screen: the game is archived, the match
    # score follows.
    states, _ = sim.run_script(_first_game_of_3() + "back\nstate\n",
                               flash=img)
    end1 = states[-1]
    assert end1["screen"] == "Note" and end1["session"] is None
    first = end1["last_past"]
    assert first["over"] and first["winners"] == 0b0101
    assert first["opts"] == "00030000"      # dealer J1, 3 games, 0:0
    # Boot: the match screen is back; OK starts game 2 with the tally 1:0,
    # dealt by J4 (the first dealer's right). Team 1 wins again: 2:0
    # takes the match, so there is no next game. The cursor starts on
    # whose turn it is: J3 (J4 deals), and after the deal J2 (J3 deals
    # round 2), one row from J1 rather than two; then as in game 1.
    keys = _game_keys().splitlines()
    assert keys[0] == "down" and keys[2] == "up 2", keys[:3]
    keys[0], keys[2] = "down 2", "up"
    game2 = "\n".join(keys) + "\n"
    states, _ = sim.run_script("state\nok\nstate\n" + game2 +
                               "back\nstate\nok\nstate\n", flash=img)
    boot, started, end2, after = states[:4]   # (a last dump at the end)
    assert boot["screen"] == "Note" and boot["session"] is None
    assert started["screen"] == "Play"
    assert started["session"]["opts"] == "03030100"
    assert end2["screen"] == "Note" and end2["last_past"]["over"]
    assert after["screen"] == "Home" and \
        after["session"] is None
    assert after["past"] == 2
    # The match is decided: the next boot offers no next game.
    states, _ = sim.run_script("state\n", flash=img)
    assert states[0]["screen"] != "Note" and states[0]["session"] is None
