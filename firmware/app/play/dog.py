# DOG: the round line (hand size, dealer, who starts) and each player's
# pawns: C home (casa), R track (recorrido), M goal (meta). OK on the round
# line deals the next round; OK on a player: pawn out, pawn in the goal
# (by them or by their partner), or killed another pawn.

from core import dog as G
from app.screens import Choice, Note
from app.play.base import PlayBase
from app.i18n import tr
from app import ui


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
        if self.commit(G.event(self.s.ev, G.DEAL)):
            self.app.toast(tr("swap"))

    def actions(self, p):
        a = self.app
        g = self.g
        acts = ["out", "goal", "goal_partner", "kill"]

        def pick(i):
            a.pop()
            act = acts[i]
            ev = self.s.ev
            if act == "out":
                self.commit(G.event(ev, G.OUT, p))
            elif act == "goal":
                self.commit(G.event(ev, G.GOAL, p, p))
            elif act == "goal_partner":
                self.commit(G.event(ev, G.GOAL, p, g.partner(p)))
            else:
                victims = [q for q in range(self.s.n) if g.track[q]]
                if not victims:
                    victims = list(range(self.s.n))
                a.push(Choice(a, tr("victim"),
                              [self.s.names[q] for q in victims],
                              lambda j: (a.pop(), self.commit(
                                  G.event(self.s.ev, G.KILL, p,
                                          victims[j])))))
        a.push(Choice(a, self.s.names[p], [tr(x) for x in acts], pick))

    def finished(self, then=None):
        # Count the game in the match; offer the next game if it goes on.
        # The tally before this game is in its options (the journal's and
        # the archive's header), so nothing about the match lives only in
        # RAM: after a power cut, boot offers the next game again
        # (startup.resume -> match_after -> after_boot).
        # The match score comes once the final screen is left (until then
        # the last race can still be undone there).
        s = self.s
        g = self.g
        nxt = next_match_game(s.opts, s.n, g.winners)
        app = self.app
        PlayBase.finished(self, None if nxt is None else
                          lambda: match_note(app, s.names, nxt))


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


def after_boot(app, h):
    # The newest archived game is a DOG game (h, its header): if it was
    # finished and its match is still undecided, offer the next game.
    if not h.finished:
        return
    nxt = next_match_game(h.opts, len(h.names), h.winners)
    if nxt is not None and not isinstance(nxt, tuple):
        match_note(app, h.names, nxt)


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
