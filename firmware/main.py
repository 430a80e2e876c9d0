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
del sys

import board  # noqa: E402
from app.app import App  # noqa: E402
from app.memory import release  # noqa: E402

# The rp2 port's _boot.py imports its rp2 module (the PIO assembler's
# helpers) to mount the flash and leaves it imported: the firmware never
# uses it. Emptied as well as forgotten (release): a stale pointer to it
# kept its objects alive when it was only forgotten.
release("rp2")
App(board.setup()).run()
