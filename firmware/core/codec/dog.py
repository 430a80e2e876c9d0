# DOG's JSON side (docs/records.md): options (dealer, match), its events <->
# bytes, and its status.

from .. import dog
from .. import errors
from .common import RecordError, whole, player, per_player, field, word


def options_bytes(n, opts):
    d = player(opts.get("dealer", 0), n, "dealer")
    m = opts.get("match")
    if m is None:
        return bytes([d])
    # A game of a match: its length and the games each team had won
    # before this one (the device keeps its tally this way).
    if not isinstance(m, dict):
        raise RecordError(errors.BAD_OPTION, -1, "match: {length, wins}")
    ln = whole(m.get("length"), 1, 99, "match length", errors.BAD_OPTION)
    wins = per_player(m.get("wins"), n // 2, "match wins (one per team)")
    # Before a game of the match no team has the games that decide it.
    top = dog.match_need(ln) - 1
    what = "match wins (best of %d is decided at %d)" % (ln, top + 1)
    return dog.match_opts(d, ln, [whole(w, 0, top, what, errors.BAD_OPTION)
                                for w in wins])


def options_dict(n, b):
    d = {"dealer": b[0]}
    m = dog.match_of(b, n)
    if m is not None:
        d["match"] = {"length": m[0], "wins": m[1]}
    return d


def encode(ev, e, n):
    # The bytes are written by the rules module's builders (core/dog.py).
    b = bytearray(2)
    if e == "deal":
        return bytes(b[:dog.event(b, dog.DEAL)])
    if e == "out":
        return bytes(b[:dog.event(b, dog.OUT, player(field(ev, "p"), n))])
    if e == "pass":
        return bytes(b[:dog.event(b, dog.PASS, player(field(ev, "p"), n))])
    if e == "kill":
        p = player(field(ev, "p"), n)
        v = player(field(ev, "victim"), n, "victim")
        return bytes(b[:dog.event(b, dog.KILL, p, v)])
    if e == "goal":
        o = player(field(ev, "owner"), n, "owner")
        by = ev.get("by")
        by = o if by is None else player(by, n, "by")
        return bytes(b[:dog.event(b, dog.GOAL, o, by)])
    return None


def decode(buf, off, k, p, n):
    if k == dog.DEAL:
        return {"e": "deal"}
    if k == dog.OUT:
        return {"e": "out", "p": p}
    if k == dog.PASS:
        return {"e": "pass", "p": p}
    if k == dog.KILL:
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


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("DOG", "DOG")
ROUND = ("Round", "Ronda")
HAND = ("hand of", "mano de")
DEALER = ("dealer", "reparte")
FIRST = ("first", "empieza")
TEAM_GOAL = ("Team pawns in goal", "Fichas del equipo en la meta")


def status_lines(res, names, lang):
    st = res["status"]
    teams = ", ".join(str(t) for t in st["team_goal"])
    return ["%s %s: %s %s, %s %s, %s %s" % (
                word(ROUND, lang), st["round"], word(HAND, lang), st["hand"],
                word(DEALER, lang), names[st["dealer"]],
                word(FIRST, lang), names[st["first"]]),
            "%s: %s" % (word(TEAM_GOAL, lang), teams)]


def rank_keys(res, lowest):
    # Players are ranked by their team's pawns in the goal: partners share
    # a rank, and more is better.
    n = len(res["players"])
    team_goal = res["status"]["team_goal"]
    return [team_goal[p % (n // 2)] for p in range(n)], False


def team(seat, n):
    # Partners sit opposite: teams are seat mod n/2 (Dog.team).
    return seat % (n // 2) + 1


def start_player(rec):
    # Round 1: the player to the dealer's right starts (core/dog.py).
    from ..record import score_record      # record.py imports this package
    return score_record(dict(rec, events=[]))["status"]["first"]


def board(rec, match_game):
    if match_game:
        return "DOG match, game %s" % match_game
    return None


def match_games(rows):
    # {game id: its number within a DOG match}. The archive does not
    # store matches, so they are recognised the way the device starts a
    # match's next game (app/play/dog.py): the next game number on the same
    # device, the same names in the same seats, the dealer one seat to the
    # right, right after a finished DOG game. A new match that happens to
    # look like that is counted as going on.
    out = {}
    prev = None
    for row, rec, res in rows:
        if row["game"] != dog.Dog.ID:
            prev = None
            continue
        n = len(rec["players"])
        dealer = (rec.get("options") or {}).get("dealer", 0)
        k = 1
        if prev is not None:
            prow, prec, pres = prev
            if (prow["device"] == row["device"]
                    and prow["number"] + 1 == row["number"]
                    and prec["players"] == rec["players"] and pres["over"]
                    and ((prec.get("options") or {}).get("dealer", 0)
                         - 1) % n == dealer):
                k = out[prow["id"]] + 1
        out[row["id"]] = k
        prev = (row, rec, res)
    return out
