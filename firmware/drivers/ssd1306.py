# SSD1306 128x64 over I2C (the common 0.96" module). See oled.py.
from drivers.oled import Oled


class SSD1306(Oled):
    _pagecmd = None
    # Oled.__init__ sends it once (a bytes literal: in flash, not a
    # method in RAM for good). Display on once the first frame is in
    # (Oled.flush), not a blank frame first.
    _INIT = (b"\x00"        # control byte: commands follow
             b"\xae"        # display off
             b"\x20\x00"    # horizontal addressing mode
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

    def write_run(self, at, data):
        # Column range and page range (one page), then the bytes. The
        # commands in one buffer kept for it: this runs for every run of
        # columns sent, and allocates nothing.
        c = self._pagecmd
        if c is None:
            c = self._pagecmd = bytearray(b"\x00\x21\x00\x7f\x22\x00\x00")
        c[2] = at & 0x7F
        c[3] = (at & 0x7F) + len(data) - 1
        c[5] = c[6] = at >> 7
        self.i2c.writeto(self.addr, c)
        self.bytes_sent += 7
        self.i2c.writevto(self.addr, (b"\x40", data))   # data follows
