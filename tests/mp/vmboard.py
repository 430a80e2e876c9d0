# What the VM-side checks share (tests/mp/*.py): the firmware and the
# simulator's fakes on the import path (a script imports vmboard before
# anything of theirs: this is the one place that puts them there), a
# freshly formatted simulated flash, the app booted on it or driven by keys
# to a play screen, a Pico's flash image as the board's flash, and a serial
# port that is two byte buffers.

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


def to_play(keys):
    # The firmware's App on the simulated board (its flash in RAM), driven
    # by a key script until a play screen is up and no key is held; the
    # keys then wait for good. The app.
    import board
    import feeders
    board.CONFIG["feeder"] = feeders.ScriptFeeder(
        keys.split("\n") + ["wait 100000000"])
    hw = board.setup()
    from app.app import App
    app = App(hw)
    clock = hw.clock
    for _ in range(3000):
        app.step(clock.ticks_ms())
        clock.sleep_ms(10)
        if type(app.top()).__name__ == "Play" and not hw.buttons.held():
            break
    return app


RP2_BASE = 0xA0000      # the rp2 port's littlefs: the last 1408 KB of 2 MB
RP2_BLOCKS = 352


def rp2_flash(path):
    # The littlefs of a 2 MB flash image of the emulated Pico, read into
    # RAM (the file is not changed), as the board's flash: mounted as the
    # rp2 port mounts it (progsize=256), no key feeder. (BlockDev, bytes).
    import board
    from fakes.blockdev import BlockDev
    with open(path, "rb") as f:
        f.seek(RP2_BASE)
        data = bytearray(f.read(RP2_BLOCKS * 4096))
    dev = BlockDev(RP2_BLOCKS, data=data)

    def mount_flash(path, dev):
        os.mount(os.VfsLfs2(dev, progsize=256), board.MOUNT)
        return dev, board.MOUNT

    board.mount_flash = mount_flash
    board.CONFIG["blockdev"] = dev
    board.CONFIG["feeder"] = None
    return dev, data


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
