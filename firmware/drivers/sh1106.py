# SH1106 128x64 over I2C (the 1.3" modules). See oled.py.
#
# The SH1106 has 132 columns of RAM, of which the visible 128 start at
# column 2, and only page addressing: each page is written by setting the
# page and the column, then sending its bytes.
from drivers.oled import Oled

_COL_OFFSET = 2


class SH1106(Oled):
    def init_display(self):
        self.command(
            0xAE,               # display off
            0xD5, 0x80,         # clock divide / oscillator
            0xA8, 63,           # multiplex ratio: 64 rows
            0xD3, 0x00,         # no vertical offset
            0x40,               # start line 0
            0xAD, 0x8B,         # DC-DC converter on
            0xA1,               # segment remap
            0xC8,               # scan COM from the bottom
            0xDA, 0x12,         # COM pins configuration
            0x81, 0x80,         # contrast
            0xD9, 0x22,         # pre-charge period
            0xDB, 0x35,         # VCOM deselect level
            0xA4,               # display follows RAM
            0xA6)               # not inverted
        # Display on once the first frame is in (Oled.flush), not a blank
        # frame first.

    def write_page(self, page, data):
        # The page and the column (as one bytes object: this runs for
        # every page sent), then the bytes.
        self.i2c.writeto(self.addr, bytes((0, 0xB0 | page, _COL_OFFSET & 0x0F,
                                           0x10 | (_COL_OFFSET >> 4))))
        self.bytes_sent += 4
        self._data(data)
