# The titles the device knows: the one table every other module reads.
#
# IDS[i] is the id used in files, records and on the link, and i is the
# title byte of a game file (core/gamefile.py): append new titles at the
# end, never reorder. A title's rules live in core/<id>.py as CLASSES[i];
# its player counts are that class's MIN_PLAYERS, MAX_PLAYERS and
# PLAYER_STEP (DOG is played by 4 or 6). Each rule set is imported only
# when asked for: a board playing Duplicon does not hold the other five in
# RAM.
#
# Adding a title: core/<id>.py (rules and event builders), a row here,
# core/codec/<id>.py (its JSON side, PC only), app/play/<id>.py (its
# screens), its name in app/texts.py. See docs/architecture.md.

IDS = ("doggy", "duplicon", "alebrijes", "dog", "dinos", "free")
CLASSES = ("Doggy", "Duplicon", "Alebrijes", "Dog", "Dinos", "Free")
# Titles played as a match of several games, whose tally goes on from one
# game to the next (and across a power cut: app/flow.py match_after).
MATCHES = ("dog",)


# This package's name and a dot: "core." on the board, "marcador_core." on
# the PC (pyproject.toml installs firmware/core under that name).
_PACKAGE = __name__[:__name__.rfind(".") + 1]


def game_class(game_id):
    # The rules class of a title id, or None for an unknown id.
    if game_id not in IDS:
        return None
    name = CLASSES[IDS.index(game_id)]
    return getattr(__import__(_PACKAGE + game_id, None, None, (name,), 0),
                   name)


def player_counts(game_id):
    # The numbers of players a title can be played by, fewest first.
    cls = game_class(game_id)
    if cls is None:
        return []
    return list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1, cls.PLAYER_STEP))
