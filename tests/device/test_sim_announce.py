"""Nothing recorded without a word on the screen (issue 25 items 3 and 4),
on the simulator: DOG's only possible action, done on one OK, is announced
with how to undo it, and a long BACK undoes it at once; the third Mario
Hugo says that play is over and how to undo it; the undo message names
what was undone."""

from conftest import ROOT
from marcador import sim
from marcador.devicelog import to_record
from screen import read_header, read_row, toast

SCRIPTS = ROOT / "sim" / "scripts"


def head(gid, marker, inclusive=True):
    lines = (SCRIPTS / f"{gid}.keys").read_text().splitlines()
    end = next(i for i, ln in enumerate(lines) if marker in ln)
    return "\n".join(lines[:end + (1 if inclusive else 0)]) + "\n"


def events(state):
    d = state["session"]
    return to_record(d["game"], d["names"], bytes.fromhex(d["opts"]),
                     bytes.fromhex(d["log"]))["events"]


def test_doggy_undo_names_what_was_undone():
    keys = head("doggy", "# 5 points") + "long back\nshot undone\nstate\n"
    states, shots = sim.run_script(keys)
    assert toast(shots["undone"]) == "Deshecho: J1 tomó rojo 5"
    assert [e["e"] for e in events(states[0])][-2:] == ["take", "undo"]


def test_doggy_third_mario_hugo_says_play_is_over_and_how_to_undo():
    keys = head("doggy", "# 3/3") + "state\nshot end\nback\nstate\n" \
        "shot undone\n"
    states, shots = sim.run_script(keys)
    ended, undone = states[:2]
    assert ended["screen"] == "Choice"
    assert read_header(shots["end"])[0] == "Mario Hugo 3/3"
    assert [read_row(shots["end"], i)[0] for i in range(2)] == \
        ["Fin del juego: seguir", "Deshacer"]
    # BACK there undoes the third Mario Hugo at once: play goes on.
    assert undone["screen"] == "Play" and not undone["session"]["over"]
    assert [e["e"] for e in events(undone)][-2:] == ["mario", "undo"]
    assert toast(shots["undone"]) == "Deshecho: Mario Hugo"


def test_doggy_third_mario_hugo_ok_goes_on_to_the_wilds():
    keys = head("doggy", "# 3/3") + "ok\nstate\n"
    states, _ = sim.run_script(keys)
    assert states[0]["screen"] == "PassTo"


def test_dog_only_action_is_announced_and_undone_at_once():
    # J1's only possible action is a pawn out: one OK records it, and the
    # screen says so and how to undo it; a long BACK undoes it, named.
    keys = head("dog", "# J1: pawn out") + "shot done\nstate\n" \
        "long back\nshot undone\nstate\n"
    states, shots = sim.run_script(keys)
    done, undone = states[:2]
    assert events(done)[-1] == {"e": "out", "p": 0}
    assert toast(shots["done"]) == "J1: Sacó ficha. Deshacer: BACK largo"
    assert [e["e"] for e in events(undone)][-2:] == ["out", "undo"]
    assert toast(shots["undone"]) == "Deshecho: J1: Sacó ficha"


def test_duplicon_drawn_card_is_announced_and_undone_at_once():
    # OK on the player whose turn it is records "drew a card" (case 4) at
    # once: the screen says so and how to undo it, as DOG's only action
    # does; a long BACK undoes it, named.
    keys = head("duplicon", "# OK on J1: drew a card") + "shot done\n" \
        "state\nlong back\nshot undone\nstate\n"
    states, shots = sim.run_script(keys)
    done, undone = states[:2]
    assert events(done)[-1] == {"e": "draw", "p": 0}
    assert toast(shots["done"]) == "J1 robó carta. Deshacer: BACK largo"
    assert [e["e"] for e in events(undone)][-2:] == ["draw", "undo"]
    assert toast(shots["undone"]) == "Deshecho: J1 robó carta"


ENGLISH = "down 2\nok\nok\nback\nup 2\n"  # settings, language: English, home


def test_dog_next_turn_is_announced_with_how_to_undo_it():
    # A long OK on J4 (the first player): "next turn", recorded at once,
    # so the screen says so and how to undo it (a long BACK), in Spanish,
    # and in English when the device is set to it.
    keys = head("dog", "J4 (right of the dealer) starts") + \
        "long ok\nshot passed\nstate\n"
    states, shots = sim.run_script(keys)
    assert events(states[0])[-1] == {"e": "pass", "p": 3}
    assert toast(shots["passed"]) == "J4 pasó turno. Deshacer: BACK largo"
    states, shots = sim.run_script(ENGLISH + keys)
    assert events(states[0])[-1] == {"e": "pass", "p": 3}
    assert toast(shots["passed"]) == "J4: next turn. Undo: long BACK"


def test_duplicon_next_turn_is_announced_with_how_to_undo_it():
    # J1 drew a card; a long OK on J2: next turn, said on the screen.
    keys = head("duplicon", "wait 2600") + "long ok\nshot passed\nstate\n"
    states, shots = sim.run_script(keys)
    assert events(states[0])[-1] == {"e": "pass", "p": 1}
    assert toast(shots["passed"]) == "J2 pasó turno. Deshacer: BACK largo"
    states, shots = sim.run_script(ENGLISH + keys)
    assert toast(shots["passed"]) == "J2: next turn. Undo: long BACK"


def test_doggy_next_turn_is_announced_with_how_to_undo_it():
    # J2 ordered their wild; a long OK on J1: next turn (a pass), recorded
    # at once, so the screen says so and how to undo it, as DOG and
    # Duplicon do; a long BACK undoes it, named.
    keys = head("doggy", "long ok             # J1: next turn (a pass)") \
        + "shot passed\nstate\nlong back\nshot undone\nstate\n"
    states, shots = sim.run_script(keys)
    passed, undone = states[:2]
    assert events(passed)[-1] == {"e": "pass", "p": 0}
    assert toast(shots["passed"]) == "J1 pasó turno. Deshacer: BACK largo"
    assert [e["e"] for e in events(undone)][-2:] == ["pass", "undo"]
    assert toast(shots["undone"]) == "Deshecho: J1 pasó turno"
    states, shots = sim.run_script(ENGLISH + keys)
    assert toast(shots["passed"]) == "J1: next turn. Undo: long BACK"
