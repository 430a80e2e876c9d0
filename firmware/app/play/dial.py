# Rows that dial, as a Grid's small numbers do (app/play/grid.py): a tap of
# UP/DOWN moves one row and stays (wrapping at the ends); a held key steps
# at once, pauses (its first repeat only tells a hold from a tap), then
# walks one row per repeat and stops at the ends; letting go picks the row,
# as OK does. A row far from the cursor is then one press. Dinos' disaster
# list (app/play/dinos_disaster.py), DOG's play screen and its player's
# list (app/play/dog.py).

from drivers.buttons import UP, DOWN, RELEASE, key_of, kind_of
from app.screens import Choice

PICK = -1           # dial(): the hold was let go, pick the row
NOT_MINE = -2       # dial(): not UP, DOWN or a release


def dial(obj, ev, index, n):
    # The cursor's new index over n rows after ev (obj.held: the key held,
    # + 4 once its first repeat came), PICK or NOT_MINE.
    k = key_of(ev)
    kind = kind_of(ev)
    if kind == RELEASE:
        if obj.held == (ev & 7) + 4:
            obj.held = 0
            return PICK
        return index
    if k != UP and k != DOWN:
        obj.held = 0
        return NOT_MINE
    if not kind:
        obj.held = k                    # a press: it moves, wrapping
    elif obj.held == k:
        obj.held = k + 4                # the first repeat: no step
        return index
    elif obj.held != k + 4 or index == (0 if k == UP else n - 1):
        return index                    # held at an end: it stays
    return (index + (1 if k == DOWN else -1)) % n


class DialChoice(Choice):
    """A list whose rows dial: a hold let go picks the row under it
    (dialled: True when it did, not OK)."""
    held = 0
    dialled = False

    def key(self, ev):
        m = self.menu
        i = dial(self, ev, m.index, len(m.items))
        if i == PICK:
            self.dialled = True
            self.on_pick(m.index)
        elif i == NOT_MINE:
            Choice.key(self, ev)
        else:
            m.index = i
