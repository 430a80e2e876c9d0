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


def device_score(dev, tmp_path):
    """`marcador score --json` (the real command, in a subprocess) of a
    game as a simulator state dump holds it (names, option and log bytes
    in hex): (record, result)."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    from marcador.devicelog import to_record
    rec = to_record(dev["game"], dev["names"], bytes.fromhex(dev["opts"]),
                    bytes.fromhex(dev["log"]))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    proc = subprocess.run([sys.executable, "-m", "marcador", "score",
                           str(path), "--json"], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent)
    assert proc.returncode == 0, proc.stderr
    return rec, json.loads(proc.stdout)


# What makes up each title's state: its attributes but the scratch ones
# (SCRATCH), and what every Game has (COMMON). Two logs that must agree
# must agree on these (snapshot); the board never compares states, so the
# lists live here (test_properties.py checks that they name every
# attribute a played game has).
STATE = {
    "doggy": ("unord_n", "unord_pts", "ord_n", "ord_pts", "taken", "reserve",
             "assigned", "assigned_mask", "mario", "any_take", "refill",
             "last_p", "last_c", "last_pts", "last_valid", "cnt", "maj",
             "turn", "rounds", "dogs"),
    "dog": ("home", "track", "goal", "by_partner", "kills", "deaths",
             "team_goal", "round", "turn"),
    "duplicon": ("won", "hand", "zone", "rounds", "last", "turn", "nodraw"),
    "alebrijes": ("pts", "zeros", "first", "rounds"),
    "free": ("sums", "rounds"),
    "dinos": ("pos", "by_rounds", "by_disasters", "zone", "alive", "rounds",
             "won_mask", "last_taker", "last_high", "last_score", "moved"),
}
COMMON = ("total", "parts", "over", "winners", "leaders")
SCRATCH = {"dinos": ("rs", "need")}   # a round's scores; who must play a
                                      # sudden death round (the device asks)


def snapshot(game):
    """Every piece of a game's state as one bytes object."""
    out = bytearray()
    for name in STATE[game.ID] + COMMON:
        v = getattr(game, name)
        if isinstance(v, (bool, int)):
            out += int(v).to_bytes(4, "little", signed=True)
        else:
            out += bytes(v)
    return bytes(out)
