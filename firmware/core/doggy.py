# Doggy Style (Mario Hugo): Parrandas taken, ordered, Mario Hugo's return,
# reserve dogs, sets and majorities. Rules: shared/seeds/000_*.txt and
# docs/rules.md, "Doggy Style".
#
# Events (header byte = kind | player << 4):
#   TAKE    2 bytes  [h, color | points << 4]   points 5, 3 or 1
#   ORDER   2 bytes  [h, color]
#   RESERVE 2 bytes  [h, delta as int8]         +1 or -1
#   MARIO   1 byte   [h]                        (no player)
#   ASSIGN  2 bytes  [h, count | c0 << 2 | c1 << 4 | c2 << 6]
#                    one colour (0-3) per ordered wild, count 0-3
#   PASS    1 byte   [h]                        the player's turn ends
#                                               without a take or an order
#   COUNT   10 bytes [h, 4 x (n5 | n3 << 4, n1 | w << 4), reserve]
#                    the end count (below): per colour (blue, red,
#                    yellow, green) the player's ordered Parrandas worth
#                    5, 3 and 1 and the wilds counted as that colour,
#                    then the reserve dogs
# Turns go clockwise: `turn` is the player after the last one who took,
# ordered or passed (a take usually ends the turn; a second take of the
# same turn is simply that player's again). Mario Hugo, reserve and assign
# leave it. It is state like any other, so undo and a replay after a power
# cut give it back.
#
# Two ways to play (the option byte, docs/rules.md "Doggy Style"): live
# tracking (no option byte, or 0: the events above) or the end count
# (option byte 1): the table plays on paper and only what the score pad
# holds at the end is entered, one COUNT per player in seat order (J1
# first). The COUNT is this title's round (ROUND_KIND): a correction
# (FIX) of round r is player r's count again. The game is over once every
# player is counted; the score is the same breakdown as a live game's.

from .game import Game, const, int8, best_mask, zero, FIX, fix_size
from .game import fix_event  # noqa: F401 (the builder of FIX events)

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_PLAYER = const(2)
_BAD_EVENT = const(3)
_BAD_VALUE = const(4)
_COLOR_EXHAUSTED = const(5)
_WILD_EXHAUSTED = const(6)
_WILD_POINTS = const(7)
_RESERVE_NEGATIVE = const(8)
_NOTHING_TO_ORDER = const(9)
_ASSIGN_COUNT = const(10)
_MARIO_EARLY = const(11)
_NOT_OVER = const(12)
_ALREADY_ASSIGNED = const(13)
_BAD_OPTION = const(28)
_MARIO_NO_REFILL = const(36)
_COLOR_COUNT = const(43)
_WILD_COUNT = const(44)
_DOG_COUNT = const(45)
_COUNT_ORDER = const(46)
_COUNT_ONLY = const(47)
_LIVE_ONLY = const(48)

TAKE = const(1)
ORDER = const(2)
RESERVE = const(3)
MARIO = const(4)
ASSIGN = const(5)
PASS = const(6)
COUNT = const(7)
COUNT_SIZE = const(10)

LIVE = const(0)       # the option byte: the way the game is played
END_COUNT = const(1)

BLUE = const(0)
RED = const(1)
YELLOW = const(2)
GREEN = const(3)
WILD = const(4)
COLORS = ("blue", "red", "yellow", "green", "wild")

_NC = const(5)        # colours incl. wild, per player in the state arrays
MARIOS_TO_END = const(3)
DOG_CARDS = const(64)  # the Perro deck: reserve dogs are some of them
RESERVE_ROW = const(4)  # the count's table: the colours' rows, then this

# The state's counters (Doggy.st), at these offsets (tests/title_data/
# doggy.py PARTS: the same, checked against the accessors); [p * _NC + c]: per
# player and colour (wild included), [p * 4 + c]: per player and colour
# (no wild), [c] per colour, [p] per player.
_M = const(5)                         # MAX_PLAYERS
_UNORD_N = const(0)                   # unordered cards per player/colour
_UNORD_PTS = const(_M * _NC)          # and their points
_ORD_N = const(2 * _M * _NC)          # ordered cards
_ORD_PTS = const(3 * _M * _NC)        # and their points
_TAKEN = const(4 * _M * _NC)          # Parrandas taken per colour so far
_RESERVE = const(_TAKEN + _NC)        # reserve dogs per player
_ASSIGNED = const(_RESERVE + _M)      # wilds assigned to each colour
_CNT = const(_ASSIGNED + 4 * _M)      # colour counts used to score
_MAJ = const(_CNT + 4 * _M)           # majority points per colour
_ST_BYTES = const(_MAJ + 4 * _M)


class Doggy(Game):
    ID = "doggy"
    MIN_PLAYERS = 2
    MAX_PLAYERS = _M
    SCORED_AT_END = True  # the majorities are counted at the end
    PARTS = ("parrandas", "reserve", "sets", "majorities")
    ROUND_KIND = COUNT    # only an end-count game has them

    def __init__(self):
        Game.__init__(self)
        # The option byte (LIVE or END_COUNT). OPT_LEN stays 0: games
        # stored before the option have none and are live; setup() keeps
        # the byte here, so a replay (log.restore) sets the game up again.
        self.opts = bytearray(1)
        # The counters, all in one bytearray at the offsets below (_UNORD_N
        # ...): one object, not nine small ones with a header each.
        self.st = bytearray(_ST_BYTES)
        self.reset()

    def reset(self):
        zero(self.st)
        self.assigned_mask = 0
        self.mario = 0
        self.any_take = False
        # The supply refills (so Mario Hugo may appear) only after a turn in
        # which Parrandas were taken. In the event stream a turn is either
        # takes or one `order` (docs/rules.md: a `mario` must follow a `take`,
        # with only other `mario` or `reserve` events between): a take sets
        # this, an order clears it, mario and reserve leave it.
        self.refill = False
        self.last_p = 0
        self.last_c = 0
        self.last_pts = 0
        self.last_valid = False   # the last Parranda taken is still unordered
        self.turn = 0             # whose turn it is (the table picks the first)
        self.over = False
        self.winners = 0
        self.leaders = 0
        self.rounds = 0           # end count: the players counted so far
        self.dogs = 0             # end count: reserve dogs counted so far

    def setup(self, n, opts=b"", off=0):
        err = Game.setup(self, n, opts, off)
        if err == _OK:
            self.opts[0] = opts[off] if len(opts) > off else LIVE
        return err

    def check_options(self, n, opts, off):
        k = len(opts) - off
        if k > 1 or (k == 1 and opts[off] > END_COUNT):
            return _BAD_OPTION
        return _OK

    def by_count(self):
        # True when the game is scored from the end count alone.
        return self.opts[0] == END_COUNT

    def left(self, c):
        # Parrandas of colour c (not wild) still to be taken: 7 per colour,
        # 6 with two players. The rulebook does not say how many of each
        # value (5, 3, 1) a colour has, so nothing is counted per value
        # (docs/rules.md, "Doggy Style", "Decision (card values)").
        return (6 if self.n == 2 else 7) - self.st[_TAKEN + c]

    def unordered(self, p, c):
        return self.st[_UNORD_N + p * _NC + c]

    def ordered(self, p, c):
        return self.st[_ORD_N + p * _NC + c]

    def reserve_dogs(self, p):
        return self.st[_RESERVE + p]

    def size(self, buf, off, end):
        if off >= end:
            return 0
        k = buf[off] & 0x0F
        if k == MARIO or k == PASS:
            return 1
        if k == TAKE or k == ORDER or k == RESERVE or k == ASSIGN:
            return 2 if end - off >= 2 else -1
        if k == COUNT:
            return COUNT_SIZE if end - off >= COUNT_SIZE else -1
        if k == FIX:
            return fix_size(self, buf, off, end)
        return 0

    def apply(self, buf, off):
        h = buf[off]
        k = h & 0x0F
        p = h >> 4
        self.bad = -1
        if k < TAKE or k > COUNT:
            return _BAD_EVENT
        if (k == COUNT) != self.by_count():
            # The end count takes counts only; live tracking none.
            return _COUNT_ONLY if self.by_count() else _LIVE_ONLY
        if k == COUNT:
            return self._count(p, buf, off + 1)
        if k == ASSIGN:
            return self._assign(p, buf[off + 1])
        if self.ended():
            return _GAME_OVER
        if k == MARIO:
            return self._mario()
        if p >= self.n:
            return _BAD_PLAYER
        if k == TAKE or k == ORDER or k == PASS:
            # PASS leaves the refill as it is: a Mario Hugo turned up by
            # this turn's refill may still be entered after the pass.
            err = _OK
            if k == TAKE:
                err = self._take(p, buf[off + 1])
            elif k == ORDER:
                err = self._order(p, buf[off + 1])
            if err == _OK:
                self.turn = (p + 1) % self.n
            return err
        if k == RESERVE:
            d = int8(buf[off + 1])
            if d != 1 and d != -1:
                return _BAD_VALUE
            if self.st[_RESERVE + p] + d < 0:
                return _RESERVE_NEGATIVE
            if self.st[_RESERVE + p] + d > 255:
                return _BAD_VALUE
            self.st[_RESERVE + p] += d
            return _OK
        return _BAD_EVENT

    def _count(self, p, buf, o):
        # Player p's end count at buf[o:o + 9]; every value checked before
        # any is kept. self.bad: the refused cell of the count's table,
        # row << 3 | column (rows: the colours, then RESERVE_ROW; columns:
        # the 5s, 3s, 1s, wilds).
        if self.over:
            return _GAME_OVER
        if p >= self.n:
            return _BAD_PLAYER
        if p != self.rounds:
            return _COUNT_ORDER        # each player once, in seat order
        two = self.n == 2
        wilds = 0
        for c in range(4):
            a = buf[o + 2 * c]
            b = buf[o + 2 * c + 1]
            # The deck: 7 Parrandas a colour (6 with two players), the
            # other players' counted ones among them.
            if (a & 15) + (a >> 4) + (b & 15) > self.left(c):
                self.bad = c << 3 | (2 if b & 15 else 1 if a >> 4 else 0)
                return _COLOR_COUNT
            wilds += b >> 4
        if self.st[_TAKEN + WILD] + wilds > (2 if two else 3):
            c = 0
            while not buf[o + 2 * c + 1] >> 4:
                c += 1
            self.bad = c << 3 | 3
            return _WILD_COUNT
        if self.dogs + buf[o + 8] > DOG_CARDS:
            self.bad = RESERVE_ROW << 3
            return _DOG_COUNT
        for c in range(4):
            a = buf[o + 2 * c]
            b = buf[o + 2 * c + 1]
            k = (a & 15) + (a >> 4) + (b & 15)
            i = p * _NC + c
            self.st[_ORD_N + i] = k
            self.st[_ORD_PTS + i] = 5 * (a & 15) + 3 * (a >> 4) + (b & 15)
            self.st[_TAKEN + c] += k
            self.st[_ASSIGNED + p * 4 + c] = b >> 4
        self.st[_ORD_N + p * _NC + WILD] = wilds
        self.st[_ORD_PTS + p * _NC + WILD] = wilds
        self.st[_TAKEN + WILD] += wilds
        self.assigned_mask |= 1 << p
        self.st[_RESERVE + p] = buf[o + 8]
        self.dogs += buf[o + 8]
        self.rounds += 1
        self.over = self.rounds == self.n
        return _OK

    def _take(self, p, b):
        c = b & 0x0F
        pts = b >> 4
        if c > WILD:
            return _BAD_VALUE
        # The deck: 3 wilds, 7 Parrandas per colour (left()); with two
        # players a wild and a 5 of each colour fewer.
        if c == WILD:
            if pts != 1:
                return _WILD_POINTS
            if self.st[_TAKEN + c] >= (2 if self.n == 2 else 3):
                return _WILD_EXHAUSTED
        else:
            if pts != 5 and pts != 3 and pts != 1:
                return _BAD_VALUE
            if self.left(c) <= 0:
                return _COLOR_EXHAUSTED
        self.st[_TAKEN + c] += 1
        i = p * _NC + c
        self.st[_UNORD_N + i] += 1
        self.st[_UNORD_PTS + i] += pts
        self.any_take = True
        self.refill = True
        self.last_p = p
        self.last_c = c
        self.last_pts = pts
        self.last_valid = True
        return _OK

    def _order(self, p, c):
        if c > WILD:
            return _BAD_VALUE
        i = p * _NC + c
        if self.st[_UNORD_N + i] == 0:
            return _NOTHING_TO_ORDER
        self.st[_ORD_N + i] += self.st[_UNORD_N + i]
        self.st[_ORD_PTS + i] += self.st[_UNORD_PTS + i]
        self.st[_UNORD_N + i] = 0
        self.st[_UNORD_PTS + i] = 0
        self.refill = False
        if p == self.last_p and c == self.last_c:
            self.last_valid = False
        return _OK

    def _mario(self):
        # The supply is only refilled after someone took a Parranda.
        if not self.any_take:
            return _MARIO_EARLY
        if not self.refill:
            return _MARIO_NO_REFILL
        if self.last_valid:
            # Only the last Parranda taken is ordered, and only once.
            i = self.last_p * _NC + self.last_c
            self.st[_UNORD_N + i] -= 1
            self.st[_UNORD_PTS + i] -= self.last_pts
            self.st[_ORD_N + i] += 1
            self.st[_ORD_PTS + i] += self.last_pts
            self.last_valid = False
        self.mario += 1
        self._check_over()
        return _OK

    def ended(self):
        # Play is over (third Mario Hugo); the game may still wait for wild
        # assignments before it is `over` and has winners. An end count
        # ends when its last player is counted.
        return self.mario >= MARIOS_TO_END or self.over

    def must_assign(self, p):
        # True while p holds ordered wilds whose colours are not assigned.
        return (self.st[_ORD_N + p * _NC + WILD] > 0 and
                not self.assigned_mask & (1 << p))

    def _check_over(self):
        # Over once play ended and every ordered wild has a colour: the
        # rulebook has the assignment before the count (docs/rules.md, "Doggy
        # Style").
        over = self.ended()
        for p in range(self.n):
            if self.must_assign(p):
                over = False
        self.over = over

    def _assign(self, p, b):
        if not self.ended():
            return _NOT_OVER
        if p >= self.n:
            return _BAD_PLAYER
        if self.assigned_mask & (1 << p):
            return _ALREADY_ASSIGNED
        cnt = b & 3
        if cnt != self.st[_ORD_N + p * _NC + WILD]:
            return _ASSIGN_COUNT
        if b >> (2 + 2 * cnt):
            return _BAD_VALUE  # colour bits past the count must be 0
        for j in range(cnt):
            self.st[_ASSIGNED + p * 4 + ((b >> (2 + 2 * j)) & 3)] += 1
        self.assigned_mask |= 1 << p
        self._check_over()
        return _OK

    def score(self):
        n = self.n
        np_ = len(self.PARTS)
        for p in range(n):
            pts = 0
            for c in range(_NC):
                pts += self.st[_ORD_PTS + p * _NC + c]
            sets = 99
            for c in range(4):
                v = self.st[_ORD_N + p * _NC + c] + self.st[_ASSIGNED + p * 4 + c]
                self.st[_CNT + p * 4 + c] = v
                self.st[_MAJ + p * 4 + c] = 0
                if v < sets:
                    sets = v
            self.parts[p * np_] = pts
            self.parts[p * np_ + 1] = self.st[_RESERVE + p]
            self.parts[p * np_ + 2] = 5 * sets
        for c in range(4):
            self._majority(c)
        for p in range(n):
            m = 0
            for c in range(4):
                m += self.st[_MAJ + p * 4 + c]
            self.parts[p * np_ + 3] = m
            self.total[p] = (self.parts[p * np_] + self.parts[p * np_ + 1] +
                             self.parts[p * np_ + 2] + m)
        self.leaders = best_mask(self.total, n, (1 << n) - 1, False)
        self.winners = self.leaders if self.over else 0

    def _majority(self, c):
        n = self.n
        st = self.st
        top = 0
        for p in range(n):
            if st[_CNT + p * 4 + c] > top:
                top = st[_CNT + p * 4 + c]
        if top == 0:
            return                      # nobody has this colour
        k = 0
        for p in range(n):
            if st[_CNT + p * 4 + c] == top:
                k += 1
        if k > 1:
            # Tied first majority: split 7 rounding down, no second majority.
            for p in range(n):
                if st[_CNT + p * 4 + c] == top:
                    self.st[_MAJ + p * 4 + c] = 7 // k
            return
        second = 0
        for p in range(n):
            v = st[_CNT + p * 4 + c]
            if top > v > second:
                second = v
        k2 = 0
        for p in range(n):
            v = st[_CNT + p * 4 + c]
            if v == top:
                self.st[_MAJ + p * 4 + c] = 5
            elif v == second and second > 0:
                k2 += 1
        if second > 0:
            for p in range(n):
                if st[_CNT + p * 4 + c] == second:
                    self.st[_MAJ + p * 4 + c] = 2 // k2


# The event builder: the only writer of these bytes (the play screen and the
# JSON codec call it). It writes one event at the start of buf and returns
# its size; it allocates nothing.
#     event(buf, MARIO)
#     event(buf, PASS, p)
#     event(buf, TAKE, p, color, points)
#     event(buf, ORDER, p, color)
#     event(buf, RESERVE, p, delta)       delta: -128..127
#     event(buf, ASSIGN, p, colors)       what each of p's ordered wilds
#         counts as (3 at most, each a colour but WILD): the count in bits
#         0-1, then 2 bits per wild.

def event(buf, kind, p=0, a=0, b=0):
    buf[0] = kind | p << 4
    if kind == MARIO or kind == PASS:
        return 1
    if kind == TAKE:
        a |= b << 4
    elif kind == RESERVE:
        a &= 0xFF
    elif kind == ASSIGN:
        # a is the list of colours here (pyright takes it for an int).
        cols = a
        a = len(cols)                      # pyright: ignore[reportArgumentType]
        for j in range(a):
            a |= cols[j] << (2 + 2 * j)    # pyright: ignore[reportIndexIssue]
    buf[1] = a
    return 2


def count_event(buf, p, rows, reserve):
    # p's end count (COUNT): rows, per colour (blue, red, yellow, green)
    # [5s, 3s, 1s, wilds as that colour], each 0-15, and the reserve dogs
    # (0-255); the core refuses what the deck cannot hold. Returns its
    # size; allocates nothing.
    buf[0] = COUNT | p << 4
    for c in range(4):
        r = rows[c]
        buf[1 + 2 * c] = (r[0] & 15) | (r[1] & 15) << 4
        buf[2 + 2 * c] = (r[2] & 15) | (r[3] & 15) << 4
    buf[9] = reserve
    return COUNT_SIZE
