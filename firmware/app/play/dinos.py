# Happy Little Dinosaurs: each dinosaur's place on the escape route (of 50)
# and the disasters in its zone (natural, predator, emotional, meteor).
# OK enters a round: the disaster, each living player's point card (OK on
# the last one saves the round); a long OK in the cards opens the extras:
# adjustments, inversion and instant cards; when the lowest are tied the
# device asks the sudden death rounds it needs.

from drivers.buttons import OK, key_of
import core.dinos as dinos
from app.play.base import PlayBase
from app.i18n import tr
from app import ui


def dino_name(opt, t):
    # The short name of a player's dinosaur (its option byte), or "custom":
    # the i-th word of text t (tr("dino_short"), looked up once a frame),
    # cut out alone (split() made a str of each, for every row of every
    # frame).
    i = 0
    while i < len(dinos.DINOS) and dinos.DINOS[i][1] != opt & 0x3F:
        i += 1
    opt = 0                             # now where the i-th word starts
    while i:
        opt = t.find(" ", opt) + 1
        i -= 1
    i = t.find(" ", opt)
    return t[opt:] if i < 0 else t[opt:i]


class Play(PlayBase):
    def begin(self):
        if self.g.two_player_rules():
            from app.note import Note
            from app.notes import split_lines
            note = split_lines(tr("two_player_note"))
            self.app.push(Note(self.app, tr("dinos"), note))

    def draw(self, fb):
        # "Ronda 1 --- Meta 50" (the round being played), then per player:
        # name and dinosaur, the disasters held by type and the place on
        # the route, in columns under a legend row ("N D E M Pos"); the
        # types spelled out below.
        g = self.g
        ui.begin(fb)
        ui.header(fb, "%s %d" % (tr("round"), g.rounds + 1),
                  "%s %d" % (tr("target"), dinos.GOAL))
        legend = tr("dinos_cols")
        short = tr("dino_short")
        for p in range(self.s.n):
            z = g.zone
            if g.alive & (1 << p):
                right = ui.columns(legend, (z[4 * p], z[4 * p + 1],
                                            z[4 * p + 2], z[4 * p + 3],
                                            g.pos[p]))
            else:
                right = tr("eliminated")
            dino = dino_name(self.s.opts[p] if p < len(self.s.opts) else 0,
                             short)
            room = ui.COLS - len(right) - 2 - len(dino)
            name = self.s.names[p]
            if len(name) > room:                # (a call only then)
                name = ui.fit(name, room)
            ui.row(fb, p + 1, "%s %s" % (name, dino), right)
        ui.row(fb, 0, "", legend)
        ui.row(fb, 5, tr("dinos_key"), "")
        ui.row(fb, ui.ROWS - 1, tr("new_round"), "", True)

    def play_key(self, ev):
        if key_of(ev) != OK:
            return
        # The disaster, dialled as the cards are; its own module, in RAM
        # only while it is asked.
        from app.play.dinos_disaster import ask
        ask(self)

    def cards(self, d, fix=None):
        # The round's entry (app/play/dinos_round.py): in RAM only while it
        # is up, with the grid it uses (the summary that follows a round is
        # shown without them).
        from app.play.dinos_round import cards
        cards(self, d, fix)

    def fix_round(self, r, off):
        # The disaster, cards and extras as they were (sudden death is
        # asked again if the corrected round needs it).
        b = self.s.log.buf
        size = self.g.size(b, off, self.s.log.used)
        from app.play.dinos_disaster import ask
        ask(self, (r, bytes(b[off:off + size])), dinos.round_disaster(b, off))
