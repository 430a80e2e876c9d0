# What every play screen shares: BACK opens the game menu (keep playing,
# undo, redo, scores, end, home), a long BACK undoes at once, invalid events
# show their reason and change nothing, and the end of the game leads to
# the final breakdown.

from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from app.screens import Screen, Choice
from app.i18n import tr
from app import ui


class PlayBase(Screen):
    def __init__(self, app, session):
        Screen.__init__(self, app)
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

    def enter(self, grid, save, refused=False):
        # A round typed in a grid; save(values) is False when the round is
        # refused. Then (or when `refused`: a refusal that came later) the
        # grid comes back as it was typed, the cursor on the value the
        # rules named (game.bad), else where it was: nothing is typed again.
        from app.play.grid import GridScreen
        bad = self.g.bad
        if refused and bad >= 0 and not grid.skip & (1 << (bad >> 3)):
            grid.r = bad >> 3
            grid.c = min(bad & 7, len(grid.fields) - 1)

        def done(values):
            if not save(values):
                self.enter(grid, save, True)
        self.app.push(GridScreen(self.app, grid, done))

    def after(self):
        if self.g.over:
            self.finished()

    def announce(self):
        # An event recorded on one press (a long OK's "next turn", DOG's
        # only possible action, Duplicon's card drawn): the screen says
        # what and how to undo it (a long BACK, which the message lets
        # through). Nothing once the game is over: the final screen says.
        if not self.g.over:
            from app.play.words import say
            self.app.toast(tr("done_undo") % say(self, self.s.log.n_live - 1),
                           2500, True)

    def finished(self, then=None):
        # then: data for the title's after_final() once the final screen
        # is left (app/final.py finish_game).
        from app.final import finish_game
        finish_game(self.app, self.s, then)

    def undo(self):
        # The message names what was undone ("Deshecho: Ana tomó rojo 5"):
        # app/play/words.py, in RAM for that moment only.
        log = self.s.log
        what = ""
        if log.n_live:
            from app.play.words import say
            what = say(self, log.n_live - 1)
        err = self.s.undo()
        if err:
            # Nothing to undo, or the flash or the log refused: say which.
            self.app.error(err, 1500)
        elif what:
            self.app.toast(tr("undone_x") % what)
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
                err = self.s.redo()
                if err:
                    a.error(err, 1500)     # nothing to redo, or refused
                else:
                    self.after()
            elif act == "fix_round":
                from app.play.fix import choose_round
                choose_round(self)
            elif act == "scores":
                from app.final import Breakdown
                a.push(Breakdown(a, self.s, live=True))
            elif act == "end_game":
                self.end_game()
            elif act == "exit":
                a.home()
        a.push(Choice(a, tr(self.s.gid), [tr(x) for x in acts], pick))

    def end_game(self):
        pass

    # Correcting a past round (the titles with rounds): app/play/fix.py
    # asks which one, then the title's round entry comes prefilled with it
    # (fix_round), whose OK builds the round event and hands it to
    # commit_fix. Loaded only when "correct a round" is picked.
    def fix_round(self, r, off):
        # The round entry for round r (0-based), prefilled from its event
        # as it stands at log.buf[off] (core/log.py round_at).
        pass

    def commit_fix(self, r, size):
        from app.play.fix import commit
        return commit(self, r, size)
