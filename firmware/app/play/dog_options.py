# DOG's options, asked before a game: who deals first and the match's
# length. The match's tally goes in the options too (see play/dog.py).
# Loaded only during the setup (app/flow.py ask_options), apart from the
# play screen so that the two are never in RAM together.

from app.screens import Choice
from app.i18n import tr


def ask_options(app, names):
    # Who deals first, then the match's length (1, 3 or 5 games).
    def dealer(d):
        def length(j):
            # The match's length and tally go in the game's options (its
            # header on the flash): see Play.finished.
            from core.dog import match_opts   # not in RAM before
            app.start_later("dog", names, match_opts(
                d, (1, 3, 5)[j], [0] * (len(names) // 2)))
        app.push(Choice(app, tr("match"), ["1", "3", "5"], length))
    app.push(Choice(app, tr("dealer"), names, dealer))
