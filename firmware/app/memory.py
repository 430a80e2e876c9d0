# Keeping the heap small on a board that runs .mpy files from flash (not
# frozen): a module's code, constants and function objects live in the
# heap while the module is imported. unload() forgets modules that are done
# (a game's setup screens, the text table); the next import reads them
# from flash again.

import sys


def unload(*names):
    for name in names:
        if sys.modules.pop(name, None) is not None:
            pkg, _, child = name.rpartition(".")
            try:
                delattr(sys.modules[pkg], child)
            except (KeyError, AttributeError):
                pass


def unload_package(pkg):
    # Every module of a package (not the package itself), e.g. "app.play".
    unload(*[n for n in sys.modules if n.startswith(pkg + ".")])


def release(*names):
    # unload(), and the modules' globals emptied: for modules done with for
    # good (boot's). A conservative collector takes any word that looks
    # like an address for a pointer, and a stale one left outside the heap
    # by boot's deep calls can keep a forgotten module alive: on the
    # 32-bit VM core.gamefile stayed in RAM after boot (1.1 KB, its
    # functions and constants) in some builds and not in others. Emptied,
    # such a module holds little more than its constants. Nothing of these
    # modules may run afterwards (its globals are gone).
    for name in names:
        m = sys.modules.get(name)
        if m is not None:
            m.__dict__.clear()
    unload(*names)
