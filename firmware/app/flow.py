# The life of a game on the device, in one place: boot (resume the game
# the last power-off interrupted), the way from setup to play, the end of a
# game (moved into the archive, then its breakdown), abandoning one for a
# new game (archive(); asked by newgame.before_new_game, which is not here:
# this module is loaded with the setup's last screen, the names
# (newgame.choose_names), not by the key that opens the setup, a large cost
# of that key, nor by the one that asks the options or by a game's start),
# and what a title does after the boot (a DOG match goes on).
#
# The boot's part (open the store, resume the interrupted game, a DOG
# match's next game) is app/startup.py, which leaves RAM once boot is
# done. The final screen's part (the breakdown shown when a game ends,
# leaving it, undoing from it) is app/final.py, which calls this module's
# archive and play_screen: this module never imports it.
#
# Which modules are in RAM in each phase (a board runs .mpy files from
# flash: a module's code lives in the heap while it is imported); the
# names each phase is done with are app/memory.py's tables:
#   boot      app, startup, session, drivers.store, drivers.recovery,
#             drivers.segments, core.gamefile and core.games (the last
#             four forgotten once boot is done: a game's events are written
#             without the file format module, which only a game's start and
#             end load, and the table of titles is for setting a game up);
#   home      home, and the screen it opened (newgame, names, history,
#             settings_screen, final, the title's play module for its
#             options, this module from the names on); all forgotten
#             whenever home is on top (home.py);
#   setup ->  start_game() forgets home first; loaded from .mpy files
#   play      (their code in the heap) the setup modules too, so that they
#             and the game's are never in RAM together; frozen, those wait
#             for the quiet step 200 ms on (App.start_pending), out of the
#             press's window (docs/benchmarks.md: the heap rows do not
#             see that moment). play is session, play.base and play.<id>
#             (play.grid for the titles with round entries), the title's
#             core module, with home stood in for by None (App.top loads
#             it when shown);
#   end       final.finish_game() forgets the play modules and shows the
#             breakdown (final), and this module until that is left.
#   sync      the link (app/sync.py, drivers/link.py) only while a PC
#             talks to the board (App.poll_link).

from micropython import const
import gc
from .i18n import tr, keep_title
from .memory import unload, unload_package, forget, PLAY
from app.clock import now_s

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_NOT_SAVED = const(35)


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
    app.error(_NOT_SAVED)
    return False


def keep(app, session):
    # Start the journal of a new game; False (and a message) if the flash
    # refuses it.
    st = app.store
    if st is None:
        return True
    if not st.start(session, now_s()):
        app.error(_NOT_SAVED)
        return False
    session.store = st
    return True


def play_module(gid):
    # A title's screens: app/play/<gid>.py.
    return __import__(PLAY + "." + gid, None, None, ("Play",), 0)


def play_screen(app, session):
    # A title whose options choose between screens has screen() (Doggy
    # Style: live tracking or the end count); the others, Play. The texts
    # of the other titles leave RAM while it is played.
    keep_title(session.gid)
    mod = play_module(session.gid)
    return getattr(mod, "screen", mod.Play)(app, session)


def forget_play():
    # The play modules leave RAM (the game ended, or home is on top).
    unload_package(PLAY)


def options_module(gid):
    # The module of the options a title asks before a game, if it has one.
    return PLAY + "." + gid + "_options"


def ask_options(app, gid, names):
    # The options a title asks before it starts (app/play/<gid>_options.py,
    # for the titles that have some); each path ends in
    # app.start_later(gid, names, opts), and start_game forgets the module.
    try:
        mod = __import__(options_module(gid), None, None,
                         ("ask_options",), 0)
    except ImportError:
        app.start_later(gid, names, b"")
        return
    mod.ask_options(app, names)


def start_game(app, gid, names, opts):
    # Run by App.step in the step after the key that finished the setup
    # (app.start_later; that key's step cleared the screen), before
    # any key (no setup code is running then): the setup screens and
    # their modules are let go first, so that they and the game's modules
    # are never in use together (a refused start lands on the home
    # screen, with the reason). Frozen into the firmware (this module's
    # file is then its source's name, not a .mpy file) their garbage is
    # collected in the quiet step after the start (App.start_pending),
    # not here, where it lengthened the press's window; loaded from .mpy
    # files their code is in the heap, freed here before the game's is
    # loaded above it (in a board-sized heap the game otherwise ran out
    # of room: tests/device/test_firmware_heap.py). Then only home is on
    # the stack, so the live log is free to take over. The journal is on
    # flash before the play screen is drawn; the next game's number
    # follows in the next step (app.starting = 0, Store.start).
    app.starting = None
    app.home()
    app.stack[0] = None      # as app.forget_home(): home's module goes
    unload(options_module(gid))  # with setup's (its line names it):
    # loaded from .mpy files, now; frozen, their forgetting waits for
    # the quiet step below, as their garbage does (with the journal's
    # writer: App.start_pending), out of the press's window.
    mpy = __file__.endswith(".mpy")
    if mpy:
        forget("setup")
        gc.collect()
    from app.session import Session
    s = Session(gid, names, opts, app.live_log)
    if s.error or not keep(app, s):
        if s.error:
            app.error(s.error, 1500)
        forget("setup")
        return
    if s.store is not None:
        app.starting = 0
    if mpy:
        forget("game_file")  # the journal's head is written
    app.session = s
    screen = play_screen(app, s)
    app.push(screen)
    screen.begin()
    # This module and the others of its line leave RAM (loaded again when
    # the game ends) in the quiet step of the file "next", before its
    # collection (App.start_pending): frozen, their garbage waits for that
    # collection anyway, and forgetting them here lengthened the press's
    # window. Loaded from .mpy files their code is in the heap, and
    # without a store there is no such step: forgotten now.
    if s.store is None or mpy:
        forget("setup")
        forget("game_file")
        forget("lifecycle")


def resume(app):
    # Back to the game in progress from home: home leaves RAM while playing.
    app.forget_home()
    forget("lifecycle")
    app.push(play_screen(app, app.session))


def leave_final(app, session, then):
    # BACK on the final screen (app/final.py): the game moves to the
    # archive (the flash refusing it: the journal stays, and boot or the
    # next game retries).
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
    forget("final")                 # as during any play
    app.toast(tr("undone"), 800)
