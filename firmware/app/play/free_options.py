# The free pad's options, asked before a game: a target (or none), and
# whether the lowest total wins.
# Loaded only during the setup (app/flow.py ask_options), apart from the
# play screen so that the two are never in RAM together.

from app.screens import Choice
from app.i18n import tr

FREE_TARGETS = (0, 50, 100, 150, 200, 300, 500, 1000)


def ask_options(app, names):
    # A target (or none), then whether the lowest total wins.
    items = [tr("no_target")] + [str(t) for t in FREE_TARGETS[1:]]

    def target(i):
        t = FREE_TARGETS[i]

        def lowest(j):
            # The rules module only now: not in RAM through the setup.
            from core.free import options
            app.start_later("free", names, options(j == 1, t or None))
        app.push(Choice(app, tr("lowest_wins"), [tr("no"), tr("yes")],
                        lowest))
    app.push(Choice(app, tr("target"), items, target, 2))
