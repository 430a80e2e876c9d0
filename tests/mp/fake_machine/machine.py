# A checking stand-in for MicroPython's machine module, for loading the real
# boards/*/board.py on the unix port. It refuses what the chip would refuse
# (I2C on pins that cannot carry that bus, pull-ups where there are none),
# and puts a decoding display model on the bus.
from fakes.i2c import FakeI2C
from fakes.oled_model import SSD1306Model, SH1106Model

CHIP = "rp2"            # set by the check script: "rp2" or "esp32"
MODEL = "ssd1306"
made = []

_RP2_I2C = {0: ((0, 4, 8, 12, 16, 20), (1, 5, 9, 13, 17, 21)),
            1: ((2, 6, 10, 14, 18, 26), (3, 7, 11, 15, 19, 27))}


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, n, mode=-1, pull=-1):
        top = 29 if CHIP == "rp2" else 40
        if not 0 <= n < top:
            raise ValueError("invalid pin %d" % n)
        if pull == Pin.PULL_UP and CHIP == "esp32" and 34 <= n <= 39:
            raise ValueError("GPIO%d has no pull-up" % n)
        self.n = n
        self.mode = mode
        self.pull = pull
        self.level = 1
        made.append(self)

    def value(self):
        return self.level

    # The chip's own numbers (rp2: GPIO_IRQ_EDGE_FALL/RISE; esp32:
    # GPIO_INTR_NEGEDGE/POSEDGE), set when the check picks the chip.
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def irq(self, handler=None, trigger=12, hard=False):
        if self.mode != Pin.IN:
            raise ValueError("irq on a pin that is not an input")
        if handler is not None and not callable(handler):
            raise TypeError("handler must be callable")
        if trigger not in (Pin.IRQ_FALLING, Pin.IRQ_RISING,
                           Pin.IRQ_FALLING | Pin.IRQ_RISING):
            raise ValueError("bad trigger %r" % trigger)
        self.handler, self.trigger, self.hard = handler, trigger, hard

    def set(self, level):
        # The level the outside world puts on the pin; the handler runs
        # on an edge it asked for.
        edge = Pin.IRQ_FALLING if level < self.level else \
            Pin.IRQ_RISING if level > self.level else 0
        self.level = level
        if getattr(self, "handler", None) and edge & self.trigger:
            self.handler(self)


def use_chip(chip):
    global CHIP
    CHIP = chip
    Pin.IRQ_FALLING, Pin.IRQ_RISING = (4, 8) if chip == "rp2" else (2, 1)


class I2C(FakeI2C):
    def __init__(self, bus_id, sda=None, scl=None, freq=400_000):
        super().__init__(freq)
        if CHIP == "rp2":
            sdas, scls = _RP2_I2C[bus_id]
            if sda.n not in sdas or scl.n not in scls:
                raise ValueError("I2C%d cannot use SDA %d / SCL %d" %
                                 (bus_id, sda.n, scl.n))
        self.model = self.attach(0x3C, SH1106Model() if MODEL == "sh1106"
                                 else SSD1306Model())


def unique_id():
    # 8 bytes on an RP2040 (the flash chip's id), 6 on an ESP32 (its MAC).
    return b"\xe6\x61\x41\x04\x03\x2f\x6a\x2b" if CHIP == "rp2" else \
        b"\x24\x0a\xc4\x12\x34\x56"
