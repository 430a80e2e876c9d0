# A game being played on the device: its title, players, options and log.
# Screens build an event into `ev` (a reusable buffer) and call add(size).
#
# With a store (the flash), every accepted event is written before add()
# returns OK; if the write fails the event is taken back (log.rollback), so
# what the screen shows is always what the flash holds.

from micropython import const
from core.log import GameLog

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_OK = const(0)
_NOT_SAVED = const(35)

_EV_BYTES = const(48)
del const   # read by no code (mpy-cross folds each const()): a global
            # fewer, the globals' table a size smaller


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
            return _OK
        self.log.rollback()
        return _NOT_SAVED
