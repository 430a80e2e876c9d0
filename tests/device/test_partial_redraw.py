"""Partial redraw (app/ui.py: only the bands whose texts changed are drawn
again) shows exactly what a whole redraw shows: random key sequences on
the simulator, run twice, once with every frame drawn whole; the panel
must be the same at every frame."""

import random
from binascii import crc32

import pytest

from conftest import FIRMWARE, MP_SCRIPTS, ROOT, printed, run_micropython
from marcador_core.games import IDS
from test_sim_random_keys import KEYS, maxplayers, script_for


def frames(script, mode, *more):
    out = run_micropython(MP_SCRIPTS / "redraw_check.py", stdin=script,
                          path=(ROOT / "sim", FIRMWARE), args=(mode,) + more)
    return printed(out[-1])


@pytest.mark.parametrize("gid", IDS)
def test_partial_redraw_shows_what_a_whole_redraw_shows(gid):
    rnd = random.Random(gid)
    keys = [rnd.choice(KEYS) for _ in range(150)]
    script = script_for(gid, keys) + "quit\n"
    partial = frames(script, "partial")
    full = frames(script, "full")
    assert len(partial) > 100
    assert len(partial) == len(full)
    bad = [i for i in range(len(full)) if partial[i] != full[i]]
    assert not bad, f"{len(bad)} of {len(full)} frames differ, first {bad[0]}"


@pytest.mark.parametrize("gid", ("dog", "doggy", "duplicon"))
def test_a_toast_over_rows_drawn_in_part_shows_a_whole_redraw(gid):
    # A toast coming up (a recorded event's announcement, an undo) is
    # drawn over the rows as partial redraw leaves them (app/app.py draw:
    # only the changed ones drawn again): the scripted game's frames,
    # toasts among them, against every frame drawn whole.
    script = "\n".join(ln for ln in (ROOT / "sim" / "scripts" /
                                      f"{gid}.keys").read_text().splitlines()
                        if not ln.startswith("shot")) + "\nquit\n"
    partial = frames(script, "partial", "toasts")
    full = frames(script, "full", "toasts")
    toasts = [f for f in partial if f[1]]
    assert toasts and len(partial) == len(full)
    bad = [i for i in range(len(full)) if partial[i] != full[i]]
    assert not bad, f"{len(bad)} of {len(full)} frames differ, first {bad[0]}"


@pytest.mark.parametrize("gid", ("doggy", "dog", "free"))
def test_drawing_after_the_key_shows_the_same_screens(gid):
    # As on a board (drivers/hardware.py): the key's step only takes the
    # key, the next draws, the frame goes out two pages a step. Each time
    # the panel settles it shows what drawing at once shows, in the same
    # order, but for the cleared screen drawing at once shows while a game
    # starts (drawn later, the start is made before the step draws).
    rnd = random.Random(gid + "later")
    keys = [rnd.choice(KEYS) for _ in range(120)]
    script = script_for(gid, keys) + "quit\n"
    now = frames(script, "partial", "settled")
    later = frames(script, "later", "settled")
    blank = crc32(bytes(128 * 8))
    assert len(now) > 60 and now.count(blank) == 1
    kept = [c for c in now if c != blank]
    assert later == [c for i, c in enumerate(kept) if not i or
                     kept[i - 1] != c]


@pytest.mark.parametrize("gid,seed", [(g, s) for g in ("dog", "doggy")
                                      for s in (1, 2, 3)])
def test_rows_checked_by_values_never_go_stale(gid, seed):
    # DOG's and Doggy Style's play screens check a row by the values it
    # shows (app/play/rows.py: pawns, unordered Parrandas, totals, the
    # highlight; the names and the language in the salt) and make its
    # texts only when that checksum changes. Random events straight into
    # the session (a majority moving another player's total, undo), the
    # cursor and the scroll moved at random; each frame against a whole
    # redraw.
    out = run_micropython(MP_SCRIPTS / "fresh_check.py",
                          stdin=maxplayers.start(gid),
                          path=(ROOT / "sim", FIRMWARE), args=(gid, seed))
    r = printed(out[-1])
    assert r["frames"] > 100 and r["accepted"] > 30, r
    assert r["bad"] == [], f"frames {r['bad']} differ from a whole redraw"


def test_partial_redraw_cases():
    # The cases random keys may miss: scroll marks that come and go on
    # rows whose texts stay, a frame drawn without bands in between, a
    # screen with fewer rows, the grid's cursor and a value that grows.
    out = run_micropython(MP_SCRIPTS / "redraw_cases_check.py",
                          path=(FIRMWARE,))
    r = printed(out[-1])
    assert r["frames"] == 21
    assert r["bad"] == [], f"frames {r['bad']} differ from a whole redraw"
