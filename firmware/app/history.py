# Past games from the flash, newest first, each opening its breakdown
# (read-only). Rows are read from the flash only when they come into view,
# and where they are from the segments' summary, one segment at a time
# (drivers/seg_index.py Past): RAM for a screenful, whatever the number of
# games.

from drivers.segments import read
from drivers.seg_index import Past
from .screens import Choice
from .note import Note
from .i18n import tr
from .ui import COLS, ROWS


def day_month(t, tz_min=0):
    # "21/09": the day a game began, or "" when the clock was not set
    # (t = 0). The board's clock is UTC; tz_min is the PC's offset from UTC
    # at the last sync (settings), so that an evening game in Mexico is
    # not dated the next day.
    if not t:
        return ""
    from .clock import gmtime
    tm = gmtime(t + 60 * tz_min)
    return "%02d/%02d" % (tm[2], tm[1])


class _Rows:
    """The menu's items, read lazily: number and title of each game (and,
    with right=True, its winners, or "-" when it was left unfinished, then
    the day it began once the clock was set)."""

    def __init__(self, store, where, right=False, cache=None, tz_min=0):
        self.store = store
        self.where = where
        self.right = right
        self.tz_min = tz_min
        self.cache = {} if cache is None else cache

    def __len__(self):
        return len(self.where)

    def __getitem__(self, i):
        t = self.cache.get(i)
        if t is None:
            if len(self.cache) > 20:
                self.cache.clear()
            t = self.cache[i] = self.texts(self.where[i])
        return t[1 if self.right else 0]

    def texts(self, where):
        try:
            h, _ = read(self.store, where)
        except (OSError, ValueError):
            return ("? " + tr("damaged"), "")
        w = [h.names[p] for p in range(len(h.names)) if h.winners & (1 << p)]
        day = day_month(h.time, self.tz_min)
        # A list that scrolls keeps its last column for the scroll marks.
        room = COLS - (1 if len(self.where) > ROWS else 0) - 1
        if day:
            room -= len(day) + 1
        # Every winner: a DOG team ("Ana + J3"), a tie.
        who = "-" if not h.finished else " + ".join(w)
        left = "%d %s" % (h.number, tr(h.gid))
        if len(left) + len(who) > room:
            # A long title gives way to its short one ("Dinos") before
            # the winners are cut.
            left = "%d %s" % (h.number, tr(h.gid + "_s"))
        room -= len(left)
        if len(who) > room:
            # Still too long: each winner's name cut alike ("Fer+Gab").
            k = len(w)
            who = "+".join([x[:max(1, (room - k + 1) // k)] for x in w])
            who = who[:max(0, room)]
        return (left, who + " " + day if who and day else who or day)


def History(app):
    st = app.store
    where = Past(st) if st is not None else []
    if not where:
        return Note(app, tr("past"), [tr("no_games")])

    def pick(i):
        from .final import Breakdown
        try:
            h, log = read(st, where[i])
        except (OSError, ValueError):
            app.push(Note(app, tr("past"), [tr("damaged")]))
            return
        app.push(Breakdown(app, from_entry(h, log)))
    left = _Rows(st, where)
    return Choice(app, tr("past"), left, pick,
                  rights=_Rows(st, where, True, left.cache,
                               app.settings.tz_min))


def from_entry(head, log):
    # An archived game, replayed to its last state (read-only use).
    from .session import Session
    s = Session(head.gid, head.names, head.opts, size=max(len(log), 1))
    s.number = head.number
    s.time = head.time
    if s.error == 0:
        s.log.restore(log)
    return s
