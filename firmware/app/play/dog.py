# DOG: the round (hand size, dealer > who starts) in the title, and each
# player's pawns at home, on the track and in the goal, in columns under
# their names on the deal line ("Repartir    Casa Camino Meta"). OK on the
# deal line deals the next round; OK on a player: pawn out, pawn in the
# goal (by them or by their partner), or "killed <name>" (a pawn of that
# player). Only what the rules allow is offered (a single choice is done
# at once, and a message says what was recorded and that a long BACK
# undoes it). The cursor waits on the player whose turn it is
# (counter-clockwise; the rules core derives it from the log); a long OK
# says "next turn" (a pass), and the screen says so and how to undo it.
# The players' rows and a player's list dial (app/play/dial.py): a held
# UP/DOWN let go on a row is OK on it, so any player, and any event in
# their list, is one press away.

from drivers.buttons import OK, LONG, key_of, kind_of
from core import dog
from app.play.base import PlayBase
from app.i18n import tr
from app import ui
from app.ui import draw_row, draw_title, columns
from app.play.rows import fresh, mix, salt


class Play(PlayBase):
    def __init__(self, app, session):
        PlayBase.__init__(self, app, session)
        self.salt = salt(session)       # the rows' value checksums' start
        self.to_turn()

    def to_turn(self):
        self.index = self.g.turn + 1

    def after(self):
        self.to_turn()
        PlayBase.after(self)

    def undo(self):
        PlayBase.undo(self)
        self.to_turn()

    # The rows are checked by the values they show (rows.fresh): their
    # strings are made only when they change. (Small methods: the frame
    # rule, docs/architecture.md; the game read as self.s.log.game, what
    # the property self.g returns, without its call.)
    def draw(self, fb):
        ui.begin(fb)
        if fresh(fb, 0, self.title_sig(self.salt)):
            self.title(fb)
        cols = tr("dog_cols")       # the legend, looked up once a frame
        if fresh(fb, 1, self.salt, self.index == 0):
            draw_row(fb, 0, tr("deal"), cols, self.index == 0)
        p = 0
        while p < self.s.n:
            if self.pawns_fresh(fb, p):
                self.pawns(fb, p, cols)
            p += 1
        # The teams (partners sit opposite), on the rows left free.
        p = 0
        while p < self.s.n // 2 and self.s.n + 1 + p < ui.ROWS:
            if fresh(fb, self.s.n + 2 + p, self.salt):
                self.team(fb, p)
            p += 1

    def title_sig(self, sig):
        g = self.s.log.game
        return mix(sig, ((g.round * 16 + g.hand_size()) * 8 + g.dealer()) *
                   8 + g.first_player())

    def title(self, fb):
        # "Ronda 2·5 cartas --- Ana>Bea": round, hand size, dealer > who
        # starts (the names as short as the round's text leaves room for).
        g = self.s.log.game
        names = self.s.names
        left = "%s %d·%d %s" % (tr("round"), g.round, g.hand_size(),
                                tr("cards"))
        k = max(1, min(3, (ui.COLS - 3 - len(left)) // 2))
        draw_title(fb, left, "%s>%s" % (names[g.dealer()][:k],
                                        names[g.first_player()][:k]))

    def pawns_fresh(self, fb, p):
        # fresh() of p's row, the highlight folded into its values: one
        # checksum a row, ui.band() at once (no global more).
        g = self.s.log.game
        v = ((g.home[p] * 8 + g.track[p]) * 8 + g.goal[p]) * 8 + p
        g = self.index == p + 1         # now the highlight
        v = mix(self.salt, v * 2 + g)
        return ui.band(fb, p + 2, v, g)

    def pawns(self, fb, p, legend):
        # p's pawns at home, on the track and in the goal, in columns under
        # the legend of the deal line.
        g = self.s.log.game
        legend = columns(legend, (g.home[p], g.track[p], g.goal[p]))
        p += 1                              # now the content row
        g = self.index == p                 # now the highlight
        draw_row(fb, p, self.s.names[p - 1], legend, g)   # (its numbers)

    def team(self, fb, t):
        names = self.s.names
        half = self.s.n // 2
        draw_row(fb, self.s.n + 1 + t, "%s %d: %s + %s" % (
            tr("team"), t + 1, names[t], names[t + half]))

    def play_key(self, ev):
        if key_of(ev) == OK and kind_of(ev) == LONG:
            # Next turn: the highlighted player's (on the deal line, the
            # turn's player's) turn ends with nothing to record.
            p = self.index - 1 if self.index else self.g.turn
            if self.commit(dog.event(self.s.ev, dog.PASS, p)):
                self.announce()
            return
        # The rows dial (app/play/dial.py): a hold let go on a player is
        # OK on them; on the deal line it deals nothing (a slip past the
        # first player must not end the round). Imported at the first key,
        # not with this module: the game's start, which draws the first
        # frame, is the longest press (docs/benchmarks.md).
        from app.play.dial import dial, PICK, NOT_MINE
        i = dial(self, ev, self.index, self.s.n + 1)
        if i == PICK:
            if self.index:
                self.actions(self.index - 1)
        elif i == NOT_MINE:
            self.rows_key(ev)
        else:
            self.index = i

    held = 0                    # the key that dials (app/play/dial.py)

    def table_action(self):
        if self.commit(dog.event(self.s.ev, dog.DEAL)):
            self.app.toast(tr("swap"))

    def actions(self, p):
        # One list of p's possible events, each (kind, other) as the event
        # builder takes it: a pawn out, a pawn in the goal (moved by p or
        # by the partner), "killed <name>" per pawn p could have killed:
        # the own team's (rare) before the other team's, which come last,
        # one UP away from the first row as the list wraps. Only what the
        # rules allow; a single one is done at once.
        a = self.app
        g = self.g
        n = self.s.n
        mate = g.partner(p)
        # The pawn that would kill: p's own, or the partner's once p has
        # all 4 in the goal (core/dog.py, KILL); killing one of its own
        # owner's needs a second pawn on the track.
        killer = p if g.goal[p] < dog.PAWNS else mate
        acts = []
        if g.home[p]:
            acts.append((dog.OUT, -1))
        if g.track[p]:
            acts.append((dog.GOAL, p))
            if g.goal[mate] == dog.PAWNS:
                acts.append((dog.GOAL, mate))
        if g.track[killer]:
            for own in (True, False):
                for q in range(n):
                    if g.track[q] and (g.team(q) == g.team(p)) == own and \
                            (q != killer or g.track[q] > 1):
                        acts.append((dog.KILL, q))
        if not acts:        # all of them: the core says why each is refused
            acts = [(dog.OUT, -1), (dog.GOAL, p), (dog.GOAL, mate)] + \
                [(dog.KILL, q) for q in range(n)]

        lst = None

        def pick(i):
            # A row let go of a hold (not confirmed with OK) is said too,
            # with how to undo it, as a single choice is.
            if lst:
                a.pop()
            if self.commit(dog.event(self.s.ev, acts[i][0], p, acts[i][1])) \
                    and (not lst or lst.dialled):
                self.announce()
        if len(acts) == 1:
            # Done at once, and said so, with how to undo it (a long BACK,
            # which the message lets through).
            pick(0)
            return
        names = self.s.names
        rows = []
        for k, q in acts:
            if k == dog.KILL:
                rows.append(tr("kill") % names[q])
            else:
                rows.append(tr("out" if k == dog.OUT else
                               "goal" if q == p else "goal_partner"))
        from app.play.dial import DialChoice
        lst = DialChoice(a, names[p], rows, pick)
        a.push(lst)

    def finished(self, then=None):
        # Count the game in the match; offer the next game if it goes on.
        # The tally before this game is in its options (the journal's and
        # the archive's header), so nothing about the match lives only in
        # RAM: after a power cut, boot offers the next game again
        # (startup.resume -> match_after -> after_boot).
        # The match score comes once the final screen is left (until then
        # the last race can still be undone there).
        s = self.s
        nxt = next_match_game(s.opts, s.n, self.g.winners)
        PlayBase.finished(self, nxt)


def after_final(app, session, nxt):
    # The final screen of a match's game is left (app/flow.py
    # leave_final): the match score, and its next game if it goes on.
    match_note(app, session.names, nxt)


def next_match_game(opts, n, winners):
    # The options of the match's next game (tally counted), the tally
    # as (length, wins, True) when the match is decided, or None.
    m = dog.match_of(opts, n)
    if m is None or not winners:
        return None
    length, wins = m
    p = 0
    while not winners & (1 << p):
        p += 1
    wins[p % (n // 2)] += 1         # the winning team (Dog.team)
    if max(wins) >= dog.match_need(length) or length == 1:
        return (length, wins, True)
    return dog.match_opts((opts[0] - 1) % n, length, wins)


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
    from app.note import Note
    wins = nxt[1] if isinstance(nxt, tuple) else list(nxt[2:])
    lines = ["%s %d: %d" % (tr("team"), t + 1, wins[t])
             for t in range(len(wins))]
    if isinstance(nxt, tuple):
        app.push(Note(app, tr("match"), lines))
        return
    app.push(Note(app, tr("match"), lines + ["", tr("next_game")],
                  lambda: app.start_later("dog", names, nxt)))
