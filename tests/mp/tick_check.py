# Runs on the MicroPython VM: the real app on the simulator's board (home
# screen), and what App.step says to wait before the next step, per step:
# while nothing is in hand, then while OK is held and once it is let go.
# Prints JSON: [[ms, key down, the wait App.step returned], ...].
#
#   micropython tick_check.py
import json

from vmboard import boot, fresh

app = boot(fresh())
pins = app.hw.pins
out = []
t = 0
for ms, down in ((0, 0), (200, 1), (400, 0), (800, 0)):
    pins[2].level = 0 if down else 1       # OK, pulled up: 0 = pressed
    while t < ms + 200:
        out.append([t, down, app.step(t)])
        t += 10
print(json.dumps(out))
