"""Which firmware modules are in RAM in each phase of a game (app/flow.py
lists them): the file format module (core.gamefile) and the table of
titles (core.games) are loaded where a game starts, ends or is recovered,
not while it is played; every event is still written with its CRC (a power
cut resumes the game)."""

from marcador import sim

# Free score pad, 2 players, highest wins, target 100; one round (5, 3).
SETUP = "ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"
ROUND = "ok\nup 5\nok\nup 3\nok\n"


SETUP_ONLY = ("core.gamefile", "core.games")


def test_the_setup_modules_leave_ram_while_a_game_is_played(tmp_path):
    flash = tmp_path / "flash.img"
    states, _ = sim.run_script(SETUP + "wait 300\nstate\n" + ROUND +
                               "wait 300\nstate\n", flash=flash)
    for st in states:
        assert st["screen"] == "Play"
        assert not set(SETUP_ONLY) & set(st["modules"])
        assert "drivers.store" in st["modules"]
    assert states[1]["session"]["totals"] == [5, 3]
    # The power goes: the next boot rebuilds the game from the journal,
    # whose events (CRC included) were written without that module.
    states, _ = sim.run_script("wait 300\nstate\nok\nwait 300\nstate\n",
                               flash=flash)
    assert states[0]["screen"] == "Note"          # "game recovered"
    assert states[1]["screen"] == "Play"
    assert states[1]["session"]["totals"] == [5, 3]
    assert not set(SETUP_ONLY) & set(states[1]["modules"])


def test_the_lifecycle_module_is_not_in_ram_on_the_final_screen():
    # J1 reaches the target: the final breakdown, without app/flow.py in
    # RAM (Final loads it again when it is left); BACK archives the game.
    states, _ = sim.run_script(SETUP + "ok\nhold up 5800\nok\nok\n"
                               "wait 300\nstate\nback\nwait 300\nstate\n")
    assert states[0]["screen"] == "Final"
    assert "app.flow" not in states[0]["modules"]
    assert "app.final" in states[0]["modules"]
    assert states[1]["screen"] == "Home"
    assert states[1]["session"] is None and states[1]["past"] == 1


def test_a_released_module_left_referenced_keeps_almost_nothing():
    # app/memory.py release(), for boot's modules: a stale word that a
    # conservative collector takes for a pointer to the module (seen on the
    # 32-bit VM after boot) then holds its empty globals, not its code.
    import json
    from conftest import FIRMWARE, ROOT, run_micropython
    script = ROOT / "tests" / "mp" / "release_check.py"
    held, listed, names = json.loads(run_micropython(
        script, path=(FIRMWARE,), args=("unload",))[-1])
    assert not listed and names > 20 and held > 1000
    held2, listed2, names2 = json.loads(run_micropython(
        script, path=(FIRMWARE,), args=("release",))[-1])
    assert not listed2 and names2 == 0 and held2 < held / 2, (held, held2)


def test_the_dinos_round_modules_leave_ram_once_used():
    # The disaster's list, the round's grid and extras unload themselves
    # when the round is entered; the summary when it is left.
    from test_sim_dinos_summary import ROUND
    from test_sim_fix import SETUP
    states, _ = sim.run_script(SETUP["dinos"] + ROUND +
                               "back\nwait 500\nstate\n")
    summary, play = set(states[0]["modules"]), set(states[-1]["modules"])
    round_mods = {"app.play.dinos_disaster", "app.play.dinos_round",
                  "app.play.dinos_extras", "app.play.grid"}
    assert states[0]["screen"] == "Summary"
    assert states[-1]["screen"] == "Play"
    assert "app.play.dinos_summary" in summary
    assert not round_mods & summary
    assert not (round_mods | {"app.play.dinos_summary"}) & play
    assert "core.dinos" in play


def test_the_undo_words_leave_ram_once_said():
    # The undo message's words (app/play/words.py and the title's
    # <gid>_words) are loaded for that moment only.
    from test_sim_announce import head
    from screen import toast
    keys = head("doggy", "# 5 points") + "long back\nshot undone\nstate\n"
    states, shots = sim.run_script(keys)
    mods = set(states[0]["modules"])
    assert toast(shots["undone"]).startswith("Deshecho: ")     # said
    assert "app.play.doggy" in mods
    assert not {"app.play.words", "app.play.doggy_words"} & mods


def test_forget_takes_out_exactly_its_lines_modules():
    # app/memory.py forget(phase) on the VM (it reads the table as bytes):
    # every module of the line goes, with its package's attribute, and no
    # other; the table's last line and a continued one included.
    import json
    import re
    from conftest import FIRMWARE, ROOT, run_micropython
    out = run_micropython(ROOT / "tests" / "mp" / "forget_check.py",
                          path=(FIRMWARE,))
    res = json.loads(out[0])
    # Every phase of the table (a line that does not go on the one before)
    table = re.search(r'PHASES = b"""\n(.*?)"""',
                      (FIRMWARE / "app" / "memory.py").read_text(),
                      re.S).group(1)
    assert sorted(res) == sorted(line.split()[0] for line in
                                 table.splitlines() if line[:1] != " ")
    assert res["from_home"][0][-1] == "core.games"          # continued
    assert res["boot_only"][0][-1] == "core.games"          # last line
    assert res["notes"][0] == ["app.notes", "app.note"]
    for phase, (names, gone, left, others) in res.items():
        assert names and sorted(names) == gone, phase
        assert left == [] and others == [], phase
    counts = [int(re.search(r"n_qstr=(\d+)", line).group(1))
              for line in out if line.startswith("qstr pool:")]
    assert len(counts) == 2 and counts[1] == counts[0]


def test_the_lifecycle_module_comes_with_the_names_and_leaves_at_home():
    # app/flow.py (the options, the game's start) is loaded when the names
    # screen opens, so that neither the key that asks the options nor the
    # game's start pays for it; backing out to home forgets it.
    to_names = SETUP[:SETUP.index("up\n")]      # title, count: the names
    states, _ = sim.run_script(to_names + "wait 300\nstate\n"
                               "back\nback\nback\nwait 300\nstate\n")
    assert states[0]["screen"] == "Names"
    assert "app.flow" in states[0]["modules"]
    assert states[1]["screen"] == "Home"
    assert "app.flow" not in states[1]["modules"]
    assert "app.clock" not in states[1]["modules"]
