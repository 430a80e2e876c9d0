# Reading the archive segments aNNNN, the past games on the board (the files
# are described in drivers/store.py; the PC's archive is another thing,
# host_tools/archive.py): the entries of each segment, their headers and bytes,
# the list the sync link offers, the marks of games synced to a PC, and
# freeing space by deleting segments whose games are all synced. Functions
# of a Store; imported when a screen, the link or boot needs them, not kept
# in RAM during play.

import os
from binascii import crc32
from micropython import const
from core import gamefile

_BUF = const(256)               # bytes read at a time while checking entries
_MIN_ENTRY = const(3 + 15 + 4)  # head, the smallest header + log length, CRC


def _valid_at(f, i, end, buf, mv):
    # Size of the valid entry at offset i of the open segment f (a head
    # whose size fits before end, and a CRC that checks, read _BUF bytes at
    # a time into buf, mv its memoryview), or 0. An entry that fits in buf
    # with its CRC is read at once and leaves one small object behind
    # (boot walks every entry of the newest segment: its garbage filled
    # the heap that the sync link's first requests then had to collect).
    f.seek(i)
    if f.readinto(buf, 3) < 3:
        return 0
    size = gamefile.entry_size(buf)
    if size < _MIN_ENTRY or i + size > end:
        return 0
    left = size - 7
    if left + 4 <= len(buf):
        if f.readinto(buf, left + 4) < left + 4:
            return 0
        return size if gamefile.u32(buf, left) == \
            crc32(mv[:left]) & 0xFFFFFFFF else 0
    c = 0
    while left:
        k = f.readinto(buf, min(left, len(buf)))
        if not k:
            return 0
        c = crc32(buf if k == len(buf) else mv[:k], c)
        left -= k
    if f.readinto(buf, 4) < 4 or gamefile.u32(buf, 0) != c & 0xFFFFFFFF:
        return 0
    return size


def _resync(f, p, end, buf, mv):
    # (offset, size) of the first valid entry at or after p, scanning the
    # segment in small reads for an entry head, or (end, 0) when none.
    look = bytearray(64)
    while p < end:
        f.seek(p)
        k = f.readinto(look)
        if not k:
            break
        j = look.find(b"G", 0, k)
        while j >= 0:
            size = _valid_at(f, p + j, end, buf, mv)
            if size:
                return p + j, size
            j = look.find(b"G", j + 1, k)
        p += k
    return end, 0


def entries(st, seg, start=0):
    # (offset, size) of every valid entry in a segment (from offset
    # start, an entry's: the summary walks only what was appended). Entries
    # are checked as they are walked (never the whole 16 KB segment in
    # RAM); past a damaged one the walk resynchronises on the next valid
    # entry. Damaged spans (offset, length) go to st.damage[seg] and, once
    # each, to the store's problems; a segment with damage takes no new
    # entry.
    out = []
    bad = []
    buf = bytearray(_BUF)
    mv = memoryview(buf)
    with open(st.seg_path(seg), "rb") as f:
        end = f.seek(0, 2)
        i = start
        while i < end:
            size = _valid_at(f, i, end, buf, mv)
            if not size:
                j, size = _resync(f, i + 1, end, buf, mv)
                bad.append((i, j - i))
                st.problem("a%04d@%d" % (seg, i))
                i = j
                if not size:
                    break
            out.append((i, size))
            i += size
    if bad:
        st.damage[seg] = bad
    elif seg in st.damage and not start:
        del st.damage[seg]
    return out


_HEAD_READ = const(320)         # bytes that hold a header with its names


def header_at(st, seg, off, size):
    # The Header of an entry that entries() found (its CRC checks), or
    # None when it does not parse. Only its first _HEAD_READ bytes are read
    # unless the header runs longer.
    with open(st.seg_path(seg), "rb") as f:
        return header_in(f, off, size)


def header_in(f, off, size):
    # header_at() in the segment already open as f.
    f.seek(off)
    b = f.read(min(size, _HEAD_READ))
    for _ in range(2):
        try:
            h = gamefile.Header(b, 3, len(b))
            if h.end + 2 <= len(b):
                # The log's length must fill the entry to its CRC.
                if h.end + 2 + gamefile.u16(b, h.end) != size - 4:
                    return None
                return h
        except (ValueError, IndexError):
            pass
        if len(b) == size:
            return None
        b += f.read(size - len(b))   # a long header: the whole entry
    return None


def scan_last(st):
    # The latest archived game number (0: none): the next game's number
    # comes after it and after the journal's. Where its entry is goes to
    # st.last (boot's match_after reads its header from there instead of
    # walking the newest segment again).
    for seg in reversed(st.segments()):
        for off, size in reversed(entries(st, seg)):
            h = header_at(st, seg, off, size)
            if h is not None:
                st.last = (seg, off, size)
                return h.number
    return 0


def remove_segment(st, seg):
    # Delete a segment; the store lists its folder again (Store.segments).
    st.segs = None
    os.remove(st.seg_path(seg))


def index(st):
    # Every archived game as (segment, offset), newest first, and every
    # damaged span as (segment, offset, length) where it lies (read()
    # refuses those: history shows them as damaged).
    out = []
    for seg in st.segments():
        ents = entries(st, seg)
        for off, n in st.damage.get(seg, ()):
            ents.append((off, -n))
        ents.sort()
        for off, n in ents:
            out.append((seg, off) if n > 0 else (seg, off, -n))
    out.reverse()
    return out


def catalog(st):
    # (number, segment, offset, size) of every readable archived game,
    # in number order: what the sync link offers.
    out = []
    for seg in st.segments():
        for off, size in entries(st, seg):
            h = header_at(st, seg, off, size)
            if h is not None:
                out.append((h.number, seg, off, size))
    out.sort()
    return out


def entry_bytes(st, where):
    # The whole entry at (segment, offset), as stored.
    if len(where) > 2:
        raise ValueError("damaged")
    seg, off = where
    with open(st.seg_path(seg), "rb") as f:
        f.seek(off)
        b = f.read(3)
        size = gamefile.entry_size(b)
        if size == 0:
            raise ValueError("not an entry")
        return b + f.read(size - 3)


def read(st, where):
    # (Header, log) of an archived game; ValueError when damaged.
    return gamefile.read_entry(entry_bytes(st, where))


# --- damaged data, for the PC (the link's "damaged" and "raw")
def damaged(st):
    # Every damaged item as (name, path, offset, size): each damaged span
    # of a segment ("aNNNN.OFF.LEN") and each journal set aside at boot
    # ("badN", its other files "badN-1"...: recovery.set_aside). Names
    # are made here; none ever comes from the link.
    out = []
    for seg in st.segments():
        entries(st, seg)
        for off, n in st.damage.get(seg, ()):
            out.append(("a%04d.%d.%d" % (seg, off, n), st.seg_path(seg),
                        off, n))
    for name in sorted(os.listdir(st.dir)):
        n, dash, k = name[3:].partition("-")
        if name[:3] == "bad" and n.isdigit() and (k.isdigit() or
                                                   not dash):
            p = st.path(name)
            out.append((name, p, 0, os.stat(p)[6]))
    return out


def raw(item, offset, most):
    # Up to `most` bytes of a damaged item from offset (within its size).
    name, path, off, size = item
    with open(path, "rb") as f:
        f.seek(off + offset)
        return f.read(max(0, min(most, size - offset)))


# --- the synced marks (the file "synced")
def load_synced(st):
    # [[first, last], ...] from "1-12,15"; damaged parts are reported.
    out = []
    try:
        with open(st.path("synced"), "rb") as f:
            text = f.read().decode()
    except (OSError, ValueError):
        return out
    for part in text.split(","):
        a, _, b = part.partition("-")
        try:
            out.append([int(a), int(b or a)])
        except ValueError:
            st.problem("synced")
    return out


def is_synced(st, number):
    for a, b in st.synced:
        if a <= number <= b:
            return True
    return False


def mark_synced(st, number, last=0):
    # Mark games number..last (or just number) as copied to a PC.
    return mark_spans(st, [(number, max(last, number))])


def mark_spans(st, spans):
    # Mark the games of every (first, last) span in one write of the
    # file: all of them or, when the flash refuses, none. True when done.
    r = [[a, b] for a, b in st.synced]
    for a, b in spans:
        r.append([a, b])
    r.sort()
    merged = []
    for a, b in r:
        if merged and a <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    if merged == st.synced:
        return True
    text = ",".join(["%d-%d" % (a, b) if a != b else str(a)
                     for a, b in merged])
    try:
        st.replace_file(st.path("synced"), text)
    except OSError:
        return False
    st.synced = merged
    return True
