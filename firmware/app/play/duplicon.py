# Duplicon: running totals to 100; OK enters a round: won (in pairs),
# cards left in hand and in the play zone, per player.

from drivers.buttons import OK, key_of
from core import duplicon as D
from app.play.base import PlayBase
from app.play.grid import Grid
from app.i18n import tr
from app import ui

FIELD_W = 4          # the grid's columns: won, hand, zone (and their titles)


class Play(PlayBase):
    def draw(self, fb):
        g = self.g
        fb.fill(0)
        ui.header(fb, tr("duplicon"), "%s %d" % (tr("round"), g.rounds))
        for p in range(self.s.n):
            last = ("%+d" % g.last[p]) if g.rounds else ""
            mark = "*" if g.leaders & (1 << p) and g.rounds else " "
            ui.row(fb, p, mark + self.s.names[p],
                   "%s %4d" % (last, g.total[p]))
        ui.row(fb, 5, "%s: %d" % (tr("target"), D.TARGET), "")
        ui.row(fb, ui.ROWS - 1, tr("new_round"), "", True)

    def play_key(self, ev):
        if key_of(ev) != OK:
            return
        n = self.s.n
        # Start from last round's won cards (most likely similar), 0 else.
        last = self.s.ui.get("won") or [0] * n
        vals = [[last[p], 0, 0] for p in range(n)]
        self.entry("%s %d" % (tr("round"), self.g.rounds + 1), vals,
                   self.save_round)

    def entry(self, title, vals, on_done):
        grid = Grid(title, self.s.names,
                    (tr("won"), tr("hand"), tr("zone")),
                    vals, 0, 96, (2, 1, 1), (10, 5, 5), widths=FIELD_W)
        self.enter(grid, on_done)

    def fix_round(self, r, off):
        s = self.s
        b = s.log.buf
        vals = [[b[off + 1 + 3 * p + j] for j in range(3)]
                for p in range(s.n)]
        self.entry(tr("fix_n") % (r + 1), vals, lambda v: self.commit_fix(
            r, D.round_event(s.ev, s.n, v)))

    def save_round(self, values):
        s = self.s
        if self.commit(D.round_event(s.ev, s.n, values)):
            s.ui["won"] = [values[p][0] for p in range(s.n)]
            return True
        return False
