# A nearly full flash for the emulated Pico's make_room test
# (tests/test_rp2_power_cut.py): GAMES free-pad games of 6 players played
# through the app's own paths onto the rp2 littlefs of a 2 MB flash image
# (mounted as the rp2 port mounts it, progsize=256), all marked synced
# through the link as `marcador sync` does, then a file that leaves FREE
# blocks free (below the store's warning level: the next new game runs
# make_room, which deletes the oldest synced segments).
#
#   micropython rp2_fill.py IMAGE GAMES FREE
#
# Prints one JSON line: {"games": N, "segments": [...], "free": blocks}.
import sys
import json
import os

_root = sys.path[0] + "/../.."
sys.path.append(_root + "/sim")
sys.path.append(_root + "/firmware")

import board                           # noqa: E402
from fakes.blockdev import BlockDev    # noqa: E402
from app.app import App                # noqa: E402
from app.flow import start_game        # noqa: E402
from vmboard import free_round, Port   # noqa: E402
from drivers.link import Link, frame   # noqa: E402
from app.sync import Sync              # noqa: E402

BASE = 0xA0000
BLOCKS = 352
path, games, free = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path, "rb") as f:
    f.seek(BASE)
    data = bytearray(f.read(BLOCKS * 4096))
dev = BlockDev(BLOCKS, data=data)


def mount_flash(path, dev):
    # As the rp2 port mounts its littlefs (progsize=256).
    os.mount(os.VfsLfs2(dev, progsize=256), board.MOUNT)
    return dev, board.MOUNT


board.mount_flash = mount_flash
board.CONFIG["blockdev"] = dev
board.CONFIG["feeder"] = None
app = App(board.setup())
app.step(0)
names = ["A", "B", "C", "D", "E", "F"]
for g in range(games):
    app.home()
    start_game(app, "free", names, bytes([2, 100, 0]))
    for r in range(3):
        free_round(app, [1, 2, r, 4, 5, 6])
    free_round(app, [100, 5, 1, 0, 0, 0])
port = Port()
link = Link(port, port, Sync(app))
port.inbox.extend(frame(["mark", "1-%d" % games]))
for _ in range(1000):
    link.poll()
    if not port.inbox and port.out.endswith(b"\n"):
        break
assert port.out.startswith(b"#ok mark"), bytes(port.out)
st = app.store
with open(board.MOUNT + "/pad", "wb") as f:
    chunk = b"\x00" * 4096
    while st.free_blocks() > free:
        f.write(chunk)
        f.flush()
print(json.dumps({"games": games, "segments": st.segments(),
                  "free": st.free_blocks(), "synced": st.synced}))
os.umount(board.MOUNT)
with open(path, "r+b") as f:
    f.seek(BASE)
    f.write(data)
