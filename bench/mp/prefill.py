# Runs on the MicroPython VM: puts archived games into a board's flash
# image with the real store (drivers/store.py), as if they had been played
# on it. Reads one hex archive entry per line on stdin.
#   micropython prefill.py SIM_DIR FIRMWARE_DIR IMAGE
import os
import sys
from binascii import unhexlify

sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])
from fakes.blockdev import BlockDev  # noqa: E402
from drivers.store import Store  # noqa: E402
from drivers.game_files import add_entry  # noqa: E402

dev = BlockDev(256, path=sys.argv[3])
try:
    vfs = os.VfsLfs2(dev)
except OSError:
    os.VfsLfs2.mkfs(dev)
    vfs = os.VfsLfs2(dev)
os.mount(vfs, "/flash")
st = Store("/flash")
n = 0
for line in sys.stdin:
    if line.strip():
        assert add_entry(st, unhexlify(line.strip()))
        n += 1
print(n)
