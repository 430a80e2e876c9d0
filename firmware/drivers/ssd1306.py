# SSD1306 128x64 over I2C (the common 0.96" module). See oled.py.
from drivers.oled import Oled


class SSD1306(Oled):
    _pagecmd = None
    def init_display(self):
        self.command(
            0xAE,               # display off
            0x20, 0x00,         # horizontal addressing mode
            0x40,               # start line 0
            0xA1,               # segment remap: column 127 is SEG0
            0xA8, 63,           # multiplex ratio: 64 rows
            0xC8,               # scan COM from the bottom: right way up
            0xD3, 0x00,         # no vertical offset
            0xDA, 0x12,         # COM pins: alternative configuration
            0xD5, 0x80,         # clock divide / oscillator
            0xD9, 0xF1,         # pre-charge period (internal charge pump)
            0xDB, 0x30,         # VCOMH deselect level
            0x81, 0xCF,         # contrast
            0xA4,               # display follows RAM
            0xA6,               # not inverted
            0x8D, 0x14)         # charge pump on
        # Display on once the first frame is in (Oled.flush), not a blank
        # frame first.

    def write_page(self, page, data):
        # Column range 0-127 and page range page-page, then the bytes. The
        # commands in one buffer kept for it: this runs for every page
        # sent, and allocates nothing.
        c = self._pagecmd
        if c is None:
            c = self._pagecmd = bytearray(b"\x00\x21\x00\x7f\x22\x00\x00")
        c[5] = c[6] = page
        self.i2c.writeto(self.addr, c)
        self.bytes_sent += 7
        self._data(data)
