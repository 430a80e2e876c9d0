"""Small helpers to play a record through the core and look at the result."""

from marcador_core import record
from marcador_core.games import game_class
from marcador_core.log import GameLog


def rec(gid, n, events, options=None):
    names = n if isinstance(n, list) else ["J%d" % (i + 1) for i in range(n)]
    return {"game": gid, "players": names, "options": options or {},
            "events": events}


def score(gid, n, events, options=None):
    return record.score_record(rec(gid, n, events, options))


def totals(res):
    return [p["total"] for p in res["players"]]


def error(gid, n, events, options=None):
    """(code, event index) of the record's first invalid event."""
    try:
        record.score_record(rec(gid, n, events, options))
    except record.RecordError as ex:
        return ex.code, ex.index
    raise AssertionError("the record was accepted")


def log_of(gid, n, events, options=None):
    return record.load(rec(gid, n, events, options))


def fresh_log(gid, n, options=None):
    log = GameLog(game_class(gid)())
    assert log.begin(n, record.options_bytes(gid, n, options)) == 0
    return log
