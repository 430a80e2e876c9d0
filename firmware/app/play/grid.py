# A table of numbers per player (Grid) and the screen that shows one
# (GridScreen): the round entries of the titles that have them and the
# correction of a round. In app/play, so in RAM only while a game is
# played (flow.forget_play), and not at all for the titles without one.

from drivers.buttons import UP, DOWN, OK, BACK, LONG, RELEASE, key_of, \
    kind_of
from binascii import crc32
from app.textdraw import draw, put, put_int, int_len, width, fit
from app.ui import ROWS, begin, header, band, text_sum, scroll, step_of
from app.screens import Screen

DIAL_SPAN = 10      # a Grid cell of hi - lo up to this dials (see Grid)


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
            c = self.c
            # (_col() inline: a call each cost more than the test)
            lo = self.lo[c] if isinstance(self.lo, tuple) else self.lo
            hi = self.hi[c] if isinstance(self.hi, tuple) else self.hi
            s = self.step[c] if isinstance(self.step, tuple) else self.step
            old = self.values[self.r][c]
            dial = hi - lo <= DIAL_SPAN
            if not dial:
                s = step_of(ev, s, _col(self.big, c))
            elif not kind:              # PRESS: k held, k + 4 once armed
                self.held = k
            elif self.held == k:
                self.held = k + 4       # the first repeat: no step
                return None
            elif self.held != k + 4:
                return None             # a hold that began elsewhere
            v = old + (s if k == UP else -s)
            # Stop at the ends; one more press wraps around (a dialling
            # hold stays at the end).
            if v > hi:
                v = hi if old < hi or (dial and kind) else lo
            elif v < lo:
                v = lo if old > lo or (dial and kind) else hi
            self.values[self.r][c] = v
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

    def text(self, v):
        return self.fmt(v) if self.fmt else str(v)

    def draw(self, fb):
        begin(fb)
        header(fb, self.title)
        nf = len(self.fields)
        cw = self.w * 5 + 2
        x0 = 128 - nf * cw
        # A band's checksum covers its texts, the layout and the cursor.
        lay = text_sum(self.title, (cw * 64 + nf) * 2 + (self.fmt is None))
        sig = lay
        for c in range(nf):
            sig = text_sum(self.fields[c], sig)
        if band(fb, 1, sig):
            for c in range(nf):
                put(fb, fit(self.fields[c], self.w), x0 + c * cw + 1, 8)
        rows = ROWS - 1
        self.top = scroll(self.r, self.top, rows)
        for i in range(rows):
            j = self.top + i
            if j >= len(self.labels):
                break
            y = 16 + 8 * i
            off = self.skip & (1 << j)
            # The cells by their values (a text is a function of its
            # value): no str made for a row that is kept, nothing
            # allocated (each value folded into the CRC's state).
            sig = text_sum(self.labels[j], lay + (self.c + 1 if j == self.r
                                              else 0) + (64 if off else 0))
            if not off:
                # (b"\x00": a row's values go into its checksum as CRC
                # states. A literal, not a module global: one more global
                # and this module's dict grows to its next size, 64 B.)
                for v in self.values[j]:
                    sig = crc32(b"\x00", sig ^ v)
            if not band(fb, i + 2, sig):
                continue
            put(fb, fit(self.labels[j], (x0 - 2) // 5), 1, y)
            for c in range(nf):
                v = self.values[j][c]
                x = x0 + c * cw
                if not off and self.fmt is None and int_len(v) <= self.w:
                    # A number copied in digit by digit, no str made
                    # (textdraw.put_int; each str made is searched among
                    # the interned strings: 10 K instructions on the unix
                    # port); the cursor's dark on its lit cell.
                    if j == self.r and c == self.c:
                        fb.fill_rect(x, y, cw - 1, 8, 1)
                        put_int(fb, v, x + cw - 2, y, 255)
                    else:
                        put_int(fb, v, x + cw - 2, y)
                    continue
                s = "-" if off else self.fmt(v) if self.fmt else str(v)
                xs = x + cw - 2 - width(s)
                if j == self.r and c == self.c:     # the cursor
                    fb.fill_rect(x, y, cw - 1, 8, 1)
                    draw(fb, s, xs, y, 0)
                elif len(s) > self.w:   # wider than its cell: OR-ed in
                    draw(fb, s, xs, y)
                else:
                    put(fb, s, xs, y)


class GridScreen(Screen):
    """A Grid on a screen of its own: on_done(values) after the last
    cell (or a long OK), on_cancel() if BACK leaves the first cell."""

    def __init__(self, app, grid, on_done, on_cancel=None):
        Screen.__init__(self, app)
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
