# The final breakdown: every player's total and its parts, the winner(s).
# Also used live (scores so far) and for past games (read-only). And the
# end of a game's life: finish_game() shows it when a game ends; leaving
# it (the game archived) or undoing from it (play goes on) is app/flow.py's,
# imported here only for those moments: flow never imports this module.

from drivers.buttons import OK, BACK, key_of
from .screens import Screen
from .i18n import tr
from . import ui
from .memory import forget, unload_package, PLAY


def finish_game(app, session, then=None):
    # The game is over: show the breakdown, with "undo the last event".
    # The game stays the game in progress (its journal, games/cur) while
    # that screen is up, and moves to the archive only when the player
    # leaves it (Final.leave -> flow.leave_final -> archive). Why not
    # archive at once and reopen on undo: an archive entry is append-only
    # and the sync link offers it as soon as it is there, so a reopened
    # game could already be on a PC. Kept in cur, it is never offered (the
    # link lists archived games only); a power cut on this screen boots
    # back into it (startup.py shows this screen again for a journal whose
    # game is over, undo included); a cut while it moves leaves the entry
    # and cur, and boot removes cur (drivers/store.py): never neither,
    # never counted twice.
    # Undo is the game's normal undo, written to the journal like any
    # other. then: what follows the game once it is left (a DOG match's
    # next game), as data: the title's play module is loaded again for it
    # then (flow.leave_final -> after_final). A function from that module
    # would keep the whole module in RAM while the final screen is up.
    if not session.ended and not session.end_unknown:
        from .clock import now_s
        session.ended = now_s()        # when it ended, not when it is left
    app.home()
    unload_package(PLAY)               # back only on undo
    app.push(Final(app, session, then))
    forget("lifecycle")           # loaded again when the screen is left


class Breakdown(Screen):
    def __init__(self, app, session, live=False):
        Screen.__init__(self, app)
        self.s = session
        self.live = live
        self.index = 0
        self.top = 0

    def draw(self, fb):
        g = self.s.log.game
        g.score()
        ui.begin(fb)
        title = tr("scores") if self.live or not g.over else tr("over")
        ui.header(fb, title)
        n = self.s.n
        self.top = ui.scroll(self.index, self.top)
        edge = ui.EDGE if self.count() > ui.ROWS else 0
        alive = getattr(g, "alive", -1)     # Dinos: who was eliminated
        for i in range(ui.ROWS):
            j = self.top + i
            if j < n:
                mark = "*" if g.winners & (1 << j) else " "
                right = str(g.total[j]) if alive & (1 << j) else \
                    "%s %d" % (tr("eliminated"), g.total[j])
                ui.row(fb, i, mark + self.s.names[j], right,
                       (j == self.index) | edge)
            elif j == n:
                ui.row(fb, i, self.result_line(g), "",
                       (j == self.index) | edge)
        ui.marks(fb, self.top, ui.ROWS, self.count(), 0, self.index)

    def count(self):
        # The rows: the players and the result line.
        return self.s.n + 1

    def result_line(self, g):
        if not g.over:
            # Totals that only the end settles (Doggy's majorities): say
            # they are what the game would score if it ended now.
            return tr("if_now") if g.SCORED_AT_END else ""
        w = [self.s.names[p] for p in range(self.s.n) if g.winners & (1 << p)]
        if len(w) == 1:
            return tr("winner") % w[0]
        if g.TEAMS:
            return tr("team_won") % " + ".join(w)
        return tr("winners") + " " + ", ".join(w)

    def key(self, ev):
        k = key_of(ev)
        i = ui.wrap(self.index, ev, self.s.n + 1)
        if i is not None:
            self.index = i
        elif k == OK and self.index < self.s.n:
            self.detail(self.index)
        elif k == BACK or k == OK:
            self.app.pop()

    def detail(self, p):
        g = self.s.log.game
        lines = []
        for k in range(g.nparts()):
            name = g.part_name(k)
            label = tr("p_" + name)
            if label.startswith("p_"):          # free pad rounds: r1, r2...
                label = tr("round") + " " + name[1:]
            lines.append("%s: %d" % (label, g.part(p, k)))
        lines.append("%s: %d" % (tr("total"), g.total[p]))
        # app/note.py only for a player's detail: not imported with this
        # screen at every game's end (it is forgotten after each key).
        from .note import Note
        self.app.push(Note(self.app, self.s.names[p], lines))


class Final(Breakdown):
    """The breakdown of the game that just ended, with one more row: undo
    the last event, back to play. BACK leaves (flow archives the game);
    OK on the result line does nothing: a stray OK loses nothing."""

    def __init__(self, app, session, then=None):
        # then: what follows the game once it is left (finish_game).
        Breakdown.__init__(self, app, session)
        self.then = then

    # What BACK and the undo row do: app/flow.py's, loaded for them (it is
    # not in RAM while this screen is up).
    def leave(self):
        from .flow import leave_final
        leave_final(self.app, self.s, self.then)

    def reopen(self):
        from .flow import reopen_game
        reopen_game(self.app, self.s)

    def draw(self, fb):
        Breakdown.draw(self, fb)
        i = self.s.n + 1 - self.top
        if 0 <= i < ui.ROWS:
            ui.row(fb, i, tr("undo_last"), "",
                   (self.index == self.s.n + 1) |
                   (ui.EDGE if self.count() > ui.ROWS else 0))
            ui.marks(fb, self.top, ui.ROWS, self.count(), 0, self.index)

    def count(self):
        # One more row: undo the last event.
        return self.s.n + 2

    def key(self, ev):
        k = key_of(ev)
        n = self.s.n
        i = ui.wrap(self.index, ev, n + 2)
        if i is not None:
            self.index = i
        elif k == OK and self.index < n:
            self.detail(self.index)
        elif k == OK and self.index == n + 1:
            self.reopen()
        elif k == BACK:
            self.leave()
