"""Random game records for property and differential tests.

`random_game(rnd, gid)` plays a random game through the real core: each step
proposes an event (mostly plausible, sometimes invalid on purpose), and only
the accepted ones go into the record. It returns the record and the list of
proposed events with the error code the core gave each (0 = accepted).
"""

import random

import title_data
from marcador_core import record
from marcador_core.games import IDS, game_class, player_counts
from marcador_core.log import GameLog


def _fix(rnd, g, n, gid):
    # A correction of a past round (sometimes one not played yet), with
    # content proposed for the game as it stands now: often valid, and
    # sometimes one that breaks a later round. Each title's own events
    # and hooks: tests/title_data/<id>.py.
    data = title_data.load(gid)
    ev = getattr(data, "fix_event", data.event)(rnd, g, n)
    if ev["e"] not in ("round", "count"):
        return ev
    ev = dict(ev, e="fix")
    ev["round"] = rnd.randint(1, g.rounds + (1 if rnd.random() < 0.1 else 0))
    if hasattr(data, "fix_player"):
        data.fix_player(rnd, ev)
    return ev


def random_game(rnd, gid, steps=None, n=None, fixes=False):
    """fixes: also propose corrections of past rounds (FIX events); off,
    the same seed gives the same game as before corrections existed."""
    data = title_data.load(gid)
    # (choice over the counts draws as randint over them did)
    n = n or rnd.choice(player_counts(gid))
    names = ["J%d" % (i + 1) for i in range(n)]
    rec = {"game": gid, "players": names,
           "options": data.options(rnd, n, fixes), "events": []}
    cls = game_class(gid)
    log = GameLog(cls())
    assert log.begin(n, record.options_bytes(gid, n, rec["options"])) == 0
    tried = []
    for _ in range(steps or rnd.randint(1, 80)):
        r = rnd.random()
        if r < 0.06:
            ev = {"e": "undo"}
        elif r < 0.09:
            ev = {"e": "redo"}
        elif (r < 0.15 and fixes and cls.ROUND_KIND and log.game.rounds and
              not log.game.over):
            ev = _fix(rnd, log.game, n, gid)
        else:
            ev = data.event(rnd, log.game, n)
        try:
            err = log.add(record.encode_event(gid, n, ev))
        except record.RecordError as ex:
            err = ex.code
        tried.append((ev, err))
        if err == 0:
            rec["events"].append(ev)
        if log.game.over and rnd.random() < 0.5:
            break
    return rec, tried


def records(seed, count, gids=None):
    rnd = random.Random(seed)
    gids = gids or list(IDS)
    return [random_game(rnd, gids[i % len(gids)])[0] for i in range(count)]
