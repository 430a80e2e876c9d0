# SH1106 128x64 over I2C (the 1.3" modules). See oled.py.
#
# The SH1106 has 132 columns of RAM, of which the visible 128 start at
# column 2, and only page addressing (as Oled.write_run uses).
from drivers.oled import Oled


class SH1106(Oled):
    _COL0 = 2           # the visible columns start at RAM column 2
    # Oled.__init__ sends it once (a bytes literal: in flash, not a
    # method in RAM for good). Display on once the first frame is in
    # (Oled.flush), not a blank frame first.
    _INIT = (b"\x00"        # control byte: commands follow
             b"\xae"        # display off
             b"\xd5\x80"    # clock divide / oscillator
             b"\xa8\x3f"    # multiplex ratio: 64 rows
             b"\xd3\x00"    # no vertical offset
             b"\x40"        # start line 0
             b"\xad\x8b"    # DC-DC converter on
             b"\xa1"        # segment remap
             b"\xc8"        # scan COM from the bottom
             b"\xda\x12"    # COM pins configuration
             b"\x81\x80"    # contrast
             b"\xd9\x22"    # pre-charge period
             b"\xdb\x35"    # VCOM deselect level
             b"\xa4"        # display follows RAM
             b"\xa6")       # not inverted
