# Raspberry Pi Pico + SSD1306 0.96" OLED (I2C) + 4 buttons.
# Everything this board's wiring decides lives here and only here.
from drivers.ssd1306 import SSD1306
from drivers.hardware import build

I2C_ID = 0
SDA = 4
SCL = 5
I2C_FREQ = 400_000
DISPLAY_ADDR = 0x3C
# In the order UP, DOWN, OK, BACK; each button between the pin and GND.
BUTTON_PINS = (10, 11, 12, 13)


def setup():
    return build(SSD1306, I2C_ID, SDA, SCL, I2C_FREQ, DISPLAY_ADDR,
                 BUTTON_PINS)
