# Home, and the way into a new game: title, player count, names, options.

from core.games import IDS, game_class
from .app import Screen, Choice, Note
from .i18n import tr
from . import ui


class Home(Screen):
    def __init__(self, app):
        super().__init__(app)
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
            from .storage import before_new_game
            before_new_game(a, lambda: a.push(Choice(
                a, tr("choose_game"), [tr(g) for g in IDS],
                lambda i: choose_players(a, IDS[i]))))
        elif act == "resume":
            from .play import play_screen
            a.push(play_screen(a, a.session))
        elif act == "past":
            from .history import History
            a.push(History(a))
        elif act == "settings":
            from .settings_screen import SettingsScreen
            a.push(SettingsScreen(a))


def choose_players(app, gid):
    cls = game_class(gid)
    counts = [n for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)
              if gid != "dog" or n in (4, 6)]
    last = app.settings.last_n.get(gid, 4)
    index = counts.index(last) if last in counts else 0
    app.push(Choice(app, tr("how_many"), [str(n) for n in counts],
                    lambda i: choose_names(app, gid, counts[i]), index))


def choose_names(app, gid, n):
    app.settings.last_n[gid] = n
    app.settings.save()
    names = [app.settings.name(i) for i in range(n)]
    app.push(Names(app, gid, names))


class Names(Screen):
    """The players in seating order (clockwise); OK on one changes the
    name, the last line starts the game (or asks its options)."""

    def __init__(self, app, gid, names):
        super().__init__(app)
        self.gid = gid
        self.names = names
        self.menu = ui.Menu(tr("names"), [])

    def draw(self, fb):
        self.menu.items = ["%d. %s" % (i + 1, self.names[i])
                           for i in range(len(self.names))] + [tr("start")]
        self.menu.draw(fb)

    def key(self, ev):
        self.menu.items = [""] * (len(self.names) + 1)
        r = self.menu.key(ev)
        if r is None:
            return
        a = self.app
        if r < 0:
            a.pop()
        elif r == len(self.names):
            from .options import ask_options
            ask_options(a, self.gid, self.names)
        else:
            self.pick(r)

    def pick(self, i):
        a = self.app
        roster = [n for n in a.settings.roster if n not in self.names]
        items = roster + [tr("edit_name")]

        def chosen(j):
            if j < len(roster):
                self.names[i] = roster[j]
                a.pop()
            else:
                from .names import NameEdit
                a.replace(NameEdit(a, self.names[i], set_name))

        def set_name(name):
            self.names[i] = name
            if name not in a.settings.roster:
                a.settings.roster.append(name)
                del a.settings.roster[:-12]
                a.settings.save()
        a.push(Choice(a, self.names[i], items, chosen))


def start_game(app, gid, names, opts):
    from .session import Session
    from .play import play_screen
    s = Session(gid, names, opts)
    if s.error:
        from core import errors
        app.toast(errors.message(s.error, app.settings.lang))
        return
    from .storage import keep
    if not keep(app, s):
        return
    app.session = s
    app.home()
    from .app import unload
    unload("app.options", "app.names")
    screen = play_screen(app, s)
    app.push(screen)
    screen.begin()
    if gid == "dinos" and len(names) == 2:
        app.push(Note(app, tr("dinos"), split(tr("two_player_note"))))


def split(text, width=ui.COLS):
    # Word-wrap for Note screens.
    out = []
    line = ""
    for w in text.split(" "):
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = w
        else:
            line = line + " " + w if line else w
    if line:
        out.append(line)
    return out
