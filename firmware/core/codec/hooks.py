# The PC tools' hooks: what a title's codec (core/codec/<id>.py) may define
# for host_tools, each with the default a title gets when its codec does
# not define it. codec.hook(gid, name) looks one up. host_tools keep the
# generic code (tables, files, BG Stats' fields) and ask the title through
# these; a new title adds its own hooks, never a branch in a host tool.
# PC only, like the rest of core/codec (MicroPython syntax all the same).

from .common import ROUNDS, word

# The title's name in the PC tools, (English, Spanish); None: its id.
NAME = None

# Variants the statistics and the BG Stats export count as titles of their
# own (BG Stats keeps highestWins per game): {key: (English, Spanish)}.
VARIANTS = {}

# The keys (the title's id or one of its VARIANTS) whose lowest total is
# the best one.
LOWEST_WINS = ()


def variant(rec):
    # The key of the variant the record `rec` is played as (one of
    # VARIANTS), or None: the title itself.
    return None


def status_lines(res, names, lang):
    # The lines under the score table of `marcador score`/`show`: what the
    # scored result `res` (record.result()) says beyond the totals. names:
    # the players' names as they can be printed; lang: errors.EN or ES.
    return ["%s: %s" % (word(ROUNDS, lang), res["status"]["rounds"])]


def rank_keys(res, lowest):
    # BG Stats: what the players who did not win are ranked by, and whether
    # the lowest is best: (one key per seat, lowest).
    return [p["total"] for p in res["players"]], lowest


def team(seat, n):
    # BG Stats: the team (1...) of `seat` among n players, 0 for none. The
    # rules class's TEAMS (core/game.py) says whether a title has teams.
    return 0


def start_player(rec):
    # BG Stats: the seat that played first, where the device knows it;
    # else None.
    return None


def board(rec, match_game):
    # BG Stats: the variant played, in words, or None when there is none.
    # match_game: the game's number within its match (see match_games), or
    # None.
    return None


def match_games(rows):
    # For the titles of core.games.MATCHES: {game id: its number within a
    # match} over the archive's (row, record, result) rows, oldest first.
    return {}
