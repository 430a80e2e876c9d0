# A nearly full flash for the emulated Pico's make_room test
# (tests/rp2/test_rp2_power_cut.py): GAMES free-pad games of 6 players played
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

from vmboard import RP2_BASE, Port, free_round, rp2_flash
import board                           # noqa: E402
from app.app import App                # noqa: E402
from app.flow import start_game        # noqa: E402
from drivers.link import Link, frame   # noqa: E402
from app.sync import Sync              # noqa: E402

path, games, free = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
dev, data = rp2_flash(path)
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
    f.seek(RP2_BASE)
    f.write(data)
