# Duplicon: rounds scored +1 per won card, -2 per card in hand, -3 per card
# in the play zone, until someone reaches 100. Rules: shared/seeds/001_*.txt
# and docs/rules.md, "Duplicon".
#
# Events:
#   ROUND  1 + 3n bytes  [h, won0, hand0, zone0, won1, hand1, zone1, ...]
#   FIX    3 + 3n bytes  [FIX, r, ROUND event]  round r (0-based) had this
#                        content instead (core/game.py fix_size, core/log.py)
#   PASS   1 byte        [h(p)]  p's turn ends without drawing a card (the
#                        device's "next turn"; drawing to keep 3 in hand is
#                        this too: docs/rules.md)
#   DRAW   1 byte        [h(p)]  p's turn ends with a card drawn (case 4)
# Turns go counter-clockwise: `turn` is the player to the right of the last
# one whose turn ended (PASS or DRAW). The rulebook has the player to the
# dealer's right start and is silent on who deals next: J1 starts round 1
# and each round starts one seat to the right of the last one's first
# player (the deal passes to the right, as play goes). A player who drew
# may not draw on their next turn: `nodraw` holds them (a bit per player)
# until that turn ends; a new round lifts every bar. Both are state like
# any other, so undo and a replay after a power cut give them back. They
# change no score.

from array import array
from .game import Game, const, best_mask, zero, header, FIX, fix_size
from .game import fix_event  # noqa: F401 (the builder of FIX events)

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_PLAYER = const(2)
_BAD_EVENT = const(3)
_WON_ODD = const(14)
_TOO_MANY_CARDS = const(15)
_DREW_LAST_TURN = const(41)

ROUND = const(1)
PASS = const(2)
DRAW = const(3)

_DECK = const(96)
TARGET = const(100)


class Duplicon(Game):
    ID = "duplicon"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    PARTS = ("won", "hand", "zone")
    ROUND_KIND = ROUND

    def __init__(self):
        Game.__init__(self)
        m = self.MAX_PLAYERS
        self.won = array("i", bytes(4 * m))    # cards won, all rounds
        self.hand = array("i", bytes(4 * m))   # cards left in hand
        self.zone = array("i", bytes(4 * m))   # cards left in the play zone
        self.last = array("i", bytes(4 * m))   # last round's score
        self.reset()

    def reset(self):
        zero(self.won)
        zero(self.hand)
        zero(self.zone)
        zero(self.last)
        self.rounds = 0
        self.turn = 0        # whose turn it is
        self.nodraw = 0      # bitmask: who drew last turn (may not now)
        self.over = False
        self.winners = 0
        self.leaders = 0

    def first_player(self):
        # Who starts the round being played: J1 in round 1, then one seat
        # to the right (counter-clockwise) per round.
        return -self.rounds % self.n

    def size(self, buf, off, end):
        k = buf[off] & 0x0F
        if k == FIX:
            return fix_size(self, buf, off, end)
        if k == PASS or k == DRAW:
            return 1
        if k != ROUND:
            return 0
        s = 1 + 3 * self.n
        return s if end - off >= s else -1

    def apply(self, buf, off):
        k = buf[off] & 0x0F
        if k != ROUND and k != PASS and k != DRAW:
            return _BAD_EVENT
        if self.over:
            return _GAME_OVER
        if k != ROUND:
            return self._turn(k, buf[off] >> 4)
        n = self.n
        cards = 0
        self.bad = -1
        for p in range(n):
            w = buf[off + 1 + 3 * p]
            if w & 1:
                self.bad = p << 3
                return _WON_ODD
            for f in range(3):
                cards += buf[off + 1 + 3 * p + f]
                if cards > _DECK and self.bad < 0:
                    self.bad = p << 3 | f    # where the deck runs out
        if cards > _DECK:
            return _TOO_MANY_CARDS
        for p in range(n):
            w = buf[off + 1 + 3 * p]
            h = buf[off + 2 + 3 * p]
            z = buf[off + 3 + 3 * p]
            self.won[p] += w
            self.hand[p] += h
            self.zone[p] += z
            self.last[p] = w - 2 * h - 3 * z
        self.rounds += 1
        self.turn = self.first_player()
        self.nodraw = 0
        for p in range(n):
            if self.won[p] - 2 * self.hand[p] - 3 * self.zone[p] >= TARGET:
                self.over = True
        return _OK

    def _turn(self, k, p):
        # p's turn ends: with a card drawn (DRAW) or without (PASS).
        self.bad = -1
        if p >= self.n:
            return _BAD_PLAYER
        bit = 1 << p
        if k == DRAW:
            if self.nodraw & bit:
                return _DREW_LAST_TURN
            self.nodraw |= bit
        else:
            self.nodraw &= ~bit
        self.turn = (p - 1) % self.n
        return _OK

    def score(self):
        n = self.n
        for p in range(n):
            self.parts[3 * p] = self.won[p]
            self.parts[3 * p + 1] = -2 * self.hand[p]
            self.parts[3 * p + 2] = -3 * self.zone[p]
            self.total[p] = self.won[p] - 2 * self.hand[p] - 3 * self.zone[p]
        self.leaders = best_mask(self.total, n, (1 << n) - 1, False)
        self.winners = self.leaders if self.over else 0


# The event builders: the only writers of these bytes (the play screen and
# the JSON codec call them). Each writes the event at the start of buf and
# returns its size; they allocate nothing.

def event(buf, kind, p):
    # A turn's end: event(buf, PASS, p) or event(buf, DRAW, p).
    buf[0] = header(kind, p)
    return 1


def round_event(buf, n, rows):
    # rows[p]: player p's (won, hand, zone) cards. A correction of round r
    # (0-based): fix_event(buf, r, round_event(buf, n, rows)).
    buf[0] = header(ROUND)
    for p in range(n):
        r = rows[p]
        for j in range(3):
            buf[1 + 3 * p + j] = r[j]
    return 1 + 3 * n


def round_row(buf, off, p):
    # Player p's [won, hand, zone] in the ROUND event at buf[off] (what
    # round_event wrote; a correction's screen prefills from it).
    o = off + 1 + 3 * p
    return [buf[o], buf[o + 1], buf[o + 2]]
