# Runs on the MicroPython VM: the firmware on the simulator's board, driven
# by a key script (stdin), printing one checksum of the panel (the display
# RAM the fake controller decoded) per frame the app drew, as JSON.
#
#   micropython redraw_check.py partial|full|later [settled|toasts] < script.keys
#
# "full" forgets the bands before every draw (ui.redraw_all = True), so every
# frame is drawn whole, as before partial redraw: both runs must show the same
# panel at every frame (tests/device/test_partial_redraw.py). "later" draws as on
# a board (drivers/hardware.py: the screen drawn in the step after a key's,
# sent two pages a step), and both print the panel each time it settles (no
# redraw due, no page left to send) with something new on it. "toasts":
# each frame's checksum with whether a toast was drawn over it.
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
        ui.redraw_all = True
        _draw(self)
    App.draw = full_draw

settled = len(sys.argv) > 2 and sys.argv[2] == "settled"
toasts = len(sys.argv) > 2 and sys.argv[2] == "toasts"
if sys.argv[1] == "later":
    hw.draw_later = True
    hw.display.per_step = 2

app = App(hw)
clock = hw.clock
frames = []
drawn = 0
try:
    while True:
        app.step(clock.ticks_ms())
        if settled:
            if not app.dirty and not hw.display.due:
                c = crc32(hw.panel.ram)
                if not frames or frames[-1] != c:
                    frames.append(c)
        elif app.frames != drawn:
            drawn = app.frames
            c = crc32(hw.panel.ram)
            frames.append([c, app.toast_text is not None] if toasts else c)
        clock.sleep_ms(10)
except SystemExit:
    pass
print(json.dumps(frames))
