# Happy Little Dinosaurs: the round's disaster, dialled as its cards are
# (app/play/grid.py Grid): a tap moves and stays; a held key walks one row at a
# time (its first repeat only tells it from a tap) and stops at the ends;
# letting go picks the row, as OK does (app/play/dial.py). A round is then
# a hold and a release per number. Loaded only while the list is shown
# (app/memory.py).

from app.play.dial import DialChoice
from app.i18n import tr
from app.memory import PLAY, unload
from core.dinos import DISASTERS as TYPES   # their text keys


class DisasterChoice(DialChoice):
    """The disaster list: a DialChoice by the name the screen on top is
    known by (tests, bench/mp/screen_view.py)."""


def ask(play, fix=None, index=0):
    # The list on top of play; the round's cards once it is picked (fix:
    # a past round's, Play.cards).
    a = play.app

    def pick(d):
        unload(__name__, PLAY + ".dial")
        play.cards(d, fix)

    def back():
        a.pop()
        unload(__name__, PLAY + ".dial")
    a.push(DisasterChoice(a, tr("disaster"), [tr(t) for t in TYPES], pick,
                          index, on_back=back))
