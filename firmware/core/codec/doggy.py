# Doggy's JSON side (docs/records.md): its events <-> bytes, and its status.

from .. import doggy
from ..game import int8
from .. import errors
from .common import RecordError, whole, player, named, field, word
from .common import fix_encode, fix_decode

COLORS = doggy.COLORS
MODES = ("live", "count")       # the option byte: LIVE, END_COUNT


def options_bytes(n, opts):
    # {"mode": "count"}: the end count; "live" (or none): live tracking,
    # no option byte (as every game stored before the option).
    m = named(opts.get("mode", "live"), MODES, "mode")
    return bytes([doggy.END_COUNT]) if m == doggy.END_COUNT else b""


def options_dict(n, b):
    return {"mode": "count"} if len(b) and b[0] == doggy.END_COUNT else {}


def count_bytes(ev, n):
    # A count's JSON fields -> the COUNT event (a missing colour is
    # [0, 0, 0], missing wilds none, a missing reserve 0).
    p = player(field(ev, "p"), n)
    rows = []
    for c in range(4):
        v = ev.get(COLORS[c], [0, 0, 0])
        if not isinstance(v, list) or len(v) != 3:
            raise RecordError(errors.BAD_VALUE, -1,
                              "%s: [5s, 3s, 1s]" % COLORS[c])
        rows.append([whole(x, 0, 15, COLORS[c]) for x in v] + [0])
    cols = ev.get("wilds", [])
    if not isinstance(cols, list) or len(cols) > 15:
        raise RecordError(errors.BAD_VALUE, -1, "wilds: a list of colours")
    for c in cols:
        rows[named(c, COLORS[:4], "wild colour")][3] += 1
    if max(r[3] for r in rows) > 15:
        raise RecordError(errors.WILD_COUNT, -1)
    res = whole(ev.get("reserve", 0), 0, 255, "reserve")
    b = bytearray(doggy.COUNT_SIZE)
    return bytes(b[:doggy.count_event(b, p, rows, res)])


def encode(ev, e, n):
    # The bytes are written by the rules module's builders (core/doggy.py).
    if e == "fix":
        return fix_encode(doggy, encode, ev, n)
    if e == "count" or e == "round":    # "round": a fix's content
        return count_bytes(ev, n)
    b = bytearray(2)
    if e == "mario":
        return bytes(b[:doggy.event(b, doggy.MARIO)])
    p = player(field(ev, "p"), n)
    if e == "pass":
        return bytes(b[:doggy.event(b, doggy.PASS, p)])
    if e == "take":
        c = named(field(ev, "color"), COLORS, "color")
        pts = ev.get("points", 1 if c == doggy.WILD else None)
        pts = whole(pts, 0, 15, "points")
        return bytes(b[:doggy.event(b, doggy.TAKE, p, c, pts)])
    if e == "order":
        c = named(field(ev, "color"), COLORS, "color")
        return bytes(b[:doggy.event(b, doggy.ORDER, p, c)])
    if e == "reserve":
        d = whole(field(ev, "delta"), -128, 127, "delta")
        return bytes(b[:doggy.event(b, doggy.RESERVE, p, d)])
    if e == "assign":
        cols = field(ev, "colors")
        if not isinstance(cols, list) or len(cols) > 3:
            raise RecordError(errors.ASSIGN_COUNT, -1)
        cols = [named(c, COLORS[:4], "color") for c in cols]
        return bytes(b[:doggy.event(b, doggy.ASSIGN, p, cols)])  # pyright: ignore[reportArgumentType]
    return None


def decode(buf, off, k, p, n):
    if k == doggy.FIX:
        return fix_decode(decode, buf, off, n)
    if k == doggy.COUNT:
        out = {"e": "count", "p": p}
        wilds = []
        for c in range(4):
            a = buf[off + 1 + 2 * c]
            b = buf[off + 2 + 2 * c]
            out[COLORS[c]] = [a & 15, a >> 4, b & 15]
            wilds += [COLORS[c]] * (b >> 4)
        out["wilds"] = wilds
        out["reserve"] = buf[off + 9]
        return out
    if k == doggy.MARIO:
        return {"e": "mario"}
    if k == doggy.PASS:
        return {"e": "pass", "p": p}
    b = buf[off + 1]
    if k == doggy.TAKE:
        return {"e": "take", "p": p, "color": COLORS[b & 15],
                "points": b >> 4}
    if k == doggy.ORDER:
        return {"e": "order", "p": p, "color": COLORS[b]}
    if k == doggy.RESERVE:
        return {"e": "reserve", "p": p, "delta": int8(b)}
    if k == doggy.ASSIGN:
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
            "reserve": [g.reserve_dogs(p) for p in range(n)],
            "mode": MODES[g.opts[0]],
            # The end count: players counted so far.
            "counted": g.rounds,
            # After the third Mario Hugo: who still has to assign wilds.
            "to_assign": [p for p in range(n)
                          if g.ended() and g.must_assign(p)]}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Doggy Style", "Doggy Style")
MARIO = ("Mario Hugo", "Mario Hugo")
TO_ASSIGN = ("Still to assign their wilds",
             "Aún deben asignar sus comodines")


COUNTED = ("Players counted (end count)",
           "Jugadores contados (recuento final)")


def status_lines(res, names, lang):
    st = res["status"]
    if st.get("mode") == "count":
        return ["%s: %d/%d" % (word(COUNTED, lang), st["counted"],
                               len(names))]
    lines = ["%s: %s/3" % (word(MARIO, lang), st["mario"])]
    if st.get("to_assign"):
        who = ", ".join(names[p] for p in st["to_assign"])
        lines.append("%s: %s" % (word(TO_ASSIGN, lang), who))
    return lines
