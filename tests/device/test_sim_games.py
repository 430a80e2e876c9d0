"""A full game of every title, played through the keys on the simulator
(the real firmware on the MicroPython VM). The final screen, read back from
the panel the fake I2C bus decoded, shows the totals and winner that
`marcador score` computes from the device's own game log."""


import pytest

from conftest import ROOT
from marcador import sim
from helpers import device_score
from marcador_core.games import IDS
from screen import read_row

SCRIPTS = ROOT / "sim" / "scripts"


def play(gid):
    states, shots = sim.run_script((SCRIPTS / f"{gid}.keys").read_text())
    return states[-1], shots


@pytest.mark.parametrize("gid", IDS)
def test_scripted_game_matches_marcador_score(gid, tmp_path):
    final, shots = play(gid)
    # The final screen: the game is still the one in progress (it can be
    # undone there) and nothing is archived until it is left.
    assert final["screen"] == "Final" and final["past"] == 0
    dev = final["session"]
    assert dev["game"] == gid and dev["over"]
    rec, res = device_score(dev, tmp_path)
    totals = [p["total"] for p in res["players"]]
    assert res["over"]
    assert totals == dev["totals"]
    # What the panel shows: one row per player, "*" on the winners, and
    # the total right-aligned.
    screen = shots[f"{gid}_final"]
    for p, name in enumerate(dev["names"]):
        left, right = read_row(screen, p)
        mark = "*" if p in res["winners"] else " "
        assert left == mark + name, (left, right)
        assert right == str(totals[p])
    winner_line = read_row(screen, len(dev["names"]))[0]
    for p in res["winners"]:
        assert dev["names"][p] in winner_line


def test_screen_reader_can_fail():
    # The reader must notice a wrong digit: compare against a frame where
    # one pixel of the total changed.
    final, shots = play("free")
    bits = bytearray.fromhex(shots["free_final"])
    left, right = read_row(bits.hex(), 0)
    bits[(8 + 3) * 16 + 15] ^= 0x02          # a pixel inside the total
    assert read_row(bits.hex(), 0) != (left, right)
