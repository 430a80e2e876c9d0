# Raspberry Pi Pico + SSD1306 0.96" OLED (I2C) + 4 buttons.
# Everything this board's wiring decides lives here and only here.
import time
from machine import I2C, Pin
from drivers.ssd1306 import SSD1306
from drivers.buttons import Buttons

I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
# Buttons between the GPIO and GND, read with the internal pull-ups,
# in the order UP, DOWN, OK, BACK.
BUTTON_PINS = (10, 11, 12, 13)


class Hardware:
    pass


def setup():
    hw = Hardware()
    i2c = I2C(I2C_ID, sda=Pin(SDA), scl=Pin(SCL), freq=I2C_FREQ)
    hw.display = SSD1306(i2c, DISPLAY_ADDR)
    hw.buttons = Buttons([Pin(n, Pin.IN, Pin.PULL_UP) for n in BUTTON_PINS])
    hw.clock = time            # ticks_ms() and sleep_ms()
    hw.root = "/"              # the board's littlefs
    return hw
