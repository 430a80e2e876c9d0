# Doggy Style: the first line announces Mario Hugo; each player's line shows
# the live score ("if it ended now") and unordered Parrandas to remind them.
# The cursor waits on the player whose turn it is (the rules core derives it
# from the log: after undo or a power cut too). OK on a player: the colour
# of the Parranda they took (then its points), order a colour, reserve +1 /
# -1, in one list; a long OK: "next turn" (a pass, kept in the log).
# After the third Mario Hugo, the wild colours are assigned in secret; the
# game is over (and archived) only once every ordered wild has its colour.

from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from core import doggy as D
from app.screens import Choice, Note
from app.play.base import PlayBase
from app.i18n import tr
from app import ui

COLOR_KEYS = ("blue", "red", "yellow", "green", "wild")


class Play(PlayBase):
    def __init__(self, app, session):
        super().__init__(app, session)
        self.top = 0
        self.to_turn()

    def to_turn(self):
        # The cursor on the player whose turn it is: never on the Mario
        # Hugo line, whose third press ends play.
        self.index = self.g.turn + 1

    def draw(self, fb):
        g = self.g
        ui.begin(fb)
        ui.header(fb, "%s %d/%d" % (tr("mario"), g.mario, D.MARIOS_TO_END))
        rows = self.s.n + 1
        self.top = ui.scroll(self.index, self.top)
        for i in range(ui.ROWS):
            j = self.top + i
            if j == 0:
                ui.row(fb, i, tr("assign_wilds") if g.ended() else
                       tr("mario_came"), "", self.index == 0)
            elif j < rows:
                p = j - 1
                ui.row(fb, i, self.s.names[p] + " " + self.pending(p),
                       str(g.total[p]), self.index == j)
        if rows < ui.ROWS:
            # What the letters after a name mean (e.g. "A1").
            ui.row(fb, ui.ROWS - 1, tr("doggy_key"))

    def pending(self, p):
        # Unordered Parrandas, e.g. "R2V1" (red 2, green 1); the letters
        # are the colours' in the language in use.
        g = self.g
        letters = tr("color_letters")
        out = ""
        for c in range(5):
            k = g.unordered(p, c)
            if k:
                out += letters[c] + str(k)
        return out

    def play_key(self, ev):
        if self.g.ended():
            # Play is over but wilds wait for their colours (e.g. resumed
            # after a power cut): any key goes back to the assignment.
            self.finished()
            return
        if key_of(ev) == OK and kind_of(ev) == LONG:
            # Next turn: the highlighted player's turn ends (on the Mario
            # Hugo line, the turn's player's).
            p = self.index - 1 if self.index else self.g.turn
            self.commit(D.event(self.s.ev, D.PASS, p))
            return
        self.rows_key(ev)

    def after(self):
        self.to_turn()
        if self.g.ended():
            self.finished()

    def undo(self):
        super().undo()
        self.to_turn()

    def table_action(self):
        if self.commit(D.event(self.s.ev, D.MARIO)) and not self.g.ended():
            self.to_turn()          # away from the Mario Hugo line
            self.app.toast("%s %d/%d" % (tr("mario"), self.g.mario,
                                         D.MARIOS_TO_END))

    def actions(self, p):
        # One list: the colour of a Parranda taken (then its points), order
        # a colour (when p has unordered ones), reserve +1 / -1. It opens on
        # the likely choice: ordering the colour p has most unordered of
        # when p holds 2 or more unordered Parrandas (time to order, before
        # Mario Hugo comes), else p's last colour taken.
        a = self.app
        g = self.g
        cols = [c for c in range(5) if g.unordered(p, c)]
        items = [tr(x) for x in COLOR_KEYS]
        rights = [""] * 5
        for c in cols:
            items.append(tr("order") + " " + tr(COLOR_KEYS[c]))
            rights.append(str(g.unordered(p, c)))
        items += [tr("reserve_add"), tr("reserve_sub")]
        rights += [str(g.reserve[p]), ""]
        last = self.s.ui.get("colors")
        if last is None:
            last = self.s.ui["colors"] = bytearray(self.s.n)
        start = last[p]
        pending = 0
        for c in range(5):
            pending += g.unordered(p, c)
        if pending >= 2:
            best = cols[0]
            for c in cols:
                if g.unordered(p, c) > g.unordered(p, best):
                    best = c
            start = 5 + cols.index(best)

        def pick(i):
            a.pop()
            if i < 5:
                self.take(p, i)
            elif i < 5 + len(cols):
                self.commit(D.event(self.s.ev, D.ORDER, p, cols[i - 5]))
            else:
                self.commit(D.event(self.s.ev, D.RESERVE, p,
                                    1 if i == 5 + len(cols) else -1))
        a.push(Choice(a, self.s.names[p], items, pick, start, rights))

    def take(self, p, c):
        # p took a Parranda of colour c: its points (a wild is worth 1);
        # the list opens on 1, the commonest card (3 of a colour's 7).
        a = self.app
        self.s.ui["colors"][p] = c
        if c == D.WILD:
            self.commit(D.event(self.s.ev, D.TAKE, p, c, 1))
            return
        pts = (5, 3, 1)
        a.push(Choice(a, tr(COLOR_KEYS[c]), [str(x) for x in pts],
                      lambda j: (a.pop(), self.commit(
                          D.event(self.s.ev, D.TAKE, p, c, pts[j]))), 2))

    def finished(self, then=None):
        # Secret wild assignment, one player at a time, then the breakdown.
        WildAssign(self.app, self).next_player(0)


class PassTo(Note):
    """"Pass the device to ...": OK asks that player's wilds; BACK goes
    back to play, where the game menu can undo what ended it (the third
    Mario Hugo, or the last wild assigned); any other key there asks the
    wilds again."""

    def key(self, ev):
        if key_of(ev) == BACK:
            self.app.pop()          # the play screen is under it
            return
        super().key(ev)


class WildAssign:
    def __init__(self, app, play):
        self.app = app
        self.play = play

    def next_player(self, p):
        a = self.app
        g = self.play.g
        while p < self.play.s.n and not g.must_assign(p):
            p += 1
        if p >= self.play.s.n:
            PlayBase.finished(self.play)
            return
        # A blank screen between players: the previous choice is not shown.
        a.push(PassTo(a, tr("wild"), [tr("pass_to"), self.play.s.names[p],
                                      "", tr("ok_when_ready")],
                      lambda: self.ask(p, 0, ())))

    def ask(self, p, j, cols):
        # cols: the colours p's first j wilds count as.
        a = self.app
        a.pop()
        k = self.play.g.ordered(p, D.WILD)
        if j == k:
            s = self.play.s
            err = s.add(D.event(s.ev, D.ASSIGN, p, cols))
            if err:
                # Not kept (e.g. the flash refused it): nothing changed;
                # say why and ask this player's colours again.
                a.error(err)
                self.choose(p, 0, ())
                return
            self.next_player(p + 1)
            return
        self.choose(p, j, cols)

    def choose(self, p, j, cols):
        a = self.app
        a.push(Choice(a, tr("assign_wild") % (j + 1),
                      [tr(c) for c in COLOR_KEYS[:4]],
                      lambda c: self.ask(p, j + 1, cols + (c,)),
                      on_back=lambda: None))
