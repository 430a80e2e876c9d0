# Runs on the MicroPython VM: fills the littlefs of an emulated Pico's 2 MB
# flash image (as the rp2 port mounts it: the last 1408 KB, blocks of 4 KB,
# progsize=256) with the firmware's own store, for bench/growth_rp2.py:
# thousands of games put there in seconds instead of played through the
# emulated firmware.
#
#   micropython rp2_image.py FIRMWARE_DIR IMAGE games [SYNCED [FREE]]
#       one hex archive entry a line on stdin, appended to the archive
#       (drivers/game_files.py add_entry); SYNCED: games 1..SYNCED marked synced
#       (drivers/segments.py mark_spans); FREE: then a file "pad" that
#       leaves FREE blocks free (the next new game runs make_room). The
#       archive's summary (drivers/seg_index.py) is made, as the first
#       sync request after a firmware update would.
#   micropython rp2_image.py FIRMWARE_DIR IMAGE fix ROUNDS FIXES
#       a free game of 4 players in progress (app/flow.py start_game, then
#       Session.add): ROUNDS rounds, then FIXES corrections, as
#       bench/mp/growth.py's fix mode.
#
# Prints one JSON line: {"games": N, "free": blocks, ...}.
import sys
import json
import os

sys.path.append(sys.argv[1])
from binascii import unhexlify           # noqa: E402

BASE = 0xA0000          # rp2 port: littlefs in the last 1408 KB of 2 MB
BLOCKS = 352
BS = 4096
path, mode = sys.argv[2], sys.argv[3]
ARGS = [int(a) for a in sys.argv[4:]]


class Dev:
    # A block device over a bytearray (as sim/fakes/blockdev.py).
    def __init__(self, data):
        self.data = data

    def readblocks(self, n, buf, off=0):
        a = n * BS + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            off = 0
        a = n * BS + off
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BS
        if op == 6:
            a = arg * BS
            self.data[a:a + BS] = b"\xff" * BS
            return 0
        return 0


with open(path, "rb") as f:
    f.seek(BASE)
    data = bytearray(f.read(BLOCKS * BS))
os.mount(os.VfsLfs2(Dev(data), progsize=256), "/flash")
out = {}
if mode == "games":
    from drivers.store import Store
    from drivers.game_files import add_entry
    from drivers import segments
    from drivers.seg_index import summary
    st = Store("/flash")
    n = 0
    for line in sys.stdin:
        if line.strip():
            assert add_entry(st, unhexlify(line.strip()))
            n += 1
    if ARGS and ARGS[0]:
        assert segments.mark_spans(st, [(1, ARGS[0])])
    summary(st)
    if len(ARGS) > 1:
        chunk = b"\x00" * BS
        with open("/flash/pad", "wb") as f:
            while st.free_blocks() > ARGS[1]:
                f.write(chunk)
                f.flush()
    out = {"games": n, "segments": st.segments(), "synced": st.synced,
           "free": st.free_blocks()}
elif mode == "fix":
    sys.path.insert(0, sys.argv[1] + "/../sim")
    import board                                  # the simulator's board

    def mount_flash(p, dev):
        return dev, "/flash"
    board.mount_flash = mount_flash
    board.CONFIG["feeder"] = None
    board.CONFIG["blockdev"] = Dev(data)
    board.CONFIG["uid"] = unhexlify("e6605838834b5d2a")   # the emulator's
    from app.app import App
    from app.flow import start_game
    from core import free
    from core.game import fix_event
    app = App(board.setup())
    app.step(0)
    start_game(app, "free", ["A", "B", "C", "D"], bytes([0, 0, 0]))
    app.step(app.now)
    s = app.session
    rounds, fixes = ARGS
    for r in range(rounds):
        assert s.add(free.event(s.ev, free.ROUND, 4,
                                [r % 7, 3, r % 5, 1])) == 0
    for k in range(fixes):
        size = free.event(s.ev, free.ROUND, 4, [k % 9, 2, 1, 0])
        assert s.add(fix_event(s.ev, (7 * k) % rounds, size)) == 0
    out = {"events": s.log.count, "free": app.store.free_blocks()}
else:
    raise SystemExit("unknown mode " + mode)
os.umount("/flash")
with open(path, "r+b") as f:
    f.seek(BASE)
    f.write(data)
print(json.dumps(out))
