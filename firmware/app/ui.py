# Drawing helpers and the widgets every screen is built from. The screen is
# 128x64: a title bar (row 8 px high) and 7 content rows of 25 characters.

from .textdraw import draw, width, fit
from drivers.buttons import UP, DOWN, OK, BACK, LONG, FAST, RELEASE, key_of, \
    kind_of

COLS = 25
ROWS = 7
DIAL_SPAN = 10      # a Grid cell of hi - lo up to this dials (see Grid)


def header(fb, title, right=""):
    # The title in plain text, then a rule up to the right-hand text: it
    # never looks like a highlighted row below it.
    room = COLS - (len(right) + 1 if right else 0) - 1
    x = draw(fb, fit(title, room), 1, 0, 1)
    end = 128 - width(right) - 3 if right else 127
    if end > x + 1:
        fb.hline(x + 1, 3, end - x - 1, 1)
    if right:
        draw(fb, right, 128 - width(right), 0, 1)


def row(fb, i, left, right="", selected=False, edge=False):
    # Content row i (0-6): left text, right-aligned text, optional highlight.
    # edge: the row is in a list that scrolls; its last column is kept for
    # the scroll marks (marks()), the right-hand text ends before it.
    y = 8 + 8 * i
    ink = 1
    if selected:
        fb.fill_rect(0, y, 128, 8, 1)
        ink = 0
    room = COLS - (len(right) + 1 if right else 0) - (1 if edge else 0)
    draw(fb, fit(left, room), 1, y, ink)
    if right:
        draw(fb, right, 128 - (MARK_W if edge else 0) - width(right), y, ink)


MARK_W = 5          # the scroll marks' column at the right edge


def marks(fb, top, shown, total, first=0, selected=-1):
    # The scroll marks of a list of `total` rows, `shown` of them from `top`
    # on content rows first..: a small triangle pointing up at the right
    # edge of the first visible row when rows are above it, pointing down on
    # the last when rows are below. selected: the highlighted row's index in
    # the list (its mark is dark on the lit row).
    if top > 0:
        _triangle(fb, first, True, top == selected)
    last = top + shown - 1
    if last < total - 1:
        _triangle(fb, first + shown - 1, False, last == selected)


def _triangle(fb, i, up, dark):
    # 5 px wide, 3 high, centred in content row i's last column.
    y = 8 + 8 * i + 2
    x = 128 - MARK_W
    for k in range(3):
        w = 1 + 2 * k
        fb.hline(x + 2 - k, y + (k if up else 2 - k), w, 0 if dark else 1)


def center(fb, y, s, scale=1, ink=1):
    s = fit(s, COLS // scale)
    draw(fb, s, (128 - width(s, scale)) // 2, y, ink, scale)


def message(fb, title, lines):
    # Up to 5 lines spaced out; 6 or 7 on the content rows (all inside).
    fb.fill(0)
    header(fb, title)
    n = len(lines)
    y, step = (12, 9) if n <= 5 else (8, 8)
    for i in range(min(n, ROWS)):
        center(fb, y + step * i, lines[i])


def columns(legend, values):
    # values right-aligned under the words of legend ("Casa Camino Meta"):
    # a row's right-hand text that lines up with a legend row's.
    out = ""
    i = 0
    for w in legend.split(" "):
        v = str(values[i]) if i < len(values) else ""
        out += (" " if out else "") + " " * (len(w) - len(v)) + v
        i += 1
    return out


def split_lines(text, width=COLS):
    # Word-wrap for Note screens: the lines of at most `width` letters.
    out = []
    line = ""
    for w in text.split(" "):
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = line + " " + w if line else w
    if line:
        out.append(line)
    return out


def scroll(index, top, rows=ROWS):
    # The first visible row that keeps `index` on screen.
    if index < top:
        return index
    if index >= top + rows:
        return index - rows + 1
    return top


def wrap(index, ev, n):
    # UP/DOWN move a cursor over n rows, wrapping; None for other keys.
    k = key_of(ev)
    if k == UP:
        return (index - 1) % n
    if k == DOWN:
        return (index + 1) % n
    return None


def step_of(ev, small=1, big=5):
    # How far UP/DOWN moves a number: big steps once the key is held long.
    k = kind_of(ev)
    return big if k == LONG or k == FAST else small


class Menu:
    """A list to choose from. key() returns the index chosen with OK, -1
    for BACK, None while choosing."""

    def __init__(self, title, items, index=0, rights=None):
        self.title = title
        self.items = items
        self.rights = rights
        self.index = index
        self.top = 0

    def draw(self, fb):
        fb.fill(0)
        n = len(self.items)
        header(fb, self.title, "%d/%d" % (self.index + 1, n) if n > ROWS
               else "")
        self.top = scroll(self.index, self.top)
        edge = n > ROWS
        for i in range(ROWS):
            j = self.top + i
            if j < n:
                row(fb, i, self.items[j],
                    self.rights[j] if self.rights else "", j == self.index,
                    edge)
        marks(fb, self.top, ROWS, n, 0, self.index)

    def key(self, ev):
        k = key_of(ev)
        i = wrap(self.index, ev, len(self.items))
        if i is not None:
            self.index = i
        elif k == OK and kind_of(ev) != LONG:
            return self.index
        elif k == BACK:
            return -1
        return None


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
            lo = _col(self.lo, c)
            hi = _col(self.hi, c)
            s = _col(self.step, c)
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
        fb.fill(0)
        header(fb, self.title)
        nf = self._cells()
        cw = self.w * 5 + 2
        x0 = 128 - nf * cw
        for c in range(nf):
            draw(fb, fit(self.fields[c], self.w), x0 + c * cw + 1, 8)
        rows = ROWS - 1
        self.top = scroll(self.r, self.top, rows)
        for i in range(rows):
            j = self.top + i
            if j >= len(self.labels):
                break
            y = 16 + 8 * i
            off = self.skip & (1 << j)
            draw(fb, fit(self.labels[j], (x0 - 2) // 5), 1, y)
            for c in range(nf):
                s = "-" if off else self.text(self.values[j][c])
                x = x0 + c * cw
                sel = j == self.r and c == self.c
                if sel:
                    fb.fill_rect(x, y, cw - 1, 8, 1)
                draw(fb, s, x + cw - 2 - width(s), y, 0 if sel else 1)
