# Boot: the board's setup (pins, buses, display, buttons: board.py, the only
# file that knows the hardware), then the app loop. In the simulator a fake
# board.py comes first on the import path.
import sys

# In a release image (the firmware frozen in, docs/release-image.md) the
# frozen modules come first: .py/.mpy files left on the filesystem by an
# earlier `marcador flash` install would otherwise shadow them (MicroPython
# looks in '' before '.frozen'). Elsewhere '.frozen' holds only
# MicroPython's own modules (asyncio...), none named like ours.
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
# On a board, the built-in modules the firmware imports go into sys.modules
# once, imported with sys.path emptied for the while (a built-in is then
# taken at once, the filesystem never searched). An import of an
# extensible built-in (array, os, json...) otherwise searches every
# sys.path entry first, littlefs's included, at every import statement
# (built-ins are not kept in sys.modules): much of the boot's littlefs
# work (docs/benchmarks.md, boot). (Not in the simulators: their fakes of
# some of these go in sys.modules.) By their own names, and `name` and
# `path` for the loop: names MicroPython has in flash. An alias (uos...)
# or a name of our own would be one more string in the heap for good when
# this file is run from the filesystem.
if sys.platform in ("rp2", "esp32"):
    path = sys.path[:]
    sys.path.clear()
    try:
        for name in ("array", "binascii", "json", "os", "time", "machine",
                     "select"):
            if name not in sys.modules:
                try:
                    sys.modules[name] = __import__(name)
                except ImportError:
                    pass
    finally:
        sys.path.extend(path)
    del name, path
# The rp2 port's _boot.py imports its `rp2` module (the PIO assembler, in
# the heap for good: its globals, classes and functions) to mount the
# flash, and keeps it in sys.modules and as a name of this module's
# globals, which main.py shares with _boot.py. Nothing here uses it:
# emptied as well as forgotten below (release), as a stale pointer to it
# kept its objects alive when it was only forgotten.
globals().pop("rp2", None)
del sys

import board  # noqa: E402
from app.app import App  # noqa: E402
from app.memory import release, unload  # noqa: E402

release("rp2")
hw = board.setup()
# board.py and drivers/hardware.py are done with once the hardware is built
# (hw keeps its class): forgotten, their globals and functions leave RAM.
del board
unload("board", "drivers.hardware")
App(hw).run()
