# Happy Little Dinosaurs: the round's disaster, dialled as its cards are
# (app/play/grid.py Grid): a tap moves and stays; a held key walks one row at a
# time (its first repeat only tells it from a tap) and stops at the ends;
# letting go picks the row, as OK does. A round is then a hold and a
# release per number. Loaded only while the list is shown (app/memory.py).

from drivers.buttons import UP, DOWN, RELEASE, key_of, kind_of
from app.screens import Choice
from app.i18n import tr
from app.memory import unload
from core.dinos import DISASTERS as TYPES   # their text keys


class DisasterChoice(Choice):
    held = 0            # the key held, + 4 once its first repeat came

    def key(self, ev):
        k = key_of(ev)
        kind = kind_of(ev)
        m = self.menu
        if kind == RELEASE:
            if self.held == (ev & 7) + 4:
                self.held = 0
                self.on_pick(m.index)
            return
        if k == UP or k == DOWN:
            if not kind:
                self.held = k
            elif self.held == k:
                self.held = k + 4           # the first repeat: no step
                return
            elif self.held != k + 4 or \
                    m.index == (0 if k == UP else len(m.items) - 1):
                return                      # held at an end: it stays
        super().key(ev)


def ask(play, fix=None, index=0):
    # The list on top of play; the round's cards once it is picked (fix:
    # a past round's, Play.cards).
    a = play.app

    def pick(d):
        unload(__name__)
        play.cards(d, fix)

    def back():
        a.pop()
        unload(__name__)
    a.push(DisasterChoice(a, tr("disaster"), [tr(t) for t in TYPES], pick,
                          index, on_back=back))
