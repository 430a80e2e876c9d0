# DOG's JSON side (GAMES.md): options (dealer, match), its events <->
# bytes, and its status.

from .. import dog as G
from .. import errors as E
from .common import RecordError, whole, player, per_player, field


def options_bytes(n, opts):
    d = player(opts.get("dealer", 0), n, "dealer")
    m = opts.get("match")
    if m is None:
        return bytes([d])
    # A game of a match: its length and the games each team had won
    # before this one (the device keeps its tally this way).
    if not isinstance(m, dict):
        raise RecordError(E.BAD_OPTION, -1, "match: {length, wins}")
    ln = whole(m.get("length"), 1, 99, "match length", E.BAD_OPTION)
    wins = per_player(m.get("wins"), n // 2, "match wins (one per team)")
    return G.match_opts(d, ln, [whole(w, 0, ln, "match wins", E.BAD_OPTION)
                                for w in wins])


def options_dict(n, b):
    d = {"dealer": b[0]}
    m = G.match_of(b, n)
    if m is not None:
        d["match"] = {"length": m[0], "wins": m[1]}
    return d


def encode(ev, e, n):
    # The bytes are written by the rules module's builders (core/dog.py).
    b = bytearray(2)
    if e == "deal":
        return bytes(b[:G.event(b, G.DEAL)])
    if e == "out":
        return bytes(b[:G.event(b, G.OUT, player(field(ev, "p"), n))])
    if e == "pass":
        return bytes(b[:G.event(b, G.PASS, player(field(ev, "p"), n))])
    if e == "kill":
        p = player(field(ev, "p"), n)
        v = player(field(ev, "victim"), n, "victim")
        return bytes(b[:G.event(b, G.KILL, p, v)])
    if e == "goal":
        o = player(field(ev, "owner"), n, "owner")
        by = ev.get("by")
        by = o if by is None else player(by, n, "by")
        return bytes(b[:G.event(b, G.GOAL, o, by)])
    return None


def decode(buf, off, k, p, n):
    if k == G.DEAL:
        return {"e": "deal"}
    if k == G.OUT:
        return {"e": "out", "p": p}
    if k == G.PASS:
        return {"e": "pass", "p": p}
    if k == G.KILL:
        return {"e": "kill", "p": p, "victim": buf[off + 1]}
    return {"e": "goal", "owner": p, "by": buf[off + 1]}


def status(g):
    n = g.n
    return {"round": g.round, "hand": g.hand_size(),
            "dealer": g.dealer(), "first": g.first_player(),
            "home": [g.home[p] for p in range(n)],
            "track": [g.track[p] for p in range(n)],
            "goal": [g.goal[p] for p in range(n)],
            "team_goal": [g.team_goal[t] for t in range(n // 2)],
            "kills": [g.kills[p] for p in range(n)]}
