# Happy Little Dinosaurs: what the round just entered did, before play goes
# on (issue 14). A row per player: the round score with its parts (card,
# trait, adjustment; "8>2" when an inversion changed it), how far the
# player moved, D for who took the disaster, X for who was eliminated by
# it. OK goes on to the next round's disaster (the play screen's only
# action, one press fewer a round), BACK to the play screen. Loaded only
# when shown and forgotten after (app/memory.py), so that it takes no RAM
# through the rest of the game.

from drivers.buttons import OK, BACK, key_of
from core import dinos
from app.screens import Screen
from app.i18n import tr
from app import ui


def rows(g, names, buf, off):
    # The summary's player rows as (left, right) texts, from the round's
    # event at buf[off] and what the core kept after it.
    n = g.n
    d = dinos.round_disaster(buf, off)
    adjust = dinos.round_extras(buf, off, n)[3]
    out = []
    for p in range(n):
        v = dinos.round_card(buf, off, p)
        if v < 0:                      # out before this round
            out.append((names[p], tr("eliminated")))
            continue
        t = g.trait(p, d)
        a = adjust[p] if adjust else 0
        raw = v + t + a
        expr = str(v)
        for x in (t, a):
            if x:
                expr += "%+d" % x
        if expr != str(raw):
            expr += "=%d" % raw
        if g.last_score[p] != raw:     # the inversion swapped it
            expr += ">%d" % g.last_score[p]
        right = "+%d" % g.moved[p]
        if g.last_taker == p:
            right += " D"
            if not g.alive & (1 << p):
                right += " X"
        room = ui.COLS - len(right) - 2 - len(expr)
        out.append((ui.fit(names[p], room) + " " + expr, right))
    return out


class Summary(Screen):
    def __init__(self, app, play):
        Screen.__init__(self, app)
        self.play = play
        s = play.s
        g = play.g
        buf = s.log.buf
        off = s.log.round_at(g.rounds - 1)
        kind = tr(dinos.DISASTERS[dinos.round_disaster(buf, off)])
        self.title = tr("sum_title") % (g.rounds, kind[0].upper() + kind[1:])
        self.rows = rows(g, s.names, buf, off)
        self.inverted = bool(buf[off + 1] & 1)

    def draw(self, fb):
        ui.begin(fb)
        ui.header(fb, self.title)
        for i in range(len(self.rows)):
            ui.row(fb, i, self.rows[i][0], self.rows[i][1])
        ui.row(fb, 4, tr("sum_key"))
        if self.inverted:
            ui.row(fb, 5, tr("sum_inverted"))
        ui.row(fb, ui.ROWS - 1, tr("new_round"), "", True)

    def key(self, ev):
        k = key_of(ev)
        if k == OK or k == BACK:
            self.app.pop()
            from app.memory import unload
            unload(__name__)
            if k == OK:
                self.play.play_key(ev)      # the next round's disaster


def show(play):
    play.app.push(Summary(play.app, play))
