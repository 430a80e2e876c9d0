# Alebrijes: three rounds. Who starts round 1 is asked first; each round:
# who went out, then each other player's highest card per suit (0 = none;
# a long OK leaves the rest of a player's suits at 0 and goes to the next).

from drivers.buttons import OK, key_of
from core import alebrijes as A
from .app import Choice, GridScreen
from .play import PlayBase
from .i18n import tr
from . import ui


class Play(PlayBase):
    def begin(self):
        if self.g.rounds == 0 and not self.s.ui.get("started"):
            self.app.push(Choice(self.app, tr("who_starts"), self.s.names,
                                 self.started))

    def started(self, p):
        self.app.pop()
        self.s.ui["started"] = True
        self.commit(A.event(self.s.ev, A.START, p))

    def draw(self, fb):
        g = self.g
        fb.fill(0)
        ui.header(fb, "Alebrijes", "%s %d/3" % (tr("round")[0],
                                                min(g.rounds + 1, 3)))
        for p in range(self.s.n):
            ui.row(fb, p, ("*" if g.leaders & (1 << p) and g.rounds else " ")
                   + self.s.names[p], str(g.total[p]))
        if self.s.n < 6:
            ui.row(fb, 5, tr("next_first") % self.s.names[g.first],
                   "%d" % g.cards_to_deal())
        ui.row(fb, ui.ROWS - 1, "OK: " + tr("new_round"), "", True)

    def play_key(self, ev):
        if key_of(ev) != OK:
            return
        a = self.app
        a.push(Choice(a, tr("who_out"), self.s.names, self.went_out,
                      self.g.first))

    def went_out(self, out):
        a = self.app
        a.pop()
        n = self.s.n
        suits = tr("suits")
        fields = tuple(suits[2 * i:2 * i + 2] for i in range(5))
        grid = ui.Grid("%s %d" % (tr("round"), self.g.rounds + 1),
                       self.s.names, fields, [[0] * 5 for _ in range(n)],
                       0, 5, 1, 1, skip=1 << out, widths=2, row_done=True)
        a.push(GridScreen(a, grid, lambda vals: self.entered(out, vals)))

    def entered(self, out, vals):
        # Ask who holds the token only when it decides the next starter.
        a = self.app
        g = self.g
        new = [g.total[p] - (0 if p == out else sum(vals[p]))
               for p in range(self.s.n)]
        worst = min(new)
        if new.count(worst) > 1 and g.rounds < 2:
            a.push(Choice(a, "Token", self.s.names,
                          lambda t: (a.pop(),
                                     self.finish_round(out, vals, t)),
                          g.first))
        else:
            self.finish_round(out, vals, -1)

    def finish_round(self, out, values, token):
        s = self.s
        self.commit(A.event(s.ev, A.ROUND, out, s.n, token, values))
