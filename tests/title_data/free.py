"""The score pad's test and bench data (see __init__.py)."""

from press_game import N, Game, grid, setup, short  # bench/

STATE = ("sums", "rounds")
ROUNDS = True      # any game's rounds can be corrected (FIX)
SCRATCH = ()

SAMPLE = [{"e": "round", "scores": [0] * 8}, {"e": "end"}]

SETUP = "up\nok\nok\nok\n"

KEYPRESS = ("round: 10, 9, 0, 20 after 12, 7, 0, 15",
            "ok\nup 12\nok\nup 7\nok\nok\nup 15\nok\n",
            "ok\ndown 2\nok\nup 2\nok\nok\nup 5\nok\n", 4)


def options(rnd, n, fixes=False):
    o = {"lowest_wins": rnd.random() < 0.3}
    if rnd.random() < 0.6:
        o["target"] = rnd.choice((50, 100, 200))
    return o


def event(rnd, g, n):
    if rnd.random() < 0.03:
        return {"e": "end"}
    return {"e": "round", "scores": [rnd.randint(-20, 40) for _ in range(n)]}


def builder_calls(rnd, n, p, rows):
    # Calls of core/free.py's event builders: (name, arguments).
    return [("event",                                     # ROUND
             [1, n, [rnd.randint(-32768, 32767) for _ in range(n)]]),
            ("event", [2])]                               # END


def max_game():
    # J1 scores 20 a round, the others 0: the grid starts from the last
    # values, so rounds 2-5 are just OK presses. 100 after round 5.
    s = "ok\nup 20\nok\n" + "ok\n" * 7
    for _ in range(4):
        s += "ok\n" + "ok\n" * 8
    return s


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
PRESS_ROWS = {"free": ("free",)}
PRESS_TARGETS = {"free": 4}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return free_games(rnd, rounds)


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
