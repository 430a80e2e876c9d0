"""Damaged files inside the board's littlefs image at boot (issue 23, "not
yet tried"): the settings and their roster, the `next` file, the fsid, the
synced marks, an archive segment, the journal. The real simulator (`marcador
sim --script`) boots each damaged image and then takes random keys (new games
use the roster's names and the last player counts): it never crashes, and
the games the damage did not touch are still there."""

import json
import random
import shutil
import subprocess
from itertools import cycle

import pytest

from conftest import ROOT
from marcador import sim
from test_flash import put_files, MICROPYTHON
from test_sim_random_keys import KEYS, check_states
from marcador_core.games import IDS

SCRIPT = (ROOT / "sim" / "scripts" / "duplicon.keys").read_text()
FIRST = SCRIPT[:SCRIPT.index("shot duplicon_turn")]


def read_file(img, path):
    code = "\n".join([
        "import os, sys", f"sys.path.insert(0, {str(ROOT / 'sim')!r})",
        "from fakes.blockdev import BlockDev",
        f"os.mount(os.VfsLfs2(BlockDev(256, path={str(img)!r})), '/img')",
        f"print(open('/img{path}', 'rb').read().hex())"])
    out = subprocess.run([MICROPYTHON, "-c", code], capture_output=True,
                         text=True, timeout=60)
    return bytes.fromhex(out.stdout.strip()) if out.returncode == 0 else None


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    # Two boards with one archived Duplicon (played to its end, BACK from
    # the final screen): "playing" has a second one in progress (one card
    # drawn), "home" none (its keys start new games).
    d = tmp_path_factory.mktemp("kept")
    home = d / "home.img"
    states, _ = sim.run_script(SCRIPT + "back\nstate\n", flash=home)
    assert states[-1]["past"] == 1 and not states[-1]["session"]
    playing = d / "playing.img"
    shutil.copy(home, playing)
    states2, _ = sim.run_script(FIRST + "state\n", flash=playing)
    assert states2[-1]["session"]
    return {"home": (home, states[-1]), "playing": (playing, states2[-1])}


def settings(**kw):
    d = {"lang": 0, "dim_s": 60, "off_s": 300, "roster": ["Ana", "Beto"],
         "last_n": {"duplicon": 2}, "tz_min": 0}
    d.update(kw)
    return json.dumps(d).encode()


# (files put over the kept ones, what must survive: the game in progress
# "session", the newest archived game "last_past").
DAMAGE = {
    "settings garbage": ({"/settings.json": b"\xff\xfe{\x00\x01"},
                         ("session", "last_past")),
    "settings a list": ({"/settings.json": b"[1, 2]"}, ("session", "last_past")),
    "roster not names": ({"/settings.json": settings(
        roster=[1, None, {"a": 1}, ["x"], True, 2.5])},
        ("session", "last_past")),
    "roster odd names": ({"/settings.json": settings(
        roster=["", "x" * 300, "J\n2", "\u00e9\u20ac", "\U0001f600",
                "\ud800", "a\u0000b"])}, ("session", "last_past")),
    "last_n odd": ({"/settings.json": settings(
        last_n=dict(zip(IDS, cycle((1.5, 99, [2], "x", None, -3))),
                    zzz=4))},
                   ("session", "last_past")),
    "settings odd values": ({"/settings.json": settings(
        lang=True, dim_s=1.0, off_s=-1, tz_min=10 ** 30)},
        ("session", "last_past")),
    "next garbage": ({"/games/next": b"\xff\x00z"}, ("session", "last_past")),
    "next negative": ({"/games/next": b"-40"}, ("session", "last_past")),
    "next huge": ({"/games/next": b"9" * 40}, ("session", "last_past")),
    "fsid garbage": ({"/games/fsid": b"\x00\x01"}, ("session", "last_past")),
    "synced garbage": ({"/games/synced": b"1-\xff,,--9"},
                       ("session", "last_past")),
    "segment garbage": ({"/games/a0001": bytes(range(256)) * 3},
                        ("session",)),
    "journal garbage": ({"/games/cur": b"G\x01" + bytes(200)}, ("last_past",)),
    "journal empty": ({"/games/cur": b""}, ("last_past",)),
}


def cases():
    # Every damage with a game in progress; from the home screen (new
    # games: the roster and the player counts in use) the settings ones,
    # the others under -m slow.
    for case in DAMAGE:
        yield case, "playing"
        home = case.startswith(("settings", "roster", "last_n"))
        yield pytest.param(case, "home", marks=() if home else
                           pytest.mark.slow)


@pytest.mark.parametrize("case,board", list(cases()))
def test_a_damaged_file_in_the_flash_at_boot(kept, tmp_path, case, board):
    img0, before = kept[board]
    files, survive = DAMAGE[case]
    img = tmp_path / "flash.img"
    shutil.copy(img0, img)
    put_files(img, files)
    # Boot (the resume note, if any, closed after a while), then random
    # keys: new games named from the roster, settings screens, history.
    rnd = random.Random(case + board)
    keys = [rnd.choice(KEYS) for _ in range(300)]
    start = FIRST if board == "home" else ""
    script = "wait 3000\nstate\n" + start + "".join(
        k + "\n" + ("state\n" if i % 25 == 24 else "")
        for i, k in enumerate(keys))
    states, _ = sim.run_script(script, flash=img)
    first = states[0]
    for key in survive:
        if before[key]:
            assert first[key] and first[key]["log"] == before[key]["log"], \
                (case, key)
    if case in ROSTER:
        assert first["roster"] == ROSTER[case]
    assert check_states(states) > 0


# What is left of a damaged roster: the names the device can show (1 to 12
# printable characters; the others are dropped, not drawn or sent on).
ROSTER = {"roster not names": [], "roster odd names": ["\u00e9\u20ac"]}
