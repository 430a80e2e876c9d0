# Doggy Style's events in words, for app/play/words.py (the undo message:
# "Deshecho: Ana tomó rojo 5"). Loaded only for that moment.

from core import doggy as D
from app.i18n import tr


def describe(names, b, off, k):
    # "Ana tomó rojo 5", "Ana ordenó rojo", "Ana: Reserva +1"...
    name = names[b[off] >> 4]
    if k == D.TAKE:
        return tr("took") % (name, tr(D.COLORS[b[off + 1] & 15]),
                             b[off + 1] >> 4)
    if k == D.ORDER:
        return tr("ordered") % (name, tr(D.COLORS[b[off + 1]]))
    if k == D.RESERVE:
        return "%s: %s" % (name, tr("reserve_add" if b[off + 1] < 128
                                    else "reserve_sub"))
    if k == D.PASS:
        return tr("passed") % name
    if k == D.MARIO:
        return tr("mario")
    return ""
