"""Alebrijes' test and bench data (see __init__.py)."""

from press_game import N, Game, grid, setup, short  # bench/

STATE = ("pts", "zeros", "first", "rounds")
ROUNDS = True      # any game's rounds can be corrected (FIX)
SCRATCH = ()

SAMPLE = [{"e": "start", "p": 0},
          {"e": "round", "out": 0,
           "high": [[0] * 5] + [[1, 0, 0, 0, 0]] * 5}]

SETUP = "up\nok\nok\n"

KEYPRESS = (
    "round: J2 out; 3 players x 5 suit highs, dialled",
    "ok\nok\nup\nok 5\nup\nok 5\nup\nok 5\nok\n",   # (token: J1)
    "ok\nok\n"                             # who went out: J2 (it starts)
    # a suit is dialled: held, it steps at once, pauses (its first repeat
    # at 0.4 s), then steps at 0.55, 0.7, 0.85 s...; let go, next suit
    "hold up 780\nok\nhold down 480\nok\nhold up 620\n"   # J1 3 0 5 0 2
    "hold up 480\nhold down 620\nlong ok\n"       # J3 1 4 (0 0 0)
    "ok\nok\nhold up 620\nhold up 780\nhold down 480\n",  # J4 0 0 2 3 5
    16)


def options(rnd, n, fixes=False):
    return {}


def event(rnd, g, n):
    if g.rounds == 0 and rnd.random() < 0.2:
        return {"e": "start", "p": rnd.randrange(n)}
    out = rnd.randrange(n)
    high = []
    for p in range(n):
        if p == out and rnd.random() < 0.97:
            high.append([0] * 5)
        else:
            vals = [rnd.choice((0, 0, 1, 2, 3, 4, 5)) for _ in range(5)]
            if not any(vals) and rnd.random() < 0.9:
                vals[rnd.randrange(5)] = rnd.randint(1, 5)
            high.append(vals)
    ev = {"e": "round", "out": out, "high": high}
    if rnd.random() < 0.5:
        ev["token"] = rnd.randrange(n)
    return ev


def builder_calls(rnd, n, p, rows):
    # Calls of core/alebrijes.py's event builders: (name, arguments).
    return [("event", [1, p]),                            # START
            ("event", [2, p, n, rnd.randrange(-1, n), rows])]


def max_game():
    s = ""
    for r in range(3):
        s += "ok\nok\n" + "up\nok 5\n" * 5    # the starter went out
        if r < 2:
            s += "ok\n"                       # token holder (tie for worst)
    return s


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
PRESS_ROWS = {"alebrijes": ("alebrijes",)}
PRESS_TARGETS = {"alebrijes": 1.5}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return alebrijes_games(rnd, rounds)


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
