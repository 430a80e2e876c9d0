# Dinos' JSON side (docs/records.md): options (each seat's dinosaur, the
# two-player rules), its events <-> bytes, and its status.

from .. import dinos
from ..game import int8
from .. import errors
from .common import RecordError, whole, player, per_player, named, field
from .common import mask_list, fix_encode, fix_decode
from .common import mask_list, ROUNDS, word


def _trait_byte(t):
    if isinstance(t, str):
        for name, b in dinos.DINOS:
            if name == t:
                return b
        raise RecordError(errors.BAD_OPTION, -1, "unknown dinosaur %r" % t)
    if isinstance(t, dict):
        b = 0
        if t.get("plus") is not None:
            b |= 1 + named(t["plus"], dinos.DISASTERS, "plus")
        if t.get("minus") is not None:
            b |= (1 + named(t["minus"], dinos.DISASTERS, "minus")) << 3
        return b
    raise RecordError(errors.BAD_OPTION, -1, "bad dinosaur %r" % (t,))


def options_bytes(n, opts):
    lst = opts.get("dinos")
    if lst is None:
        # Default: the four base dinosaurs in seat order.
        lst = [d[0] for d in dinos.DINOS[:n]]
    if not isinstance(lst, list) or len(lst) != n:
        raise RecordError(errors.BAD_OPTION, -1, "one dinosaur per player")
    b = bytearray(dinos.Dinos.OPT_LEN)
    for i in range(n):
        b[i] = _trait_byte(lst[i])
    two = opts.get("two_player_rules", True)
    if not isinstance(two, bool):
        raise RecordError(errors.BAD_OPTION, -1, "two_player_rules: true or "
                          "false")
    if n == 2 and not two:
        b[0] |= dinos.TWO_RULES_OFF
    return bytes(b)


def options_dict(n, b):
    out = []
    for i in range(n):
        t = b[i] & ~dinos.TWO_RULES_OFF if i == 0 else b[i]
        name = None
        for nm, v in dinos.DINOS:
            if v == t:
                name = nm
        if name is None:
            name = {}
            if t & 7:
                name["plus"] = dinos.DISASTERS[(t & 7) - 1]
            if (t >> 3) & 7:
                name["minus"] = dinos.DISASTERS[((t >> 3) & 7) - 1]
        out.append(name)
    d: dict = {"dinos": out}
    if n == 2:
        d["two_player_rules"] = not b[0] & dinos.TWO_RULES_OFF
    return d


def encode(ev, e, n):
    if e == "fix":
        return fix_encode(dinos, encode, ev, n)
    if e != "round":
        return None
    # The bytes are written by the rules module's builder (core/dinos.py).
    d = named(field(ev, "disaster"), dinos.DISASTERS, "disaster")
    cards = per_player(field(ev, "cards"), n, "cards")
    cards = [None if c is None else whole(c, 0, 9, "card") for c in cards]
    adjust = ev.get("adjust")
    sudden = ev.get("sudden") or []
    if not isinstance(sudden, list) or len(sudden) > 15:
        raise RecordError(errors.SUDDEN_MISMATCH, -1, "sudden")
    red = ev.get("redirect")
    red = -1 if red is None else player(red, n, "redirect")
    if adjust is not None:
        # null (an eliminated player's entry) is no adjustment.
        adjust = [None if a is None else whole(a, -128, 127, "adjust")
                  for a in per_player(adjust, n, "adjust")]
    rows = []
    for row in sudden:
        row = per_player(row, n, "sudden")
        rows.append([v if v is None or v == -1 else whole(v, 0, 9, "sudden")
                     for v in row])
    c = (n + 1) >> 1
    b = bytearray(3 + c + (n if adjust is not None else 0) + c * len(rows))
    size = dinos.round_event(b, n, d, cards, adjust, rows, ev.get("invert"),
                         ev.get("stop"), red)
    return bytes(b[:size])


def decode(buf, off, k, p, n):
    if k == dinos.FIX:
        return fix_decode(decode, buf, off, n)
    flags = buf[off + 1]
    c = (n + 1) >> 1
    cards = [dinos.nibble(buf, off + 3, q) for q in range(n)]
    ev = {"e": "round", "disaster": dinos.DISASTERS[p & 3],
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
                v = dinos.nibble(buf, pos + j * c, q)
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
            "last_taker": (None if g.last_taker == dinos.NONE
                           else g.last_taker)}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Happy Little Dinosaurs", "Happy Little Dinosaurs")
OUT = ("Out", "Eliminados")
# The base dinosaurs as BG Stats' board names them.
DINO_NAMES = {"rex": "Rex", "stego": "Stego", "ceratops": "Ceratops",
              "bronto": "Bronto"}


def status_lines(res, names, lang):
    st = res["status"]
    out = [names[p] for p in range(len(names)) if p not in st["alive"]]
    lines = ["%s: %s" % (word(ROUNDS, lang), st["rounds"])]
    if out:
        lines.append("%s: %s" % (word(OUT, lang), ", ".join(out)))
    return lines


def _trait(t):
    if isinstance(t, str):
        return DINO_NAMES.get(t, t)
    parts = ["+%s" % t["plus"]] if t.get("plus") else []
    parts += ["-%s" % t["minus"]] if t.get("minus") else []
    return "custom " + (" ".join(parts) or "(no trait)")


def board(rec, match_game):
    # Each seat's dinosaur, or custom trait.
    opts = rec.get("options") or {}
    if not opts.get("dinos"):
        return None
    return "; ".join("%s: %s" % (name, _trait(t))
                     for name, t in zip(rec["players"], opts["dinos"]))
