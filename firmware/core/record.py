# Game records (the JSON interchange format of GAMES.md) <-> the core's
# binary events, and the scored result of a record.
#
# This is the bridge the PC uses (`marcador score`, export) and the one the
# differential test runs on both CPython and the MicroPython VM. It works on
# already-parsed dicts and lists (no file or JSON I/O here) and may allocate:
# it is not on the device's per-event path.

from . import errors as E
from .game import UNDO, REDO, header, int8, int16
from .games import game_class
from .log import GameLog
from . import doggy, duplicon, alebrijes, dog, dinos, free

_DOGGY_COLORS = doggy.COLORS
_SUITS = 5


class RecordError(Exception):
    # code: an errors.* code; index: the event number (0-based), -1 for the
    # record itself; detail: what was wrong, in words, for the PC.
    def __init__(self, code, index=-1, detail=""):
        super().__init__(code, index, detail)
        self.code = code
        self.index = index
        self.detail = detail

    def text(self, lang=E.EN):
        where = "record" if self.index < 0 else "event %d" % self.index
        msg = E.message(self.code, lang)
        if self.detail:
            msg += " (" + self.detail + ")"
        return where + ": " + msg


def _int(v, lo, hi, what, code=E.BAD_VALUE):
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError(E.BAD_VALUE, -1, what + " must be a whole number")
    if v < lo or v > hi:
        if v < 0 <= lo:
            raise RecordError(E.NEGATIVE, -1, "%s = %d" % (what, v))
        raise RecordError(code, -1, "%s = %d" % (what, v))
    return v


def _player(v, n, what="p"):
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v >= n:
        raise RecordError(E.BAD_PLAYER, -1, "%s = %r" % (what, v))
    return v


def _list(v, n, what):
    if not isinstance(v, list) or len(v) != n:
        raise RecordError(E.BAD_VALUE, -1,
                          "%s needs one entry per player (%d)" % (what, n))
    return v


def _name(v, names, what):
    if v not in names:
        raise RecordError(E.BAD_VALUE, -1, "%s = %r" % (what, v))
    return names.index(v)


def _field(ev, key):
    if key not in ev:
        raise RecordError(E.BAD_EVENT, -1, "missing field '%s'" % key)
    return ev[key]


# ---------------------------------------------------------------- options

def _trait_byte(t):
    if isinstance(t, str):
        for name, b in dinos.DINOS:
            if name == t:
                return b
        raise RecordError(E.BAD_OPTION, -1, "unknown dinosaur %r" % t)
    if isinstance(t, dict):
        b = 0
        if t.get("plus") is not None:
            b |= 1 + _name(t["plus"], dinos.DISASTERS, "plus")
        if t.get("minus") is not None:
            b |= (1 + _name(t["minus"], dinos.DISASTERS, "minus")) << 3
        return b
    raise RecordError(E.BAD_OPTION, -1, "bad dinosaur %r" % (t,))


def options_bytes(gid, n, opts):
    if opts is None:
        opts = {}
    if not isinstance(opts, dict):
        raise RecordError(E.BAD_OPTION, -1, "options: an object")
    if gid == "dog":
        d = _player(opts.get("dealer", 0), n, "dealer")
        m = opts.get("match")
        if m is None:
            return bytes([d])
        # A game of a match: its length and the games each team had won
        # before this one (the device keeps its tally this way).
        if not isinstance(m, dict):
            raise RecordError(E.BAD_OPTION, -1, "match: {length, wins}")
        ln = _int(m.get("length"), 1, 99, "match length", E.BAD_OPTION)
        wins = _list(m.get("wins"), n // 2, "match wins (one per team)")
        return dog.match_opts(d, ln, [_int(w, 0, ln, "match wins",
                                           E.BAD_OPTION) for w in wins])
    if gid == "dinos":
        lst = opts.get("dinos")
        if lst is None:
            # Default: the four base dinosaurs in seat order.
            lst = [d[0] for d in dinos.DINOS[:n]]
        if not isinstance(lst, list) or len(lst) != n:
            raise RecordError(E.BAD_OPTION, -1, "one dinosaur per player")
        b = bytearray(dinos.Dinos.OPT_LEN)
        for i in range(n):
            b[i] = _trait_byte(lst[i])
        two = opts.get("two_player_rules", True)
        if not isinstance(two, bool):
            raise RecordError(E.BAD_OPTION, -1, "two_player_rules: true or "
                              "false")
        if n == 2 and not two:
            b[0] |= dinos.TWO_RULES_OFF
        return bytes(b)
    if gid == "free":
        flags = 1 if opts.get("lowest_wins") else 0
        t = opts.get("target")
        if t is not None:
            flags |= 2
            t = _int(t, -32768, 32767, "target", E.BAD_OPTION)
        else:
            t = 0
        t &= 0xFFFF
        return bytes([flags, t & 0xFF, t >> 8])
    return b""


def options_dict(gid, n, b):
    if gid == "dog":
        d = {"dealer": b[0]}
        m = dog.match_of(b, n)
        if m is not None:
            d["match"] = {"length": m[0], "wins": m[1]}
        return d
    if gid == "dinos":
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
    if gid == "free":
        d = {"lowest_wins": bool(b[0] & 1)}
        if b[0] & 2:
            d["target"] = int16(b, 1)
        return d
    return {}


# ---------------------------------------------------------------- events

def _nibbles(vals, n):
    out = bytearray((n + 1) >> 1)
    for p in range(n):
        out[p >> 1] |= (vals[p] & 0x0F) << (4 if p & 1 else 0)
    return out


def _encode_doggy(ev, e, n):
    if e == "mario":
        return bytes([header(doggy.MARIO)])
    p = _player(_field(ev, "p"), n)
    if e == "take":
        c = _name(_field(ev, "color"), _DOGGY_COLORS, "color")
        pts = ev.get("points", 1 if c == doggy.WILD else None)
        pts = _int(pts, 0, 15, "points")
        return bytes([header(doggy.TAKE, p), c | pts << 4])
    if e == "order":
        c = _name(_field(ev, "color"), _DOGGY_COLORS, "color")
        return bytes([header(doggy.ORDER, p), c])
    if e == "reserve":
        d = _int(_field(ev, "delta"), -128, 127, "delta")
        return bytes([header(doggy.RESERVE, p), d & 0xFF])
    if e == "assign":
        cols = _field(ev, "colors")
        if not isinstance(cols, list) or len(cols) > 3:
            raise RecordError(E.ASSIGN_COUNT, -1)
        b = len(cols)
        for j in range(len(cols)):
            b |= _name(cols[j], _DOGGY_COLORS[:4], "color") << (2 + 2 * j)
        return bytes([header(doggy.ASSIGN, p), b])
    return None


def _encode_duplicon(ev, e, n):
    if e != "round":
        return None
    b = bytearray([header(duplicon.ROUND)])
    w = _list(_field(ev, "won"), n, "won")
    h = _list(_field(ev, "hand"), n, "hand")
    z = _list(_field(ev, "zone"), n, "zone")
    for p in range(n):
        for v, what in ((w[p], "won"), (h[p], "hand"), (z[p], "zone")):
            b.append(_int(v, 0, 255, what, E.TOO_MANY_CARDS))
    return bytes(b)


def _encode_alebrijes(ev, e, n):
    if e == "start":
        return bytes([header(alebrijes.START, _player(_field(ev, "p"), n))])
    if e != "round":
        return None
    out = _player(_field(ev, "out"), n, "out")
    tok = ev.get("token")
    tok = 0 if tok is None else 1 + _player(tok, n, "token")
    b = bytearray([header(alebrijes.ROUND, out), tok])
    high = _list(_field(ev, "high"), n, "high")
    for p in range(n):
        vals = high[p]
        if not isinstance(vals, list) or len(vals) != _SUITS:
            raise RecordError(E.BAD_VALUE, -1, "high: 5 values per player")
        v = 0
        for s in range(_SUITS - 1, -1, -1):
            v = v * 6 + _int(vals[s], 0, 5, "high")
        b.append(v & 0xFF)
        b.append(v >> 8)
    return bytes(b)


def _encode_dog(ev, e, n):
    if e == "deal":
        return bytes([header(dog.DEAL)])
    if e == "out":
        return bytes([header(dog.OUT, _player(_field(ev, "p"), n))])
    if e == "kill":
        p = _player(_field(ev, "p"), n)
        return bytes([header(dog.KILL, p),
                      _player(_field(ev, "victim"), n, "victim")])
    if e == "goal":
        o = _player(_field(ev, "owner"), n, "owner")
        by = ev.get("by")
        by = o if by is None else _player(by, n, "by")
        return bytes([header(dog.GOAL, o), by])
    return None


def _encode_dinos(ev, e, n):
    if e != "round":
        return None
    d = _name(_field(ev, "disaster"), dinos.DISASTERS, "disaster")
    cards = _list(_field(ev, "cards"), n, "cards")
    vals = [15 if c is None else _int(c, 0, 9, "card") for c in cards]
    adjust = ev.get("adjust")
    sudden = ev.get("sudden") or []
    if not isinstance(sudden, list) or len(sudden) > 15:
        raise RecordError(E.SUDDEN_MISMATCH, -1, "sudden")
    flags = (1 if ev.get("invert") else 0) | (2 if ev.get("stop") else 0)
    if adjust is not None:
        flags |= 4
    red = ev.get("redirect")
    if red is not None:
        flags |= (1 + _player(red, n, "redirect")) << 3
    b = bytearray([header(dinos.ROUND) | d << 4, flags, len(sudden)])
    b += _nibbles(vals, n)
    if adjust is not None:
        # null (an eliminated player's entry) is no adjustment.
        for a in _list(adjust, n, "adjust"):
            b.append(0 if a is None else _int(a, -128, 127, "adjust") & 0xFF)
    for row in sudden:
        row = _list(row, n, "sudden")
        b += _nibbles([15 if v is None else
                       (14 if v == -1 else _int(v, 0, 9, "sudden"))
                       for v in row], n)
    return bytes(b)


def _encode_free(ev, e, n):
    if e == "end":
        return bytes([header(free.END)])
    if e != "round":
        return None
    b = bytearray([header(free.ROUND)])
    for v in _list(_field(ev, "scores"), n, "scores"):
        v = _int(v, -32768, 32767, "score") & 0xFFFF
        b.append(v & 0xFF)
        b.append(v >> 8)
    return bytes(b)


_ENCODERS = {"doggy": _encode_doggy, "duplicon": _encode_duplicon,
             "alebrijes": _encode_alebrijes, "dog": _encode_dog,
             "dinos": _encode_dinos, "free": _encode_free}


def encode_event(gid, n, ev):
    # One JSON event -> its bytes. Raises RecordError (index -1).
    if not isinstance(ev, dict) or not isinstance(ev.get("e"), str):
        raise RecordError(E.BAD_EVENT, -1, "an event is an object with 'e'")
    e = ev["e"]
    if e == "undo":
        return bytes([UNDO])
    if e == "redo":
        return bytes([REDO])
    b = _ENCODERS[gid](ev, e, n)
    if b is None:
        raise RecordError(E.BAD_EVENT, -1, "unknown event %r" % e)
    return b


def decode_event(gid, n, buf, off=0):
    # The bytes of one event at off -> its JSON object.
    h = buf[off]
    k = h & 0x0F
    p = h >> 4
    if k == UNDO:
        return {"e": "undo"}
    if k == REDO:
        return {"e": "redo"}
    if gid == "doggy":
        if k == doggy.MARIO:
            return {"e": "mario"}
        b = buf[off + 1]
        if k == doggy.TAKE:
            return {"e": "take", "p": p, "color": _DOGGY_COLORS[b & 15],
                    "points": b >> 4}
        if k == doggy.ORDER:
            return {"e": "order", "p": p, "color": _DOGGY_COLORS[b]}
        if k == doggy.RESERVE:
            return {"e": "reserve", "p": p, "delta": int8(b)}
        if k == doggy.ASSIGN:
            return {"e": "assign", "p": p,
                    "colors": [_DOGGY_COLORS[(b >> (2 + 2 * j)) & 3]
                               for j in range(b & 3)]}
    elif gid == "duplicon":
        return {"e": "round",
                "won": [buf[off + 1 + 3 * q] for q in range(n)],
                "hand": [buf[off + 2 + 3 * q] for q in range(n)],
                "zone": [buf[off + 3 + 3 * q] for q in range(n)]}
    elif gid == "alebrijes":
        if k == alebrijes.START:
            return {"e": "start", "p": p}
        high = []
        for q in range(n):
            v = buf[off + 2 + 2 * q] | (buf[off + 3 + 2 * q] << 8)
            vals = []
            for s in range(_SUITS):
                vals.append(v % 6)
                v //= 6
            high.append(vals)
        ev = {"e": "round", "out": p, "high": high}
        if buf[off + 1]:
            ev["token"] = buf[off + 1] - 1
        return ev
    elif gid == "dog":
        if k == dog.DEAL:
            return {"e": "deal"}
        if k == dog.OUT:
            return {"e": "out", "p": p}
        if k == dog.KILL:
            return {"e": "kill", "p": p, "victim": buf[off + 1]}
        return {"e": "goal", "owner": p, "by": buf[off + 1]}
    elif gid == "dinos":
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
    elif gid == "free":
        if k == free.END:
            return {"e": "end"}
        return {"e": "round",
                "scores": [int16(buf, off + 1 + 2 * q) for q in range(n)]}
    return {"e": "?"}


# ---------------------------------------------------------------- records

def check_header(rec):
    if not isinstance(rec, dict):
        raise RecordError(E.BAD_EVENT, -1, "a record is a JSON object")
    gid = rec.get("game")
    cls = game_class(gid) if isinstance(gid, str) else None
    if cls is None:
        raise RecordError(E.BAD_OPTION, -1, "unknown game %r" % (gid,))
    names = rec.get("players")
    if not isinstance(names, list) or not all(isinstance(x, str)
                                               for x in names):
        raise RecordError(E.BAD_PLAYER_COUNT, -1, "players: a list of names")
    events = rec.get("events", [])
    if not isinstance(events, list):
        raise RecordError(E.BAD_EVENT, -1, "events: a list")
    return cls, names, events


def load(rec):
    # Replay a record into a fresh GameLog. Raises RecordError naming the
    # first event that is invalid.
    cls, names, events = check_header(rec)
    n = len(names)
    if n < cls.MIN_PLAYERS or n > cls.MAX_PLAYERS:
        # Before the options are encoded: they index arrays per player.
        raise RecordError(E.BAD_PLAYER_COUNT, -1, "%d players" % n)
    log = GameLog(cls())
    err = log.begin(n, options_bytes(cls.ID, n, rec.get("options")))
    if err:
        raise RecordError(err, -1, "%d players" % n)
    for i in range(len(events)):
        try:
            b = encode_event(cls.ID, n, events[i])
        except RecordError as ex:
            ex.index = i
            raise
        err = log.add(b)
        if err:
            raise RecordError(err, i, _event_name(events[i]))
    return log


def _event_name(ev):
    return str(ev.get("e")) if isinstance(ev, dict) else ""


def _mask_list(mask, n):
    return [p for p in range(n) if mask & (1 << p)]


def status(g):
    # The live information a table needs, per game.
    n = g.n
    gid = g.ID
    if gid == "doggy":
        return {"mario": g.mario,
                "unordered": [[g.unordered(p, c) for c in range(5)]
                              for p in range(n)],
                "ordered": [[g.ordered(p, c) for c in range(5)]
                            for p in range(n)],
                "reserve": [g.reserve[p] for p in range(n)],
                # After the third Mario Hugo: who still has to assign wilds.
                "to_assign": [p for p in range(n)
                              if g.ended() and g.must_assign(p)]}
    if gid == "duplicon":
        return {"rounds": g.rounds,
                "last_round": [g.last[p] for p in range(n)]}
    if gid == "alebrijes":
        return {"rounds": g.rounds, "next_first": g.first,
                "cards_to_deal": g.cards_to_deal(),
                "rounds_won": [g.zeros[p] for p in range(n)]}
    if gid == "dog":
        return {"round": g.round, "hand": g.hand_size(),
                "dealer": g.dealer(), "first": g.first_player(),
                "home": [g.home[p] for p in range(n)],
                "track": [g.track[p] for p in range(n)],
                "goal": [g.goal[p] for p in range(n)],
                "team_goal": [g.team_goal[t] for t in range(n // 2)],
                "kills": [g.kills[p] for p in range(n)]}
    if gid == "dinos":
        return {"rounds": g.rounds,
                "alive": _mask_list(g.alive, n),
                "zone": [[g.zone[4 * p + t] for t in range(4)]
                         for p in range(n)],
                "last_taker": (None if g.last_taker == dinos.NONE
                               else g.last_taker)}
    if gid == "free":
        return {"rounds": g.rounds}
    return {}


def result(log, names):
    # The scored result of a game: the `marcador score --json` object.
    g = log.game
    g.score()
    n = g.n
    players = []
    for p in range(n):
        parts = {}
        for k in range(g.nparts()):
            parts[g.part_name(k)] = g.part(p, k)
        players.append({"name": names[p], "total": g.total[p],
                        "parts": parts})
    return {"game": g.ID, "over": bool(g.over),
            "winners": _mask_list(g.winners, n),
            "leaders": _mask_list(g.leaders, n),
            "players": players, "status": status(g)}


def score_record(rec):
    # load() checks the record; its players are names once it has.
    return result(load(rec), rec["players"])
