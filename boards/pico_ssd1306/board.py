# Raspberry Pi Pico + SSD1306 0.96" OLED (I2C) + 4 buttons.
# Everything this board's wiring decides lives here and only here.
from drivers.ssd1306 import SSD1306
from drivers.hardware import build


# The settings by their names in drivers/hardware.py build() (kept out of
# this module's globals: a global's name would be one more string in RAM
# for good on a board that loads .mpy files, docs/benchmarks.md).
def setup():
    return build(SSD1306, i2c_id=0, sda=4, scl=5,
                 freq=400_000,     # the display's SCL rate, Hz
                 addr=0x3C,         # the display's I2C address
                 # UP, DOWN, OK, BACK; each button between the pin and GND
                 button_pins=(10, 11, 12, 13))
