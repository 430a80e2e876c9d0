# Alebrijes: three rounds. Who starts round 1 is asked first; each round:
# who went out, then each other player's highest card per suit (0 = none;
# a long OK leaves the rest of a player's suits at 0 and goes to the next).

from drivers.buttons import OK, key_of
import core.alebrijes as alebrijes
from app.screens import Choice
from app.play.base import PlayBase
from app.play.grid import Grid
from app.i18n import tr
from app import ui

SUIT_W = 2           # the grid's suit columns


class Play(PlayBase):
    def begin(self):
        if self.g.rounds == 0 and not self.s.ui.get("started"):
            self.app.push(Choice(self.app, tr("who_starts"), self.s.names,
                                 self.started))

    def started(self, p):
        self.app.pop()
        self.s.ui["started"] = True
        self.commit(alebrijes.event(self.s.ev, alebrijes.START, p))

    def draw(self, fb):
        g = self.g
        ui.begin(fb)
        r = min(g.rounds + 1, alebrijes.ROUNDS)
        # Who starts the next round, and how many cards to deal then.
        first = tr("next_first") % self.s.names[g.first]
        deal = tr("deal_n") % g.cards_to_deal()
        full = self.s.n >= ui.ROWS - 1
        if full:
            # Six players leave no row for it: it takes the title bar, and
            # the round goes next to the action that enters it.
            ui.header(fb, first, deal)
        else:
            ui.header(fb, tr("alebrijes"), "%s %d/%d" % (
                tr("round"), r, alebrijes.ROUNDS))
            ui.row(fb, 5, first, deal)
        for p in range(self.s.n):
            ui.row(fb, p, ("*" if g.leaders & (1 << p) and g.rounds else " ")
                   + self.s.names[p], str(g.total[p]))
        ui.row(fb, ui.ROWS - 1, tr("new_round"),
               "%d/%d" % (r, alebrijes.ROUNDS) if full else "", True)

    def play_key(self, ev):
        if key_of(ev) != OK:
            return
        a = self.app
        a.push(Choice(a, tr("who_out"), self.s.names, self.went_out,
                      self.g.first))

    def went_out(self, out, fix=None):
        # fix: (round, token, highs) when correcting a past round.
        a = self.app
        a.pop()
        n = self.s.n
        suits = tr("suits")
        fields = tuple(suits[SUIT_W * i:SUIT_W * i + SUIT_W]
                       for i in range(5))
        if fix is None:
            title = "%s %d" % (tr("round"), self.g.rounds + 1)
            vals = [[0] * 5 for _ in range(n)]
            done = lambda vals: self.entered(out, vals, grid)  # noqa: E731
        else:
            r, token, highs = fix
            title = tr("fix_n") % (r + 1)
            vals = [list(h) for h in highs]
            vals[out] = [0] * 5
            done = lambda vals: self.commit_fix(  # noqa: E731
                r, alebrijes.event(self.s.ev, alebrijes.ROUND, out, n, token, vals))
        grid = Grid(title, self.s.names, fields, vals,
                    0, 5, 1, 1, skip=1 << out, widths=SUIT_W,
                    row_done=True)
        self.enter(grid, done)

    def fix_round(self, r, off):
        # Who went out (as it was), then the highs as they were; the token
        # holder stays the one given then.
        a = self.app
        b = self.s.log.buf
        highs = [alebrijes.round_highs(b, off, q) for q in range(self.s.n)]
        fix = (r, alebrijes.round_token(b, off), highs)
        a.push(Choice(a, tr("who_out"), self.s.names,
                      lambda o: self.went_out(o, fix), alebrijes.round_out(b, off)))

    def entered(self, out, vals, grid):
        # Ask who holds the token only when it decides the next starter.
        # False when the round is refused (the grid comes back as typed).
        # BACK on that question, or a refusal after it, brings the grid
        # back as typed too.
        a = self.app
        g = self.g
        new = [g.total[p] - (0 if p == out else sum(vals[p]))
               for p in range(self.s.n)]
        worst = min(new)
        if new.count(worst) > 1 and g.rounds < 2:
            def answer(t=-1):
                # t: who holds the token; -1: BACK. The grid comes back as
                # typed unless the round is saved.
                a.pop()
                if t >= 0 and self.finish_round(out, vals, t):
                    return
                self.enter(grid, lambda v: self.entered(out, v, grid),
                           t >= 0)
            a.push(Choice(a, tr("token_q"), self.s.names, answer, g.first,
                          on_back=answer))
            return True
        return self.finish_round(out, vals, -1)

    def finish_round(self, out, values, token):
        s = self.s
        return self.commit(alebrijes.event(s.ev, alebrijes.ROUND, out, s.n, token, values))
