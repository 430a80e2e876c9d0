# Happy Little Dinosaurs: each round the highest score runs along the escape
# route, the lowest takes the disaster; disasters eliminate and also push
# forward. First to 50 or last standing wins. Rules: shared/seeds/004_*.txt
# and docs/rules.md, "Happy Little Dinosaurs" (with its decisions).
#
# Event ROUND, 3 + c + a + s*c bytes, where c = ceil(n / 2):
#   [h = ROUND | disaster << 4      (0 natural, 1 predator, 2 emotional,
#                                    3 meteor)
#    flags: bit0 invert, bit1 stop, bit2 adjust given,
#           bits 3-5 redirect + 1 (0 = none)
#    s: rounds of sudden death
#    c bytes: point card per player, one nibble each (player 0 in the low
#             nibble), 0-9, 15 = eliminated
#    a = n bytes if adjust given: per player adjustment, int8
#    s * c bytes: sudden death rounds, nibbles: 0-9, 14 = no point card
#                 left, 15 = not in it]
# Event FIX, 2 + the round's size: [FIX, r, ROUND event]: round r (0-based)
#   had this content instead (core/game.py fix_size, core/log.py).
# Option bytes, one per player: the dinosaur's trait,
#   plus (0 none, 1 + disaster type) | minus (same) << 3
#   and in byte 0, bit 6 (TWO_RULES_OFF): a two-player game without the
#   rulebook's recommended two-player rules (0, as in records made before
#   the option, keeps them).

from array import array
# One import statement: each is a lookup of the module by its name, and
# this module is imported at the start of every Dinos game.
from .game import Game, const, int8, best_mask, popcount, zero, FIX, \
    fix_size, fix_event  # noqa: F401 (fix_event: the builder of FIX events)

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_EVENT = const(3)
_BAD_VALUE = const(4)
_CARD_MISMATCH = const(24)
_SUDDEN_MISMATCH = const(25)
_BAD_REDIRECT = const(26)
_BAD_OPTION = const(28)
_NOBODY_TAKES = const(34)

# Private, folded into the bytecode (a global each would grow the module's
# dict, in a board's RAM while dinos is played): the disasters by number
# are DISASTERS' indices.
_ROUND = const(1)
_METEOR = const(3)
DISASTERS = ("natural", "predator", "emotional", "meteor")

# The base dinosaurs' traits, as option bytes.
REX = const(2 | 3 << 3)        # +1 predator, -1 emotional
STEGO = const(4)               # +1 meteor
CERATOPS = const(3 | 1 << 3)   # +1 emotional, -1 natural
BRONTO = const(1 | 2 << 3)     # +1 natural, -1 predator
DINOS = (("rex", REX), ("stego", STEGO), ("ceratops", CERATOPS),
         ("bronto", BRONTO))

TWO_RULES_OFF = const(0x40)

GOAL = const(50)
NONE = const(255)
_NULL = const(15)
_NO_CARD = const(14)


def nibble(buf, start, p):
    b = buf[start + (p >> 1)]
    return (b >> 4) if p & 1 else (b & 0x0F)


class Dinos(Game):
    ID = "dinos"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    OPT_LEN = 4
    PARTS = ("rounds", "disasters")
    ROUND_KIND = _ROUND

    def __init__(self):
        Game.__init__(self)
        m = self.MAX_PLAYERS
        self.pos = array("h", bytes(2 * m))           # escape route, 0 -> 50
        self.by_rounds = array("h", bytes(2 * m))     # steps from round wins
        self.by_disasters = array("h", bytes(2 * m))  # steps from the zone
        self.zone = bytearray(4 * m)                  # disasters held, by type
        self.rs = array("h", bytes(2 * m))            # scratch: round scores
        # The last round's scores (after inversion) and how far each one
        # moved in it (its run plus the steps for disasters held): what the
        # device's round summary shows.
        self.last_score = array("h", bytes(2 * m))
        self.moved = array("h", bytes(2 * m))
        # Scratch, not state: after a round is refused for a missing sudden
        # death round, the players who must play it (the device asks them).
        self.need = 0
        self.reset()

    def check_options(self, n, opts, off):
        for p in range(n):
            t = opts[off + p]
            if p == 0:
                t &= ~TWO_RULES_OFF
            if t >> 6 or (t & 7) > 4 or ((t >> 3) & 7) > 4:
                return _BAD_OPTION
        return _OK

    def reset(self):
        zero(self.pos)
        zero(self.by_rounds)
        zero(self.by_disasters)
        zero(self.zone)
        zero(self.last_score)
        zero(self.moved)
        self.alive = (1 << self.n) - 1
        self.rounds = 0
        self.won_mask = 0
        self.last_taker = NONE    # who took last round's disaster
        self.last_high = 0        # who won last round (mask)
        self.over = False
        self.winners = 0
        self.leaders = 0

    def trait(self, p, d):
        # +1 / -1 when the trait names this round's disaster type. On a
        # meteor round only traits that name meteor apply (docs/rules.md).
        t = self.opts[p] & 0x3F
        m = 0
        if t & 7 == d + 1:
            m += 1
        if (t >> 3) & 7 == d + 1:
            m -= 1
        return m

    def two_player_rules(self):
        # 4 of one type or 2 of each to be eliminated: the rulebook's
        # recommendation for two players, an option (on by default).
        return self.n == 2 and not self.opts[0] & TWO_RULES_OFF

    def disasters(self, p):
        z = 0
        for t in range(4):
            z += self.zone[4 * p + t]
        return z

    def eliminated_by(self, p):
        # 3 of one type or 3 different types (2 players: 4 of one type or 2
        # of each); meteors are wild and count as whatever is worst.
        a = self.zone[4 * p]
        b = self.zone[4 * p + 1]
        c = self.zone[4 * p + 2]
        m = self.zone[4 * p + 3]
        top = max(a, b, c)
        if self.two_player_rules():
            need = max(0, 2 - a) + max(0, 2 - b) + max(0, 2 - c)
            return top + m >= 4 or need <= m
        kinds = (a > 0) + (b > 0) + (c > 0)
        return top + m >= 3 or kinds + m >= 3

    def size(self, buf, off, end):
        if buf[off] & 0x0F == FIX:
            return fix_size(self, buf, off, end)
        if buf[off] & 0x0F != _ROUND:
            return 0
        if end - off < 3:
            return -1
        c = (self.n + 1) >> 1
        s = 3 + c + (self.n if buf[off + 1] & 4 else 0) + buf[off + 2] * c
        return s if end - off >= s else -1

    def apply(self, buf, off):
        h = buf[off]
        if h & 0x0F != _ROUND:
            return _BAD_EVENT
        if self.over:
            return _GAME_OVER
        n = self.n
        d = h >> 4
        flags = buf[off + 1]
        if d > _METEOR or flags >> 6:
            return _BAD_VALUE
        stop = flags & 2
        red = (flags >> 3) & 7
        nsud = buf[off + 2]
        c = (n + 1) >> 1
        cards = off + 3
        adj = cards + c
        sud = adj + (n if flags & 4 else 0)
        alive = self.alive
        rs = self.rs

        # Step 2: card + trait + adjustments, for the living only.
        for p in range(n):
            v = nibble(buf, cards, p)
            a = int8(buf[adj + p]) if flags & 4 else 0
            if alive & (1 << p):
                if v == _NULL:
                    return _CARD_MISMATCH
                if v > 9:
                    return _BAD_VALUE
                rs[p] = v + self.trait(p, d) + a
            elif v != _NULL or a:
                return _CARD_MISMATCH

        # Step 3: inversion swaps the tied highest and tied lowest scores.
        hi = best_mask(rs, n, alive, False)
        lo = best_mask(rs, n, alive, True)
        if flags & 1 and hi != lo:
            H = rs[_first(hi)]
            L = rs[_first(lo)]
            for p in range(n):
                if hi & (1 << p):
                    rs[p] = L
                elif lo & (1 << p):
                    rs[p] = H
            hi, lo = lo, hi

        void = hi == alive      # everyone tied: nobody moves, nobody takes
        # Step 4 decides the game when a high scorer reaches 50: then the
        # disaster, and the data about who takes it (sudden death, stop,
        # redirect), play no part and are ignored (docs/rules.md and docs/records.md).
        steps = 0 if void else max(rs[_first(hi)], 0)
        wins = False
        for p in range(n):
            if not void and hi & (1 << p) and self.pos[p] + steps >= GOAL:
                wins = True
        if not wins and red and (stop or red > n or
                                 not alive & (1 << (red - 1))):
            return _BAD_REDIRECT
        taker = NONE
        used = 0                # sudden death rounds consumed
        if not void and not wins:
            if popcount(lo) == 1:
                taker = _first(lo)
            else:
                # Step 5: sudden death among the tied lowest, raw values.
                cur = lo
                while True:
                    if used >= nsud:
                        self.need = cur
                        return _SUDDEN_MISMATCH
                    row = sud + used * c
                    used += 1
                    nocard = 0
                    for p in range(n):
                        v = nibble(buf, row, p)
                        if (v != _NULL) != bool(cur & (1 << p)):
                            return _SUDDEN_MISMATCH
                        if v == _NO_CARD:
                            nocard |= 1 << p
                        elif 9 < v < _NULL:
                            return _BAD_VALUE
                    if nocard:
                        # One without a point card takes it; several: the
                        # disaster goes under the deck.
                        if popcount(nocard) == 1:
                            taker = _first(nocard)
                        break
                    low = 0
                    lv = 99
                    for p in range(n):
                        if cur & (1 << p):
                            v = nibble(buf, row, p)
                            if v < lv:
                                lv = v
                                low = 0
                            if v == lv:
                                low |= 1 << p
                    if popcount(low) == 1:
                        taker = _first(low)
                        break
                    cur = low
        if not wins and used != nsud:
            return _SUDDEN_MISMATCH
        if not wins and (stop or red) and taker == NONE:
            return _NOBODY_TAKES
        # A redirect sends the disaster "to another player" (docs/rules.md,
        # "Happy Little Dinosaurs").
        if not wins and red and red - 1 == taker:
            return _BAD_REDIRECT

        # Everything is valid: apply.
        self.rounds += 1
        self.last_high = 0 if void else hi
        self.last_taker = NONE
        for p in range(n):
            self.last_score[p] = rs[p] if alive & (1 << p) else 0
            self.moved[p] = 0
        if void:
            return _OK
        # Step 4: the high scorers run (a score below 0 runs 0).
        reached = 0
        for p in range(n):
            if hi & (1 << p):
                self.pos[p] += steps
                self.by_rounds[p] += steps
                self.moved[p] = steps
                if self.pos[p] >= GOAL:
                    reached |= 1 << p
        if reached:
            return self._win(reached)
        # Steps 5-6: the disaster is taken (or stopped, or redirected).
        if stop:
            taker = NONE
        elif red:
            taker = red - 1
        if taker != NONE:
            self.last_taker = taker
            self.zone[4 * taker + d] += 1
            if self.eliminated_by(taker):
                self.alive &= ~(1 << taker)
        # Step 7: every living dinosaur runs one step per disaster held.
        reached = 0
        for p in range(n):
            if self.alive & (1 << p):
                z = self.disasters(p)
                self.pos[p] += z
                self.by_disasters[p] += z
                self.moved[p] += z
                if self.pos[p] >= GOAL:
                    reached |= 1 << p
        # Step 8: last one standing, or the furthest along at 50 or more.
        if popcount(self.alive) == 1:
            return self._win(self.alive)
        if reached:
            return self._win(reached)
        return _OK

    def _win(self, mask):
        self.won_mask = best_mask(self.pos, self.n, mask, False)
        self.over = True
        return _OK

    def score(self):
        n = self.n
        for p in range(n):
            self.total[p] = self.pos[p]
            self.parts[2 * p] = self.by_rounds[p]
            self.parts[2 * p + 1] = self.by_disasters[p]
        self.leaders = best_mask(self.pos, n, self.alive, False)
        self.winners = self.won_mask if self.over else 0


def _first(mask):
    p = 0
    while not mask & 1:
        mask >>= 1
        p += 1
    return p


# The event builder: the only writer of these bytes (the play screen and the
# JSON codec call it). It writes the event at the start of buf and returns
# its size; it allocates nothing.

def round_event(buf, n, disaster, cards, adjust, sudden, invert, stop,
                redirect):
    # cards[p]: p's point card (0-9), None for an eliminated player;
    # adjust: None, or per player -128..127 (None: none); sudden: the
    # sudden death rows (15 at most), row[p] a card, None (not in it) or
    # negative (no card left); redirect: the player, -1 for none.
    # A correction of round r (0-based): fix_event(buf, r, round_event(...)).
    c = (n + 1) >> 1
    flags = (1 if invert else 0) | (2 if stop else 0)
    if adjust is not None:
        flags |= 4
    if redirect >= 0:
        flags |= (redirect + 1) << 3
    buf[0] = _ROUND | disaster << 4
    buf[1] = flags
    buf[2] = len(sudden)
    pos = 3
    # The cards (j = -1), their adjustments, then each sudden death row:
    # a nibble per player.
    for j in range(-1, len(sudden)):
        row = cards if j < 0 else sudden[j]
        for p in range(n):
            v = row[p]
            v = _NULL if v is None else (_NO_CARD if v < 0 else v)
            i = pos + (p >> 1)
            if p & 1:
                buf[i] = (buf[i] & 0x0F) | (v << 4)
            else:
                buf[i] = (buf[i] & 0xF0) | v
        pos += c
        if j < 0 and adjust is not None:
            for p in range(n):
                v = adjust[p]
                buf[pos + p] = 0 if v is None else v & 0xFF
            pos += n
    return pos


# Reading a ROUND event back (a correction's screen prefills from it): the
# inverse of round_event, beside it so that one module knows the bytes.

def round_disaster(buf, off):
    # The disaster type of the ROUND event at buf[off] (DISASTERS' index).
    return buf[off] >> 4


def round_card(buf, off, p):
    # Player p's point card in the ROUND event at buf[off], -1 if p was
    # already eliminated then.
    v = nibble(buf, off + 3, p)
    return -1 if v == _NULL else v


def round_extras(buf, off, n):
    # (invert, stop, redirect (-1: none), adjust: None or a list per player)
    # of that event.
    flags = buf[off + 1]
    adjust = None
    if flags & 4:
        at = off + 3 + ((n + 1) >> 1)
        adjust = [int8(buf[at + p]) for p in range(n)]
    return bool(flags & 1), bool(flags & 2), ((flags >> 3) & 7) - 1, adjust
