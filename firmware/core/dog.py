# DOG (Dobney-Christen): a team race; partners sit opposite, a team wins with
# all 8 pawns in the goal. The device tracks pawns, kills, goals and the
# round cycle. Rules: shared/seeds/003_*.txt and docs/rules.md, "DOG".
#
# Events:
#   DEAL  1 byte   [h]            the next round is dealt
#   OUT   1 byte   [h(p)]         a pawn of p leaves home for the track
#   KILL  2 bytes  [h(killer), victim]   a pawn of victim is sent home
#   GOAL  2 bytes  [h(owner), by]        a pawn of owner enters the goal,
#                                        moved by `by` (owner or partner)
#   PASS  1 byte   [h(p)]         p's turn ends with no event to record
# Turns go counter-clockwise: `turn` is the player to the right of the
# last one who played (OUT, KILL, GOAL's mover, PASS); a deal gives the
# turn to the round's first player. Replayed with the log (undo, power cut).
# Option bytes: the dealer of round 1; then, for a game in a match (the
# device writes them, the rules ignore them), the match's length in games
# and each team's games won before this one: [dealer, length, w0, w1(, w2)].
# They travel in the game's header, so the tally survives a power cut.

from array import array
from .game import Game, const, best_mask, zero

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_PLAYER = const(2)
_BAD_EVENT = const(3)
_HOME_EMPTY = const(20)
_NOT_ON_TRACK = const(21)
_NOT_PARTNER = const(22)
_PARTNER_NOT_HOME = const(23)
_BAD_PLAYER_COUNT = const(27)
_BAD_OPTION = const(28)
_NO_KILLER_PAWN = const(37)
_OWN_KILL_ONE_PAWN = const(38)

DEAL = const(1)
OUT = const(2)
KILL = const(3)
GOAL = const(4)
PASS = const(5)

PAWNS = const(4)


class Dog(Game):
    ID = "dog"
    MIN_PLAYERS = 4
    MAX_PLAYERS = 6
    PLAYER_STEP = 2      # two teams of 2 or of 3
    TEAMS = True
    OPT_LEN = 1
    PARTS = ("own", "partner")

    def __init__(self):
        Game.__init__(self)
        m = self.MAX_PLAYERS
        self.home = bytearray(m)
        self.track = bytearray(m)
        self.goal = bytearray(m)
        self.by_partner = bytearray(m)     # goal pawns the partner moved in
        self.kills = array("H", bytes(2 * m))   # pawns this player killed
        self.deaths = array("H", bytes(2 * m))  # own pawns sent home
        self.team_goal = bytearray(m)      # the team's pawns in goal
        self.reset()

    def check_options(self, n, opts, off):
        if (n - self.MIN_PLAYERS) % self.PLAYER_STEP:
            return _BAD_PLAYER_COUNT
        if opts[off] >= n:
            return _BAD_OPTION
        # A game of a match (match_of's bytes): no team may already have
        # the games that decide it, or the match could not have reached it.
        t = n // 2
        if len(opts) - off >= 2 + t and 1 <= opts[off + 1] <= 99:
            need = match_need(opts[off + 1])
            for i in range(t):
                if opts[off + 2 + i] >= need:
                    return _BAD_OPTION
        return _OK

    def reset(self):
        for p in range(self.MAX_PLAYERS):
            self.home[p] = PAWNS
        zero(self.track)
        zero(self.goal)
        zero(self.by_partner)
        zero(self.kills)
        zero(self.deaths)
        zero(self.team_goal)
        self.round = 1      # round 1 is dealt when the game starts
        # Whose turn it is: round 1's first player (n is 0 in __init__).
        self.turn = self.first_player() if self.n else 0
        self.over = False
        self.winners = 0
        self.leaders = 0

    # The round cycle: hands of 6, 5, 4, 3, 2, then 6 again; the deal passes
    # counter-clockwise (to the dealer's right, seat - 1), and the player to
    # the dealer's right starts the round and deals the next one.
    def hand_size(self):
        return 6 - (self.round - 1) % 5

    def dealer(self):
        return (self.opts[0] - (self.round - 1)) % self.n

    def first_player(self):
        return (self.dealer() - 1) % self.n

    def partner(self, p):
        return (p + self.n // 2) % self.n

    def team(self, p):
        return p % (self.n // 2)

    def size(self, buf, off, end):
        k = buf[off] & 0x0F
        if k == DEAL or k == OUT or k == PASS:
            return 1
        if k == KILL or k == GOAL:
            return 2 if end - off >= 2 else -1
        return 0

    def apply(self, buf, off):
        h = buf[off]
        k = h & 0x0F
        p = h >> 4
        if self.over:
            return _GAME_OVER
        if k == DEAL:
            self.round += 1
            self.turn = self.first_player()
            return _OK
        if k < OUT or k > PASS:
            return _BAD_EVENT
        if p >= self.n:
            return _BAD_PLAYER
        if k == PASS:
            self.turn = (p - 1) % self.n
            return _OK
        if k == OUT:
            if self.home[p] == 0:
                return _HOME_EMPTY
            self.home[p] -= 1
            self.track[p] += 1
            self.turn = (p - 1) % self.n
            return _OK
        q = buf[off + 1]
        if q >= self.n:
            return _BAD_PLAYER
        if k == KILL:
            # Pawns at home or in the goal cannot be killed.
            if self.track[q] == 0:
                return _NOT_ON_TRACK
            # The killing pawn is on the track: the killer's own, or once
            # the killer has all 4 in the goal, the partner's. A pawn that
            # kills one of its own owner's needs a second one to kill.
            m = p if self.goal[p] < PAWNS else self.partner(p)
            if self.track[m] == 0:
                return _NO_KILLER_PAWN
            if q == m and self.track[m] < 2:
                return _OWN_KILL_ONE_PAWN
            self.track[q] -= 1
            self.home[q] += 1
            self.kills[p] += 1
            self.deaths[q] += 1
            self.turn = (p - 1) % self.n
            return _OK
        # GOAL: p owns the pawn, q moved it.
        if self.track[p] == 0:
            return _NOT_ON_TRACK
        if q != p:
            if q != self.partner(p):
                return _NOT_PARTNER
            if self.goal[q] < PAWNS:
                return _PARTNER_NOT_HOME
            self.by_partner[p] += 1
        self.track[p] -= 1
        self.goal[p] += 1
        self.turn = (q - 1) % self.n       # q moved it: q played
        if self.goal[p] + self.goal[self.partner(p)] == 2 * PAWNS:
            self.over = True
        return _OK

    def score(self):
        n = self.n
        for p in range(n):
            self.total[p] = self.goal[p]
            self.parts[2 * p] = self.goal[p] - self.by_partner[p]
            self.parts[2 * p + 1] = self.by_partner[p]
            self.team_goal[p] = self.goal[p] + self.goal[self.partner(p)]
        self.leaders = best_mask(self.team_goal, n, (1 << n) - 1, False)
        self.winners = self.leaders if self.over else 0


# --- a match of several games (docs/rules.md, "DOG": the score between games)

def match_of(opts, n):
    # (length, [games won per team]) from a game's option bytes, or None
    # when the game is not part of a match. Not on the per-event path.
    t = n // 2
    if len(opts) < 2 + t or not 1 <= opts[1] <= 99:
        return None
    return opts[1], [opts[2 + i] for i in range(t)]


def match_opts(dealer, length, wins):
    return bytes([dealer, length] + list(wins))


def match_need(length):
    # Games a team must win to take the match (best of `length`).
    return length // 2 + 1


# The event builder: the only writer of these bytes (the play screen and the
# JSON codec call it). It writes one event at the start of buf and returns
# its size; it allocates nothing. DOG's events are a header and at most
# one byte: event(buf, DEAL); event(buf, OUT, p); event(buf, KILL, p,
# victim); event(buf, GOAL, owner, by) (by: the owner or the partner);
# event(buf, PASS, p).

def event(buf, kind, p=0, other=-1):
    buf[0] = kind | p << 4
    if other < 0:
        return 1
    buf[1] = other
    return 2
