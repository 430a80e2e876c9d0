# What a person reads on the panel, taken from the app's screen objects
# (runs on the MicroPython VM next to the firmware). The only module of
# the key-press benchmark (bench/presses.py) that knows the firmware's
# screen classes: when screens change, this is the file to adapt.
#
#   menu(app)   (index, count) of the highlighted row of a list, or None
#   grid(app)   the number table on top (an app.play.grid Grid), or None
#   cell(g)     (row, column, value, step, big step, lo, hi) of its cursor
#   shape(g)    (rows, columns, mask of the rows not edited)
#   row_done(g) True when a long OK ends the row, not the table
#   dials(g)    True when its cursor's cell dials (app.play.grid Grid: a hold walks
#               one step at a time and letting go moves on)
#   rounds(app) the rounds the game in progress has played
#   toast(app)  the pop-up message shown, or None
#   menu_dials(app, i), dial_records(app), events(app), picked(...)
#               how a list that dials picks a row (person.py choose)
#   at_home(app)  the home menu alone on the stack


def _top(app):
    return app.stack[-1]


def menu(app):
    t = _top(app)
    name = type(t).__name__
    if t is None:
        return None             # home, loaded and drawn at the next step
    m = getattr(t, "menu", None)
    if m is not None and hasattr(m, "items"):          # Choice, Home, Names
        return m.index, len(m.items)
    if name == "DinosRound":                           # its extras menu
        return (t.extras.index, len(t.extras.items)) if t.stage == 1 \
            else None
    s = getattr(t, "s", None)
    if name == "Play" and s is not None and s.gid in ("doggy", "dog",
                                                       "duplicon"):
        return t.index, s.n + 1     # the table's row, then one per player
    if name == "Breakdown":
        return t.index, t.s.n + 1
    if name == "Final":                 # one more row: undo the last event
        return t.index, t.s.n + 2
    return None


def grid(app):
    t = _top(app)
    g = getattr(t, "grid", None)
    if g is None or not hasattr(g, "values"):
        return None
    if type(t).__name__ == "DinosRound" and t.stage != 0:
        return None
    return g


def _col(x, c):
    return x[c] if isinstance(x, tuple) else x


def cell(g):
    c = g.c
    return (g.r, c, g.values[g.r][c], _col(g.step, c), _col(g.big, c),
            _col(g.lo, c), _col(g.hi, c))


def shape(g):
    return len(g.labels), len(g.fields), g.skip


def toast(app):
    return app.toast_text


def at_home(app):
    return len(app.stack) == 1 and (_top(app) is None or  # (App.top)
                                    type(_top(app)).__name__ == "Home")


def row_done(g):
    return getattr(g, "row_done", False)


def dials(g):
    from app.play.grid import DIAL_SPAN
    c = g.c
    return _col(g.hi, c) - _col(g.lo, c) <= DIAL_SPAN


def rounds(app):
    return app.session.log.game.rounds


def at_play(app):
    # The title's play screen alone on top (no list, table or note over it).
    return type(_top(app)).__name__ == "Play"


def final_undo(app):
    # The final screen's "undo the last event" row, or None when the final
    # screen is not on top.
    t = _top(app)
    return t.s.n + 1 if type(t).__name__ == "Final" else None


def menu_dials(app, i):
    # True when a hold let go on row i of the list on top picks it (a hold
    # walks it): Dinos' disaster list (app/play/dinos_disaster.py), DOG's
    # player's list and DOG's play screen, but on its deal line
    # (app/play/dial.py).
    t = _top(app)
    name = type(t).__name__
    if name == "Play":
        return t.s.gid == "dog" and i > 0
    return name in ("DisasterChoice", "DialChoice")


def dial_records(app):
    # True when a row picked on the list on top is recorded at once (DOG's:
    # a slip is undone with a long BACK), not a step of an entry (Dinos').
    t = _top(app)
    return type(t).__name__ in ("Play", "DialChoice")


def events(app):
    # The events in effect in the game in progress.
    return app.session.log.n_live


def picked(app, shown, before):
    # The row a hold let go on picked in `shown` (the list or play screen
    # that was on top; before: events() then), or None when it picked
    # nothing (let go too soon, or on DOG's deal line).
    log = app.session.log
    if type(shown).__name__ != "Play":
        if log.n_live > before or _top(app) is not shown:
            return shown.menu.index
        return None
    if log.n_live > before:         # a player's only choice, done at once
        return (log.buf[log.event_at(log.n_live - 1)] >> 4) + 1
    if _top(app) is not shown:      # the player's list is open
        return shown.index
    return None


def menu_of(app):
    # The list object on top (its index stays readable once it is picked).
    return _top(app).menu
