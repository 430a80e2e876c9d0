# The boot's part of a game's life (the rest is app/flow.py): open the
# store on the flash, resume the game the last power-off interrupted (and
# say what was found), or offer a match's next game. App.__init__ runs it
# once and forgets the module.

import sys
from drivers import store
from .screens import Note
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
        from .session import from_journal
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
