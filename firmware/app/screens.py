# The generic screens every part of the app is built from: a Screen (draw
# and key), a menu (Choice), a few lines of text (Note); a grid of numbers
# (GridScreen) is app/play/grid.py. They know the app only as the object that owns the
# stack of screens (push, pop); they import nothing from the app, so any
# module can use them without pulling in another.

from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from .ui import Menu


class Screen:
    def __init__(self, app):
        self.app = app

    def draw(self, fb):
        pass

    def key(self, ev):
        pass


class Choice(Screen):
    """A menu screen: on_pick(index) when OK; BACK pops it (or on_back)."""

    def __init__(self, app, title, items, on_pick, index=0, rights=None,
                 on_back=None):
        # (Its calls take few arguments: with its own 8, more would break
        # the frame rule, docs/architecture.md.)
        self.app = app                  # Screen.__init__
        self.menu = Menu(title, items)
        self.menu.index = index
        self.menu.rights = rights
        self.on_pick = on_pick
        self.on_back = on_back

    def draw(self, fb):
        self.menu.draw(fb)

    def key(self, ev):
        r = self.menu.key(ev)
        if r is None:
            return
        if r < 0:
            if self.on_back:
                self.on_back()
            else:
                self.app.pop()
        else:
            self.on_pick(r)


class Note(Screen):
    """A few centred lines; OK or BACK runs on_ok (default: pop)."""

    def __init__(self, app, title, lines, on_ok=None, blank=False):
        Screen.__init__(self, app)
        self.title = title
        self.lines = lines
        self.on_ok = on_ok
        self.blank = blank

    def draw(self, fb):
        from .notes import message
        message(fb, self.title, self.lines)

    def key(self, ev):
        k = key_of(ev)
        if (k == OK and kind_of(ev) != LONG) or k == BACK:
            if self.on_ok:
                self.on_ok()
            else:
                self.app.pop()
