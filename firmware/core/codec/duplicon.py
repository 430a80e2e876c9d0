# Duplicon's JSON side (docs/records.md): its events <-> bytes, and its status.

from .. import duplicon
from .. import errors
from .common import whole, per_player, field, player, fix_encode, fix_decode
from .common import mask_list, word, ROUNDS
from .common import no_options_bytes as options_bytes  # noqa: F401
from .common import no_options_dict as options_dict  # noqa: F401


def encode(ev, e, n):
    if e == "fix":
        return fix_encode(duplicon, encode, ev, n)
    if e == "pass" or e == "draw":
        b = bytearray(1)
        kind = duplicon.PASS if e == "pass" else duplicon.DRAW
        return bytes(b[:duplicon.event(b, kind, player(field(ev, "p"), n))])
    if e != "round":
        return None
    w = per_player(field(ev, "won"), n, "won")
    h = per_player(field(ev, "hand"), n, "hand")
    z = per_player(field(ev, "zone"), n, "zone")
    rows = [[whole(v, 0, 255, what, errors.TOO_MANY_CARDS)
             for v, what in ((w[p], "won"), (h[p], "hand"), (z[p], "zone"))]
            for p in range(n)]
    b = bytearray(1 + 3 * n)
    return bytes(b[:duplicon.round_event(b, n, rows)])


def decode(buf, off, k, p, n):
    if k == duplicon.FIX:
        return fix_decode(decode, buf, off, n)
    if k == duplicon.PASS:
        return {"e": "pass", "p": p}
    if k == duplicon.DRAW:
        return {"e": "draw", "p": p}
    return {"e": "round",
            "won": [buf[off + 1 + 3 * q] for q in range(n)],
            "hand": [buf[off + 2 + 3 * q] for q in range(n)],
            "zone": [buf[off + 3 + 3 * q] for q in range(n)]}


def status(g):
    # turn: whose turn it is (the device's cursor); no_draw: who drew a
    # card last turn and may not draw now (the screen's "no roba").
    return {"rounds": g.rounds,
            "last_round": [g.last[p] for p in range(g.n)],
            "turn": g.turn, "no_draw": mask_list(g.nodraw, g.n)}


# ------------------------------------------------ the PC tools' hooks
# (codec/hooks.py says what each is for)

NAME = ("Duplicon", "Duplicon")
TURN = ("turn", "turno")
NO_DRAW = ("no draw", "no roba")


def status_lines(res, names, lang):
    st = res["status"]
    line = "%s: %s" % (word(ROUNDS, lang), st["rounds"])
    if not res["over"]:
        line += "; %s: %s" % (word(TURN, lang), names[st["turn"]])
        if st["no_draw"]:
            line += "; %s: %s" % (word(NO_DRAW, lang),
                                  ", ".join(names[p] for p in st["no_draw"]))
    return [line]


def start_player(rec):
    # BG Stats: player 1 starts round 1 (the device's rule, README).
    return 0
