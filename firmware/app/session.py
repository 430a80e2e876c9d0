# A game being played on the device: its title, players, options and log.
# Screens build an event into `ev` (a reusable buffer) and call add(size).

from core.games import game_class
from core.log import GameLog

EV_BYTES = 48


class Session:
    def __init__(self, gid, names, opts=b""):
        self.gid = gid
        self.names = names
        self.opts = bytes(opts)
        self.log = GameLog(game_class(gid)())
        self.ev = bytearray(EV_BYTES)
        self.error = self.log.begin(len(names), self.opts)
        self.ui = {}        # per-game UI memory (last values used, ...)

    @property
    def game(self):
        return self.log.game

    @property
    def n(self):
        return len(self.names)

    def add(self, size):
        # Apply the event in ev[0:size]; returns an error code (0 = ok).
        return self.log.add(self.ev, 0, size)

    def undo(self):
        return self.log.undo()

    def redo(self):
        return self.log.redo()

