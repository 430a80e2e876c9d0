# Drawing helpers and the widgets every screen is built from. The screen is
# 128x64: a title bar (row 8 px high) and 7 content rows of 25 characters.
#
# Partial redraw: the title bar and the rows are the display's 8 pages
# ("bands" 0-7, 8 px each). A screen that draws only through header(),
# row(), marks() and Grid starts its draw with begin(fb) instead of
# fb.fill(0); each band then keeps a checksum of what it shows (its texts,
# the highlight, the grid's layout; or, for a play screen that checks its
# rows by the values they show, app/play/rows.py, a checksum of those
# values) and is cleared and drawn again only when that changes; end(fb)
# (App.draw) clears the bands left out this time. A screen that draws
# anything else starts with fb.fill(0) and never calls begin(): its frame
# is drawn whole and the next begin() starts from a clear screen (so does
# one after redraw_all is set, around a toast). The checksums describe
# what the display shows, whichever screen drew it, so a new screen on top
# redraws only the bands that differ. Text costs most of a frame; most
# keys change one or two rows.
#
# The partial redraw's public API, for widgets outside this module (Grid,
# app/play/rows.py): begin(), end(), band(), text_sum() and redraw_all.
# tests/device/test_partial_redraw.py: every frame equals a whole redraw.

from binascii import crc32
from micropython import const
# A builtin's name is looked up in this module's globals first (a miss
# searches the whole table), then among the builtins, each time.
# Imported, the name below is found at once.
from builtins import len
from .textdraw import put, width, fit
from drivers.buttons import UP, DOWN, OK, BACK, LONG, FAST, key_of, kind_of

COLS = const(25)
ROWS = const(7)


_sig = [-1] * 8     # per band: checksum of what it shows (-1: not known)
# Public: True when the checksums do not describe the display; whoever
# draws past the bands (App around a toast, a drawing stopped halfway)
# sets it, and the next begin() clears the screen and draws every band.
redraw_all = True
# Each module-level name is a slot in this module's globals (in the heap
# for good; 47 or fewer fit a smaller table): -1 in _seen says "outside a
# begin() ... end() frame", where band() keeps it -1.
_seen = -1          # bit b: band b drawn (or kept) since begin(); -1: no
                    # frame begun
_marked = 0         # bit b: band b got a scroll mark last frame (marks());
                    # bit 8 + b: this frame
_drawn = 0          # bit b: band b drawn or cleared since begin()


def begin(fb):
    """Instead of fb.fill(0) at the start of a screen's draw: from here
    to end(), each band drawn goes through band()."""
    global redraw_all, _seen, _marked, _drawn
    _marked >>= 8
    _drawn = 0
    if redraw_all:
        fb.fill(0)
        for b in range(8):
            _sig[b] = -1
        redraw_all = False
        _drawn = 0xFF
    _seen = 0


def end(fb):
    """After a screen's draw: blank the bands it did not draw this time.
    Returns the pages that may have changed (bit b: page b), for
    Oled.show(): all of them after a frame drawn without bands."""
    global redraw_all, _drawn, _seen
    seen = _seen
    if seen < 0:
        redraw_all = True            # drawn without bands: trust nothing
        return 0xFF
    _seen = -1
    # Only the bands left out (most screens draw every band they had):
    # a loop over the bits of those, not over all eight, in every frame.
    seen = ~seen & 0xFF
    b = 0
    while seen:
        if seen & 1 and _sig[b] != -1:
            fb.fill_rect(0, 8 * b, 128, 8, 0)
            _sig[b] = -1
            _drawn |= 1 << b
        seen >>= 1
        b += 1
    return _drawn


def band(fb, b, sig, lit=0):
    """True when band b (0: the title bar; i + 1: content row i) must be
    drawn for checksum sig: it is then cleared, or lit for a highlighted
    row (lit & LIT), and the caller draws all of it. False when it already
    shows sig: the caller draws nothing there. sig must change whenever
    anything the band shows changes (text_sum() of its texts, the
    highlight and the layout folded in); only its low 29 bits count.
    Outside begin() ... end() it is always True. A band that got a scroll
    mark last frame is drawn again (marks() draws this frame's over it)."""
    global _seen, _drawn
    _seen |= 1 << b                  # (-1 stays -1: no frame)
    sig &= 0x1FFFFFFF                # a small int on a 32-bit port too
    if _seen >= 0 and _sig[b] == sig and not _marked >> b & 1:
        return False
    _sig[b] = sig if _seen >= 0 else -1
    _drawn |= 1 << b
    # The band's page (128 bytes, MONO_VLSB) set from a constant at once,
    # not by fill_rect(), whose loop over its 1024 pixels cost ~4.5 K
    # instructions a band on the unix port. (Literals: in flash in a
    # frozen image; a module global would grow the globals' table.) A
    # framebuf without its buffer at hand (tests) is filled as before.
    lit &= LIT
    if not hasattr(fb, "buffer"):
        fb.fill_rect(0, 8 * b, 128, 8, lit)
        return True
    b <<= 7
    sig = b + 128                    # (the page's end: a stack slot fewer)
    fb.buffer[b:sig] = (
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        if lit else
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
    return True


def text_sum(s, c=0):
    """Checksum of text s (str or bytes) continuing checksum c, its
    length folded in: "ab" then "c" differs from "a" then "bc". A band's
    sig is built by chaining it over the band's texts."""
    return crc32(s, c) ^ len(s)


# The functions below run for every row of every frame: each keeps to the
# frame rule (docs/architecture.md, "Performance rules"; arguments count).
# Hence the small helpers, and flags in one argument.

def header(fb, title, right=""):
    # The title in plain text, then a rule up to the right-hand text: it
    # never looks like a highlighted row below it.
    if band(fb, 0, text_sum(right, text_sum(title))):
        draw_title(fb, title, right)


def draw_row(fb, i, left, right="", flags=0):
    # Content row i's texts (as row()) on its band, just cleared or lit
    # (app/play/rows.py fresh()): the right one, then the left one cut to
    # the room that one (and the marks' column: EDGE is 2) leave. (Here,
    # not in a helper, and cut only when too long: two calls fewer a row.)
    if right:
        _right_text(fb, i, right, flags)
    i = 8 * i + 8                       # now the band's top
    if len(left) > COLS - (len(right) + 1 if right else 0) - (flags >> 1 & 1):
        left = fit(left, COLS - (len(right) + 1 if right else 0) -
                   (flags >> 1 & 1))
    flags = 255 if flags & 1 else 0     # now put()'s inversion (LIT: 1)
    put(fb, left, 1, i, flags)


def draw_title(fb, title, right=""):
    # The title bar's texts (as header()) on its band, cleared. (fit()
    # only when too long, one width() spelled out: calls fewer a frame.)
    x = COLS - 1 - (len(right) + 1 if right else 0)
    if len(title) > x:
        title = fit(title, x)
    x = put(fb, title, 1, 0)
    end = 125 - 5 * len(right) if right else 127
    if end > x + 1:
        fb.hline(x + 1, 3, end - 1 - x, 1)
    if right:
        put(fb, right, 128 - width(right), 0)


LIT = const(1)      # row(): the row is highlighted (True says it too)
EDGE = const(2)     # row(): the row is in a list that scrolls
_MARK_W = const(5)   # the scroll marks' column at the right edge


def row(fb, i, left, right="", flags=0):
    # Content row i (0-6): left text, right-aligned text. flags: LIT (or
    # True) highlights the row (dark text on a lit band); EDGE: the row is
    # in a list that scrolls, its last column is kept for the scroll marks
    # (marks()), the right-hand text ends before it.
    if _row_band(fb, i, left, right, flags):
        draw_row(fb, i, left, right, flags)


def _row_band(fb, i, sig, right, flags):
    # sig comes in as the left text.
    sig = text_sum(right, text_sum(sig, flags))
    return band(fb, i + 1, sig, flags)


def _right_text(fb, i, right, flags):
    x = 128 - (_MARK_W if flags & EDGE else 0) - width(right)
    flags = 255 if flags & LIT else 0   # now put()'s inversion
    put(fb, right, x, 8 * i + 8, flags)


def centred(fb, i, s):
    # Content row i with s centred on it (a hint under a list).
    b = i + 1
    if band(fb, b, text_sum(s, 5)):
        s = fit(s, COLS)
        put(fb, s, (128 - width(s)) // 2, 8 * b)


def marks(fb, top, shown, total, first=0, selected=-1):
    # The scroll marks of a list of `total` rows, `shown` of them from `top`
    # on content rows first..: a small triangle pointing up at the right
    # edge of the first visible row when rows are above it, pointing down on
    # the last when rows are below. selected: the highlighted row's index in
    # the list (its mark is dark on the lit row). The rows marked are drawn
    # again next frame (band), which takes the marks away.
    if top > 0:
        _triangle(fb, first, top == selected)
    top += shown - 1                    # the last row shown
    if top < total - 1:
        first += shown - 1
        _triangle(fb, first, (top == selected) + 4)


def _triangle(fb, i, how):
    # 5 px wide, 3 high, centred in content row i's last column; how:
    # 1 dark (on a lit row), + 4 pointing down.
    global _marked
    _marked |= 512 << i
    i = 8 + 8 * i + 2                   # the triangle's top
    for k in range(3):
        _line(fb, k, i + (2 - k if how & 4 else k), how & 1)


def _line(fb, k, y, dark):
    # Line k of a triangle (1 + 2k px wide), at height y.
    fb.hline(128 - _MARK_W + 2 - k, y, 1 + 2 * k, 0 if dark else 1)


_legend = ["", ""]  # the last legend columns() was given, and its format


def columns(legend, values):
    # values right-aligned under the words of legend ("Casa Camino Meta"):
    # a row's right-hand text that lines up with a legend row's. The
    # legend's format ("%4s %6s %4s") is made once, the text with one '%':
    # on MicroPython every str made is first looked up among the interned
    # strings (hundreds of them), so a str made per word cost far more.
    if _legend[0] != legend:
        _format(legend)
    f = _legend[1]
    n = f.count("%")
    if len(values) != n:               # fewer values: blanks; more: cut
        values = tuple(values[:n]) + ("",) * (n - len(values))
    return f % tuple(values)


def _format(legend):
    # The widths of legend's words, then the format made from them at
    # once: a few strs made, not several a word (split, str(), each +).
    w = []
    i = 0
    while True:
        j = legend.find(" ", i)
        if j < 0:
            break
        w.append(j - i)
        i = j + 1
    w.append(len(legend) - i)
    _legend[0] = legend
    _legend[1] = ("%%%ds" + " %%%ds" * (len(w) - 1)) % tuple(w)


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
        begin(fb)
        n = len(self.items)
        header(fb, self.title, "%d/%d" % (self.index + 1, n) if n > ROWS
               else "")
        self.top = scroll(self.index, self.top)
        for i in range(min(ROWS, n - self.top)):
            self._row(fb, i, n)
        marks(fb, self.top, ROWS, n, 0, self.index)

    def _row(self, fb, i, n):
        # Content row i, of n items.
        j = self.top + i
        n = (EDGE if n > ROWS else 0) | (j == self.index)     # the flags
        row(fb, i, self.items[j], self.rights[j] if self.rights else "", n)

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
