# The free pad's JSON side (docs/records.md): options (lowest wins, target),
# its
# events <-> bytes, and its status.

from .. import free
from ..game import int16
from .. import errors
from .common import whole, per_player, field, fix_encode, fix_decode


def options_bytes(n, opts):
    t = opts.get("target")
    if t is not None:
        t = whole(t, -32768, 32767, "target", errors.BAD_OPTION)
    return free.options(opts.get("lowest_wins"), t)


def options_dict(n, b):
    d = {"lowest_wins": bool(b[0] & 1)}
    if b[0] & 2:
        d["target"] = int16(b, 1)
    return d


def encode(ev, e, n):
    # The bytes are written by the rules module's builders (core/free.py).
    if e == "fix":
        return fix_encode(free, encode, ev, n)
    if e == "end":
        b = bytearray(1)
        return bytes(b[:free.event(b, free.END)])
    if e != "round":
        return None
    scores = [whole(v, -32768, 32767, "score")
              for v in per_player(field(ev, "scores"), n, "scores")]
    b = bytearray(1 + 2 * n)
    return bytes(b[:free.event(b, free.ROUND, n, scores)])


def decode(buf, off, k, p, n):
    if k == free.FIX:
        return fix_decode(decode, buf, off, n)
    if k == free.END:
        return {"e": "end"}
    return {"e": "round",
            "scores": [int16(buf, off + 1 + 2 * q) for q in range(n)]}


def status(g):
    return {"rounds": g.rounds}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Score pad", "Marcador libre")
# The pad played lowest-wins is a title of its own for the statistics and
# BG Stats (which keeps highestWins per game).
LOW = "free-low"
VARIANTS = {LOW: ("Score pad (lowest wins)",
                  "Marcador libre (gana el menor)")}
LOWEST_WINS = (LOW,)


def variant(rec):
    if rec.get("options", {}).get("lowest_wins"):
        return LOW
    return None


def board(rec, match_game):
    # The target and the win rule.
    opts = rec.get("options") or {}
    parts = []
    if opts.get("target") is not None:
        parts.append("target %s" % opts["target"])
    if opts.get("lowest_wins"):
        parts.append("lowest wins")
    return ", ".join(parts) or None
