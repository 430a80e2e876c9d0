# Typing a name with four keys: UP/DOWN pick the letter under the cursor,
# OK moves on, BACK deletes, a long OK saves.
#
# The letters come in the order names use them, the commonest nearest: a
# name's first letter starts on "A" and a later one on "a", and from there
# UP and DOWN reach the next most common letters in turn (A, M, J, L, C...
# for initials; a, e, o, i, n, r, l, s... after them). A default name
# ("J3") is replaced, not edited. "Ana" takes 5 presses in the editor
# (was 60: the alphabet from A to n, then back to a).

from .screens import Screen
from .i18n import tr
from . import ui
from .textdraw import FONT, glyph_offset
from drivers.buttons import UP, DOWN, OK, BACK, LONG, key_of, kind_of

# By use, the commonest in the middle and the next ones alternately after
# and before it (one press away from "A": M and J; two: L and C):
# initials of Spanish first names  A M J L C S E P R D I G F B N T V O H U
# K Y Z Q W X Ñ Á É Í Ó Ú Ü, then letters within names  a e o i n r l s u d
# c m t g b p v j h y z f q ñ x k w á é í ó ú ü; then space, digits and
# - . ' (a literal: host_tools/devicefacts.py reads it from this file).
CHARS = ("ÜÓÉÑWZKHVNFIRECJAMLSPDGBTOUYQXÁÍÚ"
         "üóéwxqzhvbtculnoaeirsdmgpjyfñkáíú 0123456789-.'")
MAX_LEN = 12


def _is_default(name):
    # The names the device makes up: J1..J8 (settings.name).
    return len(name) > 1 and name.startswith("J") and name[1:].isdigit()


class NameEdit(Screen):
    def __init__(self, app, name, done):
        Screen.__init__(self, app)
        if _is_default(name):
            name = ""
        # Its letters as 1-character slices: a str's item (name[i],
        # list(name)) would be interned, in the heap for good
        # (textdraw.glyph_offset); a slice is not.
        self.chars = [name[i:i + 1] for i in range(min(len(name), MAX_LEN))] \
            or ["A"]
        self.pos = len(self.chars) - 1
        self.done = done

    def draw(self, fb):
        fb.fill(0)
        ui.header(fb, tr("edit_name"))
        s = "".join(self.chars)
        x = 64 - len(s) * 5
        big(fb, s, x, 20)
        fb.fill_rect(x + self.pos * 10, 38, 9, 2, 1)
        from .notes import center
        center(fb, 48, tr("name_help"))
        center(fb, 56, tr("name_long"))

    def key(self, ev):
        k = key_of(ev)
        if k == UP or k == DOWN:
            c = self.chars[self.pos]
            i = CHARS.find(c)
            i = (i + (1 if k == UP else -1)) % len(CHARS)
            self.chars[self.pos] = CHARS[i:i + 1]     # (a slice: above)
        elif k == OK:
            if kind_of(ev) == LONG:
                name = "".join(self.chars).strip()
                if name:
                    self.done(name)
                self.app.pop()
            elif self.pos < MAX_LEN - 1:
                self.pos += 1
                if self.pos >= len(self.chars):
                    self.chars.append("a")     # the commonest letter
        elif k == BACK:
            if kind_of(ev) == LONG:
                self.app.pop()
            elif len(self.chars) > 1:
                del self.chars[self.pos]
                self.pos = min(self.pos, len(self.chars) - 1)
            else:
                self.app.pop()


def big(fb, s, x, y):
    # s at twice the font's size (the name being typed), drawn only here.
    for i in range(len(s)):
        off = glyph_offset(ord(s[i:i + 1]))     # (a slice: NameEdit)
        for j in range(5):
            col = FONT[off + j]
            for r in range(8):
                if col >> r & 1:
                    fb.fill_rect(x + 2 * j, y + 2 * r, 2, 2, 1)
        x += 10
