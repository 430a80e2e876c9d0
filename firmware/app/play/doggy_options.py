# Doggy Style's option, asked before a game: how it is played. Live
# tracking (the play screen follows takes, orders and Mario Hugo, with its
# reminders and auto-order) or the end count alone (the table plays on
# paper; at the end each player's pad is entered: app/play/doggy_count.py).
# Loaded only during the setup (app/flow.py ask_options), apart from the
# play screen so that the two are never in RAM together.

from app.screens import Choice
from app.i18n import tr


def ask_options(app, names):
    def mode(i):
        # Live games keep no option byte, as every game before the option.
        app.start_later("doggy", names, b"\x01" if i else b"")
    app.push(Choice(app, tr("doggy_mode"),
                    [tr("mode_live"), tr("mode_count")], mode))
