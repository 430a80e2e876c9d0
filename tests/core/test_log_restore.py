"""GameLog.restore() (take each stored event, one replay) ends where
load() (add each event, replaying as it goes) ends: the same answer (error
and event index) and the same log and game, for stored logs whole, cut
short anywhere, and with a byte changed where add() still accepts every
event in turn (restore's promise: a stored log passed its CRC first).
core/log.py walks a stored log with one loop for both."""

import random

from marcador_core import errors, record
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog

from gamegen import random_game


def _state(log):
    g = log.game
    return (bytes(log.buf[:log.used]), log.count, log.n_live, log.n_undone,
            list(g.total), list(g.parts), g.over, g.winners, g.leaders)


def _both(gid, n, opts, data, length):
    out = []
    for how in ("load", "restore"):
        log = GameLog(game_class(gid)())
        assert log.begin(n, opts) == 0
        answer = getattr(log, how)(data, length)
        out.append((answer, _state(log)))
    return out


def test_restore_ends_where_load_ends():
    rnd = random.Random(27)
    seen = set()
    for k in range(120):
        gid = IDS[k % len(IDS)]
        rec, _ = random_game(rnd, gid, fixes=True)
        n = len(rec["players"])
        opts = record.options_bytes(gid, n, rec["options"])
        full = GameLog(game_class(gid)())
        assert full.begin(n, opts) == 0
        for ev in rec["events"]:
            assert full.add(record.encode_event(gid, n, ev)) == 0
        data = bytearray(full.buf[:full.used])
        cases = [(bytes(data), -1), (bytes(data), rnd.randint(0, len(data)))]
        if data:
            bad = bytearray(data)
            bad[rnd.randrange(len(bad))] = rnd.randrange(256)
            cases.append((bytes(bad), -1))
        for j, (buf, length) in enumerate(cases):
            loaded, restored = _both(gid, n, opts, buf, length)
            if j == 2 and loaded[0][0]:
                continue                # refused: not a log it stored
            assert restored == loaded, (gid, k, length)
            seen.add(loaded[0][0])
    # whole logs and logs cut inside an event were among them
    assert {0, errors.TRUNCATED} <= seen, seen
