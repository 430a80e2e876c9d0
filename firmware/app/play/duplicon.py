# Duplicon: running totals to 100. The first line enters a round: won (in
# pairs), cards left in hand and in the play zone, per player. The cursor
# waits on the player whose turn it is (counter-clockwise; the rules core
# derives it from the log: after an undo and a power cut too); OK on a
# player says they drew a card (case 4; a message says so, and that a
# long BACK undoes it), a long OK "next turn" (a pass:
# their turn ended without drawing, or drawing only to keep 3 in hand).
# A player who drew last turn shows "no roba" (may not draw this turn).

from drivers.buttons import OK, LONG, key_of, kind_of
import core.duplicon as duplicon
from app.play.base import PlayBase
from app.i18n import tr
from app import ui

FIELD_W = 4          # the grid's columns: won, hand, zone (and their titles)


class Play(PlayBase):
    def __init__(self, app, session):
        PlayBase.__init__(self, app, session)
        self.to_turn()

    def to_turn(self):
        self.index = self.g.turn + 1

    def after(self):
        self.to_turn()
        PlayBase.after(self)

    def undo(self):
        PlayBase.undo(self)
        self.to_turn()

    def draw(self, fb):
        g = self.g
        ui.begin(fb)
        ui.header(fb, tr("duplicon"), "%s %d" % (tr("round"), g.rounds + 1))
        ui.row(fb, 0, tr("new_round"), "", self.index == 0)
        for p in range(self.s.n):
            last = ("%+d" % g.last[p]) if g.rounds else ""
            mark = "*" if g.leaders & (1 << p) and g.rounds else " "
            # The bar on drawing in the right-hand text, which is never
            # cut (a long name is).
            bar = tr("no_draw") + " " if g.nodraw & (1 << p) else ""
            ui.row(fb, p + 1, mark + self.s.names[p],
                   "%s%s %4d" % (bar, last, g.total[p]), self.index == p + 1)
        ui.row(fb, ui.ROWS - 2, "%s: %d" % (tr("target"), duplicon.TARGET), "")
        ui.row(fb, ui.ROWS - 1, tr("dup_key"))

    def play_key(self, ev):
        if key_of(ev) == OK and kind_of(ev) == LONG:
            # Next turn: the highlighted player's (on the round line, the
            # turn's player's) turn ends without a card drawn.
            p = self.index - 1 if self.index else self.g.turn
            if self.commit(duplicon.event(self.s.ev, duplicon.PASS, p)):
                self.announce()
            return
        self.rows_key(ev)

    def actions(self, p):
        # OK on a player: they drew a card (refused, with the reason, when
        # they drew on their previous turn). Recorded on one OK, so the
        # screen says what and how to undo it (a long BACK, which the
        # message lets through), as DOG's single choice does.
        if self.commit(duplicon.event(self.s.ev, duplicon.DRAW, p)):
            self.announce()

    def table_action(self):
        s = self.s
        n = s.n
        # Start from last round's won cards (most likely similar), 0 else:
        # as the log holds that round now (a correction of it included).
        r = self.g.rounds
        off = s.log.round_at(r - 1) if r else -1
        b = s.log.buf
        vals = [[b[off + 1 + 3 * p] if off >= 0 else 0, 0, 0]
                for p in range(n)]
        self.entry("%s %d" % (tr("round"), self.g.rounds + 1), vals,
                   self.save_round)

    def entry(self, title, vals, on_done):
        # (app/play/grid.py: loaded at the first round's entry, not with
        # this module, whose import is in the game's start)
        from app.play.grid import Grid
        grid = Grid(title, self.s.names,
                    (tr("won"), tr("hand"), tr("zone")),
                    vals, 0, 96, (2, 1, 1), (10, 5, 5), widths=FIELD_W)
        self.enter(grid, on_done)

    def fix_round(self, r, off):
        s = self.s
        vals = [duplicon.round_row(s.log.buf, off, p) for p in range(s.n)]
        self.entry(tr("fix_n") % (r + 1), vals, lambda v: self.commit_fix(
            r, duplicon.round_event(s.ev, s.n, v)))

    def save_round(self, values):
        return self.commit(duplicon.round_event(self.s.ev, self.s.n, values))
