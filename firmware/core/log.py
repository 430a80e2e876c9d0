# The game log: the ordered list of encoded events is the truth, and the
# game's state is what replaying it gives.
#
# The log only grows (it suits append-only flash): UNDO and REDO are events
# too, one byte each. UNDO cancels the latest event still in effect and
# replays the rest from the start; REDO brings back the most recently undone
# event; any other event clears what could be redone. All buffers are
# allocated here once, so adding, undoing and redoing allocate nothing.

from array import array
from .game import REDO, UNDO, event_size
from . import errors as E

LOG_BYTES = 2048
LOG_EVENTS = 384


class GameLog:
    def __init__(self, game, cap=LOG_BYTES, max_events=LOG_EVENTS):
        self.game = game
        self.buf = bytearray(cap)
        self.start = array("H", bytes(2 * max_events))  # offset of event i
        self.live = array("H", bytes(2 * max_events))   # events in effect
        self.undone = array("H", bytes(2 * max_events))  # redo stack
        self.used = 0       # bytes of buf in use
        self.count = 0      # events in the log, UNDO/REDO included
        self.n_live = 0
        self.n_undone = 0
        self.mark = array("H", bytes(8))  # checkpoint(): the four counters

    def begin(self, n, opts=b"", off=0):
        err = self.game.setup(n, opts, off)
        if err:
            return err
        self.used = 0
        self.count = 0
        self.n_live = 0
        self.n_undone = 0
        self.game.score()
        return E.OK

    def add(self, ev, off=0, end=-1):
        # Validate and apply one encoded event; on success it joins the log.
        if end < 0:
            end = len(ev)
        if off >= end:
            return E.TRUNCATED
        k = ev[off] & 0x0F
        if k == UNDO:
            return self.undo()
        if k == REDO:
            return self.redo()
        size = self.game.size(ev, off, end)
        if size < 0:
            return E.TRUNCATED
        if size == 0:
            return E.BAD_EVENT
        if not self._room(size):
            return E.LOG_FULL
        err = self.game.apply(ev, off)
        if err:
            return err
        i = self._append(ev, off, size)
        self.live[self.n_live] = i
        self.n_live += 1
        self.n_undone = 0
        self.game.score()
        return E.OK

    def undo(self):
        if self.n_live == 0:
            return E.NOTHING_TO_UNDO
        if not self._room(1):
            return E.LOG_FULL
        self._append_byte(UNDO)
        self.n_live -= 1
        self.undone[self.n_undone] = self.live[self.n_live]
        self.n_undone += 1
        self.replay()
        return E.OK

    def redo(self):
        if self.n_undone == 0:
            return E.NOTHING_TO_REDO
        if not self._room(1):
            return E.LOG_FULL
        self.n_undone -= 1
        i = self.undone[self.n_undone]
        # The state is exactly what it was when event i was first accepted,
        # so applying it again cannot fail.
        self.game.apply(self.buf, self.start[i])
        self._append_byte(REDO)
        self.live[self.n_live] = i
        self.n_live += 1
        self.game.score()
        return E.OK

    def replay(self):
        g = self.game
        g.reset()
        for j in range(self.n_live):
            g.apply(self.buf, self.start[self.live[j]])
        g.score()

    def checkpoint(self):
        # Remember the log as it stands, so that rollback() can take back
        # the next add/undo/redo (when the flash refuses to store it).
        # Those only write past the counters, so the counters suffice.
        m = self.mark
        m[0] = self.used
        m[1] = self.count
        m[2] = self.n_live
        m[3] = self.n_undone

    def rollback(self):
        m = self.mark
        self.used = m[0]
        self.count = m[1]
        self.n_live = m[2]
        self.n_undone = m[3]
        self.replay()

    def can_undo(self):
        return self.n_live > 0

    def can_redo(self):
        return self.n_undone > 0

    def event_at(self, j):
        # Offset in buf of the j-th event still in effect.
        return self.start[self.live[j]]

    def load(self, data, length=-1):
        # Replay a whole stored log (as written by this class). Returns
        # (error, index of the failing event) or (OK, number of events).
        if length < 0:
            length = len(data)
        off = 0
        i = 0
        while off < length:
            size = event_size(self.game, data, off, length)
            if size <= 0:
                return (E.TRUNCATED if size < 0 else E.BAD_EVENT), i
            err = self.add(data, off, off + size)
            if err:
                return err, i
            off += size
            i += 1
        return E.OK, i

    def _room(self, size):
        return (self.used + size <= len(self.buf) and
                self.count < len(self.start))

    def _append(self, ev, off, size):
        b = self.buf
        u = self.used
        for j in range(size):
            b[u + j] = ev[off + j]
        i = self.count
        self.start[i] = u
        self.used = u + size
        self.count = i + 1
        return i

    def _append_byte(self, v):
        self.buf[self.used] = v
        self.start[self.count] = self.used
        self.used += 1
        self.count += 1
