# DOG: the round line (hand size, dealer, who starts) and each player's
# pawns: C home (casa), R track (recorrido), M goal (meta). OK on the round
# line deals the next round; OK on a player: pawn out, pawn in the goal
# (by them or by their partner), or killed another pawn.

from core import dog as G
from core.game import header
from .app import Choice, Note
from .play import PlayBase
from .i18n import tr
from . import ui


class Play(PlayBase):
    def __init__(self, app, session):
        super().__init__(app, session)
        self.index = 0

    def draw(self, fb):
        g = self.g
        fb.fill(0)
        names = self.s.names
        # "R2: 5 cartas      J4>J3": round, hand size, dealer > who starts.
        ui.header(fb, "%s%d: %d %s" % (tr("round")[0], g.round,
                                       g.hand_size(), tr("cards")),
                  "%s>%s" % (names[g.dealer()][:4],
                             names[g.first_player()][:4]))
        ui.row(fb, 0, "%s %d" % (tr("deal"), g.round + 1), "",
               self.index == 0)
        for p in range(self.s.n):
            ui.row(fb, p + 1, "%s%d %s" % (tr("team")[0], g.team(p) + 1,
                                           names[p]),
                   "C%d R%d M%d" % (g.home[p], g.track[p], g.goal[p]),
                   self.index == p + 1)

    def play_key(self, ev):
        self.rows_key(ev)

    def table_action(self):
        self.s.ev[0] = G.DEAL
        if self.commit(1):
            self.app.toast(tr("swap"))

    def actions(self, p):
        a = self.app
        g = self.g
        acts = ["out", "goal", "goal_partner", "kill"]

        def pick(i):
            a.pop()
            act = acts[i]
            if act == "out":
                self.event(header(G.OUT, p))
            elif act == "goal":
                self.event(header(G.GOAL, p), p)
            elif act == "goal_partner":
                self.event(header(G.GOAL, p), g.partner(p))
            else:
                victims = [q for q in range(self.s.n) if g.track[q]]
                if not victims:
                    victims = list(range(self.s.n))
                a.push(Choice(a, tr("victim"),
                              [self.s.names[q] for q in victims],
                              lambda j: (a.pop(), self.event(
                                  header(G.KILL, p), victims[j]))))
        a.push(Choice(a, self.s.names[p], [tr(x) for x in acts], pick))

    def event(self, b0, b1=-1):
        self.s.ev[0] = b0
        if b1 < 0:
            return self.commit(1)
        self.s.ev[1] = b1
        return self.commit(2)

    def finished(self):
        # Count the game in the match; offer the next game if it goes on.
        a = self.app
        g = self.g
        m = getattr(a, "match", None)
        if m is None or m.get("session") is self.s:
            return PlayBase.finished(self)
        m["session"] = self.s
        team = 0
        while not g.winners & (1 << team):
            team += 1
        m["wins"][g.team(team)] += 1
        m["played"] += 1
        need = m["len"] // 2 + 1
        if max(m["wins"]) >= need or m["len"] == 1:
            PlayBase.finished(self)
            a.push(Note(a, tr("match"), ["%s %d: %d" % (tr("team"), t + 1,
                                                       m["wins"][t])
                                         for t in range(len(m["wins"]))]))
            return
        names = self.s.names
        m["dealer"] = (m["dealer"] - 1) % len(names)
        PlayBase.finished(self)

        def again():
            a.start_later("dog", names, bytes([m["dealer"]]))
        a.push(Note(a, tr("match"), ["%s %d: %d" % (tr("team"), t + 1,
                                                   m["wins"][t])
                                     for t in range(len(m["wins"]))] +
                    ["", tr("next_game")], again))
