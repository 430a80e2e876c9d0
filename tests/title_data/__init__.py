"""The tests' and benchmarks' data of each title, one module a title:
title_data/<id>.py, found by the title's id (core/games.py IDS).

What the firmware's own table cannot say because only the tests need it:

STATE, SCRATCH  the attributes of its Game that make up its state, and the
                scratch ones (helpers.snapshot; test_properties.py checks
                that they name every attribute of a played game)
ROUNDS          whether every game of it has round events a correction
                (FIX) can replace (round_titles)
options(rnd, n, fixes)  random options of a record (gamegen.random_game)
event(rnd, g, n)        a random event for the game g as it stands
                        (mostly plausible, sometimes invalid on purpose)
SAMPLE          one of each kind of event (bench/core_sizes.py: bytes per
                event)
SETUP           the keys from the names screen to the first play screen:
                the names as they are, then the title's options
                (start_keys)
max_game()      the keys of a game at the title's most players, from the
                first play screen to the final one (sim/scripts/maxplayers.py)
builder_calls(rnd, n, p, rows)  calls of each event builder of
                core/<id>.py with random values: [(name, arguments)]
                (tests/core/test_micropython.py)
KEYPRESS        (what, keys before, keys of one typical round, numbers
                entered) at 4 players (bench/keypresses.py)
PRESS_ROWS, PRESS_TARGETS, press_games(row, rnd, rounds)  realistic games
                entered by a person, their rows, unit kinds and targets
                (bench/presses.py; built on bench/press_game.py)

Optional: fix_event(rnd, g, n), the event a correction is made from
(default: event), and fix_player(rnd, ev), a correction's player.

A title without its module fails tests/tree/test_title_table.py, which
names it, and whatever test reaches it first (load raises LookupError)."""

import importlib

from marcador_core.games import IDS, player_counts

# What every title's module must define.
REQUIRED = ("STATE", "SCRATCH", "ROUNDS", "options", "event", "SAMPLE",
            "SETUP", "max_game", "KEYPRESS", "builder_calls", "PRESS_ROWS",
            "PRESS_TARGETS", "press_games")


def load(gid):
    """The module of title gid: title_data/<gid>.py."""
    if gid not in IDS:
        raise LookupError(f"{gid!r} is not a title (core/games.py IDS)")
    try:
        return importlib.import_module(f"{__name__}.{gid}")
    except ModuleNotFoundError as ex:
        if ex.name != f"{__name__}.{gid}":
            raise
        raise LookupError(
            f"title {gid!r} has no tests/title_data/{gid}.py: add one "
            "(docs/architecture.md, How to add a title)") from None


def missing(gid):
    """The names of REQUIRED that title gid's module lacks (all of them
    without a module)."""
    try:
        mod = load(gid)
    except LookupError:
        return list(REQUIRED)
    return [name for name in REQUIRED if not hasattr(mod, name)]


def round_titles():
    """The titles whose every game has rounds a correction can replace,
    in IDS order."""
    return tuple(gid for gid in IDS if load(gid).ROUNDS)


def _moves(k):
    # The keys that move a menu's cursor k rows down (up if negative).
    word = "down" if k > 0 else "up"
    k = abs(k)
    return "" if k == 0 else f"{word}\n" if k == 1 else f"{word} {k}\n"


def start_keys(gid, n, last=4):
    """The keys from home to the first play screen of a new game of gid
    for n players: OK on "new game", the title (its row is its index in
    IDS), the count (the menu opens on the count last used, 4 on a fresh
    device, or on the fewest where that cannot play: app/newgame.py), then
    SETUP."""
    counts = player_counts(gid)
    first = counts.index(last) if last in counts else 0
    return ("ok\n" + _moves(IDS.index(gid)) + "ok\n" +
            _moves(counts.index(n) - first) + "ok\n" + load(gid).SETUP)
