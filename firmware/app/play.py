# What every play screen shares: BACK opens the game menu (keep playing,
# undo, redo, scores, end, home), a long BACK undoes at once, invalid events
# show their reason and change nothing, and the end of the game leads to
# the final breakdown.

import gc
from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from core import errors
from .app import Screen, Choice, Note, HomeLater
from .i18n import tr
from . import ui


def start_game(app, gid, names, opts):
    # Run by App.step once the key that finished the setup is handled (no
    # setup code is running then): the setup screens and their modules go
    # first, so that they and the game's modules are never in RAM together
    # (a refused start lands on the home screen, with the reason). Then
    # only home is on the stack, so the live log is free to take over.
    app.home()
    app.stack[0] = HomeLater(app)
    from .memory import unload
    unload("app.options", "app.names", "app.newgame", "app.home")
    gc.collect()
    from .session import Session
    s = Session(gid, names, opts, app.live_log)
    if s.error:
        app.error(s.error, 1500)
        return
    from .storage import keep
    if not keep(app, s):
        return
    app.session = s
    screen = play_screen(app, s)
    app.push(screen)
    screen.begin()
    # Only Dinos has two_player_rules(): gid says the game is Dinos.
    if gid == "dinos" and s.game.two_player_rules():  # pyright: ignore[reportAttributeAccessIssue]
        note = ui.split_lines(tr("two_player_note"))
        app.push(Note(app, tr("dinos"), note))


def play_screen(app, session):
    gid = session.gid
    if gid == "doggy":
        from .play_doggy import Play
    elif gid == "duplicon":
        from .play_duplicon import Play
    elif gid == "alebrijes":
        from .play_alebrijes import Play
    elif gid == "dog":
        from .play_dog import Play
    elif gid == "dinos":
        from .play_dinos import Play
    else:
        from .play_free import Play
    return Play(app, session)


class PlayBase(Screen):
    def __init__(self, app, session):
        super().__init__(app)
        self.s = session

    @property
    def g(self):
        return self.s.log.game

    def begin(self):
        # Called once the screen is on the stack (questions before play).
        pass

    def key(self, ev):
        if key_of(ev) == BACK:
            if kind_of(ev) == LONG:
                self.undo()
            else:
                self.game_menu()
            return
        self.play_key(ev)

    def play_key(self, ev):
        pass

    # Screens whose first row is an action for the table (deal, Mario Hugo)
    # and whose other rows are the players.
    index = 0

    def rows_key(self, ev):
        i = ui.wrap(self.index, ev, self.s.n + 1)
        if i is not None:
            self.index = i
        elif key_of(ev) == OK:
            if self.index == 0:
                self.table_action()
            else:
                self.actions(self.index - 1)

    def table_action(self):
        pass

    def actions(self, p):
        pass

    def commit(self, size):
        # Apply the event in the session's buffer. True when accepted.
        err = self.s.add(size)
        if err:
            self.app.error(err)
            return False
        self.after()
        return True

    def after(self):
        if self.g.over:
            self.finished()

    def finished(self):
        from .final import finish
        finish(self.app, self.s)

    def undo(self):
        if self.s.undo():
            self.app.toast(tr("nothing_undo"))
        else:
            self.app.toast(tr("undone"), 800)

    def menu_items(self):
        return ["continue", "undo", "redo", "scores", "exit"]

    def game_menu(self):
        a = self.app
        acts = self.menu_items()
        if self.g.ROUND_KIND and self.g.rounds:
            # Correct a past round: the last row, so that the others keep
            # their places.
            acts.append("fix_round")

        def pick(i):
            act = acts[i]
            a.pop()
            if act == "undo":
                self.undo()
            elif act == "redo":
                if self.s.redo():
                    a.error(errors.NOTHING_TO_REDO, 1500)
                else:
                    self.after()
            elif act == "fix_round":
                self.choose_round()
            elif act == "scores":
                from .final import Breakdown
                a.push(Breakdown(a, self.s, live=True))
            elif act == "end_game":
                self.end_game()
            elif act == "exit":
                a.home()
        a.push(Choice(a, tr(self.s.gid), [tr(x) for x in acts], pick))

    def end_game(self):
        pass

    # Correcting a past round (the titles with rounds): choose it, then the
    # title's round entry prefilled with it (fix_round), whose OK builds
    # the round event and hands it to commit_fix.
    def choose_round(self):
        a = self.app
        n = self.g.rounds
        a.push(Choice(a, tr("fix_round"),
                      ["%s %d" % (tr("round"), r + 1) for r in range(n)],
                      self.picked_round, n - 1))

    def picked_round(self, r):
        self.app.pop()
        self.fix_round(r, self.s.log.round_at(r))

    def fix_round(self, r, off):
        # The round entry for round r (0-based), prefilled from its event
        # as it stands at log.buf[off] (core/log.py round_at).
        pass

    def commit_fix(self, r, size):
        # The round event just built in the session's buffer becomes the
        # correction of round r. True when accepted; refused, the reason
        # (a later round it would break: which one) and nothing changed.
        from core.game import fix_event
        err = self.s.add(fix_event(self.s.ev, r, size))
        if err:
            self.app.error(err, 2500, self.s.log.bad_round)
            return False
        self.app.toast(tr("fixed"), 800)
        self.after()
        return True
