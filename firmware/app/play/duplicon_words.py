# Duplicon's events in words, for app/play/words.py (the undo message,
# and the message of a card drawn on one OK). Loaded only for that moment.

from core import duplicon
from app.i18n import tr


def describe(names, b, off, k):
    # "J1 robó carta", "J2 pasó turno", "Ronda 3".
    if k == duplicon.DRAW:
        return tr("drew") % names[b[off] >> 4]
    if k == duplicon.PASS:
        return tr("passed") % names[b[off] >> 4]
    return ""
