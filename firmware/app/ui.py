# Drawing helpers and the widgets every screen is built from. The screen is
# 128x64: a title bar (row 8 px high) and 7 content rows of 25 characters.

from .textdraw import draw, width, fit
from drivers.buttons import UP, DOWN, OK, BACK, LONG, FAST, key_of, kind_of

COLS = 25
ROWS = 7


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
