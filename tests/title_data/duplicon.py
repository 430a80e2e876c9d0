"""Duplicon's test and bench data (see __init__.py)."""

from press_game import N, Game, grid, setup, short  # bench/

STATE = ("won", "hand", "zone", "rounds", "last", "turn", "nodraw")
ROUNDS = True      # any game's rounds can be corrected (FIX)
SCRATCH = ()

SAMPLE = [{"e": "round", "won": [0] * 4, "hand": [0] * 4, "zone": [0] * 4}]

SETUP = "up\nok\n"

KEYPRESS = (
    "round: won 18/16/12/4, hand 1/0/2/0, zone 0/1/0/0 after won 20/14/8/6",
    "up\nok\nup 10\nok 3\nup 7\nok 3\nup 4\nok 3\nup 3\nok 3\n",
    # J4 starts round 2: the round line is DOWN from J4's row.
    "down\nok\ndown\nok\nup\nok\nok\nup\nok\nok\nup\nok\nup 2\nok\nup 2\n"
    "ok\nok\ndown\nok\nok\nok\n", 12)


def options(rnd, n, fixes=False):
    return {}


def event(rnd, g, n):
    r = rnd.random()
    if r < 0.4:
        # A turn's end, mostly the turn's player's; a draw by a player who
        # drew last turn is refused.
        p = g.turn if rnd.random() < 0.8 else rnd.randrange(n)
        return {"e": "draw" if r < 0.15 else "pass", "p": p}
    won = [2 * rnd.randint(0, 12) for _ in range(n)]
    if rnd.random() < 0.05:
        won[0] += 1
    return {"e": "round", "won": won,
            "hand": [rnd.randint(0, 4) for _ in range(n)],
            "zone": [rnd.randint(0, 2) for _ in range(n)]}


def fix_event(rnd, g, n):
    # A turn's end has no correction: a round.
    ev = event(rnd, g, n)
    while ev["e"] != "round":
        ev = event(rnd, g, n)
    return ev


def builder_calls(rnd, n, p, rows):
    # Calls of core/duplicon.py's event builders: (name, arguments).
    return [("round_event",
             [n, [[rnd.randrange(256) for _ in range(3)] for _ in range(n)]]),
            ("event", [2, p]), ("event", [3, p])]


def max_game():
    # Turns first: J1 drew (OK on J1, whose turn it is), J4 next turn (a
    # long OK), J3 drew; the cursor on J2, two rows below the round line.
    # Rounds start with J1, J4, J3: the round line is UP 1, DOWN 1, DOWN 2.
    s = "ok\nlong ok\nok\nup 2\n"
    s += "ok\nup 20\nok\nok\nok\n" + "ok\nok\nok\n" * 3
    for move in ("down", "down 2"):
        s += move + "\nok\n" + "ok\nok\nok\n" * 4   # won starts at 40 again
    return s


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
PRESS_ROWS = {"duplicon": ("duplicon", "pass", "draw")}
PRESS_TARGETS = {"duplicon": 2.5}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return duplicon_games(rnd, rounds)


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
