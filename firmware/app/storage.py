# What the app does with the flash (drivers/store.py): resume the game in
# progress at boot, check for room before a new game, move a game that ends
# (or is abandoned) into the archive.

import time
from drivers import store as S
from .app import Note, Choice
from .i18n import tr

_EPOCH_2000 = 946684800


def now_s():
    # Unix seconds, or 0 while the board's clock is not set: an RTC that
    # starts at 2000 or 2021 after power-up. `marcador sync`, `roster` and
    # `settings` set it first (link command `time`). A soft reset (Ctrl-D,
    # main.py ending) keeps it on rp2 and esp32 alike: neither port
    # touches the RTC in its soft-reset loop. esp32 also keeps it over
    # machine.reset() and deep sleep (lost only at power-on); the RP2040
    # restarts it at 2021-01-01 on a hard reset. Nothing is kept in flash
    # to bridge a power-off: the time spent off is not known, so a game
    # started then is dated 0 (unknown), never a guess.
    t = time.time()
    if time.gmtime(0)[0] == 2000:
        t += _EPOCH_2000
    return int(t) if t >= 1704067200 else 0      # 2024-01-01


def open_store(app, hw):
    root = getattr(hw, "root", None)
    if not root:
        return None
    uid = getattr(hw, "uid", b"")
    from binascii import hexlify
    try:
        return S.Store(root, hexlify(uid).decode())
    except OSError:
        return None                # no usable flash: play without keeping


def boot(app):
    # Resume the game the last power-off interrupted, and say what was
    # found (events restored, events lost, damaged files).
    st = app.store
    if st is None:
        return
    from drivers import recovery as R
    try:
        rec = R.recover(st)
    except OSError:
        rec = None
        st.problems.append("cur")
    lines = []
    if rec is not None:
        from .session import from_journal
        s = from_journal(rec, app.live_log)
        if s is None:
            R.set_aside(st)
        else:
            if rec.lost:
                R.rewrite(st, s)    # drop the bad tail before appending
            st.number = s.number
            st.saved = s.log.used
            s.store = st
            app.session = s
            lines = [tr("events_n") % rec.events, tr("lost_n") % rec.lost]
            from .play import play_screen
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
    del R
    from .memory import unload             # done with at boot
    unload("drivers.recovery", "drivers.segments")


def match_after(app, st):
    # A DOG match goes on across games, and its tally is in each game's
    # header: when the newest archived game is a finished DOG game of a
    # match still undecided, offer its next game as the device did before
    # the power went.
    from drivers import segments as A
    h = None
    try:
        for seg in reversed(st.segments()):
            ents = A.entries(st, seg)
            if ents:
                h = A.header_at(st, seg, *ents[-1])
                break
    except OSError:
        return
    if h is None or h.gid != "dog" or not h.finished:
        return
    from .play_dog import next_match_game, match_note
    nxt = next_match_game(h.opts, len(h.names), h.winners)
    if nxt is not None and not isinstance(nxt, tuple):
        match_note(app, h.names, nxt)


def finish(app, session, finished=True):
    # Move a finished (or abandoned) game to the archive. True when done;
    # if not, the journal stays and the next boot or new game retries.
    st = app.store
    if st is None or session.store is None:
        return True
    ended = 0 if session.end_unknown else now_s()
    if st.close(session, finished, ended):
        session.store = None
        return True
    from core import errors
    app.error(errors.NOT_SAVED)
    return False


def before_new_game(app, go):
    # Abandon the game in progress (asked first), check the space, then
    # go(). A full flash refuses the new game; a low one warns first.
    s = app.session
    if s is not None:
        def abandon(i):
            app.pop()
            if i == 1 and finish(app, s, s.game.over):
                app.session = None
                before_new_game(app, go)
        app.push(Choice(app, tr("abandon_q"), [tr("no"), tr("yes")], abandon))
        return
    st = app.store
    room = S.OK if st is None else st.space()
    if room == S.FULL:
        app.push(Note(app, tr("flash_full"), [tr("sync_pc"), tr("full_new")]))
    elif room == S.LOW:
        app.push(Note(app, tr("flash_low"), [tr("sync_pc")],
                      lambda: (app.pop(), go())))
    else:
        go()


def keep(app, session):
    # Start the journal of a new game; False (and a message) if the flash
    # refuses it.
    st = app.store
    if st is None:
        return True
    if not st.start(session, now_s()):
        from core import errors
        app.error(errors.NOT_SAVED)
        return False
    session.store = st
    return True
