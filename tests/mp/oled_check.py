# Runs on the MicroPython VM: the real SSD1306 and SH1106 drivers talk to
# the fake I2C bus; the controller models decode what was sent, and the
# panel must equal the driver's framebuffer pixel for pixel. Prints JSON.
import json
import random
from drivers.ssd1306 import SSD1306
from drivers.sh1106 import SH1106
from fakes.i2c import FakeI2C
from fakes.oled_model import SSD1306Model, SH1106Model
from app import textdraw as text


def mismatches(d, model):
    bad = 0
    for y in range(64):
        for x in range(128):
            if d.pixel(x, y) != model.pixel(x, y):
                bad += 1
    return bad


def scribble(d, rnd):
    for _ in range(rnd.getrandbits(3) + 1):
        k = rnd.getrandbits(2)
        x = rnd.getrandbits(7)
        y = rnd.getrandbits(6)
        if k == 0:
            d.fill_rect(x, y, rnd.getrandbits(5), rnd.getrandbits(4), 1)
        elif k == 1:
            d.pixel(x, y, rnd.getrandbits(1))
        elif k == 2:
            text.draw(d, "Año ¿Cuántos? ¡Sí!", x, y, rnd.getrandbits(1))
        else:
            d.line(x, y, rnd.getrandbits(7), rnd.getrandbits(6), 1)


def check(drv_cls, model_cls, seed):
    bus = FakeI2C()
    model = bus.attach(0x3C, model_cls())
    d = drv_cls(bus)
    out = {"driver": drv_cls.__name__, "frames": 0, "bad": 0,
           "pages_idle": 0, "pages_one_pixel": 0,
           "dark_before_first_frame": not model.on}
    random.seed(seed)
    for f in range(40):
        if f % 10 == 0:
            d.fill(0)
        scribble(d, random)
        d.show()
        out["on"] = model.on
        out["frames"] += 1
        out["bad"] += mismatches(d, model)
    before = d.pages_sent
    d.show()
    out["pages_idle"] = d.pages_sent - before
    before = d.pages_sent
    sent = bus.bytes
    d.pixel(5, 33, 1 - d.pixel(5, 33))
    d.show()
    out["pages_one_pixel"] = d.pages_sent - before
    out["bytes_one_pixel"] = bus.bytes - sent
    out["bad"] += mismatches(d, model)
    # The controller's inverse display (0xA7, back with 0xA6), sent as any
    # command (the firmware never inverts: no method for it in RAM).
    d.command(0xA7)
    out["inverted_ok"] = model.pixel(5, 33) != d.pixel(5, 33)
    d.command(0xA6)
    d.poweroff()
    out["off_dark"] = model.frame() == bytearray(128 * 64)
    out["errors"] = model.errors
    return out


def spread(drv_cls, model_cls, seed):
    # per_step = 2: show() sends two pages, each flush() two more, the top
    # ones first; the panel is dark until the whole first frame is in, and
    # a page drawn again before it was sent is sent once, as it is then.
    bus = FakeI2C()
    model = bus.attach(0x3C, model_cls())
    d = drv_cls(bus)
    d.per_step = 2
    random.seed(seed)
    scribble(d, random)
    d.fill_rect(0, 0, 128, 64, 1)
    sent, on = [], []
    d.show()
    sent.append(d.pages_sent)
    on.append(model.on)
    d.pixel(0, 63, 0)                  # page 7, still due: drawn again
    d.show(False, 0x80)
    sent.append(d.pages_sent)
    while d.due:
        d.flush()
        sent.append(d.pages_sent)
        on.append(model.on)
    return {"sent": sent, "on": on, "bad": mismatches(d, model),
            "errors": model.errors}


class SH1106NoOffset(SH1106):
    # A broken driver: forgets the SH1106's 2-column offset.
    def write_run(self, at, data):
        self.command(0xB0 | at >> 7, at & 0x0F, 0x10 | (at & 0x7F) >> 4)
        self.i2c.writevto(self.addr, (b"\x40", data))


results = [check(SSD1306, SSD1306Model, 1), check(SH1106, SH1106Model, 2),
           check(SH1106NoOffset, SH1106Model, 3)]
try:
    SSD1306(FakeI2C())
    results.append({"no_device": "no error"})
except OSError as ex:
    results.append({"no_device": ex.args[0]})
# The strict model refuses what a controller would not understand.
m = SSD1306Model()
try:
    m.write(b"\x13\xaf")
    results.append({"bad_control": "accepted"})
except Exception as ex:
    results.append({"bad_control": str(ex)})
results += [spread(SSD1306, SSD1306Model, 4), spread(SH1106, SH1106Model, 5)]
print(json.dumps(results))
