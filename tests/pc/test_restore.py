"""GameLog.restore (a log this device stored, taken in with one replay:
boot's journal, a past game) gives what GameLog.load (each event added in
turn) gives: the same state, counts and stacks for every log whose events
are accepted in turn, and load's own answer, through load, for a log whose
whole replay fails."""

import random

import pytest

from marcador_core import errors as E
from marcador_core import record
from gamegen import random_game
from helpers import fresh_log, snapshot
import title_data
from marcador_core.games import IDS

ROUNDS = title_data.round_titles()


def state(log):
    return (snapshot(log.game), log.used, log.count, log.n_live,
            log.n_undone, [log.event_at(j) for j in range(
                log.n_live + log.n_undone)], bytes(log.buf[:log.used]))


def both(gid, n, opts, data):
    a, b = fresh_log(gid, n, opts), fresh_log(gid, n, opts)
    return a, a.load(data), b, b.restore(data)


@pytest.mark.parametrize("gid", IDS)
@pytest.mark.parametrize("seed", range(16))
def test_restore_equals_load_on_random_games(gid, seed):
    rnd = random.Random(seed)
    rec, _ = random_game(rnd, gid, steps=150, fixes=gid in ROUNDS)
    n, opts = len(rec["players"]), rec.get("options")
    log = record.load(rec)
    # Undos and redos in runs, so that corrections and rounds are undone
    # and brought back too.
    for _ in range(rnd.randrange(12)):
        for _ in range(rnd.randrange(1, 5)):
            getattr(log, rnd.choice(("undo", "redo")))()
    data = bytes(log.buf[:log.used])
    a, ra, b, rb = both(gid, n, opts, data)
    assert ra == rb == (E.OK, log.count)
    assert state(a) == state(b)
    # Undo and redo after it behave alike (the stacks are the same).
    for op in ("undo", "undo", "redo"):
        assert getattr(a, op)() == getattr(b, op)()
        assert state(a) == state(b)


def test_a_log_whose_replay_fails_gets_loads_answer():
    # The free pad to 10: the second round ends it, the third is refused.
    ev = [record.encode_event("free", 2, {"e": "round", "scores": s})
          for s in ([5, 0], [6, 0], [1, 1])]
    data = b"".join(bytes(e) for e in ev)
    a, ra, b, rb = both("free", 2, {"target": 10}, data)
    assert ra == rb == (E.GAME_OVER, 2)
    assert state(a) == state(b)


def test_a_correction_of_a_round_not_yet_played_is_refused_alike():
    ev = [record.encode_event("free", 2, {"e": "round", "scores": [1, 2]}),
          record.encode_event("free", 2, {"e": "fix", "round": 1,
                                          "scores": [3, 3]})]
    data = bytes(ev[1]) + bytes(ev[0])
    a, ra, b, rb = both("free", 2, None, data)
    assert ra == rb and ra[0] == E.NO_SUCH_ROUND
    assert state(a) == state(b)


def test_a_correction_of_an_undone_round_is_refused_alike():
    r = record.encode_event("free", 2, {"e": "round", "scores": [1, 2]})
    f = record.encode_event("free", 2, {"e": "fix", "round": 1,
                                        "scores": [3, 3]})
    undo = record.encode_event("free", 2, {"e": "undo"})
    data = bytes(r) + bytes(undo) + bytes(f)
    a, ra, b, rb = both("free", 2, None, data)
    assert ra == rb == (E.NO_SUCH_ROUND, 2)
    assert state(a) == state(b)
