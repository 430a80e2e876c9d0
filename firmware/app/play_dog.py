# DOG: the round line (hand size, dealer, who starts) and each player's
# pawns: C home (casa), R track (recorrido), M goal (meta). OK on the round
# line deals the next round; OK on a player: pawn out, pawn in the goal
# (by them or by their partner), or killed another pawn. Only what the
# rules allow is offered (a single choice is done at once). The cursor
# waits on the player whose turn it is (counter-clockwise; the rules core
# derives it from the log); a long OK says "next turn" (a pass).

from drivers.buttons import OK, LONG, key_of, kind_of
from core import dog as G
from .app import Choice, Note
from .play import PlayBase
from .i18n import tr
from . import ui


class Play(PlayBase):
    def __init__(self, app, session):
        super().__init__(app, session)
        self.to_turn()

    def to_turn(self):
        self.index = self.g.turn + 1

    def after(self):
        self.to_turn()
        PlayBase.after(self)

    def undo(self):
        PlayBase.undo(self)
        self.to_turn()

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
        if key_of(ev) == OK and kind_of(ev) == LONG:
            # Next turn: the highlighted player's (on the deal line, the
            # turn's player's) turn ends with nothing to record.
            p = self.index - 1 if self.index else self.g.turn
            self.commit(G.event(self.s.ev, G.PASS, p))
            return
        self.rows_key(ev)

    def table_action(self):
        if self.commit(G.event(self.s.ev, G.DEAL)):
            self.app.toast(tr("swap"))

    def actions(self, p):
        a = self.app
        g = self.g
        mate = g.partner(p)
        # The pawn that would kill: p's own, or the partner's once p has
        # all 4 in the goal (core/dog.py, KILL).
        killer = p if g.goal[p] < G.PAWNS else mate
        acts = []
        if g.home[p]:
            acts.append("out")
        if g.track[p]:
            acts.append("goal")
            if g.goal[mate] == G.PAWNS:
                acts.append("goal_partner")
        # Victims: the other team's pawns on the track first.
        victims = [q for q in range(self.s.n)
                   if g.track[q] and g.team(q) != g.team(p)]
        victims += [q for q in range(self.s.n)
                    if g.track[q] and g.team(q) == g.team(p) and
                    (q != killer or g.track[q] > 1)]
        if g.track[killer] and victims:
            acts.append("kill")
        if not acts:
            acts = ["out", "goal", "goal_partner", "kill"]   # the core says why

        def pick(i):
            if len(acts) > 1:
                a.pop()
            act = acts[i]
            ev = self.s.ev
            if act == "out":
                self.commit(G.event(ev, G.OUT, p))
            elif act == "goal":
                self.commit(G.event(ev, G.GOAL, p, p))
            elif act == "goal_partner":
                self.commit(G.event(ev, G.GOAL, p, mate))
            elif len(victims) == 1:
                self.commit(G.event(ev, G.KILL, p, victims[0]))
            else:
                vs = victims or list(range(self.s.n))
                a.push(Choice(a, tr("victim"),
                              [self.s.names[q] for q in vs],
                              lambda j: (a.pop(), self.commit(
                                  G.event(self.s.ev, G.KILL, p, vs[j])))))
        if len(acts) == 1:
            pick(0)
            return
        a.push(Choice(a, self.s.names[p], [tr(x) for x in acts], pick))

    def finished(self):
        # Count the game in the match; offer the next game if it goes on.
        # The tally before this game is in its options (the journal's and
        # the archive's header), so nothing about the match lives only in
        # RAM: after a power cut, boot offers the next game again
        # (storage.boot -> match_after).
        s = self.s
        g = self.g
        nxt = next_match_game(s.opts, s.n, g.winners)
        PlayBase.finished(self)
        if nxt is not None:
            match_note(self.app, s.names, nxt)


def next_match_game(opts, n, winners):
    # The options of the match's next game (tally counted), the tally
    # as (length, wins, True) when the match is decided, or None.
    m = G.match_of(opts, n)
    if m is None or not winners:
        return None
    length, wins = m
    p = 0
    while not winners & (1 << p):
        p += 1
    wins[p % (n // 2)] += 1         # the winning team (Dog.team)
    if max(wins) >= G.match_need(length) or length == 1:
        return (length, wins, True)
    return G.match_opts((opts[0] - 1) % n, length, wins)


def match_note(app, names, nxt):
    # The match score; while it goes on, OK starts its next game (dealt
    # by the player to the right of the last game's first dealer).
    wins = nxt[1] if isinstance(nxt, tuple) else list(nxt[2:])
    lines = ["%s %d: %d" % (tr("team"), t + 1, wins[t])
             for t in range(len(wins))]
    if isinstance(nxt, tuple):
        app.push(Note(app, tr("match"), lines))
        return
    app.push(Note(app, tr("match"), lines + ["", tr("next_game")],
                  lambda: app.start_later("dog", names, nxt)))
