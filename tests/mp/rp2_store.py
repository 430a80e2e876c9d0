# What a Pico's flash holds, read by the firmware itself: the games in the
# archive, the game in progress (resumed as the app does at boot) and the
# synced marks, from a 2 MB flash image of the emulated Pico
# (tests/rp2/test_rp2_power_cut.py).
#
#   micropython rp2_store.py IMAGE
#
# The image is read into RAM and used there (the file is not changed).
# Prints one JSON line: {"archived": {number: log hex}, "session": [number,
# log hex] or null, "synced": marks} or {"error": what failed}.
import sys
import json
import os

from vmboard import rp2_flash
import board                           # noqa: E402  (sim/board.py)
from drivers import segments as archive  # noqa: E402
from app.app import App                # noqa: E402

dev, data = rp2_flash(sys.argv[1])
try:
    os.VfsLfs2(dev, progsize=256)      # board.setup would format it
except OSError as e:
    print(json.dumps({"error": "littlefs does not mount: " + repr(e)}))
    raise SystemExit
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
