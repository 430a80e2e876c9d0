# Dinos' JSON side (GAMES.md): options (each seat's dinosaur, the
# two-player rules), its events <-> bytes, and its status.

from .. import dinos as G
from ..game import header, int8
from .. import errors as E
from .common import RecordError, whole, player, per_player, named, field
from .common import mask_list


def _trait_byte(t):
    if isinstance(t, str):
        for name, b in G.DINOS:
            if name == t:
                return b
        raise RecordError(E.BAD_OPTION, -1, "unknown dinosaur %r" % t)
    if isinstance(t, dict):
        b = 0
        if t.get("plus") is not None:
            b |= 1 + named(t["plus"], G.DISASTERS, "plus")
        if t.get("minus") is not None:
            b |= (1 + named(t["minus"], G.DISASTERS, "minus")) << 3
        return b
    raise RecordError(E.BAD_OPTION, -1, "bad dinosaur %r" % (t,))


def options_bytes(n, opts):
    lst = opts.get("dinos")
    if lst is None:
        # Default: the four base dinosaurs in seat order.
        lst = [d[0] for d in G.DINOS[:n]]
    if not isinstance(lst, list) or len(lst) != n:
        raise RecordError(E.BAD_OPTION, -1, "one dinosaur per player")
    b = bytearray(G.Dinos.OPT_LEN)
    for i in range(n):
        b[i] = _trait_byte(lst[i])
    two = opts.get("two_player_rules", True)
    if not isinstance(two, bool):
        raise RecordError(E.BAD_OPTION, -1, "two_player_rules: true or "
                          "false")
    if n == 2 and not two:
        b[0] |= G.TWO_RULES_OFF
    return bytes(b)


def options_dict(n, b):
    out = []
    for i in range(n):
        t = b[i] & ~G.TWO_RULES_OFF if i == 0 else b[i]
        name = None
        for nm, v in G.DINOS:
            if v == t:
                name = nm
        if name is None:
            name = {}
            if t & 7:
                name["plus"] = G.DISASTERS[(t & 7) - 1]
            if (t >> 3) & 7:
                name["minus"] = G.DISASTERS[((t >> 3) & 7) - 1]
        out.append(name)
    d: dict = {"dinos": out}
    if n == 2:
        d["two_player_rules"] = not b[0] & G.TWO_RULES_OFF
    return d


def _nibbles(vals, n):
    out = bytearray((n + 1) >> 1)
    for p in range(n):
        out[p >> 1] |= (vals[p] & 0x0F) << (4 if p & 1 else 0)
    return out


def encode(ev, e, n):
    if e != "round":
        return None
    d = named(field(ev, "disaster"), G.DISASTERS, "disaster")
    cards = per_player(field(ev, "cards"), n, "cards")
    vals = [15 if c is None else whole(c, 0, 9, "card") for c in cards]
    adjust = ev.get("adjust")
    sudden = ev.get("sudden") or []
    if not isinstance(sudden, list) or len(sudden) > 15:
        raise RecordError(E.SUDDEN_MISMATCH, -1, "sudden")
    flags = (1 if ev.get("invert") else 0) | (2 if ev.get("stop") else 0)
    if adjust is not None:
        flags |= 4
    red = ev.get("redirect")
    if red is not None:
        flags |= (1 + player(red, n, "redirect")) << 3
    b = bytearray([header(G.ROUND) | d << 4, flags, len(sudden)])
    b += _nibbles(vals, n)
    if adjust is not None:
        # null (an eliminated player's entry) is no adjustment.
        for a in per_player(adjust, n, "adjust"):
            b.append(0 if a is None else whole(a, -128, 127, "adjust") & 0xFF)
    for row in sudden:
        row = per_player(row, n, "sudden")
        b += _nibbles([15 if v is None else
                       (14 if v == -1 else whole(v, 0, 9, "sudden"))
                       for v in row], n)
    return bytes(b)


def decode(buf, off, k, p, n):
    flags = buf[off + 1]
    c = (n + 1) >> 1
    cards = [G.nibble(buf, off + 3, q) for q in range(n)]
    ev = {"e": "round", "disaster": G.DISASTERS[p & 3],
          "cards": [None if v == 15 else v for v in cards]}
    pos = off + 3 + c
    if flags & 4:
        ev["adjust"] = [None if cards[q] == 15 else int8(buf[pos + q])
                        for q in range(n)]
        pos += n
    if flags & 1:
        ev["invert"] = True
    if flags & 2:
        ev["stop"] = True
    if (flags >> 3) & 7:
        ev["redirect"] = ((flags >> 3) & 7) - 1
    if buf[off + 2]:
        rows = []
        for j in range(buf[off + 2]):
            row = []
            for q in range(n):
                v = G.nibble(buf, pos + j * c, q)
                row.append(None if v == 15 else (-1 if v == 14 else v))
            rows.append(row)
        ev["sudden"] = rows
    return ev


def status(g):
    n = g.n
    return {"rounds": g.rounds,
            "alive": mask_list(g.alive, n),
            "zone": [[g.zone[4 * p + t] for t in range(4)]
                     for p in range(n)],
            "last_taker": (None if g.last_taker == G.NONE
                           else g.last_taker)}
