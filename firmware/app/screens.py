# The generic screens every part of the app is built from: a Screen (draw
# and key), a menu (Choice); a few lines of text (Note) is app/note.py, a
# grid of numbers (GridScreen) app/play/grid.py. They know the app only
# as the object that owns the stack of screens (push, pop); they import
# nothing from the app, so any module can use them without pulling in
# another.

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
