# 128x64 monochrome OLED over I2C: what SSD1306 and SH1106 share.
#
# The display is a framebuf.FrameBuffer (MONO_VLSB: one byte is a column of
# 8 pixels, a row of 128 bytes is one "page", the controller's own memory
# layout), so the UI draws with framebuf calls and then calls show().
# show() sends only the pages that changed since the last show(): a full
# frame is 8 pages of 128 bytes, each byte 9 SCL periods on the wire; with
# per_step set, at most that many pages a call, the rest by flush().
# The bus comes from the caller (a machine.I2C on a board, a fake in the
# simulator); this module never touches pins.

import framebuf
from array import array
from binascii import crc32
from micropython import const

_WIDTH = const(128)
_HEIGHT = const(64)
_PAGES = const(8)

# (b"\x40" before a page's bytes: display data follows; each display's
# write_page sends it)


class Oled(framebuf.FrameBuffer):
    per_step = _PAGES    # pages sent per show() or flush(); the rest wait
    due = 0             # bit p: page p differs from the panel, not sent yet
    _INIT: bytes        # each display's set-up commands (annotation only)

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(_WIDTH * _PAGES)
        super().__init__(self.buffer, _WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        # What each page showed last, as the CRC-32 of its 128 bytes (a
        # copy of the frame would take as much heap as the frame; a changed
        # page with an unchanged CRC, about 1 in 4e9, would keep its old
        # pixels until it changes again).
        self._sums = array("I", bytes(4 * _PAGES))
        self._valid = 0                  # bit p: page p is on the panel
        self._mv = memoryview(self.buffer)   # show() slices its pages
        self.pages_sent = 0              # counters for the benchmark
        self.bytes_sent = 0
        # The controller's RAM holds noise at power-on: the panel stays off
        # (its _INIT leaves it so) until the first frame is in (flush),
        # rather than being sent a blank frame first.
        self._dark = True
        # The controller's set-up commands (each display's _INIT: a
        # command control byte, then the commands), once.
        i2c.writeto(addr, self._INIT)
        self.bytes_sent += len(self._INIT)

    def command(self, *cmds):
        # b"\x00": the control byte, a stream of commands follows
        self.i2c.writeto(self.addr, b"\x00" + bytes(cmds))
        self.bytes_sent += 1 + len(cmds)

    def poweroff(self):
        self.command(0xAE)

    def poweron(self):
        self.command(0xAF)

    def contrast(self, level):
        self.command(0x81, level & 0xFF)

    def show(self, full=False, pages=0xFF):
        # Mark due the pages whose bytes differ from what was sent last
        # time, then send them (flush). pages: those that may have changed
        # (bit p: page p), when the caller knows (app/ui.py's partial
        # redraw); the others are not even checked. (A while loop: the
        # frame rule, docs/architecture.md.)
        page = 0
        while page < _PAGES:
            bit = 1 << page
            if full or pages & bit or not self._valid & bit:
                c = crc32(self._mv[page * _WIDTH:(page + 1) * _WIDTH])
                if full or not self._valid & bit or c != self._sums[page]:
                    self.due |= bit
                else:                    # back to what the panel shows
                    self.due &= ~bit
            page += 1
        self.flush()

    def flush(self):
        # Send up to per_step of the pages due, from the top; the rest stay
        # due for the next call (app/app.py calls it once a step: on a
        # slow bus a frame is sent over a few steps, keys read in between).
        # The panel is switched on once its first whole frame is in.
        n = self.per_step
        page = 0
        while self.due >> page and n:
            bit = 1 << page
            if self.due & bit:
                now = self._mv[page * _WIDTH:(page + 1) * _WIDTH]
                self.write_page(page, now)
                self._sums[page] = crc32(now)
                self._valid |= bit
                self.due &= ~bit
                self.pages_sent += 1
                self.bytes_sent += 1 + _WIDTH
                n -= 1
            page += 1
        if self._dark and not self.due:
            self._dark = False
            self.poweron()

    def write_page(self, page, data):
        raise NotImplementedError
