# Doggy Style's events in words, for app/play/words.py (the undo message:
# "Deshecho: Ana tomó rojo 5"). Loaded only for that moment.

from core import doggy
from app.i18n import tr


def describe(names, b, off, k):
    # "Ana tomó rojo 5", "Ana ordenó rojo", "Ana: Reserva +1"...
    name = names[b[off] >> 4]
    if k == doggy.TAKE:
        return tr("took") % (name, tr(doggy.COLORS[b[off + 1] & 15]),
                             b[off + 1] >> 4)
    if k == doggy.ORDER:
        return tr("ordered") % (name, tr(doggy.COLORS[b[off + 1]]))
    if k == doggy.RESERVE:
        return "%s: %s" % (name, tr("reserve_add" if b[off + 1] < 128
                                    else "reserve_sub"))
    if k == doggy.PASS:
        return tr("passed") % name
    if k == doggy.MARIO:
        return tr("mario")
    return ""
