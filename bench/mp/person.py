# A person at the device, for the key-press benchmark (bench/presses.py);
# runs on the MicroPython VM as the simulated board's feeder, next to the
# firmware. It reads the screen (screen_view.py: the highlighted row of a
# list, the number under a table's cursor) and presses keys until what it
# wants is there, counting every press (a hold is one press).
#
# Its plan comes on stdin, one command a line (bench/presses.py writes it):
#   U KIND N [TAG]  a new unit: KIND's presses from here on enter N
#                numbers (KIND "-": setup and the like, not counted); TAG
#                (no spaces) comes back on its R line (bench/presses.py
#                breaks a kind's presses down by it)
#   T KEY        tap a key (ok, back, up, down);  L KEY  long press
#   M I          choose row I of the list on top (move there, OK; in a
#                list that dials, a hold let go on it when that costs
#                less: Dinos' disaster, DOG's players and their lists)
#   Q I          choose row I if a list is on top (else nothing)
#   P I          move to row I, then a long OK (Doggy's and DOG's "next
#                turn" on that player's row)
#   G V V ...    fill the number table on top, row by row (values of rows
#                that are not edited are ignored), and finish it; a long OK
#                when the rest is already right (of the table, or of the
#                row where a long OK ends the row)
#   H            BACK until the home screen;  S  dump the state
# A line may end in "#STEP" (e.g. "M 2 #colour"): its presses count for
# that step of the unit too (where the presses of a unit go).
# It prints R KIND N PRESSES [TAG] per counted unit, D KIND STEP PRESSES per
# step of it (after its R line), A START TARGET PRESSES per
# table cell (0 for those a long OK leaves as they are), STATE lines
# (sim/reports.py), ERR on a surprise.
#
# How it enters a number: it taps the shorter way (a table stops at its
# ends and the next press wraps around) or holds the key, whichever takes
# fewer presses; a hold is chosen when a well-timed release, the taps
# after it and one tap to spare are still fewer than tapping. It holds
# knowing the keys' rhythm (drivers/buttons.py: a step at once, repeats
# after 400 ms every 150 ms, a big step at 1 s, then big steps every 250
# ms: the schedule is built from the driver's constants) and aims to let
# go half-way between the last change that does not pass the target and
# the next one; its timing is off by a normal error of 5% of the hold (SD;
# seeded; --slip), then it reads the value and decides again: taps, or
# another hold (back, when the slip went past).
#
# In a cell that dials (app.play.grid Grid, a small range: a hold walks one step at a
# time after a pause, stops at the end, and letting go moves on as OK
# does) a hold is one press for the number and its OK. It is chosen over
# the taps and their OK when it costs less counting the chance of a slip
# (from the same timing error) times what a slip costs: BACK to the cell
# and enter it again (3 presses), or, on the table's last cell, whose
# release saves the round, undoing the round and entering it again (the
# unit's presses so far and 3). After a release it reads the value it
# left: wrong, it goes BACK to it (or, when the table closed, undoes the
# round: BACK to the play screen or the final screen's undo row, a long
# BACK when the round was saved, and plays the unit's plan again, every
# press counted).

import sys
import math
import random
import screen_view as view
from drivers import buttons as B

KEYS = {"up": 0, "down": 1, "ok": 2, "back": 3}
TAP_MS = 80
GAP_MS = 150
LONG_MS = 1200
TICK = 10
SLIP = 0.05          # timing error (SD) of a hold's release, of its length
MAX_TAPS = 200


def _timing(name):
    # One of drivers/buttons.py's timings (ms), read from its source: they
    # are private consts there, with no name on the board.
    with open(B.__file__) as f:
        for line in f:
            if line.startswith("_" + name + " = const("):
                return int(line.split("(")[1].split(")")[0])
    raise ValueError("drivers/buttons.py has no _%s" % name)


DEBOUNCE_MS = _timing("DEBOUNCE_MS")
REPEAT_MS = _timing("REPEAT_MS")
REPEAT_EVERY = _timing("REPEAT_EVERY")
FAST_EVERY = _timing("FAST_EVERY")
HOLD_LONG_MS = _timing("LONG_MS")   # (LONG_MS above: the person's long press)


def schedule():
    # (ms after the first change, small/big) of the changes a held UP/DOWN
    # makes: the press, REPEATs, the LONG, then FAST repeats.
    out = [(0, 0)]
    t = REPEAT_MS
    while t < HOLD_LONG_MS:
        out.append((t, 0))
        t += REPEAT_EVERY
    t = HOLD_LONG_MS
    out.append((t, 1))
    while t < 4000:
        t += FAST_EVERY
        out.append((t, 1))
    return out


SCHEDULE = schedule()


def dial_schedule():
    # (ms after the first change) of the changes a hold makes in a cell
    # that dials: the press, then one per repeat but the first (it only
    # tells a hold from a tap), the LONG and the FAST repeats: all one step.
    return [0] + [t for t, _ in SCHEDULE[2:]]


DIAL = dial_schedule()
SLIP_COST = 3        # a dial's slip mid-table: BACK, enter it again, OK


def dial_plan(v, t, lo, hi):
    # The dial that stops on t: (steps, up, a, b): let go after a ms (the
    # change that shows t, or the first repeat: only then does the release
    # count) and before b (the next change; None: it stays at the end).
    best = None
    for up in (True, False):
        x = bump(v, up, 1, lo, hi)          # the press wraps at an end
        k = 1
        while x != t and k < len(DIAL):
            n = x + 1 if up else x - 1
            if n > hi or n < lo:
                break                       # held, it stops at the end
            x = n
            k += 1
        if x != t:
            continue
        a = max(DIAL[k - 1], REPEAT_MS)
        end = x == (hi if up else lo)
        b = None if end or k >= len(DIAL) else DIAL[k]
        if best is None or a < best[2]:
            best = (k, up, a, b)
    return best


def release_at(a, b):
    # Where a person aims to let go (ms after the first change, the
    # debounce taken off) and the SD of their timing error.
    aim = ((a + b) // 2 if b else a + REPEAT_EVERY) - DEBOUNCE_MS
    return aim, max(aim, 200)


def slip_chance(a, b, slip):
    # How likely the release misses [a, b) with that timing error.
    aim, span = release_at(a, b)
    sd = slip * span
    if sd <= 0:
        return 0.0
    early = 0.5 * (1 + math.erf((a - DEBOUNCE_MS - aim) / (sd * 1.4142)))
    late = 0.0 if b is None else \
        0.5 * (1 - math.erf((b - DEBOUNCE_MS - aim) / (sd * 1.4142)))
    return early + late


def bump(v, up, s, lo, hi):
    # One step as Grid (app/play/grid.py) takes it: stop at an end, then wrap around.
    n = v + s if up else v - s
    if n > hi:
        return hi if v < hi else lo
    if n < lo:
        return lo if v > lo else hi
    return n


def taps(v, t, s, lo, hi):
    # (presses, up) of the shorter way by taps.
    best = (MAX_TAPS + 1, True)
    for up in (True, False):
        x = v
        for k in range(MAX_TAPS + 1):
            if x == t:
                if k < best[0]:
                    best = (k, up)
                break
            x = bump(x, up, s, lo, hi)
    return best


def hold_plan(v, t, s, big, lo, hi):
    # The best hold towards t that lets go before the value would pass t:
    # (presses with the taps after it, changes to let happen), or None.
    up = t > v
    x = v
    best = None
    for k in range(len(SCHEDULE)):
        x = bump(x, up, big if SCHEDULE[k][1] else s, lo, hi)
        if (x > t) if up else (x < t):
            break
        cost = 1 + taps(x, t, s, lo, hi)[0]
        if best is None or cost < best[0]:
            best = (cost, k + 1)
    return best


class Person:
    realtime = False

    def __init__(self, lines, seed=1, slip=SLIP, holds=True):
        self.lines = lines
        self.slip = slip
        self.holds = holds          # False: a person who only taps
        random.seed(seed)
        self.hw = None
        self.gen = None
        self.at = 0
        self.now = 0
        self.kind = "-"
        self.tag = ""
        self.numbers = 0
        self.presses = 0
        self.steps = []             # [step, presses] of the unit's lines
        self.redo = False       # a round saved with a slip: enter it again
        self.moved = False      # a dial went on from the cell (enter)
        self.cells = []         # the unit's "A" lines, printed at its end

    def attach(self, hw):
        self.hw = hw
        self.gen = self.run()

    def tick(self, now):
        self.now = now
        while now >= self.at:
            try:
                ms = next(self.gen)
            except StopIteration:
                raise SystemExit(0)
            self.at = now + ms

    # --- the hands
    def fail(self, why):
        print("ERR", why, "at", self.kind, "screen",
              type(self.hw.app.stack[-1]).__name__)
        raise SystemExit(1)

    def settle(self):
        # Wait until no pop-up covers the screen (a person reads it first).
        for _ in range(400):
            if view.toast(self.hw.app) is None:
                return
            yield TICK
        self.fail("a message stays up: " + str(view.toast(self.hw.app)))

    def tap(self, key, ms=TAP_MS):
        yield from self.settle()
        self.presses += 1
        pin = self.hw.pins[KEYS[key]]
        pin.level = 0
        yield ms
        pin.level = 1
        yield GAP_MS

    def gauss(self):
        return sum(random.random() for _ in range(12)) - 6.0

    def hold(self, key, events):
        # Hold until `events` changes have happened (aiming half-way to the
        # next one, with the timing error), reading the panel's number.
        yield from self.settle()
        self.presses += 1
        app = self.hw.app
        g = view.grid(app)
        pin = self.hw.pins[KEYS[key]]
        old = view.cell(g)[2]
        pin.level = 0
        waited = 0
        while view.cell(g)[2] == old:
            yield TICK
            waited += TICK
            if waited > 500:
                self.fail("a held key changes nothing")
        a = SCHEDULE[events - 1][0]
        b = SCHEDULE[events][0] if events < len(SCHEDULE) else a + 40
        # A release counts once the key has read up for 50 ms (debounce).
        aim = (a + b) // 2 - DEBOUNCE_MS
        aim += int(self.gauss() * self.slip * max(aim, 200))
        if aim > 0:
            yield aim
        pin.level = 1
        yield GAP_MS

    def dial(self, key, a, b):
        # Hold in a cell that dials and let go between a and b (ms after
        # the first change), with the timing error.
        def watch():
            g = view.grid(self.hw.app)
            old = view.cell(g)[2]
            return lambda: view.cell(g)[2] != old
        yield from self.hold_until_moved(key, a, b, watch)

    def dial_list(self, key, a, b):
        # Hold in a list that dials, let go between a and b ms after the
        # first move, with the timing error.
        def watch():
            app = self.hw.app
            old = view.menu(app)[0]
            return lambda: view.menu(app) is None or view.menu(app)[0] != old
        yield from self.hold_until_moved(key, a, b, watch)

    def hold_until_moved(self, key, a, b, watch):
        # Press key, wait until what watch() (called once the screen is
        # settled) reports has moved, then let go between a and b ms later.
        yield from self.settle()
        self.presses += 1
        moved = watch()
        pin = self.hw.pins[KEYS[key]]
        pin.level = 0
        waited = 0
        while not moved():
            yield TICK
            waited += TICK
            if waited > 500:
                self.fail("a held key moves nothing")
        aim, span = release_at(a, b)
        aim += int(self.gauss() * self.slip * span)
        if aim > 0:
            yield aim
        pin.level = 1
        yield GAP_MS

    # --- what a person does with them
    def choose(self, i, ms=TAP_MS):
        app = self.hw.app
        m = None
        for _ in range(50):
            m = view.menu(app)
            if m is not None:
                break
            yield TICK
        if m is None:
            self.fail("no list to choose from")
        cur, n = m
        if not 0 <= i < n:
            self.fail("row %d of %d" % (i, n))
        down = (i - cur) % n
        up = (cur - i) % n
        if cur != i and ms == TAP_MS and self.holds and \
                view.menu_dials(app, i):
            # A list that dials: a hold picks the row when it is let go.
            d = dial_plan(cur, i, 0, n - 1)      # up: down the list
            records = view.dial_records(app)
            # A slip: BACK and again (Dinos' first card, another player's
            # list), or, where the row is recorded at once, undo and the
            # unit again.
            cost = self.presses + SLIP_COST if records else SLIP_COST
            if d is not None and \
                    slip_chance(d[2], d[3], self.slip) * cost < min(up, down):
                shown = app.stack[-1]
                before = view.events(app)
                yield from self.dial_list("down" if d[1] else "up", d[2],
                                          d[3])
                yield from self.settle()
                got = view.picked(app, shown, before)
                if got is None:
                    yield from self.choose(i, ms)    # let go too soon
                elif got != i:
                    yield from self.slipped(shown, before, i, ms)
                return
        for _ in range(min(up, down)):
            yield from self.tap("down" if down <= up else "up")
        if view.menu(app)[0] != i:
            self.fail("the highlight is not on row %d" % i)
        yield from self.tap("ok", ms)

    def slipped(self, shown, before, i, ms):
        # A dialled list picked another row than i.
        app = self.hw.app
        if view.events(app) > before:
            # Recorded at once (DOG): a long BACK undoes it; then the
            # unit's plan again (DOG's list), or the row again (DOG's play
            # screen, back on the turn's row).
            yield from self.tap("back", LONG_MS)
            yield from self.settle()
            if type(shown).__name__ == "Play":
                yield from self.choose(i, ms)
            else:
                self.redo = True
        elif type(shown).__name__ == "Play":
            # Another player's list is open: BACK, and the row again.
            yield from self.tap("back")
            yield from self.choose(i, ms)
        else:
            # Dinos: BACK from its first card cancels the round; OK asks
            # again.
            yield from self.tap("back")
            yield from self.tap("ok")
            yield from self.choose(i, ms)

    def enter(self, g, t, last=False):
        # Bring the number under the cursor to t. self.moved: a dial's
        # release went on from it (last: it would save the round); then
        # self.redo when the table closed with a slip.
        app = self.hw.app
        self.moved = False
        for _ in range(40):
            r, c, v, s, big, lo, hi = view.cell(g)
            if v == t:
                return
            n, up = taps(v, t, s, lo, hi)
            d = dial_plan(v, t, lo, hi) if self.holds and view.dials(g) \
                else None
            if d is not None:
                cost = SLIP_COST if not last else self.presses + 3
                if slip_chance(d[2], d[3], self.slip) * cost < n:
                    yield from self.dial("up" if d[1] else "down", d[2], d[3])
                    if view.grid(app) is not g:         # the round is saved
                        self.moved = True
                        self.redo = g.values[r][c] != t
                        return
                    if (g.r, g.c) == (r, c):
                        continue        # let go too soon: no release
                    if g.values[r][c] == t:
                        self.moved = True
                        return
                    yield from self.tap("back")         # a slip: back to it
                    continue
                yield from self.tap("up" if up else "down")
                continue
            elif view.dials(g):
                yield from self.tap("up" if up else "down")
                continue
            h = hold_plan(v, t, s, big, lo, hi) if self.holds else None
            if h is not None and h[0] + 1 < n:
                yield from self.hold("up" if t > v else "down", h[1])
            else:
                yield from self.tap("up" if up else "down")
        self.fail("cannot reach %d" % t)

    def fill(self, want):
        app = self.hw.app
        g = None
        for _ in range(50):
            g = view.grid(app)
            if g is not None:
                break
            yield TICK
        if g is None:
            self.fail("no number table")
        rows, cols, skip = view.shape(g)
        if len(want) != rows * cols:
            self.fail("%d values for %d cells" % (len(want), rows * cols))
        while True:
            r, c, v = view.cell(g)[:3]
            before = self.presses
            # What is left: the editable cells after this one.
            rest = [(rr, cc) for rr in range(rows) for cc in range(cols)
                    if not skip & (1 << rr) and (rr, cc) > (r, c)]
            yield from self.enter(g, want[r * cols + c], not rest)
            if self.kind != "-":
                self.cells.append("A %d %d %d" % (
                    v, want[r * cols + c], self.presses - before))
            if self.moved:          # a dial went on (or saved the round)
                if self.redo or view.grid(app) is not g:
                    return
                continue
            if not rest:
                yield from self.tap("ok")
                break
            if view.row_done(g):
                # A long OK ends the row (the table on its last row).
                left = [(rr, cc) for rr, cc in rest if rr == r]
                last_row = all(rr == r for rr, cc in rest)
            else:
                left, last_row = rest, True
            if left and all(g.values[rr][cc] == want[rr * cols + cc]
                            for rr, cc in left):
                yield from self.tap("ok", LONG_MS)    # a long OK
                if self.kind != "-":        # the cells it left as they were
                    for rr, cc in left:
                        self.cells.append("A %d %d 0" % (g.values[rr][cc],
                                                          g.values[rr][cc]))
                if last_row:
                    break
                continue
            yield from self.tap("ok")
        if view.grid(app) is g:
            self.fail("the table did not close")

    def go_home(self):
        app = self.hw.app
        for _ in range(12):
            yield from self.settle()
            if view.at_home(app):
                return
            yield from self.tap("back")
        self.fail("no way home")

    def undo_round(self, rounds):
        # A round saved with a slip: back to the play screen (the final
        # screen's undo row when it ended the game), then undo it.
        app = self.hw.app
        for _ in range(20):
            yield from self.settle()
            if view.at_play(app):
                break
            if view.final_undo(app) is not None:
                yield from self.choose(view.final_undo(app))
            else:
                yield from self.tap("back")
        if not view.at_play(app):
            self.fail("no way back to play after a slip")
        if view.rounds(app) > rounds:
            yield from self.tap("back", LONG_MS)      # a long BACK: undo
            yield from self.settle()
        if view.rounds(app) != rounds:
            self.fail("the round with a slip is still there")

    def flush(self):
        if self.kind != "-":
            print("R", self.kind, self.numbers, self.presses, self.tag)
            for step, n in self.steps:
                print("D", self.kind, step, n)
            for a in self.cells:
                print(a)
        self.steps = []
        self.cells = []

    def run(self):
        yield GAP_MS            # the first screen is drawn
        i = 0
        start = 0               # the current unit's first plan line
        rounds = 0
        while i < len(self.lines):
            line = self.lines[i]
            i += 1
            step = None
            if " #" in line:
                line, step = line.split(" #", 1)
            w = line.split()
            if not w:
                continue
            op = w[0]
            before = self.presses
            if op == "U":
                self.flush()
                self.kind = w[1]
                self.numbers = int(w[2])
                self.tag = w[3] if len(w) > 3 else ""
                self.presses = 0
                start = i
                rounds = view.rounds(self.hw.app) \
                    if self.hw.app.session else 0
            elif op == "T":
                yield from self.tap(w[1])
            elif op == "L":
                yield from self.tap(w[1], LONG_MS)
            elif op == "M":
                yield from self.choose(int(w[1]))
                if self.redo:
                    # A dialled list recorded another row: undone; the
                    # unit again.
                    self.redo = False
                    self.cells = []
                    i = start
            elif op == "Q":
                yield from self.settle()
                if view.menu(self.hw.app) is not None:
                    yield from self.choose(int(w[1]))
            elif op == "P":
                yield from self.choose(int(w[1]), LONG_MS)
            elif op == "G":
                yield from self.fill([int(x) for x in w[1:]])
                if self.redo:
                    # The table closed with a slip: undo, and the unit again.
                    self.redo = False
                    self.cells = []
                    yield from self.undo_round(rounds)
                    i = start
            elif op == "H":
                yield from self.go_home()
            elif op == "S":
                yield from self.settle()
                import reports
                reports.dump(self.hw)
                del reports
                sys.modules.pop("reports", None)
            else:
                self.fail("plan line: " + line)
            if step is not None:
                self.steps.append([step, self.presses - before])
        self.flush()
