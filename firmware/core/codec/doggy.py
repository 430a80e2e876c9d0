# Doggy's JSON side (docs/records.md): its events <-> bytes, and its status.

from .. import doggy as G
from ..game import int8
from .. import errors as E
from .common import RecordError, whole, player, named, field, word
from .common import no_options_bytes as options_bytes  # noqa: F401
from .common import no_options_dict as options_dict  # noqa: F401

COLORS = G.COLORS


def encode(ev, e, n):
    # The bytes are written by the rules module's builders (core/doggy.py).
    b = bytearray(2)
    if e == "mario":
        return bytes(b[:G.event(b, G.MARIO)])
    p = player(field(ev, "p"), n)
    if e == "pass":
        return bytes(b[:G.event(b, G.PASS, p)])
    if e == "take":
        c = named(field(ev, "color"), COLORS, "color")
        pts = ev.get("points", 1 if c == G.WILD else None)
        pts = whole(pts, 0, 15, "points")
        return bytes(b[:G.event(b, G.TAKE, p, c, pts)])
    if e == "order":
        c = named(field(ev, "color"), COLORS, "color")
        return bytes(b[:G.event(b, G.ORDER, p, c)])
    if e == "reserve":
        d = whole(field(ev, "delta"), -128, 127, "delta")
        return bytes(b[:G.event(b, G.RESERVE, p, d)])
    if e == "assign":
        cols = field(ev, "colors")
        if not isinstance(cols, list) or len(cols) > 3:
            raise RecordError(E.ASSIGN_COUNT, -1)
        cols = [named(c, COLORS[:4], "color") for c in cols]
        return bytes(b[:G.event(b, G.ASSIGN, p, cols)])  # pyright: ignore[reportArgumentType]
    return None


def decode(buf, off, k, p, n):
    if k == G.MARIO:
        return {"e": "mario"}
    if k == G.PASS:
        return {"e": "pass", "p": p}
    b = buf[off + 1]
    if k == G.TAKE:
        return {"e": "take", "p": p, "color": COLORS[b & 15],
                "points": b >> 4}
    if k == G.ORDER:
        return {"e": "order", "p": p, "color": COLORS[b]}
    if k == G.RESERVE:
        return {"e": "reserve", "p": p, "delta": int8(b)}
    if k == G.ASSIGN:
        return {"e": "assign", "p": p,
                "colors": [COLORS[(b >> (2 + 2 * j)) & 3]
                           for j in range(b & 3)]}
    return {"e": "?"}


def status(g):
    n = g.n
    return {"mario": g.mario,
            "unordered": [[g.unordered(p, c) for c in range(5)]
                          for p in range(n)],
            "ordered": [[g.ordered(p, c) for c in range(5)]
                        for p in range(n)],
            "reserve": [g.reserve[p] for p in range(n)],
            # After the third Mario Hugo: who still has to assign wilds.
            "to_assign": [p for p in range(n)
                          if g.ended() and g.must_assign(p)]}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Doggy Style", "Doggy Style")
MARIO = ("Mario Hugo", "Mario Hugo")
TO_ASSIGN = ("Still to assign their wilds",
             "Aún deben asignar sus comodines")


def status_lines(res, names, lang):
    st = res["status"]
    lines = ["%s: %s/3" % (word(MARIO, lang), st["mario"])]
    if st.get("to_assign"):
        who = ", ".join(names[p] for p in st["to_assign"])
        lines.append("%s: %s" % (word(TO_ASSIGN, lang), who))
    return lines
