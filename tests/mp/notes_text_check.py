# Runs on the MicroPython VM: a toast's box and a Note's lines (app/notes.py,
# centred by center(): put() copies the glyphs' columns where a line starts
# a page) draw what blitting each glyph draws (put() on a display without a
# page buffer blits, textdraw.draw()), over a screen full of pixels, for
# texts of one to four lines (accents, unknown characters, cut words), and
# Note messages of one to seven lines. Prints JSON.
import json
import random
import framebuf
from app import notes

LETTERS = "aAzZ09 .:%*/+-¡¿áéíóúñüÁÉÑ°·×€\x7f\x01 "


class Panel(framebuf.FrameBuffer):
    # What put() needs of a display: its MONO_VLSB page buffer.
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


def rnd_text(n):
    return "".join(LETTERS[random.getrandbits(6) % len(LETTERS)]
                   for _ in range(n))


random.seed(7)
fast = Panel()
slow_buf = bytearray(1024)
slow = framebuf.FrameBuffer(slow_buf, 128, 64, framebuf.MONO_VLSB)
out = {"toasts": 0, "lines": [0, 0, 0, 0], "bad": 0, "first_bad": None,
       "messages": 0, "messages_bad": 0}
for t in range(300):
    text = rnd_text(1 + random.getrandbits(7) % 90)
    noise = bytes(random.getrandbits(8) for _ in range(1024))
    fast.buffer[:] = noise
    slow_buf[:] = noise
    notes.draw_toast(fast, text)
    notes.draw_toast(slow, text)
    out["toasts"] += 1
    out["lines"][min(len(notes.split_lines(text, notes.COLS - 1)), 4) - 1] += 1
    if fast.buffer != slow_buf:
        out["bad"] += 1
        if out["first_bad"] is None:
            out["first_bad"] = text
for n in range(1, 8):
    lines = [rnd_text(1 + random.getrandbits(5)) for _ in range(n)]
    fast.buffer[:] = bytes(b ^ 0x5A for b in range(256)) * 4
    slow_buf[:] = fast.buffer
    notes.message(fast, "Título", lines)
    notes.message(slow, "Título", lines)
    out["messages"] += 1
    out["messages_bad"] += fast.buffer != slow_buf
print(json.dumps(out))
