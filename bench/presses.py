"""Key presses per number on realistic rounds, played on the simulator by a
person who reads the screen.

Run: .venv/bin/python bench/presses.py [--seed N] [--rounds N] [--table]
     [--steps]

A seeded generator draws realistic rounds for each title (4 players):
  free       each player's score 0-40 (10% zeros, else a triangular spread
             peaking at 12: mean ~17), independent of last round
  duplicon   turns counter-clockwise, 2-6 a player a round, each a card
             drawn (30%, case 4, not by who drew last turn: OK on the
             player, unit "draw") or "next turn" (a long OK, unit "pass");
             then the round: won cards in pairs (15-35 pairs a round,
             shared by players of different skill), cards left in hand
             (0-4) and in the play zone (0-2); the player who went out has
             none in hand
  alebrijes  who went out; the others hold 1-6 cards drawn from the deck
             (5 suits of values 1-5): their highest card per suit, 0 often
  dinos      the disaster drawn from its 28-card deck, each living
             player's point card (0-9), sudden death when the lowest tie
  doggy      turns clockwise: take 1-2 Parrandas from the supply (the deck
             of 28 + 3 wilds with the 4 Mario Hugo cards in its bottom
             half; Mario Hugo when a refill turns one up) or order a colour;
             a turn with neither is a pass (the device's "next turn", a
             long OK on the player: unit "pass"); a dog kept in the
             reserve with 25% of the turns that take, one spent with 10%
             (unit "reserve")
  doggy_count  the same games played with the end count: each game's
             final table (per player, per colour the ordered Parrandas
             worth 5, 3, 1 and the wilds as that colour; the reserve)
             entered player by player (unit "count": a player's table)
  dog        turns counter-clockwise, 6-5-4-3-2-card hands: a pawn comes
             out (A, K, Joker), moves (by the card's value) into the goal
             (64 steps), kills an opponent's pawn; partners help at the end
             (a turn that only moves a pawn along the track is not entered:
             the person goes to the next player with an event, by taps
             and OK or a hold let go on them: the rows dial, as the
             player's list does)
Every event is checked with the rules core (marcador_core) as it is drawn.
Games are played one after another until each title has --rounds rounds
(units: a round; for doggy a Parranda taken and an order, each; for dog a
pawn event). Doggy Style is also reported per game, both ways of playing
it: all of a game's presses (setup and going home aside), and those
over the Parrandas taken in it (the issue's target: 3); so is DOG, over
its pawn events.

bench/mp/person.py plays them on the real firmware in the MicroPython VM
(one process per title), pressing until the screen shows what it wants
(see there how it taps and holds); each finished game's log on the device
must equal the generated events byte for byte, with the same totals (its
events in effect: a round the person undid after a slip of a dial, and
the UNDO, are left out; run() counts them).

Prints one line per title: id, mean presses per number (all presses of
the title's units / their numbers), the 90th percentile of a unit's
presses per number, and the count of numbers, then the targets. --steps
adds where a unit's presses go, and DOG's pawn events by event and by
the turns gone by since the one the device shows, each with its floor
(dog_rows).
"""

import argparse
import json
import math
import random
import subprocess
import time

from roots import ROOT

from marcador import sim
from marcador_core import record
from marcador_core import doggy as DG
from marcador_core import errors as E
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog

N = 4                                   # players in every game
TITLES = ("free", "duplicon", "alebrijes", "dinos", "doggy", "dog",
          "doggy_count")
# A way of playing a title measured apart: doggy_count is Doggy Style's
# end count, on the very games doggy draws (the same seed).
GAME_OF = {"doggy_count": "doggy"}
# Targets of the issue (mean presses per number).
TARGETS = {"free": 4, "duplicon": 2.5, "alebrijes": 1.5, "dinos": 1.5,
           "take": 3, "order": 2, "pawn": 2}
# The unit kinds each title's line reports, the first is its headline.
KINDS = {"free": ("free",), "duplicon": ("duplicon", "pass", "draw"),
         "alebrijes": ("alebrijes",), "dinos": ("dinos",),
         "doggy": ("take", "order", "pass", "mario", "reserve", "assign"),
         "doggy_count": ("count",),
         "dog": ("pawn", "deal")}
DISASTERS = ("natural", "predator", "emotional", "meteor")
SLIP = 0.05          # a hold's timing error (SD, of its length): person.py


class Game:
    """One game as it is drawn: its events (checked by the core as they
    come) and the person's plan to enter them."""

    def __init__(self, gid, options=None):
        self.gid = gid
        self.options = options or {}
        self.log = GameLog(game_class(gid)())
        err = self.log.begin(N, record.options_bytes(gid, N, self.options))
        assert err == 0, err
        self.events = []
        self.plan = ["U - 0", "M 0", "M %d" % IDS.index(gid)]
        self.counts = {}                # units drawn, per kind
        # What a game's presses are reported over (per_game): Doggy's
        # Parrandas taken, DOG's pawn events.
        self.counted = 0

    @property
    def g(self):
        return self.log.game

    def check(self, ev):
        # The core's verdict on ev (0: valid), leaving the game unchanged.
        probe = GameLog(game_class(self.gid)())
        probe.begin(N, record.options_bytes(self.gid, N, self.options))
        for old in self.events:
            probe.add(record.encode_event(self.gid, N, old))
        return probe.add(record.encode_event(self.gid, N, ev)), probe.game

    def add(self, ev):
        err = self.log.add(record.encode_event(self.gid, N, ev))
        if err:
            raise AssertionError(f"{self.gid}: the generator drew an invalid "
                                 f"event {ev}: error {err}")
        self.events.append(ev)

    def unit(self, kind, numbers, *lines, tag=""):
        # tag: what the unit was (no spaces), to break its presses down.
        self.plan.append(f"U {kind} {numbers} {tag}".rstrip())
        self.plan.extend(lines)
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def finish(self):
        # The game is over on the device: go home (leaving the final
        # screen archives it), check it.
        self.plan += ["U - 0", "H", "S"]

    def record(self):
        return {"game": self.gid, "players": [f"J{i + 1}" for i in range(N)],
                "options": self.options, "events": self.events}


def short(games, rounds, *kinds):
    # True while some kind has fewer than `rounds` units.
    return any(sum(x.counts.get(k, 0) for x in games) < rounds
               for k in kinds)


def count_index(gid):
    cls = game_class(gid)
    counts = [n for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
              if gid != "dog" or n in (4, 6)]
    return counts.index(N)


def setup(game, *options):
    # Players (4), names as they are ("start"), then the title's options.
    game.plan += [f"M {count_index(game.gid)}", f"M {N}"]
    game.plan += [f"M {i}" for i in options]


def grid(values):
    return "G " + " ".join(str(v) for row in values for v in row)


# --- free pad
def free_score(rnd):
    if rnd.random() < 0.1:
        return 0
    return round(rnd.triangular(0, 40, 12))


def free_games(rnd, rounds, per_game=25):
    games = []
    while short(games, rounds, "free"):
        game = Game("free")
        setup(game, 0, 0)                 # no target, highest wins
        done = sum(x.counts.get("free", 0) for x in games)
        for _ in range(min(per_game, rounds - done)):
            scores = [free_score(rnd) for _ in range(N)]
            game.add({"e": "round", "scores": scores})
            game.unit("free", N, "T ok", grid([[s] for s in scores]))
        game.add({"e": "end"})
        game.unit("-", 0, "T back", "M 4", "M 1")   # game menu: end game, yes
        game.finish()
        games.append(game)
    return games


# --- Duplicon
def duplicon_round(rnd, skill):
    pairs = rnd.randint(15, 35)
    won = [0] * N
    for _ in range(pairs):
        won[rnd.choices(range(N), skill)[0]] += 2
    hand = [rnd.choices((0, 1, 2, 3, 4), (25, 30, 25, 15, 5))[0]
            for _ in range(N)]
    if rnd.random() < 0.6:                # somebody went out
        hand[rnd.randrange(N)] = 0
    zone = [rnd.choices((0, 1, 2), (60, 30, 10))[0] for _ in range(N)]
    return {"e": "round", "won": won, "hand": hand, "zone": zone}


def duplicon_turns(rnd, game):
    # A round's turns, counter-clockwise from its first player: each ends
    # with a card drawn (case 4; not by who drew last turn: OK on the
    # player) or without (a long OK, "next turn"). The round ends after
    # 2-6 turns each; the cursor is then on whoever's turn it would be.
    for _ in range(rnd.randint(2 * N, 6 * N)):
        p = game.g.turn
        if not game.g.nodraw & (1 << p) and rnd.random() < 0.3:
            game.add({"e": "draw", "p": p})
            game.unit("draw", 1, f"M {p + 1}")
        else:
            game.add({"e": "pass", "p": p})
            game.unit("pass", 1, f"P {p + 1}")


def duplicon_games(rnd, rounds):
    games = []
    while short(games, rounds, "duplicon"):
        game = Game("duplicon")
        setup(game)
        skill = [rnd.uniform(0.5, 1.5) for _ in range(N)]
        while not game.g.over:
            duplicon_turns(rnd, game)
            ev = duplicon_round(rnd, skill)
            game.add(ev)
            # The round line (row 0), from the player whose turn it is.
            game.unit("duplicon", 3 * N, "M 0", grid(
                [[ev["won"][p], ev["hand"][p], ev["zone"][p]]
                 for p in range(N)]))
        game.finish()
        games.append(game)
    return games


# --- Alebrijes
def alebrijes_high(rnd):
    # The highest card per suit of a hand of 1-6 cards (5 suits, 1-5).
    high = [0] * 5
    for _ in range(rnd.choices(range(1, 7), (10, 20, 25, 20, 15, 10))[0]):
        s = rnd.randrange(5)
        high[s] = max(high[s], rnd.randint(1, 5))
    return high


def alebrijes_games(rnd, rounds):
    games = []
    while short(games, rounds, "alebrijes"):
        game = Game("alebrijes")
        setup(game)
        first = rnd.randrange(N)
        game.add({"e": "start", "p": first})
        game.unit("-", 0, f"M {first}")            # who starts round 1
        while not game.g.over:
            g = game.g
            out = rnd.randrange(N)
            high = [[0] * 5 if p == out else alebrijes_high(rnd)
                    for p in range(N)]
            ev = {"e": "round", "out": out, "high": high}
            lines = ["T ok", f"M {out}", grid(high)]
            # The device asks who holds the token when the worst totals tie
            # before round 3 (app/play/alebrijes.py, entered).
            new = [g.total[p] - (0 if p == out else sum(high[p]))
                   for p in range(N)]
            if new.count(min(new)) > 1 and g.rounds < 2:
                ev["token"] = rnd.randrange(N)
                lines.append(f"M {ev['token']}")
            game.add(ev)
            game.unit("alebrijes", 1 + 3 * 5 + (1 if "token" in ev else 0),
                      *lines)
        game.finish()
        games.append(game)
    return games


# --- Happy Little Dinosaurs
def dinos_games(rnd, rounds):
    games = []
    while short(games, rounds, "dinos"):
        game = Game("dinos")
        setup(game, 0, 1, 2, 3)           # rex, stego, ceratops, bronto
        deck = []
        while not game.g.over:
            if not deck:
                deck = [0] * 8 + [1] * 8 + [2] * 8 + [3] * 4
                rnd.shuffle(deck)
            d = deck.pop()
            alive = [bool(game.g.alive & (1 << p)) for p in range(N)]
            cards = [rnd.randint(0, 9) if alive[p] else None
                     for p in range(N)]
            ev = {"e": "round", "disaster": DISASTERS[d], "cards": cards}
            # OK opens the round: on the play screen (its first round), or
            # on the last round's summary, whose OK asks the next disaster.
            # OK on the last card saves the round; after a long OK (the
            # rest of the cards already right) the extras list: confirm.
            lines = ["T ok", f"M {d}", grid([[5 if c is None else c]
                                              for c in cards]), "Q 0"]
            numbers = 1 + sum(alive)
            while True:          # sudden death rounds, as the core asks
                err, g2 = game.check(ev)
                if err != E.SUDDEN_MISMATCH:
                    break
                row = [rnd.randint(0, 9) if g2.need & (1 << p) else None
                       for p in range(N)]
                ev.setdefault("sudden", []).append(row)
                lines.append(grid([[5 if v is None else v] for v in row]))
                numbers += sum(v is not None for v in row)
            game.add(ev)
            game.unit("dinos", numbers, *lines)
        game.finish()
        games.append(game)
    return games


# --- Doggy Style
def doggy_games(rnd, rounds):
    games = []
    while short(games, rounds, "take", "order"):
        game = Game("doggy")
        setup(game, 0)                    # live tracking
        cards = [(c, v) for c in range(4) for v in (5, 5, 3, 3, 1, 1, 1)]
        cards += [(DG.WILD, 1)] * 3
        rnd.shuffle(cards)
        # The four Mario Hugo cards in the bottom half, as the rulebook says.
        half = len(cards) // 2
        bottom = cards[half:] + [None] * 4
        rnd.shuffle(bottom)
        deck = cards[:half] + bottom
        supply = [deck.pop(0) for _ in range(4)]
        p = rnd.randrange(N)
        while not game.g.ended():      # play ends at the third Mario Hugo
            g = game.g
            mine = [c for c in range(5) if g.unordered(p, c)]
            pending = sum(g.unordered(p, c) for c in range(5))
            if mine and rnd.random() < min(0.8, 0.25 * pending):
                c = max(mine, key=lambda c: (g.unordered(p, c), -c))
                row = doggy_row(g, p, 8 + c)
                game.add({"e": "order", "p": p, "color": DG.COLORS[c]})
                game.unit("order", 1, f"M {p + 1} #player",
                          f"M {row} #colour")
            else:
                took = min(rnd.choices((0, 1, 2), (35, 50, 15))[0],
                           len(supply))
                # The dogs paid for a Parranda: a pair of the same dog
                # puts one in the reserve (25%); a reserve dog spent (10%).
                # Entered first, the cursor on p (whose turn it is).
                if took and rnd.random() < 0.25:
                    doggy_reserve(game, p, 1)
                if took and g.reserve[p] and rnd.random() < 0.1:
                    doggy_reserve(game, p, -1)
                if not took:
                    # Nothing taken: "next turn" (a long OK on the player).
                    game.add({"e": "pass", "p": p})
                    game.unit("pass", 1, f"P {p + 1} #player")
                for k in range(took):
                    c, v = supply.pop(rnd.randrange(len(supply)))
                    lines = [f"M {p + 1} #player",
                             f"M {doggy_row(game.g, p, c)} #colour"]
                    game.add({"e": "take", "p": p, "color": DG.COLORS[c],
                              "points": v})
                    if c != DG.WILD:
                        # A long OK on the points when another follows:
                        # the cursor stays on p.
                        how = "P" if k + 1 < took else "M"
                        lines.append(f"{how} {(5, 3, 1).index(v)} #points")
                    game.unit("take", 1, *lines)
                # Refill the supply; each Mario Hugo turned up is an event.
                while len(supply) < 4 and deck and took and not game.g.ended():
                    card = deck.pop(0)
                    if card is None:
                        game.add({"e": "mario"})
                        # The third one's note (play is over): OK.
                        game.unit("mario", 1, "M 0",
                                  *(["T ok"] if game.g.ended() else []))
                    else:
                        supply.append(card)
            p = (p + 1) % N
        # The wilds each player ordered get a colour, in secret.
        for q in range(N):
            k = game.g.ordered(q, DG.WILD)
            if k:
                cols = [rnd.randrange(4) for _ in range(k)]
                game.add({"e": "assign", "p": q,
                          "colors": [DG.COLORS[c] for c in cols]})
                game.unit("assign", k, "T ok", *[f"M {c}" for c in cols])
        game.counted = game.counts.get("take", 0)
        game.finish()
        games.append(game)
    return games


def doggy_reserve(game, p, d):
    # A dog enters (d 1) or leaves (-1) p's reserve: the rows after p's
    # colours and orders (app/play/doggy.py actions).
    rows = 5 + len([c for c in range(5) if game.g.unordered(p, c)])
    game.add({"e": "reserve", "p": p, "delta": d})
    game.unit("reserve", 1, f"M {p + 1} #player",
              f"M {rows + (0 if d > 0 else 1)} #row")


def doggy_pad(game):
    """The paper pad of a finished live game: per player, per colour the
    ordered Parrandas worth 5, 3 and 1, the wilds' colours, the reserve
    dogs, read from its events (takes, orders, Mario Hugo ordering the
    last Parranda taken while it is unordered)."""
    unord = [[[] for _ in range(5)] for _ in range(N)]
    rows = [[[0, 0, 0] for _ in range(4)] for _ in range(N)]
    wilds = [[] for _ in range(N)]
    reserve = [0] * N
    last = None

    def keep(p, c, v):
        if c != DG.WILD:
            rows[p][c][(5, 3, 1).index(v)] += 1

    for ev in game.events:
        e = ev["e"]
        p = ev.get("p")
        if e == "take":
            c = DG.COLORS.index(ev["color"])
            unord[p][c].append(ev["points"])
            last = (p, c, ev["points"])
        elif e == "order":
            c = DG.COLORS.index(ev["color"])
            for v in unord[p][c]:
                keep(p, c, v)
            unord[p][c] = []
            if last and last[:2] == (p, c):
                last = None
        elif e == "mario" and last:
            q, c, v = last
            unord[q][c].remove(v)
            keep(q, c, v)
            last = None
        elif e == "reserve":
            reserve[p] += ev["delta"]
        elif e == "assign":
            wilds[p] = list(ev["colors"])
    return [{"e": "count", "p": p,
             **{DG.COLORS[c]: rows[p][c] for c in range(4)},
             "wilds": wilds[p], "reserve": reserve[p]} for p in range(N)]


def doggy_count_games(rnd, rounds):
    """The same games as doggy_games, played with the end count: each
    game's final table entered player by player (app/play/doggy_count.py:
    a table per player, a row per colour [5s, 3s, 1s, wilds as that
    colour], then the reserve dogs)."""
    out = []
    for live in doggy_games(rnd, rounds):
        game = Game("doggy", {"mode": "count"})
        setup(game, 1)                    # the end count
        for ev in doggy_pad(live):
            game.add(ev)
            cells = [ev[DG.COLORS[c]] + [ev["wilds"].count(DG.COLORS[c])]
                     for c in range(4)] + [[ev["reserve"], 0, 0, 0]]
            game.unit("count", 1, grid(cells))
        game.counted = live.counted
        game.finish()
        out.append(game)
    return out


def doggy_row(g, p, act):
    # The row of act (a colour taken, 8 + a colour ordered) in p's list on
    # the device (app/play/doggy.py actions): each colour, then ordering it
    # when p holds it unordered.
    rows = []
    for c in range(5):
        rows.append(c)
        if g.unordered(p, c):
            rows.append(8 + c)
    return rows.index(act)


# --- DOG
class Pawns:
    """Where each pawn is on the track (steps from its start; 64 to the
    goal), to draw plausible pawn events."""
    GOAL = 64

    def __init__(self):
        self.track = [[] for _ in range(N)]


def dog_games(rnd, rounds):
    games = []
    while short(games, rounds, "pawn"):
        game = Game("dog", {"dealer": 0})
        setup(game, 0, 0)                 # dealer J1, a match of 1 game
        pw = Pawns()
        dealt = True                      # round 1 is dealt at the start
        while not game.g.over:
            g = game.g
            if not dealt:
                game.add({"e": "deal"})
                game.unit("deal", 1, "M 0")
            dealt = False
            p = g.first_player()
            for _ in range(g.hand_size() * N):
                if game.g.over:
                    break
                dog_turn(rnd, game, pw, p)
                p = (p - 1) % N           # play goes counter-clockwise
        game.counted = game.counts.get("pawn", 0)
        game.finish()
        games.append(game)
    return games


def dog_turn(rnd, game, pw, p):
    g = game.g
    partner = g.partner(p)
    # Whose turn: how many turns went by since the one the device shows
    # (turns with no event to record are not entered).
    late = (g.turn - p) % N
    # A player with all 4 in the goal moves the partner's pawns.
    mover = partner if g.goal[p] == 4 else p
    card = rnd.randint(1, 14)            # 14: a Joker; 1 ace, 13 king
    if card in (1, 13, 14) and g.home[mover] and (
            not pw.track[mover] or rnd.random() < 0.6):
        lines, tag = dog_choice(g, mover, "out", late=late)
        game.add({"e": "out", "p": mover})
        pw.track[mover].append(0)
        game.unit("pawn", 1, *lines, tag=tag)
        return
    if not pw.track[mover]:
        return
    # Move the pawn furthest along, or another one.
    i = max(range(len(pw.track[mover])), key=lambda k: pw.track[mover][k]) \
        if rnd.random() < 0.7 else rnd.randrange(len(pw.track[mover]))
    pw.track[mover][i] += min(card, 12)
    if pw.track[mover][i] >= Pawns.GOAL:
        pw.track[mover].pop(i)
        ev = {"e": "goal", "owner": mover}
        if mover != p:
            ev["by"] = p
        lines, tag = dog_choice(g, mover, "goal" if mover == p
                                else "goal_partner", late=late)
        game.add(ev)
        game.unit("pawn", 1, *lines, tag=tag)
        return
    victims = [q for q in range(N) if g.team(q) != g.team(p) and pw.track[q]]
    if victims and rnd.random() < 0.12:
        q = rnd.choice(victims)
        lines, tag = dog_choice(g, p, "kill", q, late)
        game.add({"e": "kill", "p": p, "victim": q})
        pw.track[q].pop(rnd.randrange(len(pw.track[q])))
        game.unit("pawn", 1, *lines, tag=tag)


def dog_choice(g, p, act, victim=None, late=0):
    # The person's choices for p's event on the device (app/play/dog.py
    # actions): p's row, then the event in p's list when it has more than
    # one row: a pawn out, in the goal (by p or by the partner), killed
    # <victim> (the own team's, then the other team's; only what the
    # rules allow).
    # Also the unit's tag: the event, the turns gone by since the one the
    # device shows (late), the moves from its row to p's (the shorter way
    # round the play screen's rows: the deal line, then one per player)
    # and the rows of p's list ("kill.1.2.4").
    mate = g.partner(p)
    killer = p if g.goal[p] < 4 else mate
    rows = []
    if g.home[p]:
        rows.append("out")
    if g.track[p]:
        rows.append("goal")
        if g.goal[mate] == 4:
            rows.append("goal_partner")
    if g.track[killer]:
        for own in (True, False):
            rows += [("kill", q) for q in range(N)
                     if g.track[q] and (g.team(q) == g.team(p)) == own and
                     (q != killer or g.track[q] > 1)]
    lines = [f"M {p + 1} #player"]
    if len(rows) > 1:
        want = ("kill", victim) if act == "kill" else act
        lines.append(f"M {rows.index(want)} #action")
    d = (g.turn - p) % (N + 1)
    moves = min(d, N + 1 - d)
    return lines, f"{act}.{late}.{moves}.{len(rows)}"


GENERATORS = {"free": free_games, "duplicon": duplicon_games,
              "alebrijes": alebrijes_games, "dinos": dinos_games,
              "doggy": doggy_games, "dog": dog_games,
              "doggy_count": doggy_count_games}


# --- playing them on the device
def draw(gid, seed, rounds):
    """The title's games for this seed, until they hold `rounds` units."""
    return GENERATORS[gid](random.Random(f"{seed}-{GAME_OF.get(gid, gid)}"),
                           rounds)


def play(gid, seed, rounds, slip=SLIP, holds=True):
    return run(GAME_OF.get(gid, gid), draw(gid, seed, rounds), seed, slip,
               holds)


def run(gid, games, seed=1, slip=SLIP, holds=True):
    """Play the games on the simulator, check them. Returns {"units":
    {kind: [(numbers, presses)]}, "cells": [(start, target, presses)],
    "steps": {kind: {step: presses}} (the plan's #STEP marks), "tagged":
    {kind: [(tag, numbers, presses, {step: presses})]} (the units drawn
    with a tag, in order), "games": count, "seconds": wall time, "undone":
    rounds the person undid after a slip}."""
    plan = [line for game in games for line in game.plan]
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sim.micropython(), "-X", "heapsize=4m",
         str(ROOT / "bench" / "mp" / "presses_vm.py"), str(ROOT / "sim"),
         str(ROOT / "firmware"), str(seed), str(slip),
         "1" if holds else "0"],
        input="\n".join(plan) + "\n", capture_output=True, text=True,
        timeout=600, cwd=ROOT)
    took = time.perf_counter() - t0
    out = proc.stdout.splitlines()
    errs = [ln for ln in out if ln.startswith("ERR")]
    if proc.returncode or errs:
        raise RuntimeError(f"{gid}: the simulator run failed:\n" +
                           "\n".join((errs or out)[-20:]) +
                           proc.stderr[-2000:])
    units, cells, states, steps, tagged = {}, [], [], {}, {}
    seq = []                # every unit's presses, in the plans' order
    last = None                 # the tagged unit the D lines belong to
    for line in out:
        w = line.split(" ", 1)
        if w[0] == "R":
            _, kind, numbers, presses, *tag = line.split()
            units.setdefault(kind, []).append((int(numbers), int(presses)))
            seq.append(int(presses))
            if tag:
                last = (tag[0], int(numbers), int(presses), {})
                tagged.setdefault(kind, []).append(last)
            else:
                last = None
        elif w[0] == "D":
            _, kind, step, presses = line.split()
            st = steps.setdefault(kind, {})
            st[step] = st.get(step, 0) + int(presses)
            if last is not None:
                last[3][step] = last[3].get(step, 0) + int(presses)
        elif w[0] == "A":
            cells.append(tuple(int(x) for x in w[1].split()))
        elif w[0] == "STATE":
            states.append(json.loads(w[1]))
    extra = check_games(gid, games, states)
    return {"units": units, "cells": cells, "steps": steps,
            "tagged": tagged, "games": len(games), "seconds": took, "undone": extra // 2,
            "per_game": per_game(games, seq)}


def per_game(games, seq):
    # [(presses, Game.counted)] per game: its counted units' presses
    # (the plan's U lines but "-": setup and going home are not counted).
    out = []
    i = 0
    for game in games:
        k = sum(1 for line in game.plan
                if line.startswith("U ") and line.split()[1] != "-")
        out.append((sum(seq[i:i + k]), game.counted))
        i += k
    if i != len(seq):
        raise RuntimeError(f"{len(seq)} units played, {i} planned")
    return out


def in_effect(game, log):
    # The events of a device's log still in effect (a round the person
    # undid after a slip, and its UNDO, left out), as bytes.
    # Also how many events the log holds in all.
    lg = GameLog(game_class(game.gid)())
    lg.begin(N, record.options_bytes(game.gid, N, game.options))
    err, _ = lg.load(log)
    if err:
        return log, 0
    out = b""
    for j in range(lg.n_live):
        off = lg.event_at(j)
        out += bytes(lg.buf[off:off + lg.game.size(lg.buf, off, lg.used)])
    return out, lg.count


def check_games(gid, games, states):
    # Every game the device finished is the generated one, byte for byte
    # (its events in effect: a round undone after a slip is not), and the
    # device's totals are the core's. Returns how many events the device
    # logged beyond those (rounds undone after a slip, and their UNDO).
    extra = 0
    if len(states) != len(games):
        raise RuntimeError(f"{gid}: {len(games)} games played, "
                           f"{len(states)} state dumps")
    for i, (game, st) in enumerate(zip(games, states)):
        dev = st["last_past"]
        want = b"".join(record.encode_event(gid, N, ev)
                        for ev in game.events)
        res = record.score_record(game.record())
        log, count = in_effect(game, bytes.fromhex(dev["log"])) if dev \
            else (b"", 0)
        extra += count - len(game.events)
        if (dev is None or dev["game"] != gid or st["past"] != i + 1 or
                log != want or
                not dev["over"] or
                dev["totals"] != [p["total"] for p in res["players"]]):
            raise RuntimeError(f"{gid}: game {i + 1} on the device differs "
                               f"from the one generated: {dev and dev['log']}"
                               f" vs {want.hex()}")
    return extra


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)]


def figures(units):
    # (mean presses per number, p90 of a unit's presses per number,
    # numbers, units)
    numbers = sum(n for n, _ in units)
    presses = sum(p for _, p in units)
    return (presses / numbers, pct([p / n for n, p in units], 0.9), numbers,
            len(units))


def measure(seed, rounds, titles=TITLES, slip=SLIP, holds=True):
    return {gid: play(gid, seed, rounds, slip, holds) for gid in titles}


def lines(results):
    out = []
    for gid, r in results.items():
        parts = []
        for kind in KINDS[gid]:
            if kind not in r["units"]:
                continue
            mean, p90, numbers, count = figures(r["units"][kind])
            label = "" if kind == gid else kind + " "
            target = TARGETS.get(kind)
            parts.append(f"{label}{mean:.2f} p90 {p90:.2f} n {numbers}" +
                         (f" (target <= {target})" if target else ""))
        for title, _, what, target in PER_GAME:
            if title != gid:
                continue
            g, mean, p90, counted, per = game_figures(r)
            parts.append(f"per game {mean:.1f} p90 {p90} ({g} games, "
                         f"{counted:.1f} {what}): {per:.2f} per one" +
                         (f" (target <= {target})" if target else ""))
        out.append(f"{gid} " + "; ".join(parts))
    return out


def step_lines(results):
    # Where a unit's presses go: per kind, the mean presses per unit of
    # each marked step (moving to the player and OK, the colour...).
    out = []
    for gid, r in results.items():
        for kind, st in r.get("steps", {}).items():
            count = len(r["units"].get(kind, ()))
            if count:
                out.append(f"  {gid} {kind}: " + ", ".join(
                    f"{step} {n / count:.2f}" for step, n in st.items()))
    return out


GAME_TARGET = 3          # the issue's: presses per Parranda taken
# The titles reported per game: (title, row, what a game's presses are
# reported over, the target of presses per one of them).
PER_GAME = (("doggy", "Doggy Style, live tracking", "Parrandas taken",
             GAME_TARGET),
            ("doggy_count", "Doggy Style, end count", "Parrandas taken",
             GAME_TARGET),
            ("dog", "DOG", "pawn events", None))


def game_figures(r):
    # (games, mean presses per game, p90, mean Game.counted per game,
    # presses per counted one: all the games' presses / their count).
    pg = r["per_game"]
    presses = [p for p, _ in pg]
    counted = sum(t for _, t in pg)
    return (len(pg), sum(presses) / len(pg), pct(presses, 0.9),
            counted / len(pg), sum(presses) / counted)


def game_table(results, taps=None):
    # Markdown: presses per game: Doggy Style, live tracking against the
    # end count of the same games, and DOG (its deals too).
    head = ("| per game | games | presses per game (mean) | p90 | "
            "counted per game | presses per counted one |" +
            (" taps only (per counted one) |" if taps else "") +
            " target |\n"
            "|---|---|---|---|---|---|" + ("---|" if taps else "") + "---|")
    rows = []
    for gid, mode, what, target in PER_GAME:
        if not results.get(gid, {}).get("per_game"):
            continue                # no whole game of it in this run
        g, mean, p90, counted, per = game_figures(results[gid])
        extra = (f" {game_figures(taps[gid])[4]:.2f} |"
                 if taps and gid in taps else "")
        rows.append(f"| {mode} | {g} | {mean:.1f} | {p90} | {counted:.1f} "
                    f"{what} | {per:.2f} |{extra} " +
                    (f"<= {target} |" if target else "report |"))
    return head + "\n" + "\n".join(rows)


# DOG's pawn events broken down (their tags: dog_choice): by event, and by
# the turns gone by since the one the device shows (turns with no event are
# not entered, so the cursor waits on a player who may have had no event).
DOG_EVENTS = ("out", "goal", "goal_partner", "kill")


def dog_rows(r):
    """[(label, count, mean presses, mean on the player step, mean on the
    action step, floor, floor by taps)] for DOG's pawn events: all, per
    event, per turns gone by. The floor is what any person pays on this
    screen: a press on the player (OK on the turn's row, a hold let go on
    any other: its rows dial, app/play/dial.py) and one in the list when it
    has more than one row (OK, or a hold let go on its row). By taps (no
    hold): OK on the player, the moves from the row of the turn to
    theirs, and an OK in the list when it has more than one row."""
    units = r.get("tagged", {}).get("pawn", [])
    groups = [("all", units)]
    groups += [(ev, [u for u in units if u[0].split(".")[0] == ev])
               for ev in DOG_EVENTS]
    for late in range(N):
        groups.append((f"{late} turns late" if late != 1 else "1 turn late",
                       [u for u in units if u[0].split(".")[1] == str(late)]))
    out = []
    for label, us in groups:
        if not us:
            continue
        n = len(us)
        lists = sum(int(t.split(".")[3]) > 1 for t, _, _, _ in us)
        moves = sum(int(t.split(".")[2]) for t, _, _, _ in us)
        out.append((label, n, sum(p for _, _, p, _ in us) / n,
                    sum(st.get("player", 0) for *_, st in us) / n,
                    sum(st.get("action", 0) for *_, st in us) / n,
                    (n + lists) / n, (n + moves + lists) / n))
    return out


def dog_lines(results):
    if "dog" not in results:
        return []
    return [f"  dog pawn {label}: {mean:.2f} (player {pl:.2f}, action "
            f"{ac:.2f}; floor {fl:.2f}, by taps {tf:.2f}) n {n}"
            for label, n, mean, pl, ac, fl, tf in dog_rows(results["dog"])]


def dog_table(r):
    # Markdown: where DOG's presses per pawn event go.
    rows = [f"| {label} | {n} | {mean:.2f} | {pl:.2f} | {ac:.2f} | "
            f"{fl:.2f} | {tf:.2f} |"
            for label, n, mean, pl, ac, fl, tf in dog_rows(r)]
    return ("| DOG pawn events | count | mean presses | to the player | "
            "in the list | floor | floor by taps |\n"
            "|---|---|---|---|---|---|---|\n" + "\n".join(rows))


def table(results, taps=None):
    # Markdown: one row per unit kind with a target; `taps`: the same
    # rounds by a person who never holds a key, as a last column.
    head = ("| title | unit | mean presses | p90 | numbers |" +
            (" taps only (mean) |" if taps else "") + " target |\n" +
            "|---|---|---|---|---|" + ("---|" if taps else "") + "---|")
    rows = []
    for gid, r in results.items():
        for kind in KINDS[gid]:
            if kind not in r["units"] or kind not in TARGETS:
                continue
            mean, p90, numbers, _ = figures(r["units"][kind])
            unit = {"take": "Parranda taken", "order": "order",
                    "pawn": "pawn event"}.get(kind, "number")
            extra = (f" {figures(taps[gid]['units'][kind])[0]:.2f} |"
                     if taps else "")
            rows.append(f"| {gid} | {unit} | {mean:.2f} | {p90:.2f} | "
                        f"{numbers} |{extra} <= {TARGETS[kind]} |")
    return head + "\n" + "\n".join(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=100,
                    help="units per title (default 100)")
    ap.add_argument("--slip", type=float, default=SLIP,
                    help="timing error of a hold's release, as a fraction "
                    "of the hold (SD; default %(default)s)")
    ap.add_argument("--taps-only", action="store_true",
                    help="a person who never holds a key")
    ap.add_argument("--table", action="store_true",
                    help="also print a Markdown table")
    ap.add_argument("--steps", action="store_true",
                    help="also print where a unit's presses go (mean per "
                    "unit, per step: the player, the colour...)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    results = measure(a.seed, a.rounds, slip=a.slip,
                      holds=not a.taps_only)
    for line in lines(results):
        print(line)
    if a.steps:
        for line in step_lines(results) + dog_lines(results):
            print(line)
    print("targets (mean): " + ", ".join(f"{k} <= {v}"
                                         for k, v in TARGETS.items()))
    how = "taps only" if a.taps_only else f"slip {a.slip}"
    print(f"seed {a.seed}, {how}, {sum(r['games'] for r in results.values())} "
          f"games, every one accepted by the device; "
          f"{time.perf_counter() - t0:.0f} s")
    if a.table:
        print()
        print(table(results))
        print()
        print(game_table(results))


if __name__ == "__main__":
    main()
