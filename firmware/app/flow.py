# The life of a game on the device, in one place: boot (resume the game
# the last power-off interrupted), the way from setup to play, the end of a
# game (moved into the archive, then its breakdown), abandoning one for a
# new game (archive(); asked by newgame.before_new_game, which is not here:
# this module is loaded from the setup's last screen on, not by the key
# that opens it, 0.8 M instructions), and what a title does after the boot
# (a DOG match goes on).
#
# The boot's part (open the store, resume the interrupted game, a DOG
# match's next game) is app/startup.py, which leaves RAM once boot is
# done.
#
# Which modules are in RAM in each phase (a board runs .mpy files from
# flash: a module's code lives in the heap while it is imported):
#   boot      app, startup, session, drivers.store, drivers.recovery,
#             drivers.segments, core.gamefile and core.games (the last
#             four forgotten once boot is done: a game's events are written
#             without the file format module, which only a game's start and
#             end load, and the table of titles is for setting a game up);
#   home      home, and the screen it opened (newgame, names, history,
#             settings_screen, final, the title's play module for its
#             options); all forgotten whenever home is on top (home.py);
#   setup ->  start_game() forgets the setup modules and home first, so
#   play      that they and the game's are never in RAM together: play is
#             session, play.base and play.<id> (play.grid for the titles
#             with round entries), the title's core module, with home
#             stood in for by None (App.top loads it when shown);
#   end       finish_game() forgets the play modules and shows the
#             breakdown (final), and flow itself until that is left.

import gc
from .i18n import tr
from .memory import unload, unload_package
from .clock import now_s


def archive(app, session, finished=True):
    # Move a finished (or abandoned) game to the archive. True when done;
    # if not, the journal stays and the next boot or new game retries.
    st = app.store
    if st is None or session.store is None:
        return True
    ended = 0 if session.end_unknown else session.ended or now_s()
    if st.close(session, finished, ended):
        session.store = None
        return True
    from core import errors
    app.error(errors.NOT_SAVED)
    return False


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


def play_module(gid):
    # A title's screens: app/play/<gid>.py.
    return __import__("app.play." + gid, None, None, ("Play",), 0)


def play_screen(app, session):
    return play_module(session.gid).Play(app, session)


def forget_play():
    # The play modules leave RAM (the game ended, or home is on top).
    unload_package("app.play")


def ask_options(app, gid, names):
    # The options a title asks before it starts (app/play/<gid>_options.py,
    # for the titles that have some); each path ends in
    # app.start_later(gid, names, opts), and start_game forgets the module.
    try:
        mod = __import__("app.play." + gid + "_options", None, None,
                         ("ask_options",), 0)
    except ImportError:
        app.start_later(gid, names, b"")
        return
    mod.ask_options(app, names)


def start_game(app, gid, names, opts):
    # Run by App.step in the step after the key that finished the setup
    # (app.start_later; that key's step cleared the screen), before
    # any key (no setup code is running then): the setup screens and
    # their modules go first, so that they and the game's modules are
    # never in RAM together (a refused start lands on the home screen,
    # with the reason). Then only home is on the stack, so the live log is
    # free to take over. The journal is on flash before the play screen
    # is drawn; the next game's number follows in the next step
    # (app.starting = 0, Store.start).
    app.starting = None
    app.home()
    app.forget_home()
    unload("app.names", "app.newgame", "app.home",
           "app.play." + gid + "_options")
    gc.collect()
    from .session import Session
    s = Session(gid, names, opts, app.live_log)
    if s.error:
        app.error(s.error, 1500)
        return
    if not keep(app, s):
        return
    if s.store is not None:
        app.starting = 0
    unload("core.gamefile", "core.games")   # the journal's head is written
    app.session = s
    screen = play_screen(app, s)
    app.push(screen)
    screen.begin()
    unload("app.flow")             # loaded again when the game ends


def resume(app):
    # Back to the game in progress from home: home leaves RAM while playing.
    app.forget_home()
    unload("app.flow")
    app.push(play_screen(app, app.session))


def finish_game(app, session, then=None):
    # The game is over: show the breakdown, with "undo the last event".
    # The game stays the game in progress (its journal, games/cur) while
    # that screen is up, and moves to the archive only when the player
    # leaves it (final.Final.leave -> App.lifecycle -> leave_final -> archive). Why not archive at once and
    # reopen on undo: an archive entry is append-only and the sync link
    # offers it as soon as it is there, so a reopened game could already
    # be on a PC. Kept in cur, it is never offered (the link lists archived
    # games only); a power cut on this screen boots back into it (startup.py
    # shows this screen again for a journal whose game is over, undo
    # included); a cut while it moves leaves the entry and cur, and boot
    # removes cur (drivers/store.py): never neither, never counted twice.
    # Undo is the game's normal undo, written to the journal like any
    # other. then: what follows the game once it is left (a DOG match's
    # next game), as data: the title's play module is loaded again for it
    # then (after_final). A function from that module would keep the whole
    # module in RAM while the final screen is up.
    if not session.ended and not session.end_unknown:
        session.ended = now_s()        # when it ended, not when it is left
    app.home()
    forget_play()                      # back only on undo
    from .final import Final
    app.push(Final(app, session, then))
    unload("app.flow")             # Final loads it again when it is left


def leave_final(app, session, then):
    # BACK on the final screen: the game moves to the archive (the flash
    # refusing it: the journal stays, and boot or the next game retries).
    if archive(app, session) and app.session is session:
        app.session = None
    app.pop()
    if then is not None:
        play_module(session.gid).after_final(app, session, then)


def reopen_game(app, session):
    # "Undo the last event" on the final screen: undo, and play on.
    err = session.undo()
    if err:
        app.error(err)              # nothing changed: still over, still here
        return
    session.ended = 0
    session.end_unknown = False
    app.home()
    app.push(play_screen(app, session))
    unload("app.final", "app.flow")     # as during any play
    app.toast(tr("undone"), 800)
