# The simulated board, found before any real board.py on the import path.
#
# It builds what a real board.py builds, but from fakes: the real SSD1306 or
# SH1106 driver talks to a fake I2C bus whose controller model decodes every
# byte into pixels; the buttons are fake pins that the simulator presses and
# releases; the clock is virtual in scripted runs (fast and repeatable), and
# when a person plays in the terminal the device's own (the time it slept,
# kept up with the PC's: sim/terminal.py), so that a busy PC loses no key.
# run_sim.py configures it.

from fakes.i2c import FakeI2C
from fakes.oled_model import SSD1306Model, SH1106Model
from drivers.buttons import Buttons
from drivers.hardware import Hardware

CONFIG = {"driver": "ssd1306", "feeder": None, "flash": None,
          "uid": b"\x51\x1a\x00\x00\x00\x00\x00\x01"}  # machine.unique_id()
MOUNT = "/flash"


class FakePin:
    """A button input with a pull-up: 1 released, 0 pressed."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class VirtualClock:
    """ticks_ms() returns simulated time; sleep_ms() moves it on and lets
    the feeder act (press keys, take screenshots) at the right moments."""

    def __init__(self, feeder):
        self.now = 0
        self.feeder = feeder

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms
        if self.feeder:
            self.feeder.tick(self.now)


def mount_flash(path, dev=None):
    # The board's 1 MB littlefs (256 blocks of 4 KB, as on an rp2), kept in
    # an image file when a path is given, else in RAM; mounted at /flash.
    import os
    from fakes.blockdev import BlockDev
    if dev is None:
        dev = BlockDev(CONFIG.get("blocks", 256), path=path)
    try:
        vfs = os.VfsLfs2(dev)
    except OSError:
        os.VfsLfs2.mkfs(dev)
        vfs = os.VfsLfs2(dev)
    try:
        os.umount(MOUNT)
    except OSError:
        pass
    os.mount(vfs, MOUNT)
    return dev, MOUNT


def setup():
    hw = Hardware()
    bus = FakeI2C()
    if CONFIG["driver"] == "sh1106":
        from drivers.sh1106 import SH1106 as Driver
        model = SH1106Model()
    else:
        from drivers.ssd1306 import SSD1306 as Driver
        model = SSD1306Model()
    bus.attach(0x3C, model)
    hw.bus = bus
    hw.panel = model
    hw.display = Driver(bus, 0x3C)
    hw.pins = [FakePin() for _ in range(4)]
    hw.buttons = Buttons(hw.pins)
    feeder = CONFIG["feeder"]
    if feeder is None or feeder.realtime:
        import time
        hw.clock = time if feeder is None else feeder
    else:
        hw.clock = VirtualClock(feeder)
    hw.flash, hw.root = mount_flash(CONFIG["flash"], CONFIG.get("blockdev"))
    hw.uid = CONFIG["uid"]
    if CONFIG.get("serial"):
        # The device's USB serial port: a pty the PC side opened for us,
        # by path, or "fd:N": a descriptor it passed, set non-blocking, so
        # that a write takes what fits and never waits (pieces of 1 KB).
        from drivers.serial import Port
        path = CONFIG["serial"]
        if path.startswith("fd:"):
            fd = int(path[3:])
            hw.serial = Port(open(fd, "rb"), open(fd, "wb"), piece=1024)
        else:
            hw.serial = Port(open(path, "rb"), open(path, "wb"))
    if feeder:
        feeder.attach(hw)
    return hw
