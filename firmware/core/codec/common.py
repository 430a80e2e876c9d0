# What every title's JSON codec shares: the error a record raises and the
# checks of JSON values (PC only, with the rest of core/codec).

from .. import errors


class RecordError(Exception):
    # code: an errors.* code; index: the event number (0-based), -1 for the
    # record itself; detail: what was wrong, in words, for the PC.
    def __init__(self, code, index=-1, detail=""):
        super().__init__(code, index, detail)
        self.code = code
        self.index = index
        self.detail = detail
        self.arg = None     # fills the %d of the code's text, if it has one
        self.alone = False  # the detail says it all: no code text before it

    def text(self, lang=errors.EN):
        where = "record" if self.index < 0 else "event %d" % self.index
        if self.alone:
            return where + ": " + self.detail
        from ..error_texts import message
        msg = message(self.code, lang, self.arg)
        if self.detail:
            msg += " (" + self.detail + ")"
        return where + ": " + msg


def whole(v, lo, hi, what, code=errors.BAD_VALUE):
    # v, a whole number in lo..hi.
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError(errors.BAD_VALUE, -1,
                          what + " must be a whole number")
    if v < lo or v > hi:
        if v < 0 <= lo:
            raise RecordError(errors.NEGATIVE, -1, "%s = %d" % (what, v))
        raise RecordError(code, -1, "%s = %d" % (what, v))
    return v


def player(v, n, what="p"):
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v >= n:
        raise RecordError(errors.BAD_PLAYER, -1, "%s = %r" % (what, v))
    return v


def per_player(v, n, what):
    # v, a list with one entry per player.
    if not isinstance(v, list) or len(v) != n:
        raise RecordError(errors.BAD_VALUE, -1,
                          "%s needs one entry per player (%d)" % (what, n))
    return v


def named(v, names, what):
    # The index of the name v in names.
    if v not in names:
        raise RecordError(errors.BAD_VALUE, -1, "%s = %r" % (what, v))
    return names.index(v)


def field(ev, key):
    if key not in ev:
        raise RecordError(errors.BAD_EVENT, -1, "missing field '%s'" % key)
    return ev[key]


def fix_encode(rules, encode, ev, n):
    # {"e": "fix", "round": R (1-based), the round's fields} -> the bytes of
    # the correction: the round event by the title's encode (its builder),
    # made a FIX by the rules module's fix_event.
    r = whole(field(ev, "round"), 1, 256, "round", errors.NO_SUCH_ROUND) - 1
    inner = dict(ev)
    inner["e"] = "round"
    b = encode(inner, "round", n)
    buf = bytearray(len(b) + 2)
    buf[:len(b)] = b
    return bytes(buf[:rules.fix_event(buf, r, len(b))])


def fix_decode(decode, buf, off, n):
    # The correction at buf[off] -> {"e": "fix", "round": R, the round's
    # fields}, the round decoded by the title's decode.
    h = buf[off + 2]
    d = decode(buf, off + 2, h & 0x0F, h >> 4, n)
    out = {"e": "fix", "round": buf[off + 1] + 1}
    for k in d:
        if k != "e":
            out[k] = d[k]
    return out


def mask_list(mask, n):
    return [p for p in range(n) if mask & (1 << p)]


def no_options_bytes(n, opts):
    return b""


def no_options_dict(n, b):
    return {}


# Words of the PC tools: (English, Spanish) pairs, as host_tools keep them.
ROUNDS = ("Rounds played", "Rondas jugadas")


def word(pair, lang):
    # The word of an (English, Spanish) pair in lang (errors.EN or ES).
    return pair[1] if lang == errors.ES else pair[0]
