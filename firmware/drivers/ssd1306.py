# SSD1306 128x64 over I2C (the common 0.96" module). See oled.py.
from drivers.oled import Oled


class SSD1306(Oled):
    # Oled.__init__ sends it once (a bytes literal: in flash, not a
    # method in RAM for good). Display on once the first frame is in
    # (Oled.flush), not a blank frame first.
    _INIT = (b"\x00"        # control byte: commands follow
             b"\xae"        # display off
             b"\x20\x02"    # page addressing mode (Oled.write_run)
             b"\x40"        # start line 0
             b"\xa1"        # segment remap: column 127 is SEG0
             b"\xa8\x3f"    # multiplex ratio: 64 rows
             b"\xc8"        # scan COM from the bottom: right way up
             b"\xd3\x00"    # no vertical offset
             b"\xda\x12"    # COM pins: alternative configuration
             b"\xd5\x80"    # clock divide / oscillator
             b"\xd9\xf1"    # pre-charge period (internal charge pump)
             b"\xdb\x30"    # VCOMH deselect level
             b"\x81\xcf"    # contrast
             b"\xa4"        # display follows RAM
             b"\xa6"        # not inverted
             b"\x8d\x14")   # charge pump on
