# Happy Little Dinosaurs: the rare parts of a round's entry
# (app/play/dinos_round.py, rs its screen): the extras menu a long OK on
# the cards opens (adjustments, inversion, instant cards), what a
# correction prefills, and the sudden death rounds. In RAM only when one
# of them is used; forgotten with the round's entry.

from app.screens import Choice
from app.play.grid import Grid, GridScreen
from core.dinos import DISASTERS as TYPES   # their text keys
from core.dinos import round_extras
from app.i18n import tr
from app import ui


def prefill(rs, r, b):
    # The extras of round r's event b, to correct it.
    rs.fix = r
    rs.invert, rs.stop, rs.redirect, adj = round_extras(b, 0, rs.play.s.n)
    if adj is not None:
        rs.adjust = [[v] for v in adj]


def menu(rs, index=0):
    inst = tr("none")
    if rs.stop:
        inst = tr("stop")
    elif rs.redirect >= 0:
        inst = "> " + rs.play.s.names[rs.redirect]
    rs.extras = ui.Menu(tr(TYPES[rs.d]),
                        [tr("confirm"), tr("adjust"), tr("invert"),
                         tr("instant")], index,
                        ["", "", tr("yes") if rs.invert else tr("no"),
                         inst[:9]])


def key(rs, ev):
    # A key on the extras menu.
    r = rs.extras.key(ev)
    if r is None:
        return
    if r < 0:
        rs.stage = 0
    elif r == 0:
        rs.submit()
    elif r == 1:
        ask_adjust(rs)
    elif r == 2:
        rs.invert = not rs.invert
    elif r == 3:
        ask_instant(rs)
    menu(rs, rs.extras.index)


def ask_adjust(rs):
    a = rs.app
    n = rs.play.s.n
    vals = rs.adjust or [[0] for _ in range(n)]
    grid = Grid(tr("adjust"), rs.play.s.names, ("+/-",), vals,
                -9, 9, 1, 2, skip=rs.grid.skip,
                fmt=lambda v: "%+d" % v if v else "0")
    a.push(GridScreen(a, grid, lambda vals: setattr(rs, "adjust", vals)))


def ask_instant(rs):
    a = rs.app
    names = rs.play.s.names

    def pick(i):
        a.pop()
        rs.stop = i == 1
        rs.redirect = -1
        if i == 2:
            a.push(Choice(a, tr("redirect"), names,
                          lambda j: (a.pop(), setattr(rs, "redirect", j),
                                     menu(rs, 3))))
    a.push(Choice(a, tr("instant"), [tr("none"), tr("stop"),
                                     tr("redirect")], pick))


def ask_sudden(rs, need):
    a = rs.app
    n = rs.play.s.n
    skip = ((1 << n) - 1) & ~need
    grid = Grid(tr("sudden"), rs.play.s.names, (tr("card"),),
                [[5] for _ in range(n)], -1, 9, 1, 3, skip=skip,
                widths=rs.grid.w, fmt=lambda v: "×" if v < 0 else str(v))

    def done(vals):
        rs.sudden.append([None if skip & (1 << p) else vals[p][0]
                          for p in range(n)])
        rs.submit()

    def cancel():
        rs.sudden = []
    a.push(GridScreen(a, grid, done, cancel))
