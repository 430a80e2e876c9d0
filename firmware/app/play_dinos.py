# Happy Little Dinosaurs: each dinosaur's place on the escape route (of 50)
# and the disasters in its zone (natural, predator, emotional, meteor).
# OK enters a round: the disaster, each living player's point card (OK on
# the last one saves the round); a long OK in the cards opens the extras:
# adjustments, inversion and instant cards; when the lowest are tied the
# device asks the sudden death rounds it needs.

from drivers.buttons import OK, LONG, key_of, kind_of
from core import dinos as D
from core import errors
from .app import Screen, Choice, GridScreen
from .play import PlayBase
from .i18n import tr
from . import ui

TYPES = ("natural", "predator", "emotional", "meteor")


class Play(PlayBase):
    def draw(self, fb):
        g = self.g
        fb.fill(0)
        ui.header(fb, "Dinos %s %d" % (tr("round")[0], g.rounds), "/50")
        for p in range(self.s.n):
            z = g.zone
            right = "%d%d%d%d %2d" % (z[4 * p], z[4 * p + 1], z[4 * p + 2],
                                      z[4 * p + 3], g.pos[p])
            name = self.s.names[p]
            if not g.alive & (1 << p):
                name = name + " (" + tr("eliminated") + ")"
            ui.row(fb, p, name, right)
        ui.row(fb, 5, "Nat/Dep/Emo/Met", "")
        ui.row(fb, ui.ROWS - 1, "OK: " + tr("new_round"), "", True)

    def play_key(self, ev):
        if key_of(ev) != OK:
            return
        a = self.app
        a.push(Choice(a, tr("disaster"), [tr(t) for t in TYPES],
                      self.cards))

    def cards(self, d):
        a = self.app
        a.pop()
        g = self.g
        n = self.s.n
        dead = ((1 << n) - 1) & ~g.alive
        grid = ui.Grid(tr(TYPES[d]), self.s.names, (tr("card"),),
                       [[5] for _ in range(n)], 0, 9, 1, 3, skip=dead)
        r = DinosRound(a, self, grid)
        r.d = d
        a.push(r)


class DinosRound(Screen):
    """Cards, then the extras menu; builds and commits the round event."""
    d = 0

    def __init__(self, app, play, grid):
        super().__init__(app)
        self.play = play
        self.grid = grid
        self.adjust = None
        self.invert = False
        self.stop = False
        self.redirect = -1
        self.sudden = []
        self.stage = 0          # 0 cards, 1 extras

    def draw(self, fb):
        if self.stage == 0:
            return self.grid.draw(fb)
        self.extras.draw(fb)

    def key(self, ev):
        if self.stage == 0:
            r = self.grid.key(ev)
            if r is None:
                return
            if r < 0:
                self.app.pop()
                return
            if kind_of(ev) != LONG:
                # OK on the last card: a plain round, saved at once (the
                # extras would cost a press every round for what is rare).
                self.submit()
                return
            self.stage = 1
            self.make_extras()
            return
        r = self.extras.key(ev)
        if r is None:
            return
        if r < 0:
            self.stage = 0
        elif r == 0:
            self.submit()
        elif r == 1:
            self.ask_adjust()
        elif r == 2:
            self.invert = not self.invert
        elif r == 3:
            self.ask_instant()
        self.make_extras(self.extras.index)

    def make_extras(self, index=0):
        inst = tr("none")
        if self.stop:
            inst = tr("stop")
        elif self.redirect >= 0:
            inst = "> " + self.play.s.names[self.redirect]
        self.extras = ui.Menu(tr(TYPES[self.d]),
                              [tr("confirm"), tr("adjust"), tr("invert"),
                               tr("instant")], index,
                              ["", "", tr("yes") if self.invert else tr("no"),
                               inst[:9]])

    def ask_adjust(self):
        a = self.app
        n = self.play.s.n
        vals = self.adjust or [[0] for _ in range(n)]
        grid = ui.Grid(tr("adjust"), self.play.s.names, ("+/-",), vals,
                       -9, 9, 1, 2, skip=self.grid.skip,
                       fmt=lambda v: "%+d" % v if v else "0")
        a.push(GridScreen(a, grid, lambda vals: setattr(self, "adjust",
                                                        vals)))

    def ask_instant(self):
        a = self.app
        names = self.play.s.names

        def pick(i):
            a.pop()
            self.stop = i == 1
            self.redirect = -1
            if i == 2:
                a.push(Choice(a, tr("redirect"), names,
                              lambda j: (a.pop(), setattr(self, "redirect",
                                                          j),
                                         self.make_extras(3))))
        a.push(Choice(a, tr("instant"), [tr("none"), tr("stop"),
                                         tr("redirect")], pick))

    def encode(self):
        # The event's bytes in the session's buffer; its size.
        s = self.play.s
        n = s.n
        skip = self.grid.skip
        cards = [None if skip & (1 << p) else self.grid.values[p][0]
                 for p in range(n)]
        adjust = [self.adjust[p][0] for p in range(n)] if self.adjust \
            else None
        return D.round_event(s.ev, n, self.d, cards, adjust, self.sudden,
                             self.invert, self.stop, self.redirect)

    def submit(self):
        a = self.app
        play = self.play
        size = self.encode()
        err = play.s.add(size)
        if err == errors.SUDDEN_MISMATCH and play.g.need and \
                len(self.sudden) < 15:
            self.ask_sudden(play.g.need)
            return
        if err:
            self.sudden = []
            a.error(err)
            return
        a.pop()
        play.after()

    def ask_sudden(self, need):
        a = self.app
        n = self.play.s.n
        skip = ((1 << n) - 1) & ~need
        grid = ui.Grid(tr("sudden"), self.play.s.names, (tr("card"),),
                       [[5] for _ in range(n)], -1, 9, 1, 3, skip=skip,
                       fmt=lambda v: "x" if v < 0 else str(v))
        def done(vals):
            self.sudden.append([None if skip & (1 << p) else vals[p][0]
                                for p in range(n)])
            self.submit()

        def cancel():
            self.sudden = []
        a.push(GridScreen(a, grid, done, cancel))
