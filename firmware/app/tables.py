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
    # to Spanish; "--" lines and blank ones are left out). Two passes over
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
            if a > i and t[i] != 45:   # not blank, not a "-- section"
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
