# Home: new game, resume, past games, settings. The way into a new game
# (title, players, names, options) is app/newgame.py, loaded only then.

from .screens import Screen
from .i18n import tr
from . import ui


class Home(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.menu = ui.Menu(tr("home"), [])
        self.actions = []

    def _items(self):
        a = self.app
        acts = ["new"]
        if a.session is not None:
            acts.insert(0, "resume")
        acts += ["past", "settings"]
        if acts != self.actions:
            self.menu.index = 0    # a game began or ended: start on top
        self.actions = acts
        self.menu.title = tr("home")
        self.menu.items = [tr(k) for k in acts]

    def draw(self, fb):
        if len(self.app.stack) == 1:
            # The screens opened from here are done (app/memory.py): their
            # code is in RAM only while they are in use.
            from .memory import forget, unload_package, PLAY
            forget("from_home")
            unload_package(PLAY)           # as flow.forget_play()
        self._items()
        self.menu.draw(fb)

    def key(self, ev):
        self._items()
        r = self.menu.key(ev)
        if r is None or r < 0:
            return
        act = self.actions[r]
        a = self.app
        if act == "new":
            from app.newgame import before_new_game, choose_game
            before_new_game(a, lambda: choose_game(a))
        elif act == "resume":
            from .flow import resume
            resume(a)
        elif act == "past":
            from app.history import History
            a.push(History(a))
        elif act == "settings":
            from app.settings_screen import SettingsScreen
            a.push(SettingsScreen(a))
