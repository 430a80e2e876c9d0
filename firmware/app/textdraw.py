# Text in the device's own 5x8 font (font.py), with the accents Spanish
# needs; framebuf's built-in font has none. The font's columns, glyph after
# glyph, are one 5N x 8 MONO_VLSB image (_strip): a character is cut out of
# it into one preallocated 5x8 FrameBuffer by a blit at a negative offset,
# then blitted onto the screen. Two framebuf calls in C per character, no
# Python loop over its columns (it was the hot spot of every redraw), and
# nothing allocated but what the caller's string already is.

import framebuf
from . import tables
from .memory import unload

CHAR_W = 5          # advance per character (the glyph's last column is 0)
LINE_H = 8

_glyph = bytearray(5)
_fb = framebuf.FrameBuffer(_glyph, 5, 8, framebuf.MONO_VLSB)
# framebuf wants a writable buffer: the font's bytes where they are when
# in flash (app/tables.py), else copied into RAM once (~570 bytes);
# the font module is forgotten (from a .mpy its bytes would be a second
# copy).
_DATA, _EXTRA, _flash = tables.load("app.font", "DATA", "EXTRA")
_DATA = tables.in_place(_DATA) if _flash else bytearray(_DATA)
del _flash, tables
unload("app.tables")
_strip = framebuf.FrameBuffer(_DATA, len(_DATA), 8, framebuf.MONO_VLSB)


def _offset(ch):
    o = ord(ch)
    if 32 <= o < 127:
        i = o - 32
    else:
        i = _EXTRA.find(ch)
        if i < 0:
            i = ord("?") - 32
        else:
            i += 95
    return i * 5


def _load(ch, ink):
    off = _offset(ch)
    for j in range(5):
        b = _DATA[off + j]
        _glyph[j] = b if ink else (~b) & 0xFF


def draw(fb, s, x, y, ink=1, scale=1):
    # Draw s with its top-left corner at (x, y); returns the x after it.
    # ink=0 draws dark text (for a highlighted, lit background).
    for ch in s:
        if x >= 128:
            break
        if scale == 1 and ink:
            # Only the ink pixels are drawn: the key skips the background.
            _fb.blit(_strip, -_offset(ch), 0)
            fb.blit(_fb, x, y, 0)
        elif scale == 1:
            _load(ch, ink)
            fb.blit(_fb, x, y, 1)
        else:
            _load(ch, 1)
            for j in range(5):
                col = _glyph[j]
                for r in range(8):
                    if col >> r & 1:
                        fb.fill_rect(x + j * scale, y + r * scale, scale,
                                     scale, ink)
        x += CHAR_W * scale
    return x


def width(s, scale=1):
    return len(s) * CHAR_W * scale


def fit(s, chars):
    # s cut to at most `chars` characters, marking the cut with '.'.
    if len(s) <= chars:
        return s
    return s[:chars - 1] + "."
