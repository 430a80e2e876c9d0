"""Reads text back from a simulator screenshot using the device's own font:
the panel as decoded from the I2C bytes, not the framebuffer."""

import importlib.util

from conftest import FIRMWARE

_spec = importlib.util.spec_from_file_location("font",
                                               FIRMWARE / "app" / "font.py")
font = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(font)

CHARS = [chr(c) for c in range(32, 127)] + [chr(c) for c in font.EXTRA]
GLYPHS = {}
for i, ch in enumerate(CHARS):
    GLYPHS.setdefault(bytes(font.DATA[5 * i:5 * i + 5]), ch)


def pixels(hexbits):
    bits = bytes.fromhex(hexbits)
    return lambda x, y: (bits[y * 16 + (x >> 3)] >> (7 - (x & 7))) & 1


def glyph_at(px, x, y):
    cols = bytearray(5)
    for j in range(5):
        if 0 <= x + j < 128:
            for r in range(8):
                if px(x + j, y + r):
                    cols[j] |= 1 << r
    g = bytes(cols)
    if g in GLYPHS:
        return GLYPHS[g]
    inv = bytes(~b & 0xFF for b in g)          # highlighted row
    return GLYPHS.get(inv, "?")


def read_row(hexbits, i, words=1):
    """Content row i (0-6): (left-aligned text, right-aligned text of up
    to `words` words)."""
    px = pixels(hexbits)
    y = 8 + 8 * i
    left = ""
    for k in range(25):
        ch = glyph_at(px, 1 + 5 * k, y)
        if ch == "?":           # off the left grid: the right-aligned text
            break
        left += ch
    right = ""
    for k in range(1, 26):
        ch = glyph_at(px, 128 - 5 * k, y)
        if ch in (" ", "?"):
            if k == 1 and not right:
                continue        # a list that scrolls: its marks' column
            if ch == "?" or right.count(" ") + 1 >= words:
                break
        right = ch + right
    return left.rstrip(), right.lstrip()


def read_right(hexbits, i):
    """Content row i's whole right-aligned text, spaces and all (read_row
    stops at the first space; the right text's glyph grid is not the left
    text's): glyphs from the right edge until one is not a glyph."""
    px = pixels(hexbits)
    out = ""
    for k in range(1, 26):
        ch = glyph_at(px, 128 - 5 * k, 8 + 8 * i)
        if ch == "?":
            break
        out = ch + out
    return out.strip()


def read_header(hexbits):
    """The title bar: (title, right-hand text). The rule between them reads
    as no glyph, which ends both."""
    px = pixels(hexbits)
    left = ""
    for k in range(25):
        ch = glyph_at(px, 1 + 5 * k, 0)
        if ch == "?":
            break
        left += ch
    right = ""
    for k in range(1, 26):
        ch = glyph_at(px, 128 - 5 * k, 0)
        if ch == "?":
            break
        right = ch + right
    return left.rstrip(), right.strip()


def read_mark(hexbits, i):
    """The scroll mark at the right edge of content row i: "up", "down"
    or "" (none, or text there; on a highlighted row the mark is dark on lit)."""
    px = pixels(hexbits)
    y = 8 + 8 * i
    lit = px(0, y)                  # a highlighted row is lit at its edge
    ink = [[px(x, y + r) ^ lit for x in range(123, 128)] for r in range(8)]
    up = [[0] * 5, [0] * 5, [0, 0, 1, 0, 0], [0, 1, 1, 1, 0],
          [1] * 5, [0] * 5, [0] * 5, [0] * 5]
    if ink == up:
        return "up"
    if ink == up[:2] + up[2:5][::-1] + up[5:]:
        return "down"
    return ""


def toast(hexbits):
    """The text of the message box (app.notes.draw_toast: up to 3 centred
    lines, whose rows depend on how many there are), lines joined by a
    space."""
    px = pixels(hexbits)
    lines = []
    for y in (20, 24, 28, 32, 36):
        best = ""
        for x0 in range(0, 64):
            s = ""
            for k in range(25):
                ch = glyph_at(px, x0 + 5 * k, y)
                if ch == "?":
                    break
                s += ch
            if len(s.strip()) > len(best):
                best = s.strip()
        if best:
            lines.append(best)
    return " ".join(lines)
