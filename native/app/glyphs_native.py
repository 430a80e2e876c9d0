# textdraw's glyph copies (_copy, _glyphs, _digits) as native code: see
# app/textdraw.py, which takes these in place of its own where the port
# compiles them (the frozen image: Thumb code in flash) and forgets this
# module. The webassembly port has no native emitter: importing this is a
# SyntaxError there, and textdraw keeps its Python functions. Each gives
# the same bytes as textdraw's (tests/device/test_glyphs_native.py).
# It lives in native/, not firmware/: mpy-cross compiles it only for a
# CPU (-march), so the release image alone has it (boards/manifest_common.py
# freezes it as app.glyphs_native); the .mpy set made from firmware/ does not.

import micropython                     # the decorators' name, for a checker


@micropython.viper
def copy(buf, b, p: int, cols):
    # textdraw._copy: b's glyphs into buf (the text's page) from p on.
    d = ptr8(buf)
    s = ptr8(b)
    f = ptr8(cols)
    i = int(len(b))
    p += 5 * i
    while i > 0:
        i -= 1
        p -= 5
        c = s[i]
        if c == 32:
            continue
        if c > 31 and c < 127:
            c = c * 5 - 160
        else:
            c = 155
        d[p] = f[c]
        d[p + 1] = f[c + 1]
        d[p + 2] = f[c + 2]
        d[p + 3] = f[c + 3]
        d[p + 4] = f[c + 4]


@micropython.viper
def glyphs(buf, b, p: int, inv: int, cols):
    # textdraw._glyphs: the same, XOR-ed with inv.
    d = ptr8(buf)
    s = ptr8(b)
    f = ptr8(cols)
    i = int(len(b))
    p += 5 * i
    while i > 0:
        i -= 1
        p -= 5
        c = s[i]
        if c == 32:
            continue
        if c > 31 and c < 127:
            c = c * 5 - 160
        else:
            c = 155
        d[p] = f[c] ^ inv
        d[p + 1] = f[c + 1] ^ inv
        d[p + 2] = f[c + 2] ^ inv
        d[p + 3] = f[c + 3] ^ inv
        d[p + 4] = f[c + 4] ^ inv


@micropython.viper
def digits(buf, v: int, p: int, inv: int, cols) -> int:
    # textdraw._digits: v's digits, and '-', leftwards from just before
    # buf[p]; returns where the first starts. v: a small int (a score).
    # No digit is written before buf[0] (ptr8 has no bounds: the caller
    # makes room, textdraw.put_int; where it did not, the number is cut).
    d = ptr8(buf)
    f = ptr8(cols)
    n = v < 0
    if n:
        v = 0 - v
    while True:
        if p < 5:
            return p
        p -= 5
        c = (v % 10) * 5 + 80
        d[p] = f[c] ^ inv
        d[p + 1] = f[c + 1] ^ inv
        d[p + 2] = f[c + 2] ^ inv
        d[p + 3] = f[c + 3] ^ inv
        d[p + 4] = f[c + 4] ^ inv
        v //= 10
        if v == 0:
            break
    if n and p >= 5:
        p -= 5
        d[p] = f[65] ^ inv
        d[p + 1] = f[66] ^ inv
        d[p + 2] = f[67] ^ inv
        d[p + 3] = f[68] ^ inv
        d[p + 4] = f[69] ^ inv
    return p
