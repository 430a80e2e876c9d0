# 128x64 monochrome OLED over I2C: what SSD1306 and SH1106 share.
#
# The display is a framebuf.FrameBuffer (MONO_VLSB: one byte is a column of
# 8 pixels, a row of 128 bytes is one "page", the controller's own memory
# layout), so the UI draws with framebuf calls and then calls show().
# show() sends only what changed since the last show(): a full frame is 8
# pages of 128 bytes, each byte 9 SCL periods on the wire, so each page is
# cut into segments of 32 columns and only the runs of changed segments
# go, each with its column address; with per_step set, at most that many
# pages a call, the rest by flush().
# The bus comes from the caller (a machine.I2C on a board, a fake in the
# simulator); this module never touches pins.

import framebuf
from array import array
from binascii import crc32
from micropython import const

_WIDTH = const(128)
_HEIGHT = const(64)
_PAGES = const(8)
# A segment's columns: each run sent costs its address (5 bytes in 2
# transfers) on the wire, each segment a CRC-32 call and a word of heap
# (8 of 16 columns sent less but cost more: bench/rp2.py, the worst press
# is a whole new frame).
_SEG = const(32)
_SEGS = const(4)
_ALL = const((1 << _SEGS) - 1)      # a page's segments, as bits
_LAST = const(1 << (_SEGS - 1))     # its last segment's bit
del const   # read by no code (mpy-cross folds each const()): a global
            # fewer, the globals' table a size smaller

# (b"\x40" before a page's bytes: display data follows; each display's
# write_run sends it)


class Oled(framebuf.FrameBuffer):
    per_step = _PAGES    # pages sent per show() or flush(); the rest wait
    due = 0             # bit p: page p differs from the panel, not sent yet
    # (_segs[p], bit s: its segment s is one of those that differ)
    _INIT: bytes        # each display's set-up commands (annotation only)
    _COL0 = 0           # the RAM column shown at x = 0
    _runcmd = None      # write_run's commands (a bytearray once used)

    def __init__(self, i2c, addr=0x3C):
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(_WIDTH * _PAGES)
        super().__init__(self.buffer, _WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        # What each segment was last shown with, as the CRC-32 of its 32
        # bytes (a copy of the frame would take as much heap as the frame;
        # a changed segment with an unchanged CRC, about 1 in 4e9, would
        # keep its old pixels until it changes again).
        self._sums = array("I", bytes(4 * _PAGES * _SEGS))
        self._segs = bytearray(_PAGES)
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
        self.i2c.writeto(self.addr, b"\x00" + bytes(cmds))  # commands follow
        self.bytes_sent += 1 + len(cmds)

    def poweroff(self):
        self.command(0xAE)

    def poweron(self):
        self.command(0xAF)

    def contrast(self, level):
        self.command(0x81, level & 0xFF)

    def show(self, full=False, pages=0xFF):
        # Mark due the segments whose bytes differ from what was last
        # shown, then send them (flush). pages: those that may have changed
        # (bit p: page p), when the caller knows (app/ui.py's partial
        # redraw); the others are not even checked, and a page never shown
        # is checked and sent whole. A segment due stays due until sent, as
        # it is then (a frame is always drawn, then shown). The loop ends
        # past the last page to check, with the masks in locals: it runs
        # in every key's step. (While loops and small methods: the frame
        # rule, docs/architecture.md; full becomes the pages on the panel,
        # a local fewer.)
        full = 0 if full else self._valid
        pages = (pages | ~full) & 0xFF
        segs = self._segs
        due = self.due
        page = 0
        while pages:
            if pages & 1:
                m = self._changed(page)
                if not full >> page & 1:
                    m = _ALL                 # whatever the panel holds
                if m:
                    segs[page] |= m
                    due |= 1 << page
            pages >>= 1
            page += 1
        self.due = due
        self.flush()

    def _changed(self, page):
        # The page's segments whose bytes differ from their CRC kept (bit
        # s: segment s), and that CRC set to theirs: each CRC is computed
        # once, here (page becomes a segment's first byte in the frame).
        mv = self._mv
        sums = self._sums
        m = 0
        page *= _WIDTH
        while True:
            c = crc32(mv[page:page + _SEG])
            m >>= 1
            if c != sums[page // _SEG]:
                sums[page // _SEG] = c
                m |= _LAST
            page += _SEG
            if not page % _WIDTH:
                return m

    def flush(self):
        # Send up to per_step of the pages due, from the top; the rest stay
        # due for the next call (app/app.py calls it once a step: on a
        # slow bus a frame is sent over a few steps, keys read in between).
        # The panel is switched on once its first whole frame is in.
        n = self.per_step
        due = self.due
        page = 0
        while due >> page and n:
            if due >> page & 1:
                self._send(page)
                due &= ~(1 << page)
                n -= 1
            page += 1
        self.due = due
        if self._dark and not due:
            self._dark = False
            self.poweron()

    def _send(self, page):
        # Each run of the page's due segments, as one transfer (at: a
        # segment's first byte in the frame; a run starts at c).
        m = self._segs[page]
        at = page * _WIDTH
        while m:
            if m & 1:
                c = at
                while m & 1:
                    at += _SEG
                    m >>= 1
                self.write_run(c, self._mv[c:at])
                self.bytes_sent += 1 + at - c
            else:
                at += _SEG
                m >>= 1
        self._segs[page] = 0
        self._valid |= 1 << page
        self.pages_sent += 1

    def write_run(self, at, data):
        # data onto the panel from byte at of the frame on (page at >> 7,
        # column at & 127), within that page: the controller in page
        # addressing mode, its page and start column set (the column moves
        # on with each byte), then the bytes. The commands in one buffer
        # kept for it: this runs for every run sent, and allocates nothing.
        c = self._runcmd
        if c is None:
            c = self._runcmd = bytearray(4)     # c[0] = 0: commands follow
        c[1] = 0xB0 | at >> 7
        at = (at & 0x7F) + self._COL0
        c[2] = at & 0x0F
        c[3] = 0x10 | at >> 4
        self.i2c.writeto(self.addr, c)
        self.bytes_sent += 4
        self.i2c.writevto(self.addr, (b"\x40", data))   # data follows
