# Tables of constants (the texts, the font): where the bytecode is read in
# place from flash (frozen into the firmware, or a ROMFS image) a str or
# bytes constant stays in flash and costs no heap; loaded from a .mpy file
# it is copied into RAM with its module. Used at boot and when the
# language changes; its callers forget this module when done.

import gc
from sys import platform
from .memory import unload


def load(name, *attrs):
    # Import module name, take its constants attrs and forget the module:
    # [the constants..., True when the import did not copy the first one
    # into RAM]. On an RP2040 the RAM (and so the heap) starts at
    # 0x20000000 and the flash lies below: the constant's address tells.
    # Elsewhere, whether the import allocated less than its size: what was
    # live before stays live, so a copy always shows in mem_alloc (each
    # mem_alloc walks the heap's whole table: slow on a Pico).
    rp2 = platform == "rp2"
    before = 0
    if not rp2:
        gc.collect()
        before = gc.mem_alloc()
    mod = __import__(name, None, None, attrs, 0)
    vals = [getattr(mod, a) for a in attrs]
    if rp2:
        from uctypes import addressof
        kept = addressof(vals[0]) < 0x20000000
    else:
        kept = gc.mem_alloc() - before < len(memoryview(vals[0]))
    del mod
    unload(name)
    vals.append(kept)
    return vals


def in_place(v):
    # A bytearray over the bytes of v where they are (a small object, no
    # copy), for a constant load() found in flash: bytes.find and framebuf
    # work on it; it is never written.
    import uctypes
    return uctypes.bytearray_at(uctypes.addressof(v), len(memoryview(v)))


def one_language(text, english):
    # The lines of app/texts.py's table (text: its T) in one language, as
    # one bytearray of "\nkey|text" lines (an empty English text falls back
    # to Spanish; blank lines are left out). A "--" line becomes a "--"
    # line alone, or "--<id>" where it opens a title's section ("-- <id>:
    # ..."): where app/i18n.py keep_title() cuts. Two passes over
    # the UTF-8 bytes: the size of the kept lines, then one bytearray
    # filled in place (no list of lines: many times the table's size for a
    # moment).
    t = text.encode()
    mv = memoryview(t)
    out = bytearray(0)                 # sized by the first pass
    for fill in (0, 1):
        n = fill                       # out[0] is the opening newline
        i = 1                          # past the opening newline
        while i < len(t):
            e = t.find(b"\n", i)
            if e < 0:
                e = len(t)
            a = t.find(b"|", i, e)     # key ends; Spanish starts at a + 1
            if t[i] == 45:             # "--": "--" or a title's "--<id>"
                c = t.find(b":", i, e)
                if c < 0 or t.find(b" ", i + 3, c) >= 0:
                    c = i + 3
                if fill:
                    out[n:n + 2] = b"--"
                    out[n + 2:n + c - i - 1] = mv[i + 3:c]
                    out[n + c - i - 1] = 10
                n += c - i
            elif a > i:                # not blank
                b = t.find(b"|", a + 1, e)
                if b < 0:              # no English column
                    b = e
                s, f = a + 1, b
                if english and e > b + 1:
                    s, f = b + 1, e
                size = (a - i + 1) + (f - s) + 1      # key|text\n
                if fill:
                    out[n:n + a - i + 1] = mv[i:a + 1]
                    out[n + a - i + 1:n + size - 1] = mv[s:f]
                    out[n + size - 1] = 10
                n += size
            i = e + 1
        if not fill:
            out = bytearray(n + 1)
            out[0] = 10
    return out


def cut(b, t):
    # Table b (one_language()) without the sections of the titles
    # other than t: the parts that start at a "--<id>" line of another
    # title, up to the next "--" line.
    keep = []                          # start, end of each kept part
    size = a = 0
    while a < len(b):
        e = b.find(b"\n--", a + 1)
        if e < 0:
            e = len(b)
        n = b.find(b"\n", a + 1)        # the part's first line ends
        if not (a and n > a + 3 and b[a + 3:n] != t):
            keep.append(a)
            keep.append(e)
            size += e - a
        a = e
    out = bytearray(size)
    mv = memoryview(b)
    n = 0
    for i in range(0, len(keep), 2):
        a, e = keep[i], keep[i + 1]
        out[n:n + e - a] = mv[a:e]
        n += e - a
    return out
