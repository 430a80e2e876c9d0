# How full the games folder's littlefs metadata block is, read from the
# block device (MicroPython's VfsLfs2 does not say), and the quiet step's
# compaction (docs/architecture.md, Performance rules; docs/storage.md).
#
# littlefs (v2, disk version 2.1: lib/littlefs/lfs2.c, SPEC.md) keeps a
# folder's entries in a pair of blocks, each a log of commits: a 32-bit
# revision count (little-endian), then tags, each 32 bits big-endian and
# XORed with the one before (the first with 0xffffffff): a bit saying it
# is not valid, 11 bits of type, 10 of id, 10 of size (0x3ff: deleted,
# no data), then size bytes. A commit ends with a CRC tag (its CRC-32 over
# the commit's bytes, the tag's own included, with no final inversion)
# padded to the program size; the block whose revision is newer (a
# sequence comparison) holds the folder if it has a valid commit. A
# commit is appended at the end of the last valid one when it fits
# (its tags end <= block_size - 8) and the next program unit is still
# erased; else littlefs compacts the folder into the pair's other block:
# an erase, in the step that made the commit. Store.append's commit is
# the journal file's inline data whole (a tag and its bytes) and its
# mtime (a tag and 8 bytes); a new journal file is first a commit of its
# own (its creation, name and empty data).
#
# make_room(st, hw), called by the app in a quiet step after an event
# (App._step: no key for 200 ms, the screen sent), reads the root pair
# (blocks 0 and 1), the games folder's pair from its DIRSTRUCT tag, the
# pair that holds the newest journal file and where its last valid commit
# ends; when the next event's commit would not fit there it rewrites that
# file whole as it stands (one atomic commit of the same bytes), until
# littlefs has compacted: the next key's commit lands in the fresh block.
# The keys are not read while it runs (drivers/buttons.py polls them):
# the check reads only the newer block of each pair, and the compaction's
# erase can hide a short tap begun during it.
# Anything unexpected (another layout, a read that fails, a file not as
# the store says) means doing nothing: at worst the compaction stays in
# a key's step, as without this module. Loaded for that step only
# (app/memory.py: "meta").

from binascii import crc32

# A record's bound for the check (an event's bytes and its CRC): a bigger
# one only risks the compaction in its key's step.
REC = 48
_TRIES = 4               # rewrites at most in one step


def _crc(c, data):
    # littlefs's CRC-32 (lfs2_crc: the same polynomial, no inversions).
    return crc32(data, c ^ 0xFFFFFFFF) ^ 0xFFFFFFFF


def _scan(dev, block, bs, name, kind):
    # The state of one metadata block after its last valid commit:
    # [revision, end of that commit (0: none), count, the id of the entry
    # `name` of type `kind` (-1: none), its struct (a folder's pair, True
    # for a file's data inline, else None), the
    # tail pair (or None), split (a hard tail), OR of the commits' ends].
    b4 = bytearray(4)
    piece = bytearray(32)
    dev.readblocks(block, b4, 0)
    rev = int.from_bytes(b4, "little")
    crc = _crc(0xFFFFFFFF, b4)
    off = 4
    ptag = 0xFFFFFFFF
    t = [rev, 0, 0, -1, None, None, False, 0]   # this commit's
    done = list(t)                               # the last valid one's
    while off + 4 <= bs:
        dev.readblocks(block, b4, off)
        crc = _crc(crc, b4)
        tag = int.from_bytes(b4, "big") ^ ptag
        if tag & 0x80000000:
            break                    # not programmed, or not valid
        size = tag & 0x3FF
        dsize = 4 if size == 0x3FF else 4 + size
        if off + dsize > bs:
            break
        ptag = tag
        typ = tag >> 20 & 0x7FF
        tid = tag >> 10 & 0x3FF
        if typ & 0x780 == 0x500:     # a commit's CRC
            if dsize < 8:
                break
            dev.readblocks(block, b4, off + 4)
            if int.from_bytes(b4, "little") != crc:
                break
            ptag ^= (typ & 1) << 31
            t[1] = off + dsize
            t[7] |= t[1]
            done = list(t)
            crc = 0xFFFFFFFF
            off += dsize
            continue
        n = 0
        first = b""
        while n < dsize - 4:         # its data, in pieces
            m = min(32, dsize - 4 - n)
            dev.readblocks(block, memoryview(piece)[:m], off + 4 + n)
            crc = _crc(crc, memoryview(piece)[:m])
            if n == 0:
                first = bytes(piece[:m])
            n += m
        kind1 = typ & 0x700
        if kind1 == 0:               # a name: the entry's type and name
            if tid >= t[2]:
                t[2] = tid + 1
            if typ == kind and size == len(name) and first == name:
                t[3] = tid
                t[4] = None
            elif tid == t[3]:
                t[3] = -1
        elif kind1 == 0x400:         # an entry made (+1) or deleted (-1)
            sp = typ & 0xFF
            sp = sp - 256 if sp & 0x80 else sp
            t[2] += sp
            if t[3] >= 0:
                if sp < 0 and tid == t[3]:
                    t[3] = -1
                elif tid < t[3] or sp > 0 and tid == t[3]:
                    t[3] += sp
        elif kind1 == 0x200 and tid == t[3] and tid >= 0:
            # its struct: a folder's pair, or a file's data inline (True)
            t[4] = None
            if typ == 0x200 and size == 8:
                t[4] = (int.from_bytes(first[:4], "little"),
                        int.from_bytes(first[4:], "little"))
            elif typ == 0x201:
                t[4] = True
        elif kind1 == 0x600 and size == 8:    # a tail (hard: split)
            t[5] = (int.from_bytes(first[:4], "little"),
                    int.from_bytes(first[4:], "little"))
            t[6] = bool(typ & 1)
        off += dsize
    return done


def _newer(a, b):
    # littlefs's sequence comparison of revisions: a is newer than b.
    return (a - b) & 0xFFFFFFFF and not (a - b) & 0x80000000


def _fetch(dev, pair, bs, blocks, name, kind):
    # The block of a pair that holds it (the newer one with a valid
    # commit, else the other) and its _scan(); None if neither has one.
    # (The other block is read whole only when the newer one has no valid
    # commit: a scan costs the quiet step's time, keys unread.)
    if not (0 <= pair[0] < blocks and 0 <= pair[1] < blocks):
        return None
    b4 = bytearray(4)
    dev.readblocks(pair[0], b4, 0)
    r0 = int.from_bytes(b4, "little")
    dev.readblocks(pair[1], b4, 0)
    if _newer(int.from_bytes(b4, "little"), r0):
        pair = (pair[1], pair[0])
    a = _scan(dev, pair[0], bs, name, kind)
    if not a[1]:
        pair = (pair[1], pair[0])
        a = _scan(dev, pair[0], bs, name, kind)
        if not a[1]:
            return None
    return pair[0], a


def _find(dev, pair, bs, blocks, name, kind):
    # The pair of a folder's chain (hard tails) that holds `name`:
    # (block, _scan()), or None.
    for _ in range(8):
        got = _fetch(dev, pair, bs, blocks, name, kind)
        if got is None:
            return None
        if got[1][3] >= 0:
            return got
        if not got[1][6] or got[1][5] is None:
            return None
        pair = got[1][5]
    return None


def state(dev, name):
    # Where the commit that rewrites games/<name> would go: (block, end of
    # its last valid commit, room for another's tags, program size as the
    # commits' ends show it, erased: whether the unit after is), or None.
    bs = dev.ioctl(5, 0)
    blocks = dev.ioctl(4, 0)
    if not (bs and blocks and bs & (bs - 1) == 0 and 512 <= bs <= 65536):
        return None
    root = _find(dev, (0, 1), bs, blocks, b"games", 0x002)
    if root is None or root[1][4] is None:
        return None
    if root[1][4] is True:
        return None
    got = _find(dev, root[1][4], bs, blocks, name, 0x001)
    if got is None or got[1][4] is not True:
        return None                  # not there, or not inline
    block, s = got
    end = s[1]
    prog = s[7] & -s[7]
    prog = min(prog, 1024)
    erased = False
    if end + prog <= bs and end % prog == 0 and s[2] < 0xFF:
        unit = bytearray(prog)
        dev.readblocks(block, unit, end)
        erased = unit == b"\xff" * prog
    return block, end, bs - 8 - end, prog, erased, s[0]


def fits(size, room, end, prog, erased, next_len, chunk):
    # Whether the next event's commit fits where the file of `size` bytes
    # is: appended (size + a record, at most chunk bytes) or, when it may
    # not fit under chunk, a new file (next_len: its name's length) made
    # by one commit and written by another.
    if not erased:
        return False
    if 16 + min(size + REC, chunk) > room:
        return False
    if size + REC > chunk:
        e = (end + 12 + next_len + 20 + prog - 1) // prog * prog
        if end + 12 + next_len > end + room or e + 16 + REC > end + room:
            return False
    return True


def device(hw):
    # The littlefs's block device: the simulators' (hw.flash), a Pico's
    # flash (rp2.Flash, the port's whole filesystem); None elsewhere.
    # The rp2 port's built-in _rp2, not its `rp2` package: that one (the
    # PIO assembler) would stay in the heap (main.py releases it at boot).
    dev = getattr(hw, "flash", None)
    if dev is not None:
        return dev
    try:
        # (_rp2 is the port's C module; the stubs know its rp2 package)
        from _rp2 import Flash  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    return Flash()


def make_room(st, hw, chunk=0):
    # The quiet step's part: compact now if the next event's commit would
    # not fit (see above). chunk: the journal files' bound (0: the
    # store's CHUNK). Returns the rewrites made (0: none needed, or
    # nothing done).
    if not chunk:
        from drivers.store import CHUNK as chunk
    if not st.number or st.dir != hw.root.rstrip("/") + "/games":
        return 0
    dev = device(hw)
    if dev is None:
        return 0
    k = st.chunk
    name = ("cur%d" % k if k else "cur").encode()
    path = st.chunk_path(k)
    done = 0
    try:
        now = state(dev, name)
        while now is not None and done < _TRIES:
            block, end, room, prog, erased, rev = now
            if fits(st.chunk_bytes, room, end, prog, erased,
                    len(name) + 2, chunk):
                break
            with open(path, "rb") as f:
                data = f.read()
            if len(data) != st.chunk_bytes:
                break                # not as the store says: leave it
            with open(path, "wb") as f:
                f.write(data)
            done += 1
            was = now
            now = state(dev, name)
            if now is not None and now[0] == was[0] and now[5] == rev \
                    and now[1] <= end:
                break                # neither appended nor compacted
    except (OSError, ValueError, TypeError, IndexError):
        pass
    return done
