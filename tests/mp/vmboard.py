# What the VM-side checks share (tests/mp/*_check.py, power_cut.py): the
# firmware and the simulator's fakes on the import path, a freshly
# formatted simulated flash, the app booted on it, and a serial port that
# is two byte buffers.

import os
import sys

_root = sys.path[0] + "/../.."          # the scripts are in tests/mp
if _root + "/firmware" not in sys.path:
    sys.path.append(_root + "/sim")
    sys.path.append(_root + "/firmware")


def fresh(blocks=64):
    # A new simulated flash of `blocks` 4 KB blocks, formatted littlefs2.
    from fakes.blockdev import BlockDev
    dev = BlockDev(blocks)
    os.VfsLfs2.mkfs(dev)
    return dev


def boot(dev):
    # The firmware's App on the simulated board with this flash, one step
    # run (the home screen drawn).
    import board
    from app.app import App
    board.CONFIG["blockdev"] = dev
    hw = board.setup()
    app = App(hw)
    app.step(0)
    return app


def free_round(app, scores, leave=True):
    # One free-pad round entered as the play screen commits it: the core
    # builds the event, the session adds it (and the store writes it),
    # then the screen sees whether the game ended. If it did, the player
    # leaves the final screen (unless leave=False): the game moves to the
    # archive then. The error code.
    from core import free
    s = app.session
    err = s.add(free.event(s.ev, free.ROUND, len(scores), scores))
    if err == 0:
        app.stack[1].after()
        if leave:
            leave_final(app)
    return err


def leave_final(app):
    # BACK on the final screen (app/final.py Final), as a player leaves
    # it; nothing on any other screen.
    from drivers.buttons import event, BACK, PRESS
    if type(app.top()).__name__ == "Final":
        app.top().key(event(BACK, PRESS))


class Port:
    """The serial port as the link sees it: bytes in, bytes out."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()

    def read(self, n=1):
        if not self.inbox:
            return b""
        b = bytes(self.inbox[:1])
        self.inbox = self.inbox[1:]
        return b

    def write(self, b):
        # Takes everything (the link's port says how many bytes it took).
        self.out.extend(b)
        return len(b)
