# Free score pad: totals; OK enters a round, one number per player.

from drivers.buttons import UP, DOWN, OK, key_of
import core.free as free
from app.screens import Choice
from app.play.base import PlayBase
from app.i18n import tr
from app import ui


class Play(PlayBase):
    def __init__(self, app, session):
        PlayBase.__init__(self, app, session)
        self.top = 0

    def draw(self, fb):
        g = self.g
        ui.begin(fb)
        # "Ronda 3 ---- Meta 100": the round being played (1 before any),
        # and the target if there is one.
        t = g.target()
        ui.header(fb, "%s %d" % (tr("round"), g.rounds + 1),
                  "" if t is None else "%s %d" % (tr("target"), t))
        shown = ui.ROWS - 1
        edge = ui.EDGE if self.s.n > shown else 0
        for i in range(shown):
            p = self.top + i
            if p < self.s.n:
                mark = "*" if g.leaders & (1 << p) and g.rounds else " "
                ui.row(fb, i, mark + self.s.names[p], str(g.total[p]), edge)
        ui.marks(fb, self.top, shown, self.s.n)
        ui.row(fb, ui.ROWS - 1, tr("new_round"), "", True)

    def play_key(self, ev):
        k = key_of(ev)
        n = self.s.n
        if k == UP and self.top > 0:
            self.top -= 1
        elif k == DOWN and self.top + ui.ROWS - 1 < n:
            self.top += 1
        elif k == OK:
            # Start from the last round as the log holds it now (a
            # correction of it included), 0 before the first.
            r = self.g.rounds
            vals = [[self.g.part(p, r - 1) if r else 0] for p in range(n)]
            # (app/play/grid.py: loaded at the first round's entry, not
            # with this module, whose import is in the game's start)
            from app.play.grid import Grid
            grid = Grid("%s %d" % (tr("round"), r + 1),
                        self.s.names, ("",), vals,
                        -9999, 9999, 1, 10, widths=5)
            self.enter(grid, self.save_round)

    def save_round(self, values):
        s = self.s
        return self.commit(free.event(s.ev, free.ROUND, s.n,
                                   [values[p][0] for p in range(s.n)]))

    def fix_round(self, r, off):
        s = self.s
        vals = [[self.g.part(p, r)] for p in range(s.n)]
        from app.play.grid import Grid
        grid = Grid(tr("fix_n") % (r + 1), s.names, ("",), vals,
                    -9999, 9999, 1, 10, widths=5)
        self.enter(grid, lambda v: self.commit_fix(
            r, free.event(s.ev, free.ROUND, s.n, [v[p][0] for p in range(s.n)])))

    def menu_items(self):
        return ["continue", "undo", "redo", "scores", "end_game", "exit"]

    def end_game(self):
        # Asked first, 'no' by default: a stray OK does not end the game.
        a = self.app

        def answer(i):
            a.pop()
            if i == 1:
                self.commit(free.event(self.s.ev, free.END))
        a.push(Choice(a, tr("end_q"), [tr("no"), tr("yes")], answer))
