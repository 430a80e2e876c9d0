# DOG's events in words, for app/play/words.py (the undo message, and the
# message of a single choice done at once). Loaded only for that moment.

from core import dog as G
from app.i18n import tr


def describe(names, b, off, k):
    # "J3: Mató a J2", "Ana: Sacó ficha"... (the action list's own texts).
    p = b[off] >> 4
    if k == G.DEAL:
        return tr("deal")
    if k == G.PASS:
        return tr("passed") % names[p]
    if k == G.KILL:
        what = tr("kill") % names[b[off + 1]]
    elif k == G.GOAL:
        what = tr("goal" if b[off + 1] == p else "goal_partner")
    else:
        what = tr("out")
    return "%s: %s" % (names[p], what)
