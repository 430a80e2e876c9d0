"""Random game records for property and differential tests.

`random_game(rnd, gid)` plays a random game through the real core: each step
proposes an event (mostly plausible, sometimes invalid on purpose), and only
the accepted ones go into the record. It returns the record and the list of
proposed events with the error code the core gave each (0 = accepted).
"""

import random

from marcador_core import record
from marcador_core.games import game_class
from marcador_core.log import GameLog
from marcador_core import doggy as D

MAX_PLAYERS = {"doggy": 5, "duplicon": 4, "alebrijes": 6, "dog": 6,
               "dinos": 4, "free": 8}
MIN_PLAYERS = {"doggy": 2, "duplicon": 2, "alebrijes": 3, "dog": 4,
               "dinos": 2, "free": 1}
DISASTERS = ("natural", "predator", "emotional", "meteor")


def _players(rnd, gid):
    if gid == "dog":
        return rnd.choice((4, 6))
    return rnd.randint(MIN_PLAYERS[gid], MAX_PLAYERS[gid])


def _options(rnd, gid, n):
    if gid == "dog":
        return {"dealer": rnd.randrange(n)}
    if gid == "dinos":
        out = []
        for _ in range(n):
            if rnd.random() < 0.7:
                out.append(rnd.choice(("rex", "stego", "ceratops", "bronto")))
            else:
                t = {}
                if rnd.random() < 0.8:
                    t["plus"] = rnd.choice(DISASTERS)
                if rnd.random() < 0.6:
                    t["minus"] = rnd.choice(DISASTERS)
                out.append(t)
        o = {"dinos": out}
        if rnd.random() < 0.3:
            o["two_player_rules"] = rnd.random() < 0.5
        return o
    if gid == "free":
        o = {"lowest_wins": rnd.random() < 0.3}
        if rnd.random() < 0.6:
            o["target"] = rnd.choice((50, 100, 200))
        return o
    return {}


def _doggy_count(rnd, g, n):
    # An end count: the next player's (sometimes another's), mostly what
    # the deck still holds, sometimes more.
    p = g.rounds if rnd.random() < 0.9 else rnd.randrange(n)
    ev = {"e": "count", "p": p}
    over = rnd.random() < 0.1
    for c in range(4):
        k = rnd.randint(0, max(0, g.left(c)) + (2 if over else 0))
        ev[D.COLORS[c]] = [0, 0, 0]
        for _ in range(min(k, 3)):
            ev[D.COLORS[c]][rnd.randrange(3)] += 1
    if rnd.random() < 0.3:
        ev["wilds"] = [rnd.choice(D.COLORS[:4])
                       for _ in range(rnd.randint(0, 2))]
    ev["reserve"] = rnd.randint(0, 70 if over else 8)
    return ev


def _doggy(rnd, g, n):
    if g.by_count():
        return _doggy_count(rnd, g, n)
    if g.ended():
        # After the third Mario Hugo only wild assignments remain.
        p = rnd.randrange(n)
        k = g.ordered(p, D.WILD)
        if rnd.random() < 0.1:
            k = rnd.randint(0, 3)
        return {"e": "assign", "p": p,
                "colors": [rnd.choice(D.COLORS[:4]) for _ in range(k)]}
    r = rnd.random()
    p = rnd.randrange(n)
    if r < 0.45:
        c = rnd.choice(D.COLORS)
        pts = 1 if c == "wild" and rnd.random() < 0.9 else rnd.choice((5, 3, 1))
        return {"e": "take", "p": p, "color": c, "points": pts}
    if r < 0.7:
        cols = [c for c in range(5) if g.unordered(p, c)]
        c = rnd.choice(cols) if cols and rnd.random() < 0.9 else \
            rnd.randrange(5)
        return {"e": "order", "p": p, "color": D.COLORS[c]}
    if r < 0.85:
        return {"e": "reserve", "p": p, "delta": rnd.choice((1, 1, -1))}
    # Mostly when the supply refills (right after a take), sometimes not.
    if g.refill or rnd.random() < 0.3:
        return {"e": "mario"}
    return {"e": "take", "p": p, "color": rnd.choice(D.COLORS[:4]),
            "points": rnd.choice((5, 3, 1))}


def _duplicon(rnd, g, n):
    r = rnd.random()
    if r < 0.4:
        # A turn's end, mostly the turn's player's; a draw by a player who
        # drew last turn is refused.
        p = g.turn if rnd.random() < 0.8 else rnd.randrange(n)
        return {"e": "draw" if r < 0.15 else "pass", "p": p}
    won = [2 * rnd.randint(0, 12) for _ in range(n)]
    if rnd.random() < 0.05:
        won[0] += 1
    return {"e": "round", "won": won,
            "hand": [rnd.randint(0, 4) for _ in range(n)],
            "zone": [rnd.randint(0, 2) for _ in range(n)]}


def _alebrijes(rnd, g, n):
    if g.rounds == 0 and rnd.random() < 0.2:
        return {"e": "start", "p": rnd.randrange(n)}
    out = rnd.randrange(n)
    high = []
    for p in range(n):
        if p == out and rnd.random() < 0.97:
            high.append([0] * 5)
        else:
            vals = [rnd.choice((0, 0, 1, 2, 3, 4, 5)) for _ in range(5)]
            if not any(vals) and rnd.random() < 0.9:
                vals[rnd.randrange(5)] = rnd.randint(1, 5)
            high.append(vals)
    ev = {"e": "round", "out": out, "high": high}
    if rnd.random() < 0.5:
        ev["token"] = rnd.randrange(n)
    return ev


def _dog(rnd, g, n):
    r = rnd.random()
    p = rnd.randrange(n)
    if r < 0.1:
        return {"e": "deal"}
    if r < 0.4:
        return {"e": "out", "p": p}
    if r < 0.55:
        # Mostly a killer with a pawn on the track to kill with (its own,
        # or the partner's once its 4 are in the goal).
        able = [q for q in range(n)
                if g.track[q if g.goal[q] < 4 else g.partner(q)]]
        if able and rnd.random() < 0.8:
            p = rnd.choice(able)
        on = [q for q in range(n) if g.track[q]]
        v = rnd.choice(on) if on and rnd.random() < 0.8 else rnd.randrange(n)
        return {"e": "kill", "p": p, "victim": v}
    ev = {"e": "goal", "owner": p}
    if rnd.random() < 0.3:
        ev["by"] = g.partner(p) if rnd.random() < 0.8 else rnd.randrange(n)
    return ev


def _dinos_scores(g, n, d, cards, adjust, invert):
    # Independent oracle for the round scores (trait + adjust + inversion),
    # used only to propose a matching sudden death.
    alive = [bool(g.alive & (1 << p)) for p in range(n)]
    rs = {}
    for p in range(n):
        if alive[p]:
            t = g.opts[p]
            m = (1 if (t & 7) == d + 1 else 0) - \
                (1 if ((t >> 3) & 7) == d + 1 else 0)
            rs[p] = cards[p] + m + adjust[p]
    hi = max(rs.values())
    lo = min(rs.values())
    if invert and hi != lo:
        for p in rs:
            if rs[p] == hi:
                rs[p] = lo
            elif rs[p] == lo:
                rs[p] = hi
    return rs


def _dinos(rnd, g, n):
    d = rnd.randrange(4)
    alive = [bool(g.alive & (1 << p)) for p in range(n)]
    cards = [rnd.randint(0, 9) if alive[p] else None for p in range(n)]
    ev = {"e": "round", "disaster": DISASTERS[d], "cards": cards}
    adjust = [0] * n
    if rnd.random() < 0.3:
        adjust = [rnd.choice((0, 0, 2, -2)) if alive[p] else 0
                  for p in range(n)]
        # An eliminated player's entry may be null.
        ev["adjust"] = [a if alive[p] or rnd.random() < 0.5 else None
                        for p, a in enumerate(adjust)]
    if rnd.random() < 0.15:
        ev["invert"] = True
    rs = _dinos_scores(g, n, d, [c or 0 for c in cards], adjust,
                       ev.get("invert"))
    lo = min(rs.values())
    tied = [p for p in rs if rs[p] == lo]
    if len(tied) > 1 and len(tied) < len(rs) and rnd.random() < 0.95:
        rows = []
        cur = tied
        while True:
            row = [None] * n
            for p in cur:
                row[p] = -1 if rnd.random() < 0.1 else rnd.randint(0, 9)
            rows.append(row)
            nocard = [p for p in cur if row[p] == -1]
            if nocard:
                break
            m = min(row[p] for p in cur)
            low = [p for p in cur if row[p] == m]
            if len(low) == 1:
                break
            cur = low
        ev["sudden"] = rows
    r = rnd.random()
    if r < 0.05:
        ev["stop"] = True
    elif r < 0.1:
        ev["redirect"] = rnd.randrange(n)
    return ev


def _free(rnd, g, n):
    if rnd.random() < 0.03:
        return {"e": "end"}
    return {"e": "round", "scores": [rnd.randint(-20, 40) for _ in range(n)]}


_GEN = {"doggy": _doggy, "duplicon": _duplicon, "alebrijes": _alebrijes,
        "dog": _dog, "dinos": _dinos, "free": _free}


def _fix(rnd, g, n, gid):
    # A correction of a past round (sometimes one not played yet), with
    # content proposed for the game as it stands now: often valid, and
    # sometimes one that breaks a later round.
    ev = _GEN[gid](rnd, g, n)
    while gid == "duplicon" and ev["e"] != "round":
        ev = _GEN[gid](rnd, g, n)         # a turn's end has no correction
    if ev["e"] not in ("round", "count"):
        return ev
    ev = dict(ev, e="fix")
    ev["round"] = rnd.randint(1, g.rounds + (1 if rnd.random() < 0.1 else 0))
    if gid == "doggy" and rnd.random() < 0.9:
        ev["p"] = ev["round"] - 1     # round r is player r's count
    return ev


def random_game(rnd, gid, steps=None, n=None, fixes=False):
    """fixes: also propose corrections of past rounds (FIX events); off,
    the same seed gives the same game as before corrections existed."""
    n = n or _players(rnd, gid)
    names = ["J%d" % (i + 1) for i in range(n)]
    rec = {"game": gid, "players": names, "options": _options(rnd, gid, n),
           "events": []}
    if gid == "doggy" and fixes and rnd.random() < 0.3:
        rec["options"] = {"mode": "count"}     # the end count
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
            ev = _GEN[gid](rnd, log.game, n)
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
    gids = gids or list(_GEN)
    return [random_game(rnd, gids[i % len(gids)])[0] for i in range(count)]
