# Runs on the MicroPython VM: the firmware on the simulator's board, driven
# by a key script (stdin), printing one checksum of the panel (the display
# RAM the fake controller decoded) per frame the app drew, as JSON.
#
#   micropython redraw_check.py partial|full < script.keys
#
# "full" forgets the bands before every draw (ui._full = True), so every frame
# is drawn whole, as before partial redraw: both runs must show the same
# panel at every frame (tests/device/test_partial_redraw.py).
import sys
import json
from binascii import crc32

import board  # noqa: E402  (the simulator's fake board)
import feeders  # noqa: E402

board.CONFIG["feeder"] = feeders.ScriptFeeder(sys.stdin.read().split("\n"))
hw = board.setup()
from app.app import App  # noqa: E402
from app import ui  # noqa: E402

if sys.argv[1] == "full":
    _draw = App.draw

    def full_draw(self):
        ui._full = True
        _draw(self)
    App.draw = full_draw

app = App(hw)
clock = hw.clock
frames = []
drawn = 0
try:
    while True:
        app.step(clock.ticks_ms())
        if app.frames != drawn:
            drawn = app.frames
            frames.append(crc32(hw.panel.ram))
        clock.sleep_ms(10)
except SystemExit:
    pass
print(json.dumps(frames))
