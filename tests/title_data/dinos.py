"""Happy Little Dinosaurs' test and bench data (see __init__.py)."""

from marcador_core import errors as E
from press_game import N, Game, grid, setup, short  # bench/

STATE = ("pos", "by_rounds", "by_disasters", "zone", "alive", "rounds",
         "won_mask", "last_taker", "last_high", "last_score", "moved")
ROUNDS = True      # any game's rounds can be corrected (FIX)
SCRATCH = ("rs", "need")   # a round's scores; who must play a sudden death
                           # round (the device asks)

SAMPLE = [{"e": "round", "disaster": "natural", "cards": [1, 2, 3, 4]},
          {"e": "round", "disaster": "natural", "cards": [1, 2, 3, 4],
           "adjust": [0, 2, 0, 0]},
          {"e": "round", "disaster": "natural", "cards": [1, 1, 3, 4],
           "sudden": [[2, 3, None, None]]}]

SETUP = "up\nok\nok\nok\nok\nok\n"

KEYPRESS = (
    "round: predator; cards 7, 3, 5, 9, dialled",
    "",
    # OK (on play, or on the last round's summary), the disaster and the
    # cards dialled: held, let go (J4's 9: the hold stops at 9)
    "ok\nhold down 480\nhold up 620\nhold down 620\nok\nhold up 1200\n",
    5)

DISASTERS = ("natural", "predator", "emotional", "meteor")


def options(rnd, n, fixes=False):
    out = []
    for _ in range(n):
        if rnd.random() < 0.7:
            out.append(rnd.choice(("rex", "stego", "ceratops", "bronto")))
        else:
            t = {}
            if rnd.random() < 0.8:
                t["plus"] = rnd.choice(DISASTERS)
            if rnd.random() < 0.6:
                t["minus"] = rnd.choice(DISASTERS)
            out.append(t)
    o = {"dinos": out}
    if rnd.random() < 0.3:
        o["two_player_rules"] = rnd.random() < 0.5
    return o


def _scores(g, n, d, cards, adjust, invert):
    # Independent oracle for the round scores (trait + adjust + inversion),
    # used only to propose a matching sudden death.
    alive = [bool(g.alive & (1 << p)) for p in range(n)]
    rs = {}
    for p in range(n):
        if alive[p]:
            t = g.opts[p]
            m = (1 if (t & 7) == d + 1 else 0) - \
                (1 if ((t >> 3) & 7) == d + 1 else 0)
            rs[p] = cards[p] + m + adjust[p]
    hi = max(rs.values())
    lo = min(rs.values())
    if invert and hi != lo:
        for p in rs:
            if rs[p] == hi:
                rs[p] = lo
            elif rs[p] == lo:
                rs[p] = hi
    return rs


def event(rnd, g, n):
    d = rnd.randrange(4)
    alive = [bool(g.alive & (1 << p)) for p in range(n)]
    cards = [rnd.randint(0, 9) if alive[p] else None for p in range(n)]
    ev = {"e": "round", "disaster": DISASTERS[d], "cards": cards}
    adjust = [0] * n
    if rnd.random() < 0.3:
        adjust = [rnd.choice((0, 0, 2, -2)) if alive[p] else 0
                  for p in range(n)]
        # An eliminated player's entry may be null.
        ev["adjust"] = [a if alive[p] or rnd.random() < 0.5 else None
                        for p, a in enumerate(adjust)]
    if rnd.random() < 0.15:
        ev["invert"] = True
    rs = _scores(g, n, d, [c or 0 for c in cards], adjust, ev.get("invert"))
    lo = min(rs.values())
    tied = [p for p in rs if rs[p] == lo]
    if len(tied) > 1 and len(tied) < len(rs) and rnd.random() < 0.95:
        rows = []
        cur = tied
        while True:
            row = [None] * n
            for p in cur:
                row[p] = -1 if rnd.random() < 0.1 else rnd.randint(0, 9)
            rows.append(row)
            nocard = [p for p in cur if row[p] == -1]
            if nocard:
                break
            m = min(row[p] for p in cur)
            low = [p for p in cur if row[p] == m]
            if len(low) == 1:
                break
            cur = low
        ev["sudden"] = rows
    r = rnd.random()
    if r < 0.05:
        ev["stop"] = True
    elif r < 0.1:
        ev["redirect"] = rnd.randrange(n)
    return ev


def builder_calls(rnd, n, p, rows):
    # Calls of core/dinos.py's event builders: (name, arguments).
    return [("round_event",
             [n, rnd.randrange(4),
              [rnd.choice((None, rnd.randrange(10))) for _ in range(n)],
              rnd.choice((None, [rnd.randint(-128, 127) for _ in range(n)])),
              [[rnd.choice((None, -1, rnd.randrange(10))) for _ in range(n)]
               for _ in range(rnd.randrange(4))],
              rnd.random() < .5, rnd.random() < .5, rnd.randrange(-1, n)])]


def max_game():
    s = ""
    for r in range(6):
        low = 1 + r % 3                      # J2, J3, J4 take in turn
        # OK on play (round 1) or on the last round's summary, natural
        s += "ok\nok\nup 4\nok\n"            # J1 plays 9
        for p in (1, 2, 3):
            s += "down 5\nok\n" if p == low else "ok\n"  # the last OK saves
    return s                                 # J1 reaches 54 in round 6


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
PRESS_ROWS = {"dinos": ("dinos",)}
PRESS_TARGETS = {"dinos": 1.5}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return dinos_games(rnd, rounds)


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
