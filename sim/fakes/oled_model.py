# Models of the SSD1306 and SH1106 controllers: they decode the bytes a
# driver sends over I2C (control bytes, commands with their arguments,
# display data under each addressing mode) into the controller's RAM and
# what the panel shows. Anything a real controller would not understand
# (a bad control byte, an unknown command, a command cut short) is an error:
# with strict=True it raises, so a driver bug fails its test.
#
# Orientation convention (the usual modules): with segment remap (0xA1) and
# COM scan reversed (0xC8), RAM column c, row r is shown at x = c - offset,
# y = r; 0xA0 mirrors x and 0xC0 mirrors y.

W = 128
H = 64


class ProtocolError(Exception):
    pass


class OledModel:
    RAM_COLS = 128
    OFFSET = 0
    # command -> number of argument bytes
    ARGS = {}

    def __init__(self, strict=True):
        self.strict = strict
        self.errors = []
        self.ram = bytearray(self.RAM_COLS * 8)
        self.on = False
        self.entire_on = False
        self.inverted = False
        self.contrast = 0x7F
        self.seg_remap = False
        self.com_reverse = False
        self.start_line = 0
        self.page = 0
        self.col = 0
        self.data_bytes = 0
        self.commands = 0
        self.writes = 0         # data transactions (for the benchmark)

    def error(self, msg):
        self.errors.append(msg)
        if self.strict:
            raise ProtocolError(msg)

    def write(self, data):
        # One I2C transaction: control byte(s), then commands or data.
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.error("bad control byte 0x%02x" % ctrl)
                return
            co = ctrl & 0x80
            is_data = ctrl & 0x40
            if co:
                # One byte, then another control byte.
                if i >= n:
                    self.error("control byte without payload")
                    return
                if is_data:
                    self.data(data[i])
                    i += 1
                else:
                    i = self.command(data, i, n)
            else:
                if is_data:
                    self.writes += 1
                    while i < n:
                        self.data(data[i])
                        i += 1
                else:
                    while i < n:
                        i = self.command(data, i, n)
                return

    def command(self, data, i, n):
        c = data[i]
        k = self.ARGS.get(c, 0)
        if i + 1 + k > n:
            self.error("command 0x%02x cut short" % c)
            return n
        self.commands += 1
        if not self.exec(c, data[i + 1:i + 1 + k]):
            self.error("unknown command 0x%02x" % c)
        return i + 1 + k

    def exec(self, c, a):
        if self.exec_more(c, a):
            return True
        if c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0xA4 or c == 0xA5:
            self.entire_on = c == 0xA5
        elif c == 0xA6 or c == 0xA7:
            self.inverted = c == 0xA7
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xC0 or c == 0xC8:
            self.com_reverse = c == 0xC8
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = a[0]
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif 0x10 <= c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif c in self.ARGS or c == 0xE3:
            pass                    # timing/electrical settings, a NOP
        else:
            return False
        return True

    def exec_more(self, c, a):
        return False

    def data(self, b):
        if self.col < self.RAM_COLS:
            self.ram[self.page * self.RAM_COLS + self.col] = b
        self.data_bytes += 1
        self.advance()

    def advance(self):
        # Page addressing: the column moves on, the page stays.
        if self.col < self.RAM_COLS - 1:
            self.col += 1

    def pixel(self, x, y):
        # What the panel shows at (x, y): 1 lit, 0 dark.
        if not self.on:
            return 0
        if self.entire_on:
            return 1
        c = x + self.OFFSET if self.seg_remap else \
            self.RAM_COLS - 1 - x - self.OFFSET
        r = y if self.com_reverse else H - 1 - y
        r = (r + self.start_line) % H
        v = (self.ram[(r >> 3) * self.RAM_COLS + c] >> (r & 7)) & 1
        return v ^ 1 if self.inverted else v

    def frame(self):
        # The whole panel as bytes, one per pixel, row by row.
        out = bytearray(W * H)
        for y in range(H):
            for x in range(W):
                out[y * W + x] = self.pixel(x, y)
        return out


class SSD1306Model(OledModel):
    ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1,
            0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self, strict=True):
        super().__init__(strict)
        self.mode = 2           # page addressing after reset
        self.c0, self.c1, self.p0, self.p1 = 0, 127, 0, 7

    def exec_more(self, c, a):
        if c == 0x20:
            if a[0] > 2:
                return False
            self.mode = a[0]
        elif c == 0x21:
            self.c0, self.c1 = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.c0
        elif c == 0x22:
            self.p0, self.p1 = a[0] & 7, a[1] & 7
            self.page = self.p0
        else:
            return False
        return True

    def advance(self):
        if self.mode == 2:
            return super().advance()
        if self.mode == 0:          # horizontal: columns, then next page
            if self.col < self.c1:
                self.col += 1
            else:
                self.col = self.c0
                self.page = self.p0 if self.page >= self.p1 else self.page + 1
        else:                       # vertical: pages, then next column
            if self.page < self.p1:
                self.page += 1
            else:
                self.page = self.p0
                self.col = self.c0 if self.col >= self.c1 else self.col + 1


class SH1106Model(OledModel):
    RAM_COLS = 132
    OFFSET = 2
    ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
            0xDB: 1}
