# Free score pad: any other game. Rounds with one number per player,
# highest or lowest wins, an optional target that ends the game.
#
# Events:
#   ROUND  1 + 2n bytes  [h, score per player as little-endian int16]
#   END    1 byte        [h]  the players stop here
#   FIX    3 + 2n bytes  [FIX, r, ROUND event]  round r (0-based) had this
#                        content instead (core/game.py fix_size, core/log.py)
# Option bytes (3): flags (bit0 lowest wins, bit1 target given),
#   target as little-endian int16: the game ends after the round in which
#   any total reaches it.

from array import array
from .game import Game, const, int16, best_mask, zero, FIX, fix_size
from .game import fix_event  # noqa: F401 (the builder of FIX events)

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_EVENT = const(3)
_BAD_OPTION = const(28)
_TOO_MANY_ROUNDS = const(32)

ROUND = const(1)
END = const(2)

MAX_ROUNDS = const(99)


class Free(Game):
    ID = "free"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 8
    OPT_LEN = 3
    ROUND_KIND = ROUND
    # (PARTS: Game's, none: one part per round, see nparts() / part(). 17
    # names in this class's dict, its table a size smaller.)

    def __init__(self):
        Game.__init__(self)
        # Only the totals: each round's points are read back from its event
        # in the log (part()); a copy per round and player took too much RAM.
        self.sums = array("i", bytes(4 * self.MAX_PLAYERS))
        self.reset()

    def check_options(self, n, opts, off):
        return _BAD_OPTION if opts[off] >> 2 else _OK

    def target(self):
        # The target, or None when the game has none.
        return int16(self.opts, 1) if self.opts[0] & 2 else None

    def reset(self):
        zero(self.sums)
        self.rounds = 0
        self.over = False
        self.winners = 0
        self.leaders = 0

    def nparts(self):
        return self.rounds

    def part_name(self, k):
        return "r%d" % (k + 1)

    def part(self, p, k):
        # Round k's points for p, from the round's event in the log as it
        # stands (its newest correction, core/log.py round_at).
        log = self.log      # set by GameLog.begin before any round
        return int16(log.buf,  # pyright: ignore[reportAttributeAccessIssue]
                     log.round_at(k) + 1 + 2 * p)  # pyright: ignore[reportAttributeAccessIssue]

    def size(self, buf, off, end):
        k = buf[off] & 0x0F
        if k == END:
            return 1
        if k == FIX:
            return fix_size(self, buf, off, end)
        if k == ROUND:
            s = 1 + 2 * self.n
            return s if end - off >= s else -1
        return 0

    def apply(self, buf, off):
        k = buf[off] & 0x0F
        if self.over:
            return _GAME_OVER
        if k == END:
            self.over = True
            return _OK
        if k != ROUND:
            return _BAD_EVENT
        if self.rounds >= MAX_ROUNDS:
            return _TOO_MANY_ROUNDS
        reached = False
        has_target = self.opts[0] & 2
        tgt = int16(self.opts, 1)
        for p in range(self.n):
            self.sums[p] += int16(buf, off + 1 + 2 * p)
            if has_target and self.sums[p] >= tgt:
                reached = True
        self.rounds += 1
        if reached:
            self.over = True
        return _OK

    def score(self):
        n = self.n
        for p in range(n):
            self.total[p] = self.sums[p]
        self.leaders = best_mask(self.total, n, (1 << n) - 1,
                                 self.opts[0] & 1)
        self.winners = self.leaders if self.over else 0


# The options' bytes (the setup screen and the JSON codec call it): bit 0
# of the first byte, lowest wins; bit 1, a target follows as int16.

def options(lowest_wins, target=None):
    t = 0 if target is None else target & 0xFFFF
    return bytes([(1 if lowest_wins else 0) | (0 if target is None else 2),
                  t & 0xFF, t >> 8])


# The event builder: the only writer of these bytes (the play screen and the
# JSON codec call it). It writes one event at the start of buf and returns
# its size; it allocates nothing.
#     event(buf, END)
#     event(buf, ROUND, n, scores)   scores[p]: p's points (-32768..32767)
#     fix_event(buf, r, event(buf, ROUND, n, scores))   round r (0-based)
#         corrected to these scores (core/game.py)

def event(buf, kind, n=0, scores=None):
    buf[0] = kind
    if kind != ROUND:
        return 1
    for p in range(n):
        v = scores[p] & 0xFFFF          # pyright: ignore[reportOptionalSubscript]
        buf[1 + 2 * p] = v & 0xFF
        buf[2 + 2 * p] = v >> 8
    return 1 + 2 * n
