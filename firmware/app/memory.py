# Keeping the heap small on a board that runs .mpy files from flash (not
# frozen): a module's code, constants and function objects live in the
# heap while the module is imported (frozen, its globals and functions
# still do). unload() forgets modules that are done; the next import reads
# them from flash again.

import sys

# The phases of the device's life, and the modules each one is done with
# when it ends: forget(phase) unloads its line's modules. One bytes object,
# not a tuple a phase: loaded from a .mpy file, each tuple, each name longer
# than a short identifier and each global would be an object in the heap
# for good (tests/tree/test_layers.py checks the names and that app/ unloads
# by phase only).
# The lines most often asked for come first (a line is found by a search
# from the table's start): "notes" is forgotten after every key, the next
# four at every game's start. Bytes, not a str: on MicroPython a str is
# indexed by characters (each find, slice or startswith at an offset walks
# the text from its start); bytes are indexed directly. The names split
# from a line's str are found among the interned strings (the modules'
# names: in the release image, qstrs in flash): nothing made for them.
#   notes      a toast's or Note's drawing and app/note.py, after the
#              next key
#   meta       the reader of littlefs's metadata, after its quiet step
#   home       home, while a game is played (None stands in: App.top)
#   setup      when a game starts (app/flow.py start_game), with the
#              title's options module
#   game_file  once the journal's head is written
#   lifecycle  app/flow.py, in RAM only for a step of a game's life
#   from_home  the screens opened from home, whenever home is on top again
#   final      the final screen, when the game is undone from it
#   tables     app/tables.py, once a table of constants is read
#   native     the native glyph copies' module, once app/textdraw.py has
#              taken its functions (emptied too: release())
#   error_texts  the error texts, once one is shown
#   link       the sync link, when the PC has been quiet (App.poll_link)
#   boot       app/startup.py, emptied too once boot is done (release())
#   boot_only  what boot alone reads (emptied too, unless loaded before
#              boot: a test's harness)
PHASES = b"""
notes app.notes app.note
meta drivers.lfs_meta
home app.home
setup app.names app.newgame app.home
game_file core.gamefile core.games drivers.game_files
lifecycle app.flow app.clock drivers.game_files
from_home app.newgame app.names app.history drivers.segments
 drivers.seg_index drivers.game_files app.settings_screen app.final
 app.flow app.clock core.gamefile core.games
final app.final app.flow app.clock
tables app.tables
native app.glyphs_native
error_texts core.error_texts
link app.sync drivers.link drivers.outbuf core.wire core.version
boot app.startup
boot_only drivers.recovery drivers.segments drivers.game_files core.gamefile
 core.games
"""
PLAY = "app.play"     # a package: unload_package() forgets its modules


def modules(phase):
    # The modules of a phase's line (a line that starts with a space goes
    # on the one before). The phase found as a word that starts a line;
    # the line made a str once (it shares the table's bytes), then split
    # into the modules' names (interned: nothing made).
    t = PHASES
    p = phase.encode()
    i = t.index(p)
    while t[i - 1] != 10 or t[i + len(p)] != 32:      # b"\n", b" "
        i = t.index(p, i + 1)
    i += len(p) + 1
    j = t.find(b"\n", i)
    while t.startswith(b" ", j + 1):
        j = t.find(b"\n", j + 1)
    return t[i:j].decode().split()


def forget(phase):
    unload(*modules(phase))


def unload(*names):
    mods = sys.modules
    for name in names:
        if mods.pop(name, None) is not None:
            pkg, _, child = name.rpartition(".")
            try:
                delattr(mods[pkg], child)
            except (KeyError, AttributeError):
                pass


def unload_package(pkg):
    # Every module of a package (not the package itself), e.g. "app.play".
    # The prefix made once: on MicroPython each str made is first looked
    # up among the interned strings, a walk over thousands of them.
    pkg += "."
    unload(*[n for n in sys.modules if n.startswith(pkg)])


def release(*names):
    # unload(), and the modules' globals emptied: for modules done with for
    # good (boot's). A conservative collector takes any word that looks
    # like an address for a pointer, and a stale one left outside the heap
    # by boot's deep calls can keep a forgotten module alive: on the
    # 32-bit VM core.gamefile stayed in RAM after boot (its functions and
    # constants) in some builds and not in others. Emptied,
    # such a module holds little more than its constants. Nothing of these
    # modules may run afterwards (its globals are gone).
    for name in names:
        m = sys.modules.get(name)
        if m is not None:
            m.__dict__.clear()
    unload(*names)
