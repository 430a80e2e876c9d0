"""DOG's test and bench data (see __init__.py)."""

from press_game import N, Game, setup, short  # bench/

STATE = ("home", "track", "goal", "by_partner", "kills", "deaths",
         "team_goal", "round", "turn")
ROUNDS = False     # no rounds to correct (FIX)
SCRATCH = ()

SAMPLE = [{"e": "deal"}, {"e": "out", "p": 0},
          {"e": "kill", "p": 0, "victim": 1},
          {"e": "goal", "owner": 0}]

SETUP = "up\nok\nok\nok\n"

KEYPRESS = ("event: J3's pawn enters the goal",
            "up\nok\nlong ok\nlong ok\nlong ok\n",   # J3 out; J2, J1, J4 pass
            "ok\ndown\nok\n", 1)


def options(rnd, n, fixes=False):
    return {"dealer": rnd.randrange(n)}


def event(rnd, g, n):
    r = rnd.random()
    p = rnd.randrange(n)
    if r < 0.1:
        return {"e": "deal"}
    if r < 0.4:
        return {"e": "out", "p": p}
    if r < 0.55:
        # Mostly a killer with a pawn on the track to kill with (its own,
        # or the partner's once its 4 are in the goal).
        able = [q for q in range(n)
                if g.track[q if g.goal[q] < 4 else g.partner(q)]]
        if able and rnd.random() < 0.8:
            p = rnd.choice(able)
        on = [q for q in range(n) if g.track[q]]
        v = rnd.choice(on) if on and rnd.random() < 0.8 else rnd.randrange(n)
        return {"e": "kill", "p": p, "victim": v}
    ev = {"e": "goal", "owner": p}
    if rnd.random() < 0.3:
        ev["by"] = g.partner(p) if rnd.random() < 0.8 else rnd.randrange(n)
    return ev


def builder_calls(rnd, n, p, rows):
    # Calls of core/dog.py's event builders: (name, arguments).
    return [("event", [1]), ("event", [2, p]),
            ("event", [3, p, rnd.randrange(n)]),
            ("event", [4, p, rnd.randrange(n)])]


def max_game():
    # The cursor starts on J6 (right of the dealer J1) and returns there
    # after each of J1's events (counter-clockwise); a list of one choice
    # is done at once.
    out, goal = "down 2\nok\n", "down 2\nok\ndown\nok\n"
    s = (out + goal) * 3 + out + "down 2\nok\n"        # J1: 4 in goal
    # J4's pawns, moved in by J1 (out, goal, partner; the last: goal,
    # partner); after J4's out it is J3's turn, after J1's move J6's.
    s += ("up 2\nok\ndown\nok\ndown 2\nok\n") * 3
    s += "up 2\nok\ndown\nok\ndown\nok\n"
    return s          # the final screen (the match score comes after it)


# --- bench/presses.py: realistic games entered by a person (4 players)
# The rows this title's games give, each with the unit kinds it reports
# (the first is its headline), and the targets of their kinds (mean
# presses per number).
PRESS_ROWS = {"dog": ("pawn", "deal")}
PRESS_TARGETS = {"pawn": 2}


def press_games(row, rnd, rounds):
    """The games of `row` (one of PRESS_ROWS) for this seed, until they
    hold `rounds` units."""
    return dog_games(rnd, rounds)


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
