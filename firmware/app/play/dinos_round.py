# Happy Little Dinosaurs: a round's entry (app/play/dinos.py opens it):
# the disaster's point cards in a grid, then the extras (adjustments,
# inversion, instant cards) and the sudden death rounds the rules ask for;
# builds and commits the round event. In RAM only while it is up, with the
# grid module: forget() when it is left.

from micropython import const
from drivers import buttons
from core import dinos
from app.screens import Screen
from app.play.grid import Grid
from app.i18n import tr
from app import ui

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_SUDDEN_MISMATCH = const(25)
_BAD_REDIRECT = const(26)
_NOBODY_TAKES = const(34)

del const   # read by no code (mpy-cross folds each const()): 12 globals,
            # the table a size smaller

CARD_W = 5           # the card grids' column (its title is "Carta")


def forget():
    # The round's screen is gone (saved or left): this module, its extras
    # and the grid leave RAM (loaded again for the next round).
    from app.memory import unload, PLAY
    unload(__name__, PLAY + ".dinos_extras", PLAY + ".grid")


def cards(play, d, fix=None):
    # fix: (round, the round's event bytes) when correcting a past one.
    a = play.app
    a.pop()
    g = play.g
    n = play.s.n
    if fix is None:
        dead = ((1 << n) - 1) & ~g.alive
        vals = [[5] for _ in range(n)]
        title = tr(dinos.DISASTERS[d])   # their text keys
    else:
        b = fix[1]
        vals = [[dinos.round_card(b, 0, p)] for p in range(n)]
        dead = 0
        for p in range(n):
            if vals[p][0] < 0:          # eliminated then
                dead |= 1 << p
                vals[p][0] = 5
        title = tr("fix_n") % (fix[0] + 1)
    grid = Grid(title, play.s.names, (tr("card"),),
                vals, 0, 9, 1, 3, skip=dead,
                widths=CARD_W)
    r = DinosRound(a, play, grid)
    r.d = d
    if fix is not None:
        from app.play.dinos_extras import prefill
        prefill(r, fix[0], fix[1])
    a.push(r)


class DinosRound(Screen):
    """Cards, then the extras menu; builds and commits the round event."""
    d = 0
    extras: ui.Menu     # stage 1's menu (app/play/dinos_extras.py menu)

    def __init__(self, app, play, grid):
        Screen.__init__(self, app)
        self.play = play
        self.grid = grid
        self.adjust = None
        self.invert = False
        self.stop = False
        self.redirect = -1
        self.sudden = []
        self.stage = 0          # 0 cards, 1 extras
        self.fix = -1           # the round corrected (0-based), -1: none

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
                forget()
                return
            if buttons.kind_of(ev) != buttons.LONG:
                # OK on the last card: a plain round, saved at once (the
                # extras would cost a press every round for what is rare).
                self.submit()
                return
            # The extras (adjustments, inversion, instant cards): rare,
            # so their own module (app/play/dinos_extras.py).
            self.stage = 1
            from app.play.dinos_extras import menu
            menu(self)
            return
        from app.play.dinos_extras import key
        key(self, ev)

    def encode(self):
        # The event's bytes in the session's buffer; its size.
        s = self.play.s
        n = s.n
        skip = self.grid.skip
        cards = [None if skip & (1 << p) else self.grid.values[p][0]
                 for p in range(n)]
        adjust = [self.adjust[p][0] for p in range(n)] if self.adjust \
            else None
        return dinos.round_event(s.ev, n, self.d, cards, adjust, self.sudden,
                             self.invert, self.stop, self.redirect)

    def submit(self):
        a = self.app
        play = self.play
        size = self.encode()
        if self.fix >= 0:
            size = dinos.fix_event(play.s.ev, self.fix, size)
        err = play.s.add(size)
        if err == _SUDDEN_MISMATCH and play.g.need and \
                len(self.sudden) < 15:
            from app.play.dinos_extras import ask_sudden
            ask_sudden(self, play.g.need)
            return
        if err:
            # Refused: everything stays as typed; the cursor goes to the
            # instant card when that is what the rules refused.
            self.sudden = []
            if err == _BAD_REDIRECT or err == _NOBODY_TAKES:
                self.extras.index = 3
            a.error(err, 2500, play.s.log.bad_round)
            return
        a.pop()
        forget()
        if self.fix >= 0:
            a.toast(tr("fixed"), 800)
        play.after()
        if self.fix < 0 and not play.g.over:
            # What the round did (the final screen says it when it ended
            # the game); its own module, forgotten when it is left.
            from app.play.dinos_summary import show
            show(play)
