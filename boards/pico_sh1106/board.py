# Raspberry Pi Pico + SH1106 1.3" OLED (I2C) + 4 buttons.
# Everything this board's wiring decides lives here and only here.
from drivers.sh1106 import SH1106
from drivers.hardware import build

I2C_ID = 1
SDA = 14
SCL = 15
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
# In the order UP, DOWN, OK, BACK; each button between the pin and GND.
BUTTON_PINS = (10, 11, 12, 13)


def setup():
    return build(SH1106, I2C_ID, SDA, SCL, I2C_FREQ, DISPLAY_ADDR,
                 BUTTON_PINS)
