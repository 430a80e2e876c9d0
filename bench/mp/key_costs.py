# Runs on the MicroPython VM: the real firmware on the simulator's board,
# driven by a key script (stdin), measuring each key press: the app step in
# which the press is handled (the screen's key(), the redraw, show() over
# I2C, the flash write of an event). Boot to the first screen is measured
# the same way.
#
#   micropython key_costs.py SIM_DIR FIRMWARE_DIR FLASH_IMAGE < script.keys
#
# The flash is an image file (FLASH_IMAGE, made afresh), not a 1 MB
# bytearray in the heap: a board's flash is outside its heap, and a
# collection would otherwise scan that megabyte each time (it doubled the
# median press and the worst).
#
# Each measured piece of work runs inside hash(obj), whose __hash__ does
# it: under valgrind, `callgrind --collect-atstart=no
# --toggle-collect=mp_builtin_hash --dump-after=mp_builtin_hash` then
# counts only those instructions and writes one count per piece (nothing
# else in the firmware calls hash()). Without valgrind the same run gives
# the I2C bytes and microseconds of each piece.
#
# The two quiet steps after each press are measured too ("after"): work a
# press leaves to them (a game starts in the step after its key; the first
# quiet step after a key collects garbage) is not in the press's own step.
#
# Prints one JSON line: {"boot": [bytes, us, pages], "keys": [[bytes, us,
# pages], ...], "after": [[bytes, us, pages], ...] (one per measured quiet
# step), "order": "kaak..." (k: a press, a: a quiet step after one, in the
# order they were measured, boot first and not listed)}.
import sys
import time
import json

sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])
import board  # noqa: E402  (the simulator's fake board)
import feeders  # noqa: E402

board.CONFIG["feeder"] = feeders.ScriptFeeder(sys.stdin.read().split("\n"))
board.CONFIG["flash"] = sys.argv[3]


class Bus:
    # Counts what the display driver sends; decodes nothing, so only the
    # firmware's own work is measured.
    def __init__(self):
        self.bytes = 0

    def writeto(self, addr, buf):
        self.bytes += len(buf)

    def writevto(self, addr, vec):
        for b in vec:
            self.bytes += len(b)


class Work:
    def __init__(self):
        self.fn = None
        self.arg = None

    def __hash__(self):
        self.fn(self.arg)
        return 0


hw = board.setup()
bus = Bus()
hw.display.i2c = bus
work = Work()
app = None


def boot(_):
    global app
    from app.app import App
    app = App(hw)
    app.step(hw.clock.ticks_ms())       # draws the first screen


def measure(fn, arg):
    work.fn = fn
    work.arg = arg
    b0 = bus.bytes
    p0 = hw.display.pages_sent
    t0 = time.ticks_us()
    hash(work)
    return [bus.bytes - b0, time.ticks_diff(time.ticks_us(), t0),
            hw.display.pages_sent - p0]


AFTER = 2            # quiet steps measured after each press
out = {"boot": measure(boot, None), "keys": [], "after": [], "order": ""}
clock = hw.clock
buttons = app.buttons
quiet = 0
try:
    while True:
        now = clock.ticks_ms()
        # A press is due when the debounced buttons have an event queued:
        # that step is the measured one (its own poll at the same instant
        # changes nothing).
        buttons.poll(now)
        if buttons.head != buttons.tail:
            out["keys"].append(measure(app.step, now))
            out["order"] += "k"
            quiet = AFTER
        elif quiet:
            out["after"].append(measure(app.step, now))
            out["order"] += "a"
            quiet -= 1
        else:
            app.step(now)
        clock.sleep_ms(10)
except SystemExit:
    pass
print(json.dumps(out))
