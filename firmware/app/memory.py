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
