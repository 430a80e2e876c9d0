# Runs on the MicroPython VM: drawing a text (textdraw.draw(), put() with
# accents, which takes _put_any()) and checking a roster name
# (settings.showable_name) make no new interned string. MicroPython
# interns a str of one character made from a text (s[i], `for ch in s`,
# chr()), and an interned string stays in RAM for good: one for each
# character a board ever drew. Prints qstr_info()'s count before and
# after, then "done".
import framebuf
import micropython
from app import textdraw as text
from app.settings import showable_name

# Literals longer than 10 characters: str objects, not interned.
TEXTS = ("Ñandú ¿qué? ¡sí! ×·° 0123456789 €\x7f",
         "WXYZ wxyz ÁÉÍÓÚÜ áéíóúü #$&@[]{}~")
NAMES = ("Ñoño Güemes", "JKLMNOPQRSTU")
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


class Panel(framebuf.FrameBuffer):
    # What put() needs of a display: its MONO_VLSB page buffer.
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


panel = Panel()
# Once with an ASCII text first: what the calls themselves intern.
text.draw(fb, "abc", 0, 3)
text.draw(fb, "abc", 0, 3, 0)
text.put(panel, "abc", 0, 8)
showable_name("abcdefghijkl"[:3])
micropython.qstr_info()
for s in TEXTS:
    text.draw(fb, s, 0, 3)
    text.draw(fb, s, 0, 3, 0)
    text.put(panel, s, 0, 8)
    text.put(panel, s, 0, 16, 255)
for s in NAMES:
    showable_name(s)
micropython.qstr_info()
print("done")
