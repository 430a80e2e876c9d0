# The boot's part of a game's life (the rest is app/flow.py): open the
# store on the flash, resume the game the last power-off interrupted (and
# say what was found), or offer a match's next game. App.__init__ runs it
# once and forgets the module.

import sys
from drivers import store
from core.game import event_size
from .note import Note
from .i18n import tr
from .memory import modules, release, unload

# What boot loads and is done with (app/memory.py's boot_only, forgotten
# at the end of resume): emptied too (memory.release), unless something had
# loaded it before boot (a test's harness) and may still use it.
_HAD = [n for n in modules("boot_only") if n in sys.modules]


def open_store(hw):
    root = getattr(hw, "root", None)
    if not root:
        return None
    uid = getattr(hw, "uid", b"")
    from binascii import hexlify
    try:
        return store.Store(root, hexlify(uid).decode())
    except OSError:
        return None                # no usable flash: play without keeping


def resume(app):
    # Resume the game the last power-off interrupted, and say what was
    # found (events restored, events lost, damaged files).
    st = app.store
    if st is None:
        return
    import drivers.recovery as recovery
    try:
        rec = recovery.recover(st)
    except OSError:
        rec = None
        st.problem("cur")
    lines = []
    if rec is not None:
        s = from_journal(rec, app.live_log)
        if s is None:
            recovery.set_aside(st)
        else:
            if rec.lost:
                recovery.rewrite(st, s, rec)  # drop the bad tail first
            st.number = s.number
            st.saved = s.log.used
            s.store = st
            app.session = s
            lines = [tr("events_n") % rec.events, tr("lost_n") % rec.lost]
            from .flow import play_screen
            screen = play_screen(app, s)
            app.push(screen)
            if s.game.over:
                # It ended as the power went: when is not known (boot
                # time would be a guess), so its end time stays 0.
                s.end_unknown = True
                screen.finished()
            else:
                app.push(Note(app, tr("recovered"), lines))
    if rec is None:
        match_after(app, st)     # (a game ended at boot offered it itself)
    if st.problems:
        app.push(Note(app, tr("damaged"), [", ".join(st.problems)[:50]]))
    del recovery
    release(*[n for n in modules("boot_only") if n not in _HAD])
    unload(*_HAD)


def match_after(app, st):
    # A title played as a match of games (core.games.MATCHES: DOG) keeps
    # the match's tally in each game's header: when the newest archived
    # game is one of those, its play module's after_boot() offers the
    # match's next game as the device did before the power went.
    from core.games import MATCHES
    from drivers import segments
    h = None
    try:
        if st.last is not None:  # the newest entry, found at boot
            h = segments.header_at(st, *st.last)
    except OSError:
        return
    if h is not None and h.gid in MATCHES:
        from .flow import play_module
        play_module(h.gid).after_boot(app, h)


def from_journal(rec, log=None):
    # The game in progress rebuilt from its journal (store.Recovery):
    # every record whose CRC checks and whose event the rules accept, in
    # order. rec.events counts those; rec.lost the records dropped after
    # the first bad one (a torn last write counts 1).
    # (core.gamefile: loaded at boot and for a game's start and end only;
    # startup.py forgets it.)
    from core import gamefile
    from .session import Session
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
