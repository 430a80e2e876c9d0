# The game log: the ordered list of encoded events is the truth, and the
# game's state is what replaying it gives.
#
# The log only grows (it suits append-only flash): UNDO and REDO are events
# too, one byte each. UNDO cancels the latest event still in effect and
# replays the rest from the start; REDO brings back the most recently undone
# event; any other event clears what could be redone. All buffers are
# allocated here once, so adding, undoing and redoing allocate nothing.
#
# FIX (core/game.py) corrects a past round of the titles that play rounds:
# the state becomes what the rounds give with round r's new content, and
# every later event must stay valid (else it is refused, naming the first
# round that would not be: bad_round). It is a normal event of the log, so
# undo, redo, storage and sync treat it like any other. Replaying applies
# the round events only, each with its newest correction in effect (the
# corrections themselves change nothing else), so the state never depends
# on when a correction was made. Each round's newest correction is found in
# one pass (in buf's free end, during the replay), so a correction costs in
# proportion to the game; a log the device stored is taken in with one
# replay (restore).

from array import array
from .game import FIX, REDO, UNDO, event_size, const

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_GAME_OVER = const(1)
_BAD_EVENT = const(3)
_NOTHING_TO_UNDO = const(29)
_NOTHING_TO_REDO = const(30)
_LOG_FULL = const(31)
_TRUNCATED = const(33)
_NO_SUCH_ROUND = const(39)
_LATER_INVALID = const(40)

# The log's capacity: bytes and events per game (private consts, as
# above: a public name would be one more string in RAM on a board; read
# them as a GameLog's len(buf) and max_events).
_LOG_BYTES = const(2048)
_LOG_EVENTS = const(384)
del const   # read by no code (mpy-cross folds each const()): a global
            # fewer, the globals' table a size smaller


class GameLog:
    def __init__(self, game, cap=_LOG_BYTES, max_events=_LOG_EVENTS):
        self.game = game
        self.buf = bytearray(cap)
        # The offsets in buf of the events in effect and then of the undone
        # ones (the redo stack, newest undone first) are one rising run:
        # UNDO takes back the latest event in effect, REDO brings back the
        # earliest undone one, a new event comes after all of them and
        # drops the undone ones. So n_live and n_undone only split it, and
        # an offset is kept in one byte (low) plus its 256-byte page:
        # below[p] = how many of the run lie below (p + 1) * 256 (event_at).
        # n_live + n_undone <= count <= max_events.
        self.low = bytearray(max_events)
        self.below = array("H", bytes(2 * ((cap + 255) >> 8)))
        self.max_events = max_events
        self.used = 0       # bytes of buf in use
        self.count = 0      # events in the log, UNDO/REDO included
        self.n_live = 0
        self.n_undone = 0
        # checkpoint(): the four counters, the low byte add() overwrites
        # and the pages
        self.mark = array("H", bytes(2 * (5 + len(self.below))))
        # After a correction refused with LATER_INVALID: the first round
        # (1-based) that would become invalid, and why (an error code).
        self.bad_round = 0
        self.bad_err = 0
        self.taken = 0      # rounds in effect, for take()

    def begin(self, n, opts=b"", off=0):
        err = self.game.setup(n, opts, off)
        if err:
            return err
        self.game.log = self
        self.taken = 0
        self.used = 0
        self.count = 0
        self.n_live = 0
        self.n_undone = 0
        self.game.score()
        return _OK

    def add(self, ev, off=0, end=-1):
        # Validate and apply one encoded event; on success it joins the log.
        if end < 0:
            end = len(ev)
        if off >= end:
            return _TRUNCATED
        k = ev[off] & 0x0F
        if k == UNDO:
            return self.undo()
        if k == REDO:
            return self.redo()
        size = self.game.size(ev, off, end)
        if size < 0:
            return _TRUNCATED
        if size == 0:
            return _BAD_EVENT
        if not self._room(size):
            return _LOG_FULL
        if k == FIX:
            err = self._fix(ev, off)
        else:
            err = self.game.apply(ev, off)
        if err:
            return err
        self._put(self.n_live, self._append(ev, off, size))
        self.n_live += 1
        self.n_undone = 0
        self.game.score()
        return _OK

    def undo(self):
        if self.n_live == 0:
            return _NOTHING_TO_UNDO
        if not self._room(1):
            return _LOG_FULL
        self._append_byte(UNDO)
        self.n_live -= 1
        self.n_undone += 1
        self.replay()
        return _OK

    def redo(self):
        if self.n_undone == 0:
            return _NOTHING_TO_REDO
        if not self._room(1):
            return _LOG_FULL
        self.n_undone -= 1
        o = self.event_at(self.n_live)
        # The state is exactly what it was when the event at o was first
        # accepted, so applying it again cannot fail.
        fix = self.buf[o] & 0x0F == FIX
        if not fix:
            self.game.apply(self.buf, o)
        self._append_byte(REDO)
        self.n_live += 1
        if fix:
            self.replay()
        self.game.score()
        return _OK

    def replay(self):
        self._rounds(-1, self.buf, 0)

    def _fix(self, ev, off):
        # Validate and apply the correction at ev[off]: round r becomes the
        # round event at ev[off + 2]. Refused: the state the log gives.
        g = self.game
        if g.over:
            return _GAME_OVER
        if ev[off + 1] >= g.rounds:
            return _NO_SUCH_ROUND
        err = self._rounds(ev[off + 1], ev, off + 2)
        if err:
            self.replay()
        return err

    def _rounds(self, fix_r, src, src_off):
        # Rebuild the state from the events in effect, round fix_r taken
        # from src[src_off] (fix_r = -1: none), every other round with its
        # newest correction in the log. Error code of the first event that
        # fails (a later round: LATER_INVALID, see bad_round).
        g = self.game
        buf = self.buf
        rk = g.ROUND_KIND
        low = self.low
        below = self.below
        nb = len(below)
        # The free end of buf (past used) holds, during this replay only,
        # each round's newest correction: 2 bytes per round, 1 + the
        # offset of its round part (0: none), filled in one pass. A
        # correction of round r comes after round r's own event (it was
        # refused before it), so a round clears its entry and every
        # correction of it after that overwrites it, the newest last. No
        # memory of its own; a log too full for it searches per round.
        t = self.used
        room = (len(buf) - t) >> 1
        fixed = False
        page = 0
        r = 0
        for j in range(self.n_live if rk else 0):   # FIX needs rounds
            while page < nb and below[page] <= j:
                page += 1
            o = page << 8 | low[j]
            k = buf[o] & 0x0F
            if k == rk:
                if r < room:
                    buf[t + 2 * r] = 0
                    buf[t + 2 * r + 1] = 0
                r += 1
            elif k == FIX:
                fixed = True
                q = buf[o + 1]
                if q < room:
                    buf[t + 2 * q] = (o + 3) & 0xFF
                    buf[t + 2 * q + 1] = (o + 3) >> 8
        g.reset()
        r = 0
        err = 0
        page = 0
        for j in range(self.n_live):
            while page < nb and below[page] <= j:   # o = self.event_at(j)
                page += 1
            o = page << 8 | low[j]
            k = buf[o] & 0x0F
            if k == FIX:
                continue
            if rk and k == rk:
                if r == fix_r:
                    err = g.apply(src, src_off)
                elif not fixed:
                    err = g.apply(buf, o)
                elif r < room:
                    f = buf[t + 2 * r] | buf[t + 2 * r + 1] << 8
                    err = g.apply(buf, f - 1 if f else o)
                else:
                    err = g.apply(buf, self._newest(j, r, o))
                r += 1
            else:
                err = g.apply(buf, o)
            if err and fix_r < 0:
                return err      # (a replay of what was accepted: never)
            if err:
                if r - 1 != fix_r or k != rk:
                    # Not the corrected round itself: a later event (one
                    # that is not a round is named by the round it is in).
                    self.bad_round = r if k == rk else r + 1
                    self.bad_err = err
                    err = _LATER_INVALID
                return err
        g.score()
        return _OK

    def round_at(self, r):
        # Offset in buf of round r's event (0-based) as it stands: its
        # newest correction's round part, else the round as entered; -1
        # when there is no such round. (The device prefills a correction.)
        buf = self.buf
        low = self.low
        below = self.below
        nb = len(below)
        page = 0
        k = 0
        for j in range(self.n_live):
            while page < nb and below[page] <= j:   # o = self.event_at(j)
                page += 1
            o = page << 8 | low[j]
            if buf[o] & 0x0F == self.game.ROUND_KIND:
                if k == r:
                    return self._newest(j, r, o)
                k += 1
        return -1

    def _newest(self, j, r, o):
        # Offset of round r's content in effect: the newest correction of r
        # among the events in effect after the j-th, else its own event (o).
        buf = self.buf
        for i in range(self.n_live - 1, j, -1):
            f = self.event_at(i)
            if buf[f] & 0x0F == FIX and buf[f + 1] == r:
                return f + 2
        return o

    def checkpoint(self):
        # Remember the log as it stands, so that rollback() can take back
        # the next add/undo/redo (when the flash refuses to store it).
        # Those write past the counters in buf, and add() one byte of low
        # (where the first undone event's offset may be) and the pages.
        m = self.mark
        m[0] = self.used
        m[1] = self.count
        m[2] = self.n_live
        m[3] = self.n_undone
        if self.n_live < len(self.low):
            m[4] = self.low[self.n_live]
        for p in range(len(self.below)):
            m[5 + p] = self.below[p]

    def rollback(self):
        m = self.mark
        self.used = m[0]
        self.count = m[1]
        self.n_live = m[2]
        self.n_undone = m[3]
        if self.n_live < len(self.low):
            self.low[self.n_live] = m[4]
        for p in range(len(self.below)):
            self.below[p] = m[5 + p]
        self.replay()

    def event_at(self, j):
        # Offset in buf of the j-th event of the run (see __init__): for
        # j < n_live the j-th event in effect. Its page is the number of
        # pages wholly below it.
        below = self.below
        page = 0
        while page < len(below) and below[page] <= j:
            page += 1
        return page << 8 | self.low[j]

    def _put(self, i, o):
        # The run becomes its first i events and then the one at offset o
        # (past all of them): what add() does to the redo stack.
        self.low[i] = o & 0xFF
        below = self.below
        for p in range(o >> 8, len(below)):
            below[p] = i + 1
        if self.n_undone:
            for p in range(o >> 8):
                if below[p] > i:
                    below[p] = i

    def load(self, data, length=-1, put=None):
        # Replay a whole stored log (as written by this class), each event
        # through add() (restore(): put, its take()) until one fails.
        # Returns (error, index of the failing event) or (OK, number of
        # events). The one loop over a stored log's events.
        if put is None:
            put = self.add
        if length < 0:
            length = len(data)
        off = 0
        i = 0
        while off < length:
            size = event_size(self.game, data, off, length)
            if size <= 0:
                return (_TRUNCATED if size < 0 else _BAD_EVENT), i
            err = put(data, off, off + size)
            if err:
                return err, i
            off += size
            i += 1
        return _OK, i

    def take(self, ev, off=0, end=-1):
        # Take in one event of a log this device stored (each event was
        # accepted when it was added), without applying it: no replay per
        # undo, redo or correction. settle() then replays the whole log
        # once. What take() checks: the event's size, room, something to
        # undo or redo, a correction's round already played.
        if end < 0:
            end = len(ev)
        if off >= end:
            return _TRUNCATED
        g = self.game
        rk = g.ROUND_KIND
        k = ev[off] & 0x0F
        if k == UNDO or k == REDO:
            if not self._room(1):
                return _LOG_FULL
            if k == UNDO:
                if self.n_live == 0:
                    return _NOTHING_TO_UNDO
                j = self.n_live - 1
            else:
                if self.n_undone == 0:
                    return _NOTHING_TO_REDO
                j = self.n_live
            if rk and self.buf[self.event_at(j)] & 0x0F == rk:
                self.taken += 1 if k == REDO else -1
            self._append_byte(k)
            self.n_live += 1 if k == REDO else -1
            self.n_undone += 1 if k == UNDO else -1
            return _OK
        size = g.size(ev, off, end)
        if size < 0:
            return _TRUNCATED
        if size == 0:
            return _BAD_EVENT
        if not self._room(size):
            return _LOG_FULL
        if k == FIX and ev[off + 1] >= self.taken:
            return _NO_SUCH_ROUND
        self._put(self.n_live, self._append(ev, off, size))
        self.n_live += 1
        self.n_undone = 0
        if rk and k == rk:
            self.taken += 1
        return _OK

    def settle(self):
        # After take(): the state from one replay of the events in effect,
        # each round with its newest correction; an error code when an
        # event fails (then the log must be loaded event by event, add(),
        # to know which).
        return self._rounds(-1, self.buf, 0)

    def restore(self, data, length=-1):
        # load() for a log this device stored: take() each event, then one
        # replay (settle); a log that does not replay so is loaded again
        # by load(), which says which event fails. The same state as
        # load() for every log whose events add() accepts in turn.
        err, i = self.load(data, length, self.take)
        if not err and not self.settle():
            return _OK, i
        self.begin(self.game.n, self.game.opts)
        return self.load(data, length)

    def _room(self, size):
        return (self.used + size <= len(self.buf) and
                self.count < self.max_events)

    def _append(self, ev, off, size):
        b = self.buf
        u = self.used
        for j in range(size):
            b[u + j] = ev[off + j]
        self.used = u + size
        self.count += 1
        return u

    def _append_byte(self, v):
        self.buf[self.used] = v
        self.used += 1
        self.count += 1
