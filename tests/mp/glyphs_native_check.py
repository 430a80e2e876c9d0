# Runs on the MicroPython unix port (which has a native emitter):
# native/app/glyphs_native.py's viper copies give the same bytes as textdraw's
# Python ones (the fallback where a port has none), for random ASCII
# texts (unknown and control bytes included), places, inversions and
# ints. Prints JSON.
import json
import random
import sys

# textdraw with its Python copies: its import of the native module fails
# (an ImportError, as on a board whose .mpy set lacks it).
class Lacking:
    pass


sys.modules["app.glyphs_native"] = Lacking()
from app import textdraw as py
from app.memory import unload
py_copy, py_glyphs, py_digits = py._copy, py._glyphs, py._digits
FONT, COLS = py.FONT, py._COLS
del sys.modules["app.glyphs_native"]
unload("app.textdraw")
# textdraw again, now taking the native copies in place of its own (and
# emptying the module's globals: its functions are kept here first).
# It lives in native/app/, not firmware/app/ (MicroPython finds a package's
# modules in one folder only): imported from there by its own name, then
# put where textdraw's import finds it.
import glyphs_native as native
sys.modules["app.glyphs_native"] = native
native = {"copy": native.copy, "glyphs": native.glyphs,
          "digits": native.digits}
from app import textdraw as nat
out = {"python_kept": py_copy is not native["copy"],
       "native_taken": [nat._copy is native["copy"],
                        nat._glyphs is native["glyphs"],
                        nat._digits is native["digits"]],
       "texts": 0, "bad": 0, "first_bad": None, "ints": 0, "ints_bad": 0,
       "first_bad_int": None}


def rnd_bytes(n):
    # every byte below 0x80 (a space often), as put()'s quick path sees
    return bytes(32 if random.getrandbits(2) == 0 else
                 random.getrandbits(7) for _ in range(n))


random.seed(22)
for _ in range(2000):
    s = rnd_bytes(random.getrandbits(5) % 26)
    page = 128 * random.getrandbits(3)
    x = random.getrandbits(7) % (129 - 5 * len(s))
    inv = 255 if random.getrandbits(1) else 0
    fill = 255 if random.getrandbits(1) else random.getrandbits(8)
    a = bytearray(bytes([fill]) * 1024)
    b = bytearray(bytes([fill]) * 1024)
    py_glyphs(a, memoryview(s), page + x, inv, FONT)
    native["glyphs"](b, memoryview(s), page + x, inv, FONT)
    ok = a == b
    a = bytearray(bytes([fill]) * 1024)
    b = bytearray(bytes([fill]) * 1024)
    py_copy(memoryview(a)[page:page + 128], memoryview(s), x, COLS)
    native["copy"](memoryview(b)[page:page + 128], memoryview(s), x, COLS)
    ok = ok and a == b
    out["texts"] += 1
    if not ok:
        out["bad"] += 1
        if out["first_bad"] is None:
            out["first_bad"] = [str(s, "ascii"), page, x, inv]

for _ in range(1000):
    v = random.getrandbits(random.getrandbits(5) % 30)
    if random.getrandbits(1):
        v = -v
    inv = 255 if random.getrandbits(1) else 0
    p = 128 * random.getrandbits(3) + 128
    a = bytearray(1024)
    b = bytearray(1024)
    ra = py_digits(a, v, p, inv, FONT)
    rb = native["digits"](b, v, p, inv, FONT)
    out["ints"] += 1
    if a != b or ra != rb:
        out["ints_bad"] += 1
        if out["first_bad_int"] is None:
            out["first_bad_int"] = [v, p, inv, ra, rb]
# A number wider than the room left of p: the native copy (no bounds
# check of its own) writes nothing before buf[0], it cuts the number.
room = bytearray(32)
inside = memoryview(room)[16:]
out["cut_outside"] = []
for v in (123456, -98765, 7, -3):
    room[:] = bytes(32)
    native["digits"](inside, v, 12, 0, FONT)
    out["cut_outside"].append(bytes(room[:16]) != bytes(16))
# draw(): with the native copies textdraw lets its font-wide FrameBuffer
# go and copies a glyph's columns itself; the same pixels as the blit.
import framebuf
LETTERS = "aAzZ09 .:%*/+-\u00a1\u00e1\u00f1\u00c9\u00b0\x7f\x01"
out["draws"] = out["draws_bad"] = 0
out["strip_let_go"] = [nat._strip is None, py._strip is not None]
for _ in range(300):
    s = "".join(LETTERS[random.getrandbits(5) % len(LETTERS)]
                for _ in range(random.getrandbits(4)))
    x = random.getrandbits(7) - 8
    y = random.getrandbits(6) - 4
    ink = random.getrandbits(1)
    a = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    b = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    a.fill(1 - ink)
    b.fill(1 - ink)
    ra = py.draw(a, s, x, y, ink)
    rb = nat.draw(b, s, x, y, ink)
    out["draws"] += 1
    if ra != rb or bytes(a) != bytes(b):
        out["draws_bad"] += 1
print(json.dumps(out))
