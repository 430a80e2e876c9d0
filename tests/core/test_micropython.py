"""The rules core on the real MicroPython VM (the unix port): the same
records give the same results as on CPython, nothing is allocated per event,
and every file under firmware/ compiles with mpy-cross."""

import json
import random
import re
import subprocess

import pytest

from marcador_core import record
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog
from conftest import (FIRMWARE, MP_SCRIPTS, NATIVE, ROOT, json_lines,
                      printed, run_micropython, tool)
import title_data
from gamegen import random_game

# A board-sized heap: what the core must fit in, with room to spare.
HEAP = "64k"


def cpython_result(rec):
    try:
        return record.score_record(rec)
    except record.RecordError as ex:
        return {"error": ex.code, "index": ex.index}


def differential(seed, per_game):
    rnd = random.Random(seed)
    recs = []
    for gid in IDS:
        for i in range(per_game):
            rec, tried = random_game(rnd, gid, fixes=True)
            recs.append(rec)
            if i % 4 == 0:
                # Also a record that breaks a rule: both must name the same
                # event and reason.
                bad = dict(rec)
                bad["events"] = [ev for ev, _ in tried]
                recs.append(bad)
    # From the .py sources, unchanged (compiled in RAM, so a larger heap).
    out = run_micropython(MP_SCRIPTS / "score_records.py", json_lines(recs))
    assert len(out) == len(recs)
    errors = 0
    for rec, line in zip(recs, out):
        mp = printed(line)
        cp = cpython_result(rec)
        assert mp == cp, f"{rec['game']}: MicroPython {mp} != CPython {cp}"
        errors += "error" in cp
    return len(recs), errors


def test_same_results_on_cpython_and_micropython():
    count, errors = differential(seed=2024, per_game=40)
    print(f"differential: {count} records, {errors} invalid ones")
    assert count > 240 and 0 < errors < count


@pytest.mark.slow
def test_same_results_on_cpython_and_micropython_long():
    count, _ = differential(seed=7, per_game=1000)
    assert count > 6000


def test_rulebook_example_on_micropython():
    rec = json.loads((ROOT / "examples/doggy_rulebook.json").read_text())
    out = run_micropython(MP_SCRIPTS / "score_records.py", json_lines([rec]))
    result = printed(out[0])
    assert result == cpython_result(rec)
    assert result["players"][0]["total"] == 41


def test_audited_rules_on_micropython():
    # Issue 23 item 11: a disaster redirected to the player who takes it
    # anyway, and DOG match tallies a match cannot reach, are refused the
    # same way by both VMs (and the reachable ones accepted).
    def dinos(redirect):
        return {"game": "dinos", "players": ["A", "B", "C"],
                "options": {"dinos": [{}, {}, {}]},
                "events": [{"e": "round", "disaster": "natural",
                            "cards": [0, 5, 3], "redirect": redirect}]}

    def dog(n, length, wins):
        return {"game": "dog", "players": ["J%d" % i for i in range(n)],
                "options": {"dealer": 0,
                            "match": {"length": length, "wins": wins}},
                "events": [{"e": "out", "p": 0}]}
    recs = [dinos(0), dinos(1), dog(4, 3, [2, 2]), dog(4, 3, [1, 1]),
            dog(4, 1, [1, 0]), dog(6, 3, [1, 1, 1]), dog(6, 5, [0, 3, 0])]
    out = run_micropython(MP_SCRIPTS / "score_records.py", json_lines(recs))
    results = [printed(line) for line in out]
    assert results == [cpython_result(rec) for rec in recs]
    assert ["error" in r for r in results] == [True, False, True, False,
                                               True, False, True]


def encoded(rec, events):
    """A record as hex-encoded events, for the heap harness."""
    gid = rec["game"]
    n = len(rec["players"])
    evs = []
    for ev in events:
        try:
            evs.append(record.encode_event(gid, n, ev).hex())
        except record.RecordError:
            pass
    return {"game": gid, "n": n,
            "opts": record.options_bytes(gid, n, rec["options"]).hex(),
            "events": evs}


def cpython_totals(rec):
    """What heap_check.py computes, on CPython: the encoded events (and
    the refused ones) applied to a log, the totals after scoring."""
    log = GameLog(game_class(rec["game"])())
    log.begin(rec["n"], bytes.fromhex(rec["opts"]))
    for ev in rec["events"]:
        log.add(bytes.fromhex(ev))
    log.game.score()
    return [log.game.total[p] for p in range(rec["n"])]


@pytest.mark.parametrize("gid", IDS)
def test_apply_undo_and_score_allocate_nothing(gid, mpy_tree):
    rnd = random.Random(gid)
    recs = []
    fixes = 0   # corrections of a past round accepted (a replay each)
    kinds = set()   # the kinds of event accepted
    for _ in range(20):
        rec, tried = random_game(rnd, gid, steps=120,
                                 n=None if recs else
                                 game_class(gid).MAX_PLAYERS,
                                 fixes=True)
        recs.append(encoded(rec, [ev for ev, _ in tried]))  # valid + not
        fixes += sum(ev["e"] == "fix" and not err for ev, err in tried)
        kinds.update(ev["e"] for ev, err in tried if not err)
    assert fixes > 0 or gid in ("doggy", "dog")
    # Duplicon's turn events are among those applied under the lock.
    assert gid != "duplicon" or {"pass", "draw"} <= kinds, kinds
    # Doggy's end counts too (an end-count game, gamegen).
    assert gid != "doggy" or {"count", "take"} <= kinds, kinds
    # From .mpy files in a board-sized heap, as on a board.
    out = run_micropython(MP_SCRIPTS / "heap_check.py", json_lines(recs),
                          heapsize=HEAP, path=(mpy_tree,))
    assert len(out) == len(recs)
    applied = accepted = 0
    for line, rec in zip(out, recs):
        r = printed(line)
        # failed_at = -1: no MemoryError under micropython.heap_lock().
        assert r["failed_at"] == -1, r
        assert r["alloc"] == 0, r
        # The same game, and the totals CPython's core gives the same log.
        assert r["game"] == gid and r["events"] == len(rec["events"])
        assert r["total"] == cpython_totals(rec), r
        applied += r["events"]
        accepted += r["accepted"]
    assert applied > 100 and 0 < accepted < applied


def test_heap_lock_check_can_fail():
    # The proof above is only worth something if an allocation under the
    # lock is caught: run the same harness with a core that allocates.
    script = (MP_SCRIPTS / "heap_check.py").read_text().replace(
        "codes[i] = log.add(evs[i])", "codes[i] = log.add(evs[i]); [0]")
    tmp = ROOT / "out" / "heap_check_alloc.py"
    tmp.parent.mkdir(exist_ok=True)
    tmp.write_text(script)
    rec, tried = random_game(random.Random(1), "doggy", steps=20)
    out = run_micropython(tmp, json_lines([encoded(rec, rec["events"])]))
    assert json.loads(out[0])["failed_at"] == 0


def builder_calls(seed=5, count=16):
    # Calls of every event builder of core/<title>.py, with random values
    # (each title's: tests/title_data/<id>.py).
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        n = rnd.randint(2, 6)
        p = rnd.randrange(n)
        rows = [[rnd.randrange(6) for _ in range(5)] for _ in range(n)]
        for gid in IDS:
            out += [(gid, fn, args) for fn, args in
                    title_data.load(gid).builder_calls(rnd, n, p, rows)]
    return out


def test_event_builders_allocate_nothing_and_match_cpython(mpy_tree):
    # What the screens call per event, from .mpy files as on a board: the
    # same bytes as on CPython (where the JSON codec calls them), nothing
    # allocated (the calls' arguments, all parsed first, take more than a
    # board-sized heap: the default heap).
    import importlib
    calls = builder_calls()
    out = run_micropython(MP_SCRIPTS / "builders_check.py",
                          json_lines([{"game": g, "fn": f, "args": a}
                                      for g, f, a in calls]),
                          path=(mpy_tree,))
    assert len(out) == len(calls) > 200
    for (g, f, a), got in zip(calls, out):
        buf = bytearray(96)
        size = getattr(importlib.import_module("marcador_core." + g), f)(
            buf, *a)
        assert got == buf[:size].hex(), (g, f, a)


def firmware_files():
    return sorted(p for p in list(FIRMWARE.rglob("*.py")) +
                  list((ROOT / "boards").rglob("*.py"))
                  if "__pycache__" not in p.parts)


def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    # Plain mpy-cross, no -march (the project's rule, and the check run
    # before a session stops): native code, which needs -march, lives
    # outside firmware/ and boards/ (native/, the next test).
    files = firmware_files()
    assert len(files) >= 10
    for f in files:
        proc = subprocess.run([tool("mpy-cross"),
                               "-o", str(tmp_path / "x.mpy"),
                               str(f)], capture_output=True, text=True)
        assert proc.returncode == 0, f"{f}: {proc.stderr}"


def test_the_native_code_compiles_for_each_boards_cpu(tmp_path):
    # native/ (frozen only: boards/manifest_common.py), as the release
    # image's build compiles it: the rp2 port passes -march=armv6m to
    # mpy-cross, the esp32 port -march=xtensawin.
    files = sorted(NATIVE.rglob("*.py"))
    assert NATIVE / "app" / "glyphs_native.py" in files
    for f in files:
        for arch in ("armv6m", "xtensawin"):
            proc = subprocess.run([tool("mpy-cross"), "-march=" + arch,
                                   "-o", str(tmp_path / "x.mpy"), str(f)],
                                  capture_output=True, text=True)
            assert proc.returncode == 0, f"{f} ({arch}): {proc.stderr}"


def test_no_assert_in_firmware():
    # The build compiles with -O3 (host_tools/build_mpy.py), which drops
    # assert statements: a check the firmware needs must be an if.
    import ast
    for f in firmware_files():
        tree = ast.parse(f.read_text())
        found = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assert)]
        assert not found, f"{f}: assert at line(s) {found}"


def test_core_stays_pure():
    bad = re.compile(r"^\s*(import|from)\s+(machine|framebuf|time|os|sys|"
                     r"select|socket|io|json)\b", re.M)
    for f in (FIRMWARE / "core").glob("*.py"):
        assert not bad.search(f.read_text()), f"{f} imports I/O"
