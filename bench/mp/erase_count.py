# Runs on the MicroPython VM: which events of a game erase flash, with the
# rp2 port's littlefs geometry (352 blocks of 4 KB, progsize=256, a fresh
# filesystem in RAM) and the firmware's own store (bench/flash_erases.py).
#
#   micropython -X heapsize=16M erase_count.py FIRMWARE_DIR ROUNDS
#       [PLAYERS [CHUNK]]
#
# A free game (app/flow.py start_game, then Session.add per round, each
# in a key's step followed by 300 ms of quiet steps). Prints one JSON
# line: {"start": [erases, pages], "start_quiet": [erases, pages],
# "events": [[erases, pages, journal bytes, quiet erases, quiet pages],
# ...], "close": [erases, pages], "close_quiet": [...]}: erases and pages
# (256 B programs) in the key's step, then in the quiet steps after it;
# journal bytes the size of games/cur after the event.
# CHUNK > 0: the journal's files kept under CHUNK bytes instead of the
# firmware's drivers/store.py CHUNK (a huge one: the journal in one file,
# as before the firmware split it).
import sys
import json
import os

sys.path.append(sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../sim")
from binascii import unhexlify           # noqa: E402
from fakes.blockdev import BlockDev      # noqa: E402

BLOCKS = 352
BS = 4096
ROUNDS = int(sys.argv[2])
PLAYERS = int(sys.argv[3]) if len(sys.argv) > 3 else 4
CHUNK = int(sys.argv[4]) if len(sys.argv) > 4 else 0


class Dev(BlockDev):
    # The simulator's block device (it counts erases), counting the 256 B
    # page programs too.
    def __init__(self):
        BlockDev.__init__(self, BLOCKS, BS)
        self.pages = 0

    def writeblocks(self, n, buf, off=None):
        BlockDev.writeblocks(self, n, buf, off)
        self.pages += (len(buf) + 255) // 256

    def mark(self):
        return [self.erases, self.pages]


def since(dev, m):
    return [dev.erases - m[0], dev.pages - m[1]]


dev = Dev()
os.VfsLfs2.mkfs(dev, progsize=256)
import board                                  # noqa: E402  the simulator's


def mount_flash(p, d):
    os.mount(os.VfsLfs2(dev, progsize=256), "/flash")
    return dev, "/flash"


board.mount_flash = mount_flash
board.CONFIG["feeder"] = None
board.CONFIG["blockdev"] = dev
board.CONFIG["uid"] = unhexlify("e6605838834b5d2a")   # the emulator's
from app.app import App                       # noqa: E402
from app.flow import start_game               # noqa: E402
from core import free                         # noqa: E402

if CHUNK:
    from drivers import store
    store.CHUNK = CHUNK

app = App(board.setup())
app.step(0)
t = 0


def quiet():
    # The steps after a key's, 300 ms of them (app/app.py step: the file
    # "next" after a start, littlefs's compaction when the next event's
    # commit would not fit: drivers/lfs_meta.py).
    global t
    m = dev.mark()
    for _ in range(30):
        t += 10
        app.step(t)
    return since(dev, m)


m = dev.mark()
names = ["A", "B", "C", "D", "E", "F", "G", "H"][:PLAYERS]
start_game(app, "free", names, bytes([0, 0, 0]))
app.step(t)
out = {"start": since(dev, m), "events": []}
out["start_quiet"] = quiet()
s = app.session
for r in range(ROUNDS):
    m = dev.mark()
    t += 10
    app.last_key = t                          # a key's step
    if s.add(free.event(s.ev, free.ROUND, PLAYERS,
                        [(r * 37 + p * 11) % 300 for p in range(PLAYERS)])):
        break                                 # the log is full
    app.step(t)
    key = since(dev, m) + [os.stat("/flash/games/cur")[6]]
    out["events"].append(key + quiet())
m = dev.mark()
assert app.store.close(s, True)
out["close"] = since(dev, m)
out["close_quiet"] = quiet()
out["journal"] = s.log.used
print(json.dumps(out))
