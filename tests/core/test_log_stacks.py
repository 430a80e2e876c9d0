"""The log keeps the events in effect and the redo stack in one array (live
from the bottom, undone from the top): checked against a plain model of
both lists, at a capacity small enough that the two stacks meet."""

import random

from hypothesis import given, settings, strategies as st, HealthCheck

from marcador_core import errors as E
from marcador_core import record
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog
from gamegen import random_game
from test_properties import live_events


def _events(rnd, gid):
    rec, _ = random_game(rnd, gid, steps=60, fixes=True)
    return rec, live_events(rec)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS), st.integers(min_value=0, max_value=2**32 - 1),
       st.integers(min_value=2, max_value=24))
def test_live_and_undone_share_one_array(gid, seed, cap):
    rnd = random.Random(seed)
    rec, events = _events(rnd, gid)
    n = len(rec["players"])
    log = GameLog(game_class(gid)(), max_events=cap)
    assert log.begin(n, record.options_bytes(gid, n, rec["options"])) == 0
    live, undone = [], []          # the model: event bytes
    todo = list(events)
    count = 0
    ops = []                       # runs of one operation, 1-3 long
    while len(ops) < 3 * cap + 10:
        ops += [rnd.random()] * rnd.randint(1, 3)
    for r in ops:
        if r < 0.35:
            err = log.undo()
            if count >= cap and live:
                assert err == E.LOG_FULL
            elif live:
                assert err == 0
                undone.append(live.pop())
                count += 1
            else:
                assert err == E.NOTHING_TO_UNDO
        elif r < 0.7:
            err = log.redo()
            if count >= cap and undone:
                assert err == E.LOG_FULL
            elif undone:
                assert err == 0
                live.append(undone.pop())
                count += 1
            else:
                assert err == E.NOTHING_TO_REDO
        elif todo and not log.game.over:
            ev = todo[len(live)] if len(live) < len(todo) else None
            if ev is None:
                continue
            err = log.add(ev)
            if count >= cap:
                assert err == E.LOG_FULL
            elif err == 0:
                live.append(ev)
                undone.clear()
                count += 1
        assert log.count == count
        assert log.n_live == len(live) and log.n_undone == len(undone)
        got = []
        for j in range(log.n_live):
            off = log.event_at(j)
            size = log.game.size(log.buf, off, log.used)
            got.append(bytes(log.buf[off:off + size]))
        assert got == live
    # Whatever is left to redo comes back in order, as it was.
    while undone and log.count < cap:
        assert log.redo() == 0
        live.append(undone.pop())
        off = log.event_at(log.n_live - 1)
        size = log.game.size(log.buf, off, log.used)
        assert bytes(log.buf[off:off + size]) == live[-1]


def test_a_full_log_of_undos_keeps_every_event_redoable():
    # Capacity 6: three rounds, three undos: none in effect, all three on
    # the redo stack and the log full (UNDOs count). Then capacity 7: the
    # last free slot takes one REDO, which brings back the newest undone
    # round first (the stacks meet in the middle of the array).
    gid = "free"
    opts = record.options_bytes(gid, 2, {"lowest_wins": False})
    evs = [record.encode_event(gid, 2, {"e": "round", "scores": [i, -i]})
           for i in (1, 2, 3)]
    for cap in (6, 7):
        log = GameLog(game_class(gid)(), max_events=cap)
        assert log.begin(2, opts) == 0
        for ev in evs:
            assert log.add(ev) == 0
        for _ in evs:
            assert log.undo() == 0
        assert (log.n_live, log.n_undone, log.count) == (0, 3, 6)
        assert record.result(log, ["A", "B"])["players"][0]["total"] == 0
        if cap == 6:
            assert log.redo() == E.LOG_FULL
            assert log.n_undone == 3
        else:
            assert log.redo() == 0
            assert record.result(log, ["A", "B"])["players"][0]["total"] == 1
            assert log.n_undone == 2


def test_a_rolled_back_add_leaves_the_redo_stack_as_it_was():
    # The flash refused an event (Session.add: checkpoint, add, rollback):
    # the add had dropped the undone events and written its own offset
    # where the first of them was kept; the rollback brings all of them
    # back, redoable in order. 40 rounds of 8 players (17 bytes each):
    # the offsets run over 2.6 pages of 256 bytes.
    gid = "free"
    n = 8
    opts = record.options_bytes(gid, n, {"lowest_wins": False})
    evs = [record.encode_event(gid, n, {"e": "round",
                                        "scores": [r + p for p in range(n)]})
           for r in range(40)]
    log = GameLog(game_class(gid)())
    assert log.begin(n, opts) == 0
    for ev in evs:
        assert log.add(ev) == 0
    for _ in range(12):
        assert log.undo() == 0
    totals = record.result(log, ["P%d" % p for p in range(n)])
    log.checkpoint()
    assert log.add(evs[0]) == 0 and log.n_undone == 0
    log.rollback()
    assert (log.n_live, log.n_undone) == (28, 12)
    assert record.result(log, ["P%d" % p for p in range(n)]) == totals
    for _ in range(12):
        assert log.redo() == 0
    assert [bytes(log.buf[log.event_at(j):log.event_at(j) + 1 + 2 * n])
            for j in range(log.n_live)] == evs
    assert log.event_at(39) > 512
