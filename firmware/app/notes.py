# Text placed anywhere on the screen rather than on a row: a Note's
# centred lines, a toast's box, word-wrapping. In RAM only while one is
# drawn (App.step forgets this module once a key is handled and no toast
# is up): most frames are rows (ui.py).

from micropython import const
from .textdraw import put, width, fit
from .ui import header, COLS, ROWS


def center(fb, y, s):
    # On columns left dark by every caller (a cleared screen, a toast's
    # box inside its frame): put() copies the glyphs' columns on a line
    # that starts a page, and blits them elsewhere (textdraw.py).
    s = fit(s, COLS)
    put(fb, s, (128 - width(s)) // 2, y)


def message(fb, title, lines):
    # Up to 5 lines spaced out; 6 or 7 on the content rows (all inside).
    fb.fill(0)
    header(fb, title)
    n = len(lines)
    y, step = (12, 9) if n <= 5 else (8, 8)
    for i in range(min(n, ROWS)):
        center(fb, y + step * i, lines[i])


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


_TOAST_LINES = const(3)


def draw_toast(fb, text):
    # A message over the screen, word-wrapped onto up to _TOAST_LINES lines
    # of COLS - 1 characters, centred in a framed box as wide as the panel:
    # 24 glyphs take 120 of its 128 columns, so that a blank column or more
    # stays on either side between the text and the frame, and a blank row
    # above and below. Texts are written to fit (tests/device/test_texts.py); a
    # longer one loses its last lines. (No name for COLS - 1: one more
    # qstr raised Dinos' peak.)
    lines = split_lines(text, COLS - 1)
    n = min(len(lines), _TOAST_LINES)
    h = 8 * n + 4
    y = (64 - h) // 2
    fb.fill_rect(0, y - 1, 128, h + 2, 0)
    fb.rect(0, y, 128, h, 1)
    for i in range(n):
        center(fb, y + 2 + 8 * i, lines[i])
