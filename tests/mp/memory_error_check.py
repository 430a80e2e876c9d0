# Runs on the MicroPython VM: the real app on the simulator's board, a game
# in progress, then a screen whose key (or whose drawing) asks for more
# memory than the heap has: a real MemoryError inside App.step. Prints
# JSON per case: whether the error escaped App.step, the screen on top and
# the depth of the stack after it, the message shown, whether the game in
# progress is kept, and the screen a key opens after it (keys still work).
#
#   micropython memory_error_check.py < start.keys
import sys
import json

from vmboard import to_play

app = to_play(sys.stdin.read())     # the start script, to the play screen
clock = app.hw.clock
from app.screens import Screen  # noqa: E402
from drivers.buttons import OK, PRESS, event  # noqa: E402


class Greedy(Screen):
    # A screen that needs more RAM than there is, on a key or to draw.
    def __init__(self, app, where):
        super().__init__(app)
        self.where = where

    def draw(self, fb):
        if self.where == "draw":
            bytearray(1 << 40)

    def key(self, ev):
        if self.where == "key":
            bytearray(1 << 40)


def steps(n):
    for _ in range(n):
        app.step(clock.ticks_ms())
        clock.sleep_ms(10)


out = {"start": type(app.top()).__name__}
for where in ("key", "draw"):
    app.push(Greedy(app, where))
    escaped = False
    try:
        steps(2)
        if where == "key":
            app.buttons._emit(event(OK, PRESS))     # as a press gives it
        steps(3)
    except MemoryError:
        escaped = True
    case = out[where] = {"escaped": escaped,
                         "screen": type(app.top()).__name__,
                         "depth": len(app.stack), "toast": app.toast_text,
                         "session": app.session is not None}
    if not escaped:
        steps(450)                          # the message goes (4 s)
        app.buttons._emit(event(OK, PRESS))  # home: its first row
        steps(3)
        case["after_key"] = type(app.top()).__name__
        case["depth_after_key"] = len(app.stack)
        while len(app.stack) > 1:            # back home for the next case
            app.pop()
print(json.dumps(out))
