# The shape every game module follows.
#
# A game is set up once (player count + option bytes), then fed encoded events
# one at a time with apply(buf, off). Every event starts with a header byte:
#
#     bits 0-3  event kind (per game; 13 = REDO and 14 = UNDO for all games,
#               12 = FIX for the titles that play rounds)
#     bits 4-7  a player index, where the event has one (else 0)
#
# followed by a payload whose length the game knows (size()). apply()
# validates the whole event before it touches any state, so an invalid event
# returns an error code and changes nothing. State lives in arrays that are
# allocated once in __init__ for the game's maximum player count: apply() and
# score() allocate nothing on the heap (tests/core/test_micropython.py proves it
# on the MicroPython VM with micropython.heap_lock()).

try:
    from micropython import const
except ImportError:  # CPython
    def const(__x):    # positional-only, as MicroPython's
        return __x

from array import array

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_BAD_PLAYER_COUNT = const(27)
_BAD_OPTION = const(28)

FIX = const(12)     # correct a past round: see fix_size() and core/log.py
REDO = const(13)
UNDO = const(14)


def header(kind, player=0):
    return kind | (player << 4)


def event_size(game, buf, off, end):
    # Length of the event at buf[off] in a log: UNDO and REDO are one byte
    # in every title, the rest its rules know (0: not an event of this
    # game, -1: cut short before end). The one walker of stored logs.
    k = buf[off] & 0x0F
    return 1 if k == UNDO or k == REDO else game.size(buf, off, end)


def fix_size(game, buf, off, end):
    # A correction of round r in the titles that play rounds (ROUND_KIND):
    #     [FIX, r (0-based), the round's whole new event in its own layout]
    # so it is 2 bytes longer than that round event. Only core/log.py
    # applies it (it replays the rounds with the new content).
    if end - off < 3:
        return -1
    if buf[off + 2] & 0x0F != game.ROUND_KIND:
        return 0
    s = game.size(buf, off + 2, end)
    return s + 2 if s > 0 else s


def fix_event(buf, r, size):
    # The builder of corrections: turns the round event a title's builder
    # has just written at buf[0:size] into the correction of round r
    # (0-based, 0-255); returns the new size. Allocates nothing.
    for j in range(size - 1, -1, -1):
        buf[j + 2] = buf[j]
    buf[0] = FIX
    buf[1] = r
    return size + 2


def int8(b):
    # A byte read back as a signed value (-128..127).
    return b - 256 if b > 127 else b


def int16(buf, off):
    v = buf[off] | (buf[off + 1] << 8)
    return v - 65536 if v > 32767 else v


def best_mask(vals, n, mask, lowest):
    # Bitmask of the players in `mask` holding the highest (or lowest) value.
    best = 0
    found = False
    for i in range(n):
        if mask & (1 << i):
            v = vals[i]
            if not found or (v < best if lowest else v > best):
                best = v
                found = True
    out = 0
    for i in range(n):
        if mask & (1 << i) and vals[i] == best:
            out |= 1 << i
    return out


def zero(a):
    # Every item of a (a bytearray or an array) to 0. One that is all 0
    # already (fresh: a game's reset() runs at its construction and again
    # at its setup) is only read, by any() in C (its iterator on the C
    # stack: nothing allocated); a loop here costs a Pico a couple of
    # thousand cycles an item.
    if any(a):
        for i in range(len(a)):
            a[i] = 0


def popcount(x):
    c = 0
    while x:
        c += x & 1
        x >>= 1
    return c


class Game:
    # Each title's class sets ID, MIN_PLAYERS and MAX_PLAYERS (no default
    # here: 16 names in this class's dict, its table a size smaller, in a
    # board's RAM for good). Declared only, for the type checker
    # (tests/device/test_board_api.py): MicroPython's compiler drops an
    # annotation without a value, nothing is stored.
    ID: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    PLAYER_STEP = 1      # DOG: 4 or 6 (core.games.player_counts)
    SCORED_AT_END = False  # totals before the end are only "if it ended now"
    TEAMS = False        # players win as teams (winners is the team)
    OPT_LEN = 0          # option bytes the game takes at setup
    PARTS = ()           # names of the pieces of a player's total
    ROUND_KIND = 0       # the kind of a round event, if the title has
                         # rounds (then FIX corrects one: core/log.py)
    rounds = 0           # rounds played, in the titles with ROUND_KIND
    log = None           # the GameLog that feeds it (GameLog.begin): the
                         # free pad reads its rounds back from it

    def __init__(self):
        m = self.MAX_PLAYERS
        self.n = 0
        self.opts = bytearray(self.OPT_LEN)
        self.total = array("i", bytes(4 * m))
        self.parts = array("i", bytes(4 * m * len(self.PARTS)))
        self.over = False
        self.winners = 0     # bitmask of player indices, set once over
        self.leaders = 0     # bitmask of who is ahead right now
        # The value that made the last refused event invalid, when one
        # value did: player << 3 | field (the column of that player's
        # numbers in the round), else -1. Screens put the cursor there.
        self.bad = -1

    def setup(self, n, opts=b"", off=0):
        if n < self.MIN_PLAYERS or n > self.MAX_PLAYERS:
            return _BAD_PLAYER_COUNT
        if len(opts) - off < self.OPT_LEN:
            return _BAD_OPTION
        err = self.check_options(n, opts, off)
        if err:
            return err
        self.n = n
        for i in range(self.OPT_LEN):
            self.opts[i] = opts[off + i]
        # Every game defines reset() (see the list below).
        self.reset()  # pyright: ignore[reportAttributeAccessIssue]
        return 0

    def check_options(self, n, opts, off) -> int:   # an error code
        return 0

    # The pieces of a player's total: nparts() of them, each with a name.
    def nparts(self):
        return len(self.PARTS)

    def part_name(self, k):
        return self.PARTS[k]

    def part(self, p, k):
        return self.parts[p * len(self.PARTS) + k]

    # Each game defines:
    #   reset()            back to the state right after setup
    #   size(buf, off, end) length in bytes of the event at off: 0 for an
    #                      unknown kind, -1 if it runs past end
    #   apply(buf, off)    validate and apply one event; error code
    #   score()            fill total, parts, leaders, winners
