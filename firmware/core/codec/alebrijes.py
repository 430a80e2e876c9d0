# Alebrijes' JSON side (docs/records.md): its events <-> bytes, and its status.

from .. import alebrijes
from .. import errors
from .common import RecordError, whole, player, per_player, field
from .common import fix_encode, fix_decode
from .common import ROUNDS, word
from .common import no_options_bytes as options_bytes  # noqa: F401
from .common import no_options_dict as options_dict  # noqa: F401

SUITS = 5


def encode(ev, e, n):
    # The bytes are written by the rules module's builders.
    if e == "fix":
        return fix_encode(alebrijes, encode, ev, n)
    if e == "start":
        b = bytearray(1)
        return bytes(b[:alebrijes.event(b, alebrijes.START,
                                        player(field(ev, "p"), n))])
    if e != "round":
        return None
    out = player(field(ev, "out"), n, "out")
    tok = ev.get("token")
    tok = -1 if tok is None else player(tok, n, "token")
    high = per_player(field(ev, "high"), n, "high")
    highs = []
    for p in range(n):
        vals = high[p]
        if not isinstance(vals, list) or len(vals) != SUITS:
            raise RecordError(errors.BAD_VALUE, -1,
                              "high: 5 values per player")
        # Checked from the last suit on, as they were packed before.
        for s in range(SUITS - 1, -1, -1):
            whole(vals[s], 0, 5, "high")
        highs.append(vals)
    b = bytearray(2 + 2 * n)
    return bytes(b[:alebrijes.event(b, alebrijes.ROUND, out, n, tok, highs)])


def decode(buf, off, k, p, n):
    if k == alebrijes.FIX:
        return fix_decode(decode, buf, off, n)
    if k == alebrijes.START:
        return {"e": "start", "p": p}
    high = []
    for q in range(n):
        v = buf[off + 2 + 2 * q] | (buf[off + 3 + 2 * q] << 8)
        vals = []
        for s in range(SUITS):
            vals.append(v % 6)
            v //= 6
        high.append(vals)
    ev = {"e": "round", "out": p, "high": high}
    if buf[off + 1]:
        ev["token"] = buf[off + 1] - 1
    return ev


def status(g):
    return {"rounds": g.rounds, "next_first": g.first,
            "cards_to_deal": g.cards_to_deal(),
            "rounds_won": [g.zeros[p] for p in range(g.n)]}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Alebrijes", "Alebrijes")
NEXT_FIRST = ("next first player", "próximo jugador inicial")
DEAL = ("deal", "repartir")
CARDS = ("cards", "cartas")


def status_lines(res, names, lang):
    st = res["status"]
    line = "%s: %s/3" % (word(ROUNDS, lang), st["rounds"])
    if not res["over"]:
        line += "; %s: %s; %s %s %s" % (
            word(NEXT_FIRST, lang), names[st["next_first"]],
            word(DEAL, lang), st["cards_to_deal"], word(CARDS, lang))
    return [line]


def start_player(rec):
    # Round 1's first player as it stands once the record is replayed:
    # `start` may come only before round 1, and undo may take round 1
    # back, so this is the first player at the last point with no round
    # played.
    from ..record import score_record      # record.py imports this package
    first = 0
    for k in range(len(rec["events"]) + 1):
        st = score_record(dict(rec, events=rec["events"][:k]))["status"]
        if st["rounds"] == 0:
            first = st["next_first"]
    return first
