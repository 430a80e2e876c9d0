# Doggy Style: the end of a game (app/play/doggy.py finished()): each
# player who holds wilds is handed the device in turn and assigns them in
# secret, then the breakdown. In RAM only from then on (forgotten with the
# play modules when the game ends).

from drivers.buttons import BACK, key_of
from core import doggy
from app.screens import Choice
from app.note import Note
from app.play.base import PlayBase
from app.i18n import tr


class PassTo(Note):
    """"Pass the device to ...": OK asks that player's wilds; BACK goes
    back to play, where the game menu can undo what ended it (the third
    Mario Hugo, or the last wild assigned); any other key there asks the
    wilds again."""

    def key(self, ev):
        if key_of(ev) == BACK:
            self.app.pop()          # the play screen is under it
            return
        Note.key(self, ev)


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
        k = self.play.g.ordered(p, doggy.WILD)
        if j == k:
            s = self.play.s
            err = s.add(doggy.event(s.ev, doggy.ASSIGN, p, cols))
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
                      [tr(c) for c in doggy.COLORS[:4]],
                      lambda c: self.ask(p, j + 1, cols + (c,)),
                      on_back=lambda: None))
