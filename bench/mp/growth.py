# Runs on the MicroPython VM: the growth figures of `bench/run.py --growth`,
# the real firmware on the simulator's board with its flash in an image
# file (made beforehand by bench/mp/prefill.py, or here).
#
#   micropython growth.py SIM_DIR FIRMWARE_DIR IMAGE sync FIRST LAST
#       list, pull (from FIRST: the games FIRST..LAST, none synced yet) and
#       mark FIRST-LAST, each request through the real link (drivers/
#       link.py) from its frame to the end of its answer
#   micropython growth.py SIM_DIR FIRMWARE_DIR IMAGE past
#       past games opened (the screen made and drawn), then a page down
#   micropython growth.py SIM_DIR FIRMWARE_DIR IMAGE fix ROUNDS FIXES
#       a free game of 4 players, ROUNDS rounds, then FIXES corrections
#       (Session.add of each: the log and the journal's append)
#   micropython growth.py SIM_DIR FIRMWARE_DIR IMAGE boot
#       boot (App() and its first step: the store, resuming the game)
# Every mode measures boot, then the archive's summary brought up to date
# (index_build), before its own pieces.
#
# As bench/mp/key_costs.py, each measured piece runs inside hash(obj):
# under `valgrind --tool=callgrind --toggle-collect=mp_builtin_hash
# --dump-after=mp_builtin_hash` one count per piece. Without valgrind, with
# ALLOC=1 as a 5th argument after the mode's own, the collector is off
# during each piece and the bytes it allocated are measured instead (an
# upper bound of its peak), and the live heap after it (collected).
# Prints one JSON line: {"pieces": [name, ...], "alloc": [...], "live":
# [...], ...}.
import sys
import gc
import json

sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])
import board  # noqa: E402  (the simulator's fake board)

board.CONFIG["flash"] = sys.argv[3]
MODE = sys.argv[4]
ARGS = sys.argv[5:]
ALLOC = ARGS[-1:] == ["alloc"]
if ALLOC:
    ARGS = ARGS[:-1]


class Work:
    def __init__(self):
        self.fn = None

    def __hash__(self):
        self.fn()
        return 0


work = Work()
out = {"pieces": [], "alloc": [], "live": []}


def measure(name, fn):
    work.fn = fn
    gc.collect()
    if ALLOC:
        gc.disable()
    a0 = gc.mem_alloc()
    hash(work)
    a1 = gc.mem_alloc()
    gc.enable()
    gc.collect()
    out["pieces"].append(name)
    out["alloc"].append(a1 - a0)
    out["live"].append(gc.mem_alloc())


app = None
hw = board.setup()


def build():
    # The summary made (drivers/seg_index.py): once, when the file "index"
    # is missing (the first use after this firmware is installed, or a
    # lost file), else only what was appended since it was written.
    from drivers.seg_index import summary
    summary(app.store)


def boot():
    global app
    from app.app import App
    app = App(hw)
    app.step(hw.clock.ticks_ms())


measure("boot", boot)
measure("index_build", build)


class Rx:
    # The PC's requests, one byte per read as a port gives them.
    def __init__(self):
        self.buf = b""
        self.i = 0

    def read(self, n=1):
        i = self.i
        if i >= len(self.buf):
            return b""
        self.i = i + 1
        return self.buf[i:i + 1]


class Tx:
    # Keeps the count of lines and the last bytes only: the answers of a
    # list of thousands of games are not kept in the heap measured.
    def __init__(self):
        self.lines = 0
        self.tail = b""

    def write(self, b):
        self.lines += bytes(b).count(b"\n")
        self.tail = (self.tail + bytes(b))[-120:]
        return len(b)


def sync_mode(first, last):
    from drivers.link import Link, frame
    from app.sync import Sync
    rx, tx = Rx(), Tx()
    link = Link(rx, tx, Sync(app))

    def ask(words):
        rx.buf = frame(words)
        rx.i = 0
        tx.lines = 0
        tx.tail = b""

        def run():
            for _ in range(100000):
                link.poll()
                if rx.i >= len(rx.buf) and link.gen is None and \
                        link.piece is None and tx.tail.endswith(b"\n"):
                    return
            raise AssertionError("no answer")
        return run

    answers = {}
    for name, words in (("list", ["list"]),
                        ("pull", ["pull", str(first), "4096"]),
                        ("mark", ["mark", "%d-%d" % (first, last)])):
        run = ask(words)
        measure(name, run)
        answers[name] = [tx.lines, tx.tail.split(b"\n")[-2][:40].decode()]
    out["answers"] = answers


def past_mode():
    from app.history import History
    from drivers.buttons import event, DOWN, PRESS

    def open_past():
        app.push(History(app))
        app.draw()
    measure("past_open", open_past)
    out["rows"] = len(app.top().menu.items)

    def page():
        for _ in range(7):
            app.top().key(event(DOWN, PRESS))
        app.draw()
    measure("past_page", page)


def fix_mode(rounds, fixes):
    from app.flow import start_game
    from core import free
    from core.game import fix_event
    start_game(app, "free", ["A", "B", "C", "D"], bytes([0, 0, 0]))
    app.step(app.now)
    s = app.session
    for r in range(rounds):
        assert s.add(free.event(s.ev, free.ROUND, 4,
                                [r % 7, 3, r % 5, 1])) == 0
    for k in range(fixes):
        r = (7 * k) % rounds

        def fix():
            size = free.event(s.ev, free.ROUND, 4, [k % 9, 2, 1, 0])
            assert s.add(fix_event(s.ev, r, size)) == 0
        if k in (0, fixes - 1):
            measure("fix%d" % (k + 1), fix)
        else:
            fix()
    out["events"] = s.log.count


if MODE == "sync":
    sync_mode(int(ARGS[0]), int(ARGS[1]))
elif MODE == "past":
    past_mode()
elif MODE == "fix":
    fix_mode(int(ARGS[0]), int(ARGS[1]))
elif MODE != "boot":
    raise SystemExit("unknown mode " + MODE)
print(json.dumps(out))
