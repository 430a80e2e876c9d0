# What a Pico's flash holds, read by the firmware itself: the games in the
# archive, the game in progress (resumed as the app does at boot) and the
# synced marks, from a 2 MB flash image of the emulated Pico
# (tests/test_rp2_power_cut.py).
#
#   micropython rp2_store.py IMAGE
#
# The image is read into RAM and used there (the file is not changed).
# Prints one JSON line: {"archived": {number: log hex}, "session": [number,
# log hex] or null, "synced": marks} or {"error": what failed}.
import sys
import json
import os

_root = sys.path[0] + "/../.."          # the script is in tests/mp
sys.path.append(_root + "/sim")
sys.path.append(_root + "/firmware")

import board                           # noqa: E402  (sim/board.py)
from fakes.blockdev import BlockDev    # noqa: E402
from drivers import segments as archive  # noqa: E402
from app.app import App                # noqa: E402

BASE = 0xA0000          # the rp2 port's littlefs: the last 1408 KB of 2 MB
BLOCKS = 352

with open(sys.argv[1], "rb") as f:
    f.seek(BASE)
    data = bytearray(f.read(BLOCKS * 4096))
dev = BlockDev(BLOCKS, data=data)


def mount_flash(path, dev):
    # As the rp2 port mounts its littlefs (progsize=256).
    os.mount(os.VfsLfs2(dev, progsize=256), board.MOUNT)
    return dev, board.MOUNT


board.mount_flash = mount_flash
try:
    os.VfsLfs2(dev, progsize=256)      # board.setup would format it
except OSError as e:
    print(json.dumps({"error": "littlefs does not mount: " + repr(e)}))
    raise SystemExit
board.CONFIG["blockdev"] = dev
board.CONFIG["feeder"] = None
try:
    a = App(board.setup())
    a.step(0)
    st = a.store
    out = {"archived": {}, "session": None, "synced": st.synced}
    for where in archive.index(st):
        head, log = archive.read(st, where)
        out["archived"][str(head.number)] = bytes(log).hex()
    if a.session is not None:
        s = a.session
        out["session"] = [s.number, bytes(s.log.buf[:s.log.used]).hex()]
except Exception as e:                 # noqa: BLE001  reported, a failure
    out = {"error": repr(e)}
print(json.dumps(out))
