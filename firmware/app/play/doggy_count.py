# Doggy Style played with the end count (docs/rules.md, "Doggy Style, the
# end count"): the table plays on paper, and at the end the device takes,
# player by player in seat order, what the score pad would hold. One table
# per player (CountGrid): a row per colour with its ordered Parrandas worth
# 5, 3 and 1 and the wilds counted as that colour, then the reserve dogs.
# Small numbers dial (a hold sets the value and moves on); a long OK leaves
# the rest of a row at 0. Each table saved is the next player's at once;
# BACK on its first cell goes to the list of players (OK there: the next
# table again). Undo takes back the last count; "correct" (the game menu)
# a player's count, prefilled.

from drivers.buttons import OK, key_of
from core import doggy
from app.play.base import PlayBase
from app.play.grid import Grid
from app.i18n import tr
from app import ui

RES_HI = doggy.DOG_CARDS        # the reserve's cell: 0-64, too many to dial


class CountGrid(Grid):
    """The count's table: the colours' rows have four cells, the reserve's
    row one (its other cells are never visited nor shown)."""

    def __init__(self, title, vals, two):
        hi = 6 if two else 7
        self.col_hi = (hi, hi, hi, 2 if two else 3)
        self.res_hi = (RES_HI,) * 4
        labels = [tr(doggy.COLORS[c]) for c in range(4)] + [tr("p_reserve")]
        fields = ("5", "3", "1", tr("color_letters")[4])
        Grid.__init__(self, title, labels, fields, vals, 0, self.col_hi,
                      widths=2, row_done=True)

    def _move(self, d):
        r = self.r
        c = self.c
        while Grid._move(self, d):
            if self.r != doggy.RESERVE_ROW or self.c == 0:
                return True
        self.r = r
        self.c = c
        return False

    def ranges(self):
        # The reserve's cell counts up to the deck's dogs (big steps): the
        # ranges follow the cursor's row (before and after each key, and
        # when drawn: the grid may come back with its cursor put there).
        self.hi = self.res_hi if self.r == doggy.RESERVE_ROW else self.col_hi

    def key(self, ev):
        self.ranges()
        out = Grid.key(self, ev)
        self.ranges()
        return out

    def draw(self, fb):
        self.ranges()
        Grid.draw(self, fb)
        i = doggy.RESERVE_ROW - self.top
        if 0 <= i < ui.ROWS - 1:
            cw = self.w * 5 + 2
            x = 128 - 3 * cw
            fb.fill_rect(x, 16 + 8 * i, 128 - x, 8, 0)


def rows_of(vals):
    return [vals[c] for c in range(4)], vals[doggy.RESERVE_ROW][0]


class Play(PlayBase):
    def begin(self):
        # A game that starts (or resumes) with players left to count opens
        # the next one's table.
        if not self.g.over:
            self.count_next()

    def draw(self, fb):
        g = self.g
        n = self.s.n
        ui.begin(fb)
        ui.header(fb, tr("count_title"), "%d/%d" % (g.rounds, n))
        for p in range(n):
            ui.row(fb, p, ("*" if g.leaders & (1 << p) and g.rounds else " ")
                   + self.s.names[p],
                   str(g.total[p]) if p < g.rounds else "-")
        if g.rounds < n:
            ui.row(fb, ui.ROWS - 1, tr("count_next") %
                   self.s.names[g.rounds], "", True)

    def play_key(self, ev):
        if key_of(ev) == OK and not self.g.over:
            self.count_next()

    def count_next(self):
        # The next player's table: empty, or the count just undone (the
        # first event to redo, when it is this player's).
        p = self.g.rounds
        log = self.s.log
        vals = None
        if log.n_undone:
            off = log.event_at(log.n_live)
            if log.buf[off] == doggy.COUNT | p << 4:
                vals = self.values_at(off)
        s = self.s
        grid = CountGrid(s.names[p], vals or [[0] * 4 for _ in range(5)],
                         s.n == 2)
        self.enter(grid, lambda v: self.commit(
            doggy.count_event(s.ev, p, *rows_of(v))))

    def values_at(self, off):
        # A count's table values from its event at log.buf[off].
        b = self.s.log.buf
        vals = []
        for c in range(4):
            x = b[off + 1 + 2 * c]
            y = b[off + 2 + 2 * c]
            vals.append([x & 15, x >> 4, y & 15, y >> 4])
        vals.append([b[off + 9], 0, 0, 0])
        return vals

    def after(self):
        if self.g.over:
            self.finished()
        else:
            self.count_next()

    def round_label(self, r):
        # The fix menu's rows: round r is player r's count.
        return self.s.names[r]

    def fix_round(self, r, off):
        s = self.s
        grid = CountGrid(tr("count_fix") % s.names[r], self.values_at(off),
                         s.n == 2)
        self.enter(grid, lambda v: self.commit_fix(
            r, doggy.count_event(s.ev, r, *rows_of(v))))
