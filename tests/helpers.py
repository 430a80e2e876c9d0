"""Small helpers to play a record through the core and look at the result."""

import title_data
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


# What makes up a game's state: its title's attributes but the scratch
# ones (tests/title_data/<id>.py STATE, SCRATCH), and what every Game has
# (COMMON). Two logs that must agree must agree on these (snapshot); the
# board never compares states, so the lists live with the tests
# (test_properties.py checks that they name every attribute a played game
# has).
COMMON = ("total", "parts", "over", "winners", "leaders")


def snapshot(game):
    """Every piece of a game's state as one bytes object."""
    out = bytearray()
    for name in title_data.load(game.ID).STATE + COMMON:
        v = getattr(game, name)
        if isinstance(v, (bool, int)):
            out += int(v).to_bytes(4, "little", signed=True)
        else:
            out += bytes(v)
    return bytes(out)
