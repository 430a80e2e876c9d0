"""The rules audit on the device (the firmware's App on the simulated
board, MicroPython VM, real littlefs2): Doggy's wild assignment when the
flash refuses the write (tests/mp/rules_check.py does the work)."""


from conftest import MP_SCRIPTS, printed, run_micropython


def check(*args):
    out = run_micropython(MP_SCRIPTS / "rules_check.py", heapsize="16m",
                          path=(), args=args, timeout=600)
    return printed(out[-1])


def test_a_wild_assignment_the_flash_refuses_is_asked_again():
    r = check("doggy_full")
    assert r["errs"] == [0] * 6
    # Play ended with the third Mario Hugo, but the game is not over
    # until A's ordered wild has a colour; A is asked (after the blank
    # "pass the device" screen).
    assert r["ended"] and not r["over_at_3"]
    assert r["first"] == ["PassTo", "comodín"]
    assert r["asked"] == "Color del comodín 1"
    # The write is refused: the message, nothing changed, the same
    # question again (not the final breakdown).
    ref = r["refused"]
    assert ref["toast"] == "No se pudo guardar: nada cambió"
    assert ref["top"] == "Color del comodín 1"
    assert ref["assigned"] == 0 and not ref["over"]
    assert ref["log_same"] and ref["session"] and ref["kept_on_flash"]
    assert r["after_boot"] == {"resumed": True, "ended": True,
                               "over": False}
    # With room again the colour is kept and the game ends and is archived.
    done = r["done"]
    assert done["over"] and done["assigned"] == 1
    assert done["top"] == "Final" and done["kept_while_final"]
    assert done["session"]
    assert done["archived"] == 1 and done["green"] == 1


def _dinos_two_players(answer):
    from conftest import ROOT
    from marcador import sim
    keys = (ROOT / "sim" / "scripts" / "dinos.keys").read_text()
    head = keys[:keys.index("# two-player rules")].rsplit("\n", 1)[0]
    states, _ = sim.run_script(head + "\n" + answer + "state\n")
    return states[0]


def test_dinos_two_player_rules_are_asked_and_on_by_default():
    on = _dinos_two_players("ok\n")
    # Rex (0x1a) and Stego (0x04); the setup note follows.
    assert on["session"]["opts"] == "1a040000"
    assert on["screen"] == "Note"
    off = _dinos_two_players("down\nok\n")
    assert off["session"]["opts"] == "5a040000"   # bit 6: rules off
    assert off["screen"] == "Play"                 # no setup note


def test_a_match_game_ended_as_the_power_went_shows_the_match_once():
    r = check("dog_end_at_boot")
    assert r["errs"] == [0] * 16 and r["over"]
    assert r["final"] == ["Final", 0]
    assert r["session"] and r["archived"] == 1
    assert r["top"] == "Note"
    assert r["notes"] == [["Equipo 1: 1", "Equipo 2: 0", "",
                           "Siguiente partida"]]
    assert r["again"] == r["notes"]      # the next boot offers it again
