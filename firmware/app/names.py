# Typing a name with four keys: UP/DOWN pick the letter under the cursor,
# OK moves on, BACK deletes, a long OK saves.

from .screens import Screen
from .i18n import tr
from . import ui
from .textdraw import draw
from drivers.buttons import UP, DOWN, OK, BACK, LONG, key_of, kind_of

CHARS = (" ABCDEFGHIJKLMNÑOPQRSTUVWXYZÁÉÍÓÚÜ"
         "abcdefghijklmnñopqrstuvwxyzáéíóúü0123456789-.'")
MAX_LEN = 12


class NameEdit(Screen):
    def __init__(self, app, name, done):
        super().__init__(app)
        self.chars = list(name[:MAX_LEN]) or ["A"]
        self.pos = len(self.chars) - 1
        self.done = done

    def draw(self, fb):
        fb.fill(0)
        ui.header(fb, tr("edit_name"))
        s = "".join(self.chars)
        x = 64 - len(s) * 5
        draw(fb, s, x, 20, 1, 2)
        fb.fill_rect(x + self.pos * 10, 38, 9, 2, 1)
        ui.center(fb, 48, tr("name_help"))
        ui.center(fb, 56, tr("name_long"))

    def key(self, ev):
        k = key_of(ev)
        if k == UP or k == DOWN:
            c = self.chars[self.pos]
            i = CHARS.find(c)
            i = (i + (1 if k == UP else -1)) % len(CHARS)
            self.chars[self.pos] = CHARS[i]
        elif k == OK:
            if kind_of(ev) == LONG:
                name = "".join(self.chars).strip()
                if name:
                    self.done(name)
                self.app.pop()
            elif self.pos < MAX_LEN - 1:
                self.pos += 1
                if self.pos >= len(self.chars):
                    self.chars.append(self.chars[self.pos - 1]
                                      if self.chars[self.pos - 1] != " "
                                      else "a")
        elif k == BACK:
            if kind_of(ev) == LONG:
                self.app.pop()
            elif len(self.chars) > 1:
                del self.chars[self.pos]
                self.pos = min(self.pos, len(self.chars) - 1)
            else:
                self.app.pop()
