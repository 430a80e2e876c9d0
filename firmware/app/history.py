# Past games, newest first, each opening its breakdown (read-only).

from .app import Choice, Note
from .final import Breakdown
from .i18n import tr


def History(app):
    if not app.past:
        return Note(app, tr("past"), [tr("no_games")])
    items = []
    for s in app.past:
        g = s.log.game
        w = [s.names[p] for p in range(s.n) if g.winners & (1 << p)]
        items.append(tr(s.gid)[:12] + " " + (w[0] if w else ""))
    return Choice(app, tr("past"), items,
                  lambda i: app.push(Breakdown(app, app.past[i])))
