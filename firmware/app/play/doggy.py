# Doggy Style: the first line announces Mario Hugo; each player's line shows
# the live score ("if it ended now") and unordered Parrandas to remind them.
# The cursor waits on the player whose turn it is (the rules core derives it
# from the log: after undo or a power cut too). OK on a player: the colour
# of the Parranda they took (then its points; a long OK there when they
# took another), order a colour, reserve +1 / -1, in one list; a long OK on
# a player: "next turn" (a pass, kept in the log).
# After the third Mario Hugo, the wild colours are assigned in secret; the
# game is over (and archived) only once every ordered wild has its colour.
# A game played with the end count (its option byte) has another screen:
# app/play/doggy_count.py.

from drivers.buttons import OK, LONG, key_of, kind_of
import core.doggy as doggy
from app.screens import Choice
from app.play.base import PlayBase
from app.i18n import tr
from app import ui
from app.ui import draw_row, draw_title
from app.play.rows import fresh, mix, salt

COLOR_KEYS = doggy.COLORS     # the colours' text keys are the rules' names


def screen(app, session):
    # The play screen of the way the game is played (core/doggy.py's
    # option byte): live tracking (Play), or the end count.
    if session.log.game.by_count():
        from app.play.doggy_count import Play as Count
        return Count(app, session)
    return Play(app, session)


class Play(PlayBase):
    def __init__(self, app, session):
        PlayBase.__init__(self, app, session)
        self.salt = salt(session)       # the rows' value checksums' start
        self.top = 0
        self.to_turn()

    def to_turn(self):
        # The cursor on the player whose turn it is: never on the Mario
        # Hugo line, whose third press ends play.
        self.index = self.g.turn + 1

    # The rows are checked by the values they show (rows.fresh): their
    # strings are made only when they change. (Small methods: the frame
    # rule, docs/architecture.md.)
    def draw(self, fb):
        ui.begin(fb)
        sig = self.salt
        if fresh(fb, 0, mix(sig, self.g.mario)):
            draw_title(fb, "%s %d/%d" % (tr("mario"), self.g.mario,
                                         doggy.MARIOS_TO_END))
        self.top = ui.scroll(self.index, self.top)
        i = 0
        while i < ui.ROWS:
            self.line(fb, i, sig)
            i += 1
        self.legend(fb, ui.ROWS - 1 - self.s.n)

    def legend(self, fb, free):
        # What the letters after a name mean, every colour's, in the rows
        # the players leave free: "A1 = 1 azul" and the letters when three
        # are, the letters in two, in short in one.
        last = ui.ROWS - 1
        if free >= 3:
            ui.row(fb, last - 2, tr("doggy_key"))
        if free >= 2:
            ui.row(fb, last - 1, tr("doggy_key_letters"))
            ui.row(fb, last, tr("doggy_key_more"))
        elif free == 1:
            ui.row(fb, last, tr("doggy_key_short"))

    def line(self, fb, i, sig):
        # Content row i: the Mario Hugo line (j 0) or player j - 1's.
        j = self.top + i
        if j == 0:
            sig = mix(sig, self.g.ended())
            if fresh(fb, i + 1, sig, self.index == 0):
                self.mario_line(fb, i)
        elif j <= self.s.n:
            sig = self.player_sig(j - 1, sig)
            if fresh(fb, i + 1, sig, self.index == j):
                self.player(fb, i, j - 1)

    def mario_line(self, fb, i):
        draw_row(fb, i, tr("assign_wilds") if self.g.ended() else
                 tr("mario_came"), "", self.index == 0)

    def player_sig(self, p, sig):
        # What p's line shows: the unordered Parrandas, the total.
        g = self.g
        u = 0
        c = 0
        while c < 5:
            u = u * 16 + g.unordered(p, c)
            c += 1
        return mix(mix(sig, g.total[p]), u * 8 + p)

    def player(self, fb, i, p):
        draw_row(fb, i, self.pending(p), str(self.g.total[p]),
                 self.index == p + 1)

    def pending(self, p):
        # The player's name and unordered Parrandas, e.g. "Ana R2V1" (red
        # 2, green 1); the letters are the colours' in the language in
        # use, looked up only when there is one (none at a game's start).
        g = self.g
        letters = ""
        out = self.s.names[p]
        for c in range(5):
            k = g.unordered(p, c)
            if k:
                if not letters:
                    letters = tr("color_letters")
                    out += " "
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
            if self.commit(doggy.event(self.s.ev, doggy.PASS, p)):
                self.announce()
            return
        self.rows_key(ev)

    mario_now = False               # table_action's commit under way

    def after(self):
        self.to_turn()
        if self.g.ended():
            if self.mario_now:
                self.end_note()
            else:
                self.finished()

    def end_note(self):
        # The third Mario Hugo: say that play is over and how to undo it
        # (a list: OK goes on to the wilds or the breakdown; "undo", or
        # BACK, undoes it).
        a = self.app

        def pick(i):
            a.pop()
            if i:
                self.undo()
            else:
                self.finished()
        a.push(Choice(a, "%s %d/%d" % (tr("mario"), doggy.MARIOS_TO_END,
                                       doggy.MARIOS_TO_END),
                      [tr("mario_end"), tr("undo")], pick,
                      on_back=lambda: pick(1)))

    def undo(self):
        PlayBase.undo(self)
        self.to_turn()

    def table_action(self):
        self.mario_now = True
        done = self.commit(doggy.event(self.s.ev, doggy.MARIO))
        self.mario_now = False
        if done and not self.g.ended():
            self.to_turn()          # away from the Mario Hugo line
            self.app.toast("%s %d/%d" % (tr("mario"), self.g.mario,
                                         doggy.MARIOS_TO_END))

    def actions(self, p):
        # One list: each colour (a Parranda of it taken, then its points),
        # right below it "order" that colour when p holds it unordered,
        # then reserve +1 / -1. It opens on ordering the colour p holds
        # most of unordered (unordered Parrandas score nothing when Mario
        # Hugo comes), unless p took one this turn (an order is a whole
        # turn); else in the middle of the colours (yellow): the colour
        # taken is whatever the supply showed, and from the middle the
        # colours are the fewest presses away.
        a = self.app
        g = self.g
        items = []
        rights = []
        acts = []                   # colour, or 8 + colour for an order
        start = 0                   # yellow's row
        order = -1                  # the row of ordering p's biggest colour
        best = 0
        for c in range(5):
            if c == doggy.YELLOW:
                start = len(acts)
            acts.append(c)
            items.append(tr(COLOR_KEYS[c]))
            rights.append("")
            k = g.unordered(p, c)
            if k:
                if k > best:
                    best = k
                    order = len(acts)
                acts.append(8 + c)
                items.append(tr("order") + " " + tr(COLOR_KEYS[c]))
                rights.append(str(k))
        if order >= 0 and self.turn_event() != (doggy.TAKE, p):
            start = order
        items += [tr("reserve_add"), tr("reserve_sub")]
        rights += [str(g.reserve_dogs(p)), ""]

        def pick(i):
            a.pop()
            if i >= len(acts):
                self.commit(doggy.event(self.s.ev, doggy.RESERVE, p,
                                    1 if i == len(acts) else -1))
            elif acts[i] < 8:
                self.take(p, acts[i])
            else:
                self.commit(doggy.event(self.s.ev, doggy.ORDER, p,
                                        acts[i] - 8))
        a.push(Choice(a, self.s.names[p], items, pick, start, rights))

    def turn_event(self):
        # (kind, player) of the latest take, order or pass in effect, or
        # None: a take by the player at hand means this is still their
        # turn (a second Parranda taken).
        log = self.s.log
        for j in range(log.n_live - 1, -1, -1):
            h = log.buf[log.event_at(j)]
            k = h & 0x0F
            if k == doggy.TAKE or k == doggy.ORDER or k == doggy.PASS:
                return k, h >> 4
        return None

    def take(self, p, c):
        # p took a Parranda of colour c: its points (a wild is worth 1).
        # The list opens on 1 (the rulebook does not say how many of each
        # value a colour has, so no count can pick a likelier one).
        a = self.app
        if c == doggy.WILD:
            self.commit(doggy.event(self.s.ev, doggy.TAKE, p, c, 1))
            return
        pts = (5, 3, 1)
        a.push(Points(a, tr(COLOR_KEYS[c]), [str(x) for x in pts],
                      lambda j: self.took(p, c, pts[j], False), 2,
                      lambda j: self.took(p, c, pts[j], True)))

    def took(self, p, c, v, more):
        # more (a long OK on the points): p took another Parranda this
        # turn, so the cursor stays on p instead of moving on.
        self.app.pop()
        if self.commit(doggy.event(self.s.ev, doggy.TAKE, p, c, v)) and more:
            self.index = p + 1

    def finished(self, then=None):
        # Secret wild assignment, one player at a time, then the breakdown
        # (app/play/doggy_wild.py: only at the end of a game).
        from app.play.doggy_wild import WildAssign
        WildAssign(self.app, self).next_player(0)


class Points(Choice):
    """A Parranda's points: OK takes it; a long OK (said at the bottom)
    takes it and keeps the cursor on the player, who took another."""

    def __init__(self, app, title, items, on_pick, index, on_long):
        Choice.__init__(self, app, title, items, on_pick, index)
        self.on_long = on_long

    def draw(self, fb):
        Choice.draw(self, fb)
        ui.centred(fb, ui.ROWS - 1, tr("take_more"))   # a band, as rows

    def key(self, ev):
        if key_of(ev) == OK and kind_of(ev) == LONG:
            self.on_long(self.menu.index)
        else:
            Choice.key(self, ev)
