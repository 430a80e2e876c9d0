# DOG's events in words, for app/play/words.py (the undo message, and the
# message of a single choice done at once). Loaded only for that moment.

from core import dog
from app.i18n import tr


def describe(names, b, off, k):
    # "J3: Mató a J2", "Ana: Sacó ficha"... (the action list's own texts).
    p = b[off] >> 4
    if k == dog.DEAL:
        return tr("deal")
    if k == dog.PASS:
        return tr("passed") % names[p]
    if k == dog.KILL:
        what = tr("kill") % names[b[off + 1]]
    elif k == dog.GOAL:
        what = tr("goal" if b[off + 1] == p else "goal_partner")
    else:
        what = tr("out")
    return "%s: %s" % (names[p], what)
