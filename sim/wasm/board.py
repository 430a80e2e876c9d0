# The board on MicroPython's webassembly port (the browser simulator, web/,
# and the 32-bit heap figures of `make bench`). Like sim/board.py, but the
# VM has no machine module and no VfsLfs2: the flash is a plain directory
# on the VM's file system (the browser keeps it in its storage), and time
# is moved on by drive.py, one call from JavaScript at a time.
#
# The fakes (I2C bus, controller model, pins) are made by prepare(), before
# any firmware module is loaded, so that the heap they take can be measured
# apart from the firmware's (bench/wasm/heap.mjs subtracts it).
#
# `os`, `binascii` and `time`: a Pico or an ESP32 has them in C, in flash.
# This VM freezes micropython-lib's Python versions over its C ones (a
# pure-Python crc32 with its tables, os.path, collections: 2.3 KB of heap
# and 50 names, and every CRC slow; time.py adds strftime, which the
# firmware does not use: 256 bytes), so the board here gives the firmware
# the VM's C modules, reached by their u-names, as a board does.

import sys
import ubinascii
import uos
import utime

sys.modules["os"] = uos
sys.modules["binascii"] = ubinascii
sys.modules["time"] = utime

from fakes.i2c import FakeI2C
from fakes.oled_model import SSD1306Model
from drivers.hardware import Hardware

ROOT = "/flash"
UID = b"\x57\xa5\x00\x00\x00\x00\x00\x01"   # stands for machine.unique_id()


class FakePin:
    """A button input with a pull-up: 1 released, 0 pressed."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class Clock:
    """ticks_ms() is the simulated time; drive.py moves it on."""

    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


def prepare():
    # The simulated parts only: what a board has in silicon.
    hw = Hardware()
    hw.bus = FakeI2C()
    hw.panel = hw.bus.attach(0x3C, SSD1306Model())
    hw.pins = [FakePin() for _ in range(4)]
    hw.clock = Clock()
    return hw


def setup(hw):
    # What firmware/drivers/hardware.py builds on a board, on the fakes.
    import os
    from drivers.ssd1306 import SSD1306
    from drivers.buttons import Buttons
    try:
        os.mkdir(ROOT)
    except OSError:
        pass                       # kept from before (the browser's storage)
    hw.display = SSD1306(hw.bus, 0x3C)
    hw.buttons = Buttons(hw.pins)
    hw.root = ROOT
    hw.uid = UID
    return hw
