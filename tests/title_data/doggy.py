"""Doggy Style's test and bench data (see __init__.py)."""

from marcador_core import doggy as D
from press_game import N, Game, grid, setup, short  # bench/

STATE = ("st", "assigned_mask", "mario", "any_take", "refill",
         "last_p", "last_c", "last_pts", "last_valid",
         "turn", "rounds", "dogs")
ROUNDS = False     # only an end count's counts can be corrected


# The parts of Doggy.st in order, with their lengths (core/doggy.py's
# private offsets _UNORD_N ... _MAJ: folded into its code, not in the
# module; test_doggy_count checks these against the game's accessors).
PARTS = (("unord_n", 25), ("unord_pts", 25), ("ord_n", 25), ("ord_pts", 25),
         ("taken", 5), ("reserve", 5), ("assigned", 20), ("cnt", 20),
         ("maj", 20))


def part(g, name):
    """One of the counters in the game's st (PARTS), as a list."""
    off = 0
    for k, n in PARTS:
        if k == name:
            return list(g.st[off:off + n])
        off += n
    raise KeyError(name)
SCRATCH = ()

SAMPLE = [{"e": "take", "p": 0, "color": "red", "points": 5},
          {"e": "order", "p": 0, "color": "red"},
          {"e": "reserve", "p": 0, "delta": 1}, {"e": "mario"},
          {"e": "assign", "p": 0, "colors": ["red", "blue"]},
          {"e": "count", "p": 0, "blue": [1, 0, 2], "wilds": ["red"],
           "reserve": 2}]

SETUP = "up\nok\nok\n"

KEYPRESS = ("event: J2 took a red 3",
            "long ok\n",                          # J1 passed: J2's turn
            "ok\nup\nok\nup\nok\n", 1)


def options(rnd, n, fixes=False):
    # With corrections proposed, sometimes the end count.
    if fixes and rnd.random() < 0.3:
        return {"mode": "count"}
    return {}


def _count(rnd, g, n):
    # An end count: the next player's (sometimes another's), mostly what
    # the deck still holds, sometimes more.
    p = g.rounds if rnd.random() < 0.9 else rnd.randrange(n)
    ev = {"e": "count", "p": p}
    over = rnd.random() < 0.1
    for c in range(4):
        k = rnd.randint(0, max(0, g.left(c)) + (2 if over else 0))
        ev[D.COLORS[c]] = [0, 0, 0]
        for _ in range(min(k, 3)):
            ev[D.COLORS[c]][rnd.randrange(3)] += 1
    if rnd.random() < 0.3:
        ev["wilds"] = [rnd.choice(D.COLORS[:4])
                       for _ in range(rnd.randint(0, 2))]
    ev["reserve"] = rnd.randint(0, 70 if over else 8)
    return ev


def event(rnd, g, n):
    if g.by_count():
        return _count(rnd, g, n)
    if g.ended():
        # After the third Mario Hugo only wild assignments remain.
        p = rnd.randrange(n)
        k = g.ordered(p, D.WILD)
        if rnd.random() < 0.1:
            k = rnd.randint(0, 3)
        return {"e": "assign", "p": p,
                "colors": [rnd.choice(D.COLORS[:4]) for _ in range(k)]}
    r = rnd.random()
    p = rnd.randrange(n)
    if r < 0.45:
        c = rnd.choice(D.COLORS)
        pts = 1 if c == "wild" and rnd.random() < 0.9 else rnd.choice((5, 3, 1))
        return {"e": "take", "p": p, "color": c, "points": pts}
    if r < 0.7:
        cols = [c for c in range(5) if g.unordered(p, c)]
        c = rnd.choice(cols) if cols and rnd.random() < 0.9 else \
            rnd.randrange(5)
        return {"e": "order", "p": p, "color": D.COLORS[c]}
    if r < 0.85:
        return {"e": "reserve", "p": p, "delta": rnd.choice((1, 1, -1))}
    # Mostly when the supply refills (right after a take), sometimes not.
    if g.refill or rnd.random() < 0.3:
        return {"e": "mario"}
    return {"e": "take", "p": p, "color": rnd.choice(D.COLORS[:4]),
            "points": rnd.choice((5, 3, 1))}


def fix_player(rnd, ev):
    # Mostly round r's own count: player r's.
    if rnd.random() < 0.9:
        ev["p"] = ev["round"] - 1


def builder_calls(rnd, n, p, rows):
    # Calls of core/doggy.py's event builders: (name, arguments).
    return [("event", [4]),                               # MARIO
            ("event", [1, p, rnd.randrange(5), rnd.randrange(16)]),
            ("event", [2, p, rnd.randrange(5)]),          # ORDER
            ("event", [3, p, rnd.choice((1, -1))]),
            ("event",                                     # ASSIGN
             [5, p, [rnd.randrange(4) for _ in range(rnd.randrange(4))]]),
            ("count_event",                               # COUNT
             [p, [[rnd.randrange(16) for _ in range(4)] for _ in range(4)],
              rnd.randrange(256)])]


def max_game():
    # The cursor is on the player whose turn it is; the list opens on
    # yellow (the middle colour) when the player holds nothing unordered,
    # else on ordering; the points on the value most left of the colour.
    s = "ok\nup 2\nok\nok\n" * 5         # each takes a blue
    s += "ok\nok\n" * 5                    # each orders blue
    # Mario Hugo comes only after a turn in which Parrandas were taken:
    # J5 takes another blue.
    s += "up 2\nok\nup 2\nok\nok\n"
    for _ in range(3):
        s += "up\nok\nwait 1600\n"           # Mario Hugo x3
    return s + "ok\n"                       # play is over: go on


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
# doggy_count: the same games played with the end count (the same seed).
PRESS_ROWS = {"doggy": ("take", "order", "pass", "mario", "reserve", "assign"),
              "doggy_count": ("count",)}
PRESS_TARGETS = {"take": 3, "order": 2}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return (doggy_count_games if row == "doggy_count" else doggy_games)(
        rnd, rounds)


def doggy_games(rnd, rounds):
    games = []
    while short(games, rounds, "take", "order"):
        game = Game("doggy")
        setup(game, 0)                    # live tracking
        cards = [(c, v) for c in range(4) for v in (5, 5, 3, 3, 1, 1, 1)]
        cards += [(D.WILD, 1)] * 3
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
                game.add({"e": "order", "p": p, "color": D.COLORS[c]})
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
                if took and g.reserve_dogs(p) and rnd.random() < 0.1:
                    doggy_reserve(game, p, -1)
                if not took:
                    # Nothing taken: "next turn" (a long OK on the player).
                    game.add({"e": "pass", "p": p})
                    game.unit("pass", 1, f"P {p + 1} #player")
                for k in range(took):
                    c, v = supply.pop(rnd.randrange(len(supply)))
                    lines = [f"M {p + 1} #player",
                             f"M {doggy_row(game.g, p, c)} #colour"]
                    game.add({"e": "take", "p": p, "color": D.COLORS[c],
                              "points": v})
                    if c != D.WILD:
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
            k = game.g.ordered(q, D.WILD)
            if k:
                cols = [rnd.randrange(4) for _ in range(k)]
                game.add({"e": "assign", "p": q,
                          "colors": [D.COLORS[c] for c in cols]})
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
        if c != D.WILD:
            rows[p][c][(5, 3, 1).index(v)] += 1

    for ev in game.events:
        e = ev["e"]
        p = ev.get("p")
        if e == "take":
            c = D.COLORS.index(ev["color"])
            unord[p][c].append(ev["points"])
            last = (p, c, ev["points"])
        elif e == "order":
            c = D.COLORS.index(ev["color"])
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
             **{D.COLORS[c]: rows[p][c] for c in range(4)},
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
            cells = [ev[D.COLORS[c]] + [ev["wilds"].count(D.COLORS[c])]
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
