# Runs on the MicroPython VM: frames drawn through app/ui.py (menus that
# scroll, a list whose scroll marks come and go on rows whose texts stay,
# a grid, a frame drawn without bands in between, rows left out), each
# drawn twice: once as the device does (partial redraw, the bands' state
# carried from frame to frame) and once whole (ui.redraw_all = True first).
# Prints JSON: the frames whose pixels differ.
import json
import framebuf
from app import ui, notes
from app.play.grid import Grid


class Panel(framebuf.FrameBuffer):
    # What ui.py needs of a display: its MONO_VLSB page buffer.
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


ITEMS = ["Item %d" % i for i in range(10)]


def menu(n, index, top=0):
    def f(fb):
        m = ui.Menu("Lista", ITEMS[:n], index)
        m.top = top
        m.draw(fb)
    return f


def marks_only(top, shown, total, selected=-1):
    # The same rows, the marks of a longer or shorter list.
    def f(fb):
        ui.begin(fb)
        ui.header(fb, "Marcas")
        for i in range(shown):
            ui.row(fb, i, ITEMS[i], "", (i == selected) | ui.EDGE)
        ui.marks(fb, top, shown, total, 0, selected)
    return f


def grid(r, c, v):
    def f(fb):
        g = Grid("Ronda 1", ["Ana", "Bea", "Cris"], ["G", "M"],
                    [[v, 2], [3, 4], [5, 6]], 0, 99)
        g.r, g.c = r, c
        g.draw(fb)
    return f


def message(fb):
    notes.message(fb, "Nota", ["una", "dos"])


def short(fb):
    # Fewer rows than before: end() blanks the rest.
    ui.begin(fb)
    ui.header(fb, "Corta", "1/2")
    ui.row(fb, 0, "Sola", "7", True)


FRAMES = [menu(10, 0), menu(10, 3), menu(10, 6), menu(10, 7, 1),
          menu(10, 9, 3), menu(7, 6), menu(10, 6), marks_only(0, 7, 9, 2),
          marks_only(0, 7, 7, 2), marks_only(1, 7, 9), marks_only(0, 7, 7),
          grid(0, 0, 1), grid(0, 1, 1), grid(1, 0, 1), grid(1, 0, 12),
          message, menu(4, 1), short, short, grid(2, 1, 0), menu(10, 8)]

fast = Panel()
shown = []
for f in FRAMES:                 # as the device draws: state carried over
    f(fast)
    ui.end(fast)
    shown.append(bytes(fast.buffer))
bad = []
for i in range(len(FRAMES)):     # each frame whole, on a blank panel
    whole = Panel()
    ui.redraw_all = True
    FRAMES[i](whole)
    ui.end(whole)
    if bytes(whole.buffer) != shown[i]:
        bad.append(i)
print(json.dumps({"frames": len(FRAMES), "bad": bad}))
