# A game being played on the device: its title, players, options and log.
# Screens build an event into `ev` (a reusable buffer) and call add(size).
#
# With a store (the flash), every accepted event is written before add()
# returns OK; if the write fails the event is taken back (log.rollback), so
# what the screen shows is always what the flash holds.

from micropython import const
from core.game import event_size
from core.log import GameLog
import core.errors as errors

_EV_BYTES = const(48)


class Session:
    # log: a GameLog to reuse (App.live_log, for the game in progress; see
    # there); size: for a read-only past game, the length of its log: the
    # buffers are made just that big (each event takes at least 1 byte).
    def __init__(self, gid, names, opts=b"", log=None, size=0):
        self.gid = gid
        self.names = names
        self.opts = bytes(opts)
        # Never None: gid comes from the new-game menu or a game file's
        # header, and both take it from core.games.IDS. (core.games is not
        # needed during play: app/flow.py forgets it once a game starts.)
        from core.games import game_class
        game = game_class(gid)()  # pyright: ignore[reportOptionalCall]
        if log is not None:
            log.game = game
            self.log = log
        elif size:
            self.log = GameLog(game, size, size)
        else:
            self.log = GameLog(game)
        self.ev = bytearray(_EV_BYTES)
        self.error = self.log.begin(len(names), self.opts)
        self.ui = {}        # per-game UI memory (last values used, ...)
        self.store = None   # set once the game's journal is on flash
        self.number = 0     # game number on this device (0: not stored)
        self.time = 0       # start time, Unix seconds (0: clock not set)
        self.end_unknown = False  # ended as the power went: no end time
        self.ended = 0      # when it ended (flow.finish_game), Unix seconds

    @property
    def game(self):
        return self.log.game

    @property
    def n(self):
        return len(self.names)

    def add(self, size):
        # Apply the event in ev[0:size]; returns an error code (0 = ok).
        log = self.log
        log.checkpoint()
        start = log.used
        return log.add(self.ev, 0, size) or self._keep(start)

    def undo(self):
        self.log.checkpoint()
        start = self.log.used
        return self.log.undo() or self._keep(start)

    def redo(self):
        self.log.checkpoint()
        start = self.log.used
        return self.log.redo() or self._keep(start)

    def _keep(self, start):
        if self.store is None or self.store.append(self.log, start):
            return errors.OK
        self.log.rollback()
        return errors.NOT_SAVED


def from_journal(rec, log=None):
    # The game in progress rebuilt from its journal (store.Recovery):
    # every record whose CRC checks and whose event the rules accept, in
    # order. rec.events counts those; rec.lost the records dropped after
    # the first bad one (a torn last write counts 1).
    # (core.gamefile: loaded at boot and for a game's start and end only;
    # startup.py forgets it.)
    from core import gamefile
    h = rec.head
    s = Session(h.gid, h.names, h.opts, log)
    if s.error:
        return None
    s.number = h.number
    s.time = h.time
    data = rec.data
    end = len(data)
    g = s.log.game
    # First each event taken in as stored and one replay at the end (the
    # log's take/settle: no replay per undo, redo or correction); if the
    # rules refuse what was taken, again event by event (add), which
    # finds the first refused.
    for put in (s.log.take, s.log.add):
        off = rec.first
        rec.events = rec.lost = 0
        refused = False
        while off < end:
            size = event_size(g, data, off, end)
            if size <= 0 or not gamefile.event_crc_ok(data, off, off + size):
                rec.lost = _count_rest(g, data, off, end, gamefile.EVENT_CRC)
                break
            if put(data, off, off + size):
                refused = True
                rec.lost = _count_rest(g, data, off, end, gamefile.EVENT_CRC)
                break
            off += size + gamefile.EVENT_CRC
            rec.events += 1
        if put == s.log.add or not refused and not s.log.settle():
            break
        s.log.begin(len(s.names), s.opts)
    return s


def _count_rest(g, data, off, end, crc_bytes):
    # How many records seem to follow a bad one (at least 1).
    n = 0
    while off < end:
        size = event_size(g, data, off, end)
        n += 1
        if size <= 0:
            break
        off += size + crc_bytes
    return n


def from_entry(head, log):
    # An archived game, replayed to its last state (read-only use).
    s = Session(head.gid, head.names, head.opts, size=max(len(log), 1))
    s.number = head.number
    s.time = head.time
    if s.error == 0:
        s.log.restore(log)
    return s
