"""littlefs's block-device calls with 256-byte caches (the release image)
against 1024 (stock MicroPython's rule), the same work on the same flash:
the emulated Pico running the release image, stopped at its REPL, mounts
its flash again through a Python block device that counts the calls
(boards/micropython-patches, docs/release-image.md). A measuring tool for
that patch, not a benchmark row.

    .venv/bin/python bench/rp2_lfs_calls.py

The work, in a fresh folder, as the store does it (drivers/store.py): a
journal in 6 files of 10 appends of 11 bytes each (open "ab", write,
close: under CHUNK, inline with either cache), 16 appends of 48 bytes to
one archive file (inline up to 256 bytes with the small cache, 512 with
stock's: the erases of each append are listed), the journal's files read
back 5 times, the folder listed 10 times, a 16 KB segment written 512
bytes at a time and read back 256 at a time. For each cache
size and part: reads (calls, bytes), programs (calls, bytes), erases, and
the emulator's own count of flash erases and programs, one JSON line.
"""

import json
import shutil
import sys
import tempfile
from pathlib import Path

from roots import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT))

from marcador import pico_emu  # noqa: E402

import rp2  # noqa: E402

WORK = """import vfs, os
class Counted:
    def __init__(s, d):
        s.d = d
        s.n = [0, 0, 0, 0, 0]
    def readblocks(s, b, buf, off=0):
        s.n[0] += 1; s.n[1] += len(buf)
        s.d.readblocks(b, buf, off)
    def writeblocks(s, b, buf, off=None):
        s.n[2] += 1; s.n[3] += len(buf)
        if off is None:
            s.d.writeblocks(b, buf)
        else:
            s.d.writeblocks(b, buf, off)
    def ioctl(s, op, arg):
        if op == 6:
            s.n[4] += 1
        return s.d.ioctl(op, arg)
import rp2
vfs.umount('/')
dev = Counted(rp2.Flash())
vfs.mount(vfs.VfsLfs2(dev, progsize=256, cachesize=CACHE), '/t')
out = {}
def part(name, fn):
    dev.n = [0, 0, 0, 0, 0]
    fn()
    out[name] = dev.n[:]
def journal():
    os.mkdir('/t/w')
    for k in range(6):
        for i in range(10):
            with open('/t/w/cur%d' % k, 'ab') as f:
                f.write(bytes(11))
def archive():
    for i in range(16):
        e = dev.n[4]
        with open('/t/w/a0001', 'ab') as f:
            f.write(bytes(48))
        out.setdefault('archive_erases', []).append(dev.n[4] - e)
def reads():
    for i in range(5):
        for k in range(6):
            with open('/t/w/cur%d' % k, 'rb') as f:
                f.read()
def lists():
    for i in range(10):
        os.listdir('/t/w')
def segment():
    b = bytes(512)
    with open('/t/w/seg', 'wb') as f:
        for i in range(32):
            f.write(b)
    buf = bytearray(256)
    with open('/t/w/seg', 'rb') as f:
        while f.readinto(buf):
            pass
part('journal', journal)
part('archive', archive)
part('reads', reads)
part('lists', lists)
part('segment', segment)
print(out)
"""


def measure(base, cache, tmp):
    img = Path(tmp) / f"c{cache}.img"
    shutil.copy(base, img)
    with pico_emu.Pico(img) as pico:
        rp2.boot(pico)
        ops = len(pico.flash_ops)
        got = eval(rp2.raw_exec(pico, WORK.replace("CACHE", str(cache)))
                   .strip().splitlines()[-1])
        flash = pico.flash_ops[ops:]
    keys = ("reads", "read_bytes", "programs", "program_bytes", "erases")
    per_append = got.pop("archive_erases")
    return {"parts": {p: dict(zip(keys, v)) for p, v in got.items()},
            "archive_erases_per_append": per_append,
            "emulator": {"E": sum(op[0] == "E" for op in flash),
                         "P": sum(op[0] == "P" for op in flash)}}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        base = rp2.frozen_image(tmp)
        res = {c: measure(base, c, tmp) for c in (256, 1024)}
    print(json.dumps(res))


if __name__ == "__main__":
    main()
