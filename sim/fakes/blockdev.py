# The board's flash for the simulator and the power-loss tests: a block
# device with MicroPython's extended interface (what os.VfsLfs2 mounts),
# kept in an image file (read and written in place, so a 1 MB flash costs
# no heap) or, without a path, in RAM. It counts block writes and erases, and
# can lose power: after `cut_after` more writes every further write or
# erase raises PowerCut, and with `tear` the operation that hits the cut
# is left torn (see torn()): a write half-way (tear=True or "half") or
# half-way and then garbage ("garbage"); an erase half-way, then garbage.
# With a journal list it records every erase and write in order, so a test
# can rebuild the flash as it stood at any moment (tests/mp/power_cut.py).

BLOCK = 4096            # rp2 and esp32 littlefs geometry


_FF = b"\xff" * 256       # erased flash


class PowerCut(OSError):
    pass


def _noise(n, seed):
    # n bytes of garbage, the same for the same seed (xorshift32).
    out = bytearray(n)
    x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1
    for i in range(n):
        x ^= x << 13 & 0xFFFFFFFF
        x ^= x >> 17
        x ^= x << 5 & 0xFFFFFFFF
        out[i] = x & 0xFF
    return out


def torn(old, data, mode, seed=0):
    # What an operation cut by the power leaves where it was going: old is
    # what the flash held there, data what was being written (None for an
    # erase: all 0xFF). "half": the first half written, the rest as it
    # was; "garbage": the first half written, the rest garbage. An erase
    # is always torn as half erased, then garbage.
    n = len(old)
    h = n // 2
    if data is None:
        return b"\xff" * h + _noise(n - h, seed)
    if mode == "garbage":
        return data[:h] + _noise(n - h, seed)
    return data[:h] + old[h:]


class BlockDev:
    def __init__(self, blocks=256, block_size=BLOCK, path=None, data=None):
        self.bs = block_size
        self.n = blocks
        self.f = None
        self.data = None
        if path:
            try:
                self.f = open(path, "r+b")
            except OSError:
                ff = b"\xff" * block_size
                with open(path, "wb") as f:
                    for _ in range(blocks):
                        f.write(ff)
                self.f = open(path, "r+b")
        elif data is not None:
            self.data = data        # an image in RAM, used in place
        else:
            self.data = bytearray(blocks * block_size)
            for i in range(len(self.data)):
                self.data[i] = 0xFF
        self.writes = 0
        self.erases = 0
        self.bytes_written = 0
        self.cut_after = -1     # writes left before the power goes; -1 never
        self.tear = False
        self.dead = False
        self.journal = None     # a list: every erase and write is recorded

    def _put(self, a, buf):
        if self.f:
            self.f.seek(a)
            self.f.write(buf)
        else:
            self.data[a:a + len(buf)] = buf

    def _get(self, a, buf):
        if self.f:
            self.f.seek(a)
            self.f.readinto(buf)
        else:
            buf[:] = memoryview(self.data)[a:a + len(buf)]

    def readblocks(self, block, buf, off=0):
        self._get(block * self.bs + off, buf)

    def _power(self, a, buf):
        # True when the write may go ahead; tears or refuses at the cut.
        if self.dead:
            raise PowerCut(5)
        if self.cut_after == 0:
            self.dead = True
            if self.tear:
                old = bytearray(len(buf))
                self._get(a, old)
                self._put(a, torn(old, buf, "half" if self.tear is True
                                  else self.tear, self.writes))
            raise PowerCut(5)
        if self.cut_after > 0:
            self.cut_after -= 1
        return True

    def writeblocks(self, block, buf, off=None):
        if off is None:             # simple interface: erase, then write
            self.ioctl(6, block)
            off = 0
        a = block * self.bs + off
        self._power(a, buf)
        if self.journal is not None:
            self.journal.append((a, bytes(buf)))
        self._put(a, buf)
        self.writes += 1
        self.bytes_written += len(buf)

    def ioctl(self, op, arg):
        if op == 4:                 # block count
            return self.n
        if op == 5:                 # block size
            return self.bs
        if op == 6:                 # erase a block
            if self.dead:
                raise PowerCut(5)
            a = arg * self.bs
            if self.cut_after == 0:
                self.dead = True
                if self.tear:
                    self._put(a, torn(bytes(self.bs), None, "", self.erases))
                raise PowerCut(5)
            # In 256-byte pieces: no 4 KB temporary in the measured heap.
            if self.journal is not None:
                self.journal.append((a, None))
            for i in range(0, self.bs, len(_FF)):
                self._put(a + i, _FF)
            self.erases += 1
            return 0
        if op == 3 and self.f:      # sync
            self.f.flush()
        return 0
