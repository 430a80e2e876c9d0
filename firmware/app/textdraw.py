# Text in the device's own 5x8 font (font.py), with the accents Spanish
# needs; framebuf's built-in font has none. The font's columns, glyph after
# glyph, are one 5N x 8 MONO_VLSB image (_strip): a character is cut out of
# it into one preallocated 5x8 FrameBuffer by a blit at a negative offset,
# then blitted onto the screen. Two framebuf calls in C per character, no
# Python loop over its columns, and nothing allocated but what the
# caller's string already is. Where the glyph copies below are native
# code, _strip is let go (one object less in the heap, paying for their
# module) and draw() copies the glyph's columns in a loop: it is the rare
# way now, see put().
#
# The title bar, the rows and the grid's cells (ui.py) skip even that:
# they are drawn on a page just cleared, so put() copies each glyph's 5
# column bytes into the display's buffer (Oled.buffer, MONO_VLSB, 128
# bytes a page), inverted on a highlighted row, and reads the string as
# its UTF-8 bytes (memoryview): iterating a str makes a 1-character str
# per character. A space is skipped: its columns are blank, which the
# band just cleared (or lit, inverted) already shows; right-aligned
# numbers (ui.columns) are mostly spaces.

import framebuf
from micropython import const
# A builtin's name is looked up in this module's globals first (a miss
# searches the whole table), then among the builtins, each time.
# Imported, the names below are found at once.
from builtins import len, memoryview, hasattr, str
import app.tables as tables
from .memory import forget

_CHAR_W = const(5)   # advance per character (the glyph's last column is 0)

_glyph = bytearray(5)
_fb = framebuf.FrameBuffer(_glyph, 5, 8, framebuf.MONO_VLSB)
# FONT (public, app/names.py reads it): the glyphs' columns, 5 bytes a
# glyph (MONO_VLSB, bit 0 at the top), in app/font.py's order; never
# written. The font's bytes where they are when in flash
# (app/tables.py), else copied into RAM once; the font
# module is forgotten (from a .mpy its bytes would be a second copy).
FONT, _EXTRA, _flash = tables.load("app.font", "DATA", "EXTRA")
FONT = tables.in_place(FONT) if _flash else bytearray(FONT)
del _flash, tables
forget("tables")
_strip = framebuf.FrameBuffer(FONT, len(FONT), 8, framebuf.MONO_VLSB)
_COLS = memoryview(FONT)    # a glyph's columns as a slice, copied in C


def glyph_offset(cp):
    """Where the 5 columns of the character with code point cp start in
    FONT ('?' for a character the font lacks)."""
    # A code point, not a 1-character str: on MicroPython such a str
    # (chr(), a str's item, a character iterated) is interned, in the
    # heap for good. EXTRA is the accents' code points (a tuple, in flash
    # on the frozen image): searched in C, not walked in Python.
    if 32 <= cp < 127:
        return (cp - 32) * 5
    if cp in _EXTRA:                     # its glyph follows ASCII's 95
        return (_EXTRA.index(cp) + 95) * 5
    return 155                           # '?'


def draw(fb, s, x, y, ink=1):
    # Draw s with its top-left corner at (x, y); returns the x after it.
    # ink=0 draws dark text (for a highlighted, lit background). s is
    # read as its UTF-8 bytes (as _put_any does): iterating a str would
    # intern each character (glyph_offset).
    cp = 0
    more = 0
    inv = 0 if ink else 0xFF             # ink=0: the glyph dark on lit
    for c in memoryview(s):
        if c >= 0xC0:                    # a character's first byte of 2-4
            more = 1 if c < 0xE0 else 2 if c < 0xF0 else 3
            cp = c & (0x3F >> more)
            continue
        if c >= 0x80:
            cp = cp << 6 | c & 0x3F
            more -= 1
            if more:
                continue
            c = cp
        if x >= 128:
            break
        off = glyph_offset(c)
        if ink and _strip is not None:
            _fb.blit(_strip, -off, 0)
        else:
            for j in range(5):
                _glyph[j] = FONT[off + j] ^ inv
        # Only the text's pixels are drawn: the key skips the others.
        fb.blit(_fb, x, y, inv & 1)
        x += _CHAR_W
    return x


def put(fb, s, x, y, inv=0):
    # draw(fb, s, x, y) where the text's columns are known to be dark (a
    # band just cleared by ui.py, nothing drawn there yet): each glyph's 5
    # column bytes are copied into the page. inv=255: dark text on a band
    # just lit (a highlighted row). Nothing allocated.
    # (put() and the functions below keep to the frame rule,
    # docs/architecture.md "Performance rules": a heap frame at each call
    # would cost more than the copy itself.)
    if y & 7 or not 0 <= y < 64 or x < 0 or not hasattr(fb, "buffer"):
        return draw(fb, s, x, y, 0 if inv else 1)
    # ASCII text that fits on the page whole: the quick copy; any other
    # text (accents, cut at the page's end) the general one. (Here, not
    # in a function of its own: a call fewer for every text drawn.)
    fb = fb.buffer
    if len(memoryview(s)) != len(s) or x + 5 * len(s) > 128:
        return _put_any(fb, s, x, y, inv)
    if inv:
        _glyphs(fb, memoryview(s), (y >> 3) * 128 + x, inv, FONT)
    else:
        y = (y >> 3) * 128              # the page's first byte
        _copy(memoryview(fb)[y:y + 128], memoryview(s), x, _COLS)
    return x + 5 * len(s)


def _copy(buf, b, p, cols):
    # _glyphs() for plain text: each glyph's 5 columns copied as one slice
    # (a memoryview of the font's; about half the instructions). buf: the
    # text's page alone: MicroPython moves the rest of the buffer after a
    # slice stored into it (its bytes onto themselves), the rest of the
    # page here, not of the frame.
    i = len(b)
    p += 5 * i
    while i:
        i -= 1
        p -= 5
        c = b[i]
        if c == 32:
            continue                   # a space: the band shows it already
        c = c * 5 - 160 if c > 31 and c < 127 else 155     # 155: '?'
        buf[p:p + 5] = cols[c:c + 5]


def _glyphs(buf, b, p, inv, cols):
    # The glyphs of b (ASCII bytes) from buf[p] on, whole, XOR-ed with inv
    # (255 on a lit band); cols: the font (a local is quicker than a
    # global). From the last glyph back: no count to keep.
    i = len(b)
    p += 5 * i
    while i:
        i -= 1
        p -= 5
        c = b[i]
        if c == 32:
            continue                   # a space: the band shows it already
        c = c * 5 - 160 if c > 31 and c < 127 else 155     # 155: '?'
        buf[p] = cols[c] ^ inv
        buf[p + 1] = cols[c + 1] ^ inv
        buf[p + 2] = cols[c + 2] ^ inv
        buf[p + 3] = cols[c + 3] ^ inv
        buf[p + 4] = cols[c + 4] ^ inv


def _put_any(buf, s, x, y, inv):
    line = (y >> 3) * 128
    if x + 5 * len(s) <= 128:
        # Text with accents that fits on the page whole: each run of ASCII
        # bytes copied as plain text is (the glyph copies, native where
        # they are), each other character's glyph here; a byte at a time
        # in Python (below) cost a title with one "·" as much as the rest
        # of its row. (Here, not in a function of its own: one more name
        # in this module's globals outgrew their table: more heap.)
        b = memoryview(s)                # its UTF-8 bytes
        i = 0
        n = len(b)
        while i < n:
            j = i
            while j < n and b[j] < 0x80:
                j += 1
            if j > i:
                if inv:
                    _glyphs(buf, b[i:j], line + x, inv, FONT)
                else:
                    _copy(memoryview(buf)[line:line + 128], b[i:j], x,
                          _COLS)
                x += 5 * (j - i)
            if j < n:                    # a character of 2-4 bytes
                c = b[j]
                i = 1 if c < 0xE0 else 2 if c < 0xF0 else 3  # bytes to come
                c &= 0x3F >> i
                j += 1
                while i:
                    c = c << 6 | b[j] & 0x3F
                    j += 1
                    i -= 1
                c = glyph_offset(c)
                i = line + x
                buf[i] = FONT[c] ^ inv
                buf[i + 1] = FONT[c + 1] ^ inv
                buf[i + 2] = FONT[c + 2] ^ inv
                buf[i + 3] = FONT[c + 3] ^ inv
                buf[i + 4] = FONT[c + 4] ^ inv
                x += 5
            i = j
        return x
    # Text cut at the page's end: a byte at a time.
    cols = FONT
    p = line + x
    cp = 0
    more = 0
    for c in memoryview(s):              # UTF-8 bytes, decoded here
        if c == 32 and p < line + 128:
            p += 5                       # a space: the band shows it already
            continue
        if c < 0x80:
            off = c * 5 - 160 if c > 31 and c < 127 else 155   # 155: '?'
        elif c >= 0xC0:
            more = 1 if c < 0xE0 else 2 if c < 0xF0 else 3
            cp = c & (0x3F >> more)
            continue
        else:
            cp = cp << 6 | c & 0x3F
            more -= 1
            if more:
                continue
            off = glyph_offset(cp)
        n = line + 128 - p               # columns left on the page
        if n >= 5:
            buf[p] = cols[off] ^ inv
            buf[p + 1] = cols[off + 1] ^ inv
            buf[p + 2] = cols[off + 2] ^ inv
            buf[p + 3] = cols[off + 3] ^ inv
            buf[p + 4] = cols[off + 4] ^ inv
        elif n > 0:
            for k in range(n):
                buf[p + k] = cols[off + k] ^ inv
        else:
            break
        p += 5
    return p - line


def put_int(fb, v, x, y, inv=0):
    # put(fb, str(v), ...) with the text's right end at x, the digits
    # copied from the font without the str: on MicroPython a str made is
    # first searched among the interned strings.
    # The caller knows that the number fits left of x (int_len(); a Grid's
    # cell). Returns the text's left x.
    if y & 7 or not 0 <= y < 64 or x > 128 or not hasattr(fb, "buffer"):
        v = str(v)
        x -= width(v)
        put(fb, v, x, y, inv)
        return x
    y = (y >> 3) * 128                  # the page's first byte
    return _digits(fb.buffer, v, y + x, inv, FONT) - y


def _digits(buf, v, p, inv, cols):
    # v's digits, and '-', leftwards from just before buf[p]; returns
    # where the first starts.
    n = v < 0
    if n:
        v = -v
    while True:
        p -= 5
        c = (v % 10) * 5 + 80           # '0' is glyph 16
        buf[p] = cols[c] ^ inv
        buf[p + 1] = cols[c + 1] ^ inv
        buf[p + 2] = cols[c + 2] ^ inv
        buf[p + 3] = cols[c + 3] ^ inv
        buf[p + 4] = cols[c + 4] ^ inv
        v //= 10
        if not v:
            break
    if n:
        p -= 5
        buf[p] = cols[65] ^ inv         # '-' is glyph 13
        buf[p + 1] = cols[66] ^ inv
        buf[p + 2] = cols[67] ^ inv
        buf[p + 3] = cols[68] ^ inv
        buf[p + 4] = cols[69] ^ inv
    return p


# The three copies above as native code where the port compiles it (the
# frozen image: Thumb code in flash), put in their place once; the
# webassembly port has none (a SyntaxError), a board given .mpy files
# (`marcador flash`) is not given that module (an ImportError): the
# functions above stay. Its globals are emptied and it is forgotten
# (memory.py's phase "native"): its three function objects stay in the
# heap, where these were, and its module and globals objects (two small
# blocks); the native copy reads the font itself, so _COLS, a memoryview
# object, is let go, and _strip (draw()).
try:
    # native/app/glyphs_native.py, frozen in the image only: the board
    # API check (pyright, over firmware/) does not see it.
    from app.glyphs_native import (  # pyright: ignore[reportMissingImports]
        copy as _copy, glyphs as _glyphs, digits as _digits)
    from .memory import release, modules
    release(*modules("native"))
    _COLS = FONT
    _strip = None
except (ImportError, SyntaxError):
    pass


def int_len(v):
    # len(str(v)) for an int, without the str.
    n = 1
    if v < 0:
        n = 2
        v = -v
    while v > 9:
        v //= 10
        n += 1
    return n


def width(s):
    return len(s) * _CHAR_W


def fit(s, chars):
    # s cut to at most `chars` characters, marking the cut with '.'.
    if len(s) <= chars:
        return s
    return s[:chars - 1] + "."
