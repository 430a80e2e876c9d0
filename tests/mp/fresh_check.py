# Runs on the MicroPython VM: a title's play screen that checks its rows by
# the values they show (app/ui.py fresh()) is drawn after each of many
# random events (applied to the session directly, accepted or refused),
# with the cursor and the scroll moved at random, each frame drawn twice:
# as the device does (partial, the bands' checksums carried over) and
# whole (ui.redraw_all = True). Prints JSON: frames, events accepted, and the
# frames whose pixels differ.
#
#   micropython fresh_check.py GID SEED < start.keys
import sys
import json
import random

from vmboard import to_play

gid = sys.argv[1]
random.seed(int(sys.argv[2]))
app = to_play(sys.stdin.read())     # the start script, to the play screen
hw = app.hw
from app import ui  # noqa: E402

play = app.top()
s = play.s
core = __import__("core." + gid, None, None, ("event",), 0)


def random_event():
    n = s.n
    p = random.getrandbits(3) % n
    if gid == "doggy":
        kind = random.choice((core.TAKE, core.TAKE, core.TAKE, core.ORDER,
                              core.ORDER, core.RESERVE, core.MARIO,
                              core.PASS))
        if kind == core.TAKE:
            c = random.getrandbits(3) % 5
            return core.event(s.ev, kind, p, c, 1 if c == core.WILD else
                              random.choice((5, 3, 1)))
        if kind == core.ORDER:
            return core.event(s.ev, kind, p, random.getrandbits(3) % 5)
        if kind == core.RESERVE:
            return core.event(s.ev, kind, p, random.choice((1, 1, -1)))
        if kind == core.MARIO and s.game.mario >= core.MARIOS_TO_END - 1:
            kind = core.PASS            # the third would end play
        return core.event(s.ev, kind, p)
    kind = random.choice((core.DEAL, core.OUT, core.OUT, core.GOAL,
                          core.KILL, core.PASS))
    if kind == core.GOAL:
        return core.event(s.ev, kind, p, random.choice((p, s.game.partner(p))))
    if kind == core.KILL:
        return core.event(s.ev, kind, p, random.getrandbits(3) % n)
    return core.event(s.ev, kind, p)


def frame():
    app.draw()
    return bytes(hw.display.buffer)


out = {"frames": 0, "accepted": 0, "bad": []}
for k in range(400):
    if random.getrandbits(2) == 0:
        if s.undo():
            pass
    elif not s.add(random_event()):
        out["accepted"] += 1
    if s.game.over or (gid == "doggy" and s.game.ended()):
        break                        # play is over: other screens follow
    play.index = random.getrandbits(3) % (s.n + 1)
    if random.getrandbits(1):
        play.top = random.getrandbits(2) % 2
    fast = frame()
    ui.redraw_all = True
    whole = frame()
    out["frames"] += 1
    if fast != whole:
        out["bad"].append(k)
print(json.dumps(out))
