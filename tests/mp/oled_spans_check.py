# Runs on the MicroPython VM: one sequence of frames (a JSON line on stdin,
# made by tests/device/test_display_spans.py) drawn with framebuf calls and
# sent by a real driver (or a deliberately broken one) through the fake I2C
# bus; the controller model decodes every byte. After each show() and the
# flushes that follow it, every page no longer due must hold in the
# controller's RAM what the framebuffer holds; once all is sent, the panel
# must equal the framebuffer pixel for pixel. Prints JSON.
import json
import sys
from drivers.ssd1306 import SSD1306
from drivers.sh1106 import SH1106
from fakes.i2c import FakeI2C
from fakes.oled_model import SSD1306Model, SH1106Model
from app import textdraw as text


class SSD1306ShortRun(SSD1306):
    # Broken: each run of columns loses its last column.
    def write_run(self, at, data):
        super().write_run(at, data[:len(data) - 1])


class SH1106FirstRun(SH1106):
    # Broken: of a page, only its first run of changed columns is sent.
    def flush(self):
        segs = self._segs
        for p in range(8):
            m = segs[p]
            s = 0
            while m and not m >> s & 1:
                s += 1
            run = 0
            while m >> s & 1:
                run |= 1 << s
                s += 1
            segs[p] = run
        super().flush()


DRIVERS = {"SSD1306": (SSD1306, SSD1306Model),
           "SH1106": (SH1106, SH1106Model),
           "SSD1306ShortRun": (SSD1306ShortRun, SSD1306Model),
           "SH1106FirstRun": (SH1106FirstRun, SH1106Model)}


def draw(d, op):
    k = op[0]
    if k == "fill":
        d.fill(op[1])
    elif k == "rect":
        d.fill_rect(op[1], op[2], op[3], op[4], op[5])
    elif k == "pixel":
        d.pixel(op[1], op[2], op[3])
    elif k == "text":
        text.draw(d, op[1], op[2], op[3], op[4])
    elif k == "line":
        d.line(op[1], op[2], op[3], op[4], op[5])
    else:
        d.scroll(op[1], op[2])


def ram_page(model, p):
    # What the panel shows of page p (the drivers' set-up: segment remap,
    # COM scan reversed, start line 0): RAM columns OFFSET.. of the page.
    at = p * model.RAM_COLS + model.OFFSET
    return model.ram[at:at + 128]


def main():
    case = json.loads(sys.stdin.readline())
    cls, model_cls = DRIVERS[case["driver"]]
    bus = FakeI2C()
    model = bus.attach(0x3C, model_cls())
    d = cls(bus)
    d.per_step = case["per_step"]
    buf = d.buffer
    bad = []            # (frame, page) not due yet different on the panel
    for n, frame in enumerate(case["frames"]):
        before = bytes(buf)
        for op in frame["ops"]:
            draw(d, op)
        # pages: those that changed, and any others the caller names
        pages = frame["extra"]
        for p in range(8):
            if buf[p * 128:(p + 1) * 128] != before[p * 128:(p + 1) * 128]:
                pages |= 1 << p
        d.show(frame["full"], pages)
        for _ in range(frame["flushes"]):
            d.flush()
        for p in range(8):
            if not d.due & 1 << p and \
                    ram_page(model, p) != buf[p * 128:(p + 1) * 128]:
                bad.append((n, p))
    while d.due:
        d.flush()
    wrong = 0
    for y in range(64):
        for x in range(128):
            if d.pixel(x, y) != model.pixel(x, y):
                wrong += 1
    print(json.dumps({"bad": bad[:5], "wrong": wrong, "on": model.on,
                      "errors": model.errors, "bytes": bus.bytes,
                      "counted": d.bytes_sent}))


main()
