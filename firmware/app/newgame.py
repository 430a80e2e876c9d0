# The way into a new game: title, player count, names (from the roster),
# then the game's options (its app/play/<id>.py ask_options, through
# flow.ask_options), which end in App.start_later().
# Loaded from the home screen and forgotten once the game starts (see
# flow.start_game), with the name screens, so that none of it
# takes RAM during play.

from core.games import IDS, player_counts
from drivers.game_files import OK, LOW, FULL
from .screens import Screen, Choice
from .i18n import tr
from . import ui


def before_new_game(app, go):
    # Abandon the game in progress (asked first: app/flow.py archives it),
    # check the space, then go(). A full flash refuses the new game; a
    # low one warns first.
    s = app.session
    if s is not None:
        def abandon(i):
            app.pop()
            if i == 1:
                from .flow import archive
                if archive(app, s, s.game.over):
                    app.session = None
                    before_new_game(app, go)
        app.push(Choice(app, tr("abandon_q"), [tr("no"), tr("yes")], abandon))
        return
    st = app.store
    room = OK if st is None else st.space()
    if room == OK:
        go()
        return
    # (imported here: else the Note class is in RAM through every setup)
    from .note import Note
    if room == FULL:
        app.push(Note(app, tr("flash_full"), [tr("sync_pc"), tr("full_new")]))
    else:
        app.push(Note(app, tr("flash_low"), [tr("sync_pc")],
                      lambda: (app.pop(), go())))


def choose_game(app):
    app.push(Choice(app, tr("choose_game"), [tr(g) for g in IDS],
                    lambda i: choose_players(app, IDS[i])))


def choose_players(app, gid):
    counts = player_counts(gid)
    last = app.settings.last_n.get(gid, 4)
    index = counts.index(last) if last in counts else 0
    app.push(Choice(app, tr("how_many"), [str(n) for n in counts],
                    lambda i: choose_names(app, gid, counts[i]), index))


def choose_names(app, gid, n):
    app.settings.last_n[gid] = n
    app.settings.save()
    names = [app.settings.name(i) for i in range(n)]
    # app/flow.py (the title's options, the game's start) is loaded with
    # the setup's last screen: neither the key that asks the options (on
    # the unix VM its import was a quarter of that key) nor a game's start
    # pays for it. Home forgets it (app/memory.py from_home).
    __import__("app.flow")
    app.push(Names(app, gid, names))


class Names(Screen):
    """The players in seating order (clockwise); OK on one changes the
    name, the last line starts the game (or asks its options)."""

    def __init__(self, app, gid, names):
        Screen.__init__(self, app)
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
            from .flow import ask_options
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
        if not roster:          # a list of one choice: straight to typing
            from app.names import NameEdit
            a.push(NameEdit(a, self.names[i], set_name))
            return
        a.push(Choice(a, self.names[i], items, chosen))
