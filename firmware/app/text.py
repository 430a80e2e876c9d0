# Text in the device's own 5x8 font (font.py), with the accents Spanish
# needs; framebuf's built-in font has none. Each glyph is copied into one
# preallocated 5x8 FrameBuffer and blitted, so drawing text allocates
# nothing but what the caller's string already is.

import framebuf
from . import font

CHAR_W = 5          # advance per character (the glyph's last column is 0)
LINE_H = 8

_glyph = bytearray(5)
_fb = framebuf.FrameBuffer(_glyph, 5, 8, framebuf.MONO_VLSB)
_DATA = font.DATA
_EXTRA = font.EXTRA


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
        if scale == 1:
            # Only the ink pixels are drawn: the key skips the background.
            _load(ch, ink)
            fb.blit(_fb, x, y, 0 if ink else 1)
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
