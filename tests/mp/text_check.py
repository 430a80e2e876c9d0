# Runs on the MicroPython VM: textdraw.put() (the glyph columns copied into
# a cleared page) draws what textdraw.draw() (two blits per glyph) draws,
# for random texts with accents and unknown characters, at random places
# on every page, clipped at the right edge too; and ui.row() on a display
# with a page buffer (put(), a highlighted row's page inverted) draws what
# it draws on one without (blits, dark text on a lit row drawn as such).
# Prints JSON.
import json
import random
import framebuf
from app import textdraw as text
from app import ui


class Panel(framebuf.FrameBuffer):
    # What put() needs of a display: its MONO_VLSB page buffer.
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


LETTERS = "aAzZ09 .:%*/+-¡¿áéíóúñüÁÉÑ°·×€\x7f\x01"


def rnd_text(n):
    return "".join(LETTERS[random.getrandbits(5) % len(LETTERS)]
                   for _ in range(n))


random.seed(5)
fast = Panel()
slow = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
out = {"texts": 0, "bad": 0, "ends_bad": 0, "first_bad": None,
       "rows": 0, "rows_bad": 0, "first_bad_row": None}
for _ in range(400):
    s = rnd_text(random.getrandbits(5))
    x = random.getrandbits(7)
    y = 8 * random.getrandbits(3)
    fast.fill(0)
    slow.fill(0)
    a = text.put(fast, s, x, y)
    b = text.draw(slow, s, x, y)
    out["texts"] += 1
    if bytes(fast.buffer) != bytes(slow):
        out["bad"] += 1
        if out["first_bad"] is None:
            out["first_bad"] = [s, x, y]
    out["ends_bad"] += a != b
for _ in range(200):
    left = rnd_text(random.getrandbits(5))
    right = rnd_text(random.getrandbits(3))
    i = random.getrandbits(3) % ui.ROWS
    sel = random.getrandbits(1) == 1
    edge = random.getrandbits(1) == 1
    fast.fill(0)
    slow.fill(0)
    flags = sel | (ui.EDGE if edge else 0)
    ui.row(fast, i, left, right, flags)   # no begin(): always drawn
    ui.row(slow, i, left, right, flags)
    out["rows"] += 1
    if bytes(fast.buffer) != bytes(slow):
        out["rows_bad"] += 1
        if out["first_bad_row"] is None:
            out["first_bad_row"] = [left, right, i, sel, edge]
# put_int(v) draws what put(str(v)) draws, right-aligned, and returns
# where the text starts (and int_len(v) is len(str(v))): numbers of every
# length and sign, plain and inverted, at the page's edges too.
out.update({"ints": 0, "ints_bad": 0, "first_bad_int": None})
for _ in range(300):
    v = random.getrandbits(random.getrandbits(4) + 1)
    if random.getrandbits(1):
        v = -v
    s = str(v)
    x = 5 * len(s) + random.getrandbits(7) % (129 - 5 * len(s))
    y = 8 * random.getrandbits(3)
    inv = 255 * random.getrandbits(1)
    fast.fill(inv & 1)
    slow.fill(inv & 1)
    a = text.put_int(fast, v, x, y, inv)
    slow_fb = Panel()
    slow_fb.fill(inv & 1)
    text.put(slow_fb, s, x - text.width(s), y, inv)
    out["ints"] += 1
    if bytes(fast.buffer) != bytes(slow_fb.buffer) or \
            a != x - text.width(s) or text.int_len(v) != len(s):
        out["ints_bad"] += 1
        if out["first_bad_int"] is None:
            out["first_bad_int"] = [v, x, y, inv]
print(json.dumps(out))
