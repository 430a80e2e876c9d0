# A table of numbers per player (Grid) and the screen that shows one
# (GridScreen): the round entries of the titles that have them and the
# correction of a round. In app/play, so in RAM only while a game is
# played (flow.forget_play), and not at all for the titles without one.

from drivers.buttons import UP, DOWN, OK, BACK, LONG, RELEASE, key_of, \
    kind_of
from binascii import crc32
# A builtin's name is looked up in this module's globals first (a miss
# searches the whole table), then among the builtins: ~700
# instructions each time. Imported, the names below are found at once.
from builtins import len, isinstance, tuple
from app.textdraw import draw, put, put_int, int_len, width, fit
from app.ui import ROWS, begin, header, _band, _sum, scroll, step_of
from app.screens import Screen

DIAL_SPAN = 10      # a Grid cell of hi - lo up to this dials (see Grid)
_SCRATCH = b"\x00"   # a row's values go into its checksum as CRC states


def _col(x, c):
    # A per-column setting: one value for all columns, or a tuple.
    return x[c] if isinstance(x, tuple) else x


class Grid:
    """Numbers per player in one table: rows are players, columns fields.

    UP/DOWN change the number under the cursor (held: bigger steps), OK
    moves to the next cell, BACK to the previous one. OK on the last cell,
    or a long OK anywhere, finishes: key() returns 1. BACK on the first
    cell cancels: -1. Rows in `skip` are shown but not edited. With
    row_done, a long OK leaves the rest of its row as it is and moves to
    the next row (it finishes only on the last row): for tables whose rows
    end in zeros more often than whole tables do.

    Dial and go: in a cell whose range is small (hi - lo <= DIAL_SPAN: a
    card, a suit's high) a held UP/DOWN walks one step at a time (no big
    steps, and it stops at the ends; a tap there wraps around), and
    letting go of it moves on as OK does (on the last cell it finishes):
    a hold is "dial this value and go on", a tap changes by one and stays.
    The hold's first repeat takes no step: it tells a hold from a tap, so
    that a hold can dial one step too (the value steps at once, pauses,
    then walks at the repeat pace: drivers/buttons.py).
    """

    def __init__(self, title, labels, fields, values, lo, hi,
                 step: "int | tuple" = 1, big: "int | tuple" = 5, skip=0,
                 widths=3, fmt=None, row_done=False):
        self.title = title
        self.labels = labels
        self.fields = fields          # column titles (short)
        self.values = values          # list of lists, row-major
        self.lo = lo
        self.hi = hi
        self.step = step
        self.big = big
        self.skip = skip              # bitmask of rows not edited
        self.w = widths
        self.fmt = fmt                # value -> text, optional
        self.row_done = row_done
        self.r = 0
        self.c = 0
        self.top = 0
        self.held = 0                 # dialling: the key held, + 4 armed
        self.cw = widths * 5 + 2      # a column's width in pixels
        self.x0 = 128 - len(fields) * self.cw   # where the first starts
        while self.skip & (1 << self.r) and self.r < len(labels) - 1:
            self.r += 1

    def _cells(self):
        return len(self.fields)

    def _move(self, d):
        # Next/previous editable cell; False at either end.
        r, c = self.r, self.c
        while True:
            c += d
            if c >= self._cells():
                c = 0
                r += 1
            elif c < 0:
                c = self._cells() - 1
                r -= 1
            if r < 0 or r >= len(self.labels):
                return False
            if not self.skip & (1 << r):
                self.r, self.c = r, c
                return True

    def key(self, ev):
        k = key_of(ev)
        kind = kind_of(ev)
        if kind == RELEASE:
            # A hold let go where it dialled (and took steps): go on as OK.
            if self.held == (ev & 7) + 4:
                self.held = 0
                if not self._move(1):
                    return 1
        elif k == UP or k == DOWN:
            self._updown(ev, k, kind)
        elif k == OK:
            self.held = 0
            if kind == LONG:
                if self.row_done:
                    c = self.c
                    self.c = self._cells() - 1      # past this row's cells
                    if self._move(1):
                        return None
                    self.c = c
                return 1
            if not self._move(1):
                return 1
        elif k == BACK:
            self.held = 0
            if not self._move(-1):
                return -1
        return None

    def _updown(self, ev, k, kind):
        # UP/DOWN on the cell under the cursor (key() is split for its
        # frame's size; see draw()).
        s = _col(self.step, self.c)
        if _col(self.hi, self.c) - _col(self.lo, self.c) > DIAL_SPAN:
            s = step_of(ev, s, _col(self.big, self.c))
            kind = 0                    # no dialling hold
        elif not kind:                  # PRESS: k held, k + 4 once armed
            self.held = k
        elif self.held == k:
            self.held = k + 4           # the first repeat: no step
            return
        elif self.held != k + 4:
            return                      # a hold that began elsewhere
        self._change(s if k == UP else -s, kind)

    def _change(self, d, hold):
        # The cell under the cursor by d. It stops at the ends; one more
        # press wraps around (hold: a dialling hold, which stays at the
        # end).
        lo = _col(self.lo, self.c)
        hi = _col(self.hi, self.c)
        old = self.values[self.r][self.c]
        v = old + d
        if v > hi:
            v = hi if old < hi or hold else lo
        elif v < lo:
            v = lo if old > lo or hold else hi
        self.values[self.r][self.c] = v

    def text(self, v):
        return self.fmt(v) if self.fmt else str(v)

    # draw() and the methods it calls keep to at most 11 locals and stack
    # slots each (a call's arguments count, and a for loop's iterator
    # takes 4): a bigger frame is allocated on the heap at each call, a
    # search of a collected heap (~10,000 instructions on the bench).
    # Hence while loops, and arguments reused once their value is spent.
    def draw(self, fb):
        begin(fb)
        header(fb, self.title)
        # A band's checksum covers its texts, the layout and the cursor.
        lay = _sum(self.title, (self.cw * 64 + len(self.fields)) * 2 +
                   (self.fmt is None))
        self._fields(fb, lay)
        self.top = scroll(self.r, self.top, ROWS - 1)
        n = min(ROWS - 1, len(self.labels) - self.top)
        i = 0
        while i < n:
            self._row(fb, i, lay)
            i += 1

    def _fields(self, fb, sig):
        # The column titles' band.
        c = 0
        while c < len(self.fields):
            sig = _sum(self.fields[c], sig)
            c += 1
        if not _band(fb, 1, sig):
            return
        x = self.x0 + 1
        c = 0
        while c < len(self.fields):
            put(fb, fit(self.fields[c], self.w), x, 8)
            x += self.cw
            c += 1

    def _row(self, fb, i, sig):
        # Content row i + 1: a player's label and cells.
        j = self.top + i
        sig = self._row_sig(j, sig)
        if not _band(fb, i + 2, sig):
            return
        i = 16 + 8 * i                  # now the band's top
        put(fb, fit(self.labels[j], (self.x0 - 2) // 5), 1, i)
        sig = 0                         # now the column
        while sig < len(self.fields):
            if j == self.r and sig == self.c:
                self._cursor(fb, i, j)
            else:
                self._cell(fb, i, j, sig)
            sig += 1

    def _row_sig(self, j, sig):
        # Row j's checksum: its cells by their values (a text is a function
        # of its value): no str made for a row that is kept, nothing
        # allocated (each value folded into the CRC's state).
        sig += self.c + 1 if j == self.r else 0
        if self.skip & (1 << j):
            return _sum(self.labels[j], sig + 64)
        sig = _sum(self.labels[j], sig)
        vals = self.values[j]
        k = 0
        while k < len(vals):
            sig = crc32(_SCRATCH, sig ^ vals[k])
            k += 1
        return sig

    def _cell(self, fb, y, j, c):
        # Cell c of row j (on the band from y), right-aligned; a text wider
        # than its cell is OR-ed in over its neighbour. A number is copied
        # in digit by digit, no str made (textdraw.put_int).
        v = self.values[j][c]
        c = self.x0 + (c + 1) * self.cw - 2     # the text's end
        if self.skip & (1 << j):
            v = "-"
        elif self.fmt is None and int_len(v) <= self.w:
            put_int(fb, v, c, y)
            return
        else:
            v = self.text(v)
        c -= width(v)
        if len(v) > self.w:
            draw(fb, v, c, y)
        else:
            put(fb, v, c, y)

    def _cursor(self, fb, y, j):
        # The cell under the cursor (row j, on the band from y), lit, its
        # text dark: copied in like the others when it fits the cell,
        # else drawn.
        v = self.values[j][self.c]
        j = self.x0 + self.c * self.cw  # now the cell's x
        _lit(fb, j, y, self.w * 5 + 1)
        j += self.w * 5                 # the text's end
        if self.fmt is None and int_len(v) <= self.w:
            put_int(fb, v, j, y, 255)
            return
        v = self.text(v)
        j -= width(v)
        if len(v) <= self.w:
            put(fb, v, j, y, 255)
        else:
            draw(fb, v, j, y, 0)


def _lit(fb, x, y, w):
    fb.fill_rect(x, y, w, 8, 1)


class GridScreen(Screen):
    """A Grid on a screen of its own: on_done(values) after the last
    cell (or a long OK), on_cancel() if BACK leaves the first cell."""

    def __init__(self, app, grid, on_done, on_cancel=None):
        super().__init__(app)
        self.grid = grid
        self.on_done = on_done
        self.on_cancel = on_cancel

    def draw(self, fb):
        self.grid.draw(fb)

    def key(self, ev):
        r = self.grid.key(ev)
        if r is None:
            return
        self.app.pop()
        if r > 0:
            self.on_done(self.grid.values)
        elif self.on_cancel:
            self.on_cancel()
