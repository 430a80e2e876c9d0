# Alebrijes: three rounds; whoever empties their hand scores 0, everyone
# else loses the highest value they hold in each of the five suits (four
# colours and wild). Rules: shared/seeds/002_*.txt and docs/rules.md,
# "Alebrijes".
#
# Events:
#   START  1 byte       [h]  first player of round 1 (in the header)
#   ROUND  2 + 2n bytes [h (player who went out), token + 1 (0 = not given),
#                        then per player the 5 highest values
#                        (blue, green, pink, orange, wild; 0-5 each) packed
#                        base 6 into a little-endian uint16:
#                        blue + 6 green + 36 pink + 216 orange + 1296 wild]
#   FIX    4 + 2n bytes [FIX, r, ROUND event]  round r (0-based) had this
#                        content instead (core/game.py fix_size, core/log.py)

from array import array
from .game import Game, const, best_mask, zero, FIX, fix_size
from .game import fix_event  # noqa: F401 (the builder of FIX events)

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_PLAYER = const(2)
_BAD_EVENT = const(3)
_BAD_VALUE = const(4)
_OUT_HOLDS_CARDS = const(17)
_NO_CARDS_LEFT = const(18)
_ALREADY_STARTED = const(19)

START = const(1)
ROUND = const(2)

ROUNDS = const(3)
SUITS = ("blue", "green", "pink", "orange", "wild")
_PACK_MAX = const(7775)   # 6**5 - 1


class Alebrijes(Game):
    ID = "alebrijes"
    MIN_PLAYERS = 3
    MAX_PLAYERS = 6
    PARTS = ("round1", "round2", "round3")
    ROUND_KIND = ROUND

    def __init__(self):
        Game.__init__(self)
        m = self.MAX_PLAYERS
        self.pts = array("h", bytes(2 * m * ROUNDS))  # per player, per round
        self.zeros = bytearray(m)                      # rounds won (scored 0)
        self.reset()

    def reset(self):
        zero(self.pts)
        zero(self.zeros)
        self.first = 0      # first player of the round to be played next
        self.rounds = 0
        self.over = False
        self.winners = 0
        self.leaders = 0

    def cards_to_deal(self):
        return 10 if self.n <= 4 else 8

    def size(self, buf, off, end):
        k = buf[off] & 0x0F
        if k == START:
            return 1
        if k == FIX:
            return fix_size(self, buf, off, end)
        if k == ROUND:
            s = 2 + 2 * self.n
            return s if end - off >= s else -1
        return 0

    def apply(self, buf, off):
        h = buf[off]
        k = h & 0x0F
        p = h >> 4
        if self.over:
            return _GAME_OVER
        if k == START:
            if self.rounds:
                return _ALREADY_STARTED
            if p >= self.n:
                return _BAD_PLAYER
            self.first = p
            return _OK
        if k != ROUND:
            return _BAD_EVENT
        n = self.n
        token = buf[off + 1]
        if p >= n or token > n:
            return _BAD_PLAYER
        for q in range(n):
            v = buf[off + 2 + 2 * q] | (buf[off + 3 + 2 * q] << 8)
            self.bad = q << 3         # (the suits are packed: the first)
            if v > _PACK_MAX:
                return _BAD_VALUE
            if q == p and v:
                return _OUT_HOLDS_CARDS
            if q != p and not v:
                return _NO_CARDS_LEFT
        self.bad = -1
        r = self.rounds
        for q in range(n):
            v = buf[off + 2 + 2 * q] | (buf[off + 3 + 2 * q] << 8)
            s = 0
            while v:
                s += v % 6
                v //= 6
            self.pts[q * ROUNDS + r] = -s
        self.zeros[p] += 1
        self.rounds = r + 1
        # Without a token holder given, the round's first player holds it.
        self.first = self._next_first(token - 1 if token else self.first)
        if self.rounds == ROUNDS:
            self.over = True
        return _OK

    def _total(self, q):
        s = 0
        for r in range(ROUNDS):
            s += self.pts[q * ROUNDS + r]
        return s

    def _next_first(self, token):
        # The worst total starts; among ties, the nearest to the token holder
        # going clockwise, the holder first.
        worst = 1
        for q in range(self.n):
            t = self._total(q)
            if t < worst:
                worst = t
        for j in range(self.n):
            q = (token + j) % self.n
            if self._total(q) == worst:
                return q
        return token

    def score(self):
        n = self.n
        for q in range(n):
            for r in range(ROUNDS):
                self.parts[q * ROUNDS + r] = self.pts[q * ROUNDS + r]
            self.total[q] = self._total(q)
        best = best_mask(self.total, n, (1 << n) - 1, False)
        # Tie-break: most rounds won; still tied, shared.
        self.leaders = best_mask(self.zeros, n, best, False)
        self.winners = self.leaders if self.over else 0


# The event builder: the only writer of these bytes (the play screen and the
# JSON codec call it). It writes one event at the start of buf and returns
# its size; it allocates nothing.
#     event(buf, START, p)         p: who starts round 1
#     event(buf, ROUND, out, n, token, highs)   out: who went out; token:
#         who holds it, -1 when not given; highs[p]: p's 5 highest values
#         (0-5), in SUITS order
#     fix_event(buf, r, event(buf, ROUND, ...))   round r (0-based)
#         corrected to that content (core/game.py)

def event(buf, kind, p, n=0, token=-1, highs=None):
    buf[0] = kind | p << 4
    if kind != ROUND:
        return 1
    buf[1] = token + 1 if token >= 0 else 0
    for q in range(n):
        h = highs[q]                    # pyright: ignore[reportOptionalSubscript]
        v = 0
        for s in range(4, -1, -1):
            v = v * 6 + h[s]
        buf[2 + 2 * q] = v & 0xFF
        buf[3 + 2 * q] = v >> 8
    return 2 + 2 * n


# Reading a ROUND event back (a correction's screen prefills from it): the
# inverse of event(), here beside it so that one module knows the bytes.

def round_out(buf, off):
    # Who went out in the ROUND event at buf[off].
    return buf[off] >> 4


def round_token(buf, off):
    # Who was given the token then, -1 for nobody.
    return buf[off + 1] - 1


def round_highs(buf, off, q):
    # Player q's five highs (a list, in suit order) in that event.
    v = buf[off + 2 + 2 * q] | (buf[off + 3 + 2 * q] << 8)
    h = []
    for _ in range(5):
        h.append(v % 6)
        v //= 6
    return h
