# A screen of a few centred lines (Note): what boot found, a message
# before or after a game. Not in RAM while a game is played: a module
# that shows one imports it then, and the app forgets it with the notes'
# drawing after the next key (app/memory.py "notes"); a Note on the stack
# keeps its class meanwhile.

from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from .screens import Screen


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
