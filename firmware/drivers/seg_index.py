# What each archive segment holds, kept in the store's file "index", so
# that the sync link and the past games answer without walking (and
# checking the CRC of) every game on the flash at every request.
#
# One line per segment: "SEG SIZE COUNT FIRST LAST [OFF ...]" (then a last
# line, the CRC-32 of the lines before it, in decimal): its first SIZE bytes
# are COUNT entries, each checked (CRC, a header that parses), numbered
# FIRST..LAST rising, and OFF is the offset of every STEP-th entry (the
# STEP-th, the 2 STEP-th... counted from 0: (COUNT - 1) // STEP of them), so that a request
# for the newest games of a full segment starts near them instead of
# walking the segment's heads from its start (a line without them, as
# older firmware wrote, is walked from 0; an offset whose entry head is
# not where and what its line says is ignored: the walk starts at 0);
# COUNT -1 for a segment that is not so regular
# (damage, a header that does not parse, numbers that do not rise), with
# the lowest and highest numbers of its readable games: it is walked in
# full whenever it is read, as before this file.
#
# The file is a cache of what walks found, never the truth: segments only
# grow (drivers/game_files.py appends to the newest), so a line stays true of
# its segment's first SIZE bytes; the segments from the newest one the
# file has a line for are checked against their size at each use (a
# stat: one for every segment cost much of each request on the
# simulator) and only what was appended since is walked; a
# segment without a line, or with damage found since (boot walks the
# newest segment), is walked; a line without a segment is dropped. Bytes
# of an older segment that rot after its line was written are not seen
# here: the PC checks each entry's CRC as it arrives and keeps a damaged
# one apart, unmarked.
# The file is replaced whole (temp file + rename, store.replace), so a
# power cut leaves the old file or the new one, and a damaged or missing
# file only costs one walk. A flash that refuses the write keeps the old.
#
# Functions of a Store, loaded with drivers/segments.py when the link or
# the past games need them.

import os
from array import array
from binascii import crc32
from core import gamefile
from .segments import (entries, header_in, header_at, is_synced,
                       catalog, remove_segment)

NAME = "index"
READ = 512               # bytes read at a time while walking heads
STEP = 16                # entries between two offsets kept in a line


def _load(st):
    # The lines of the file, {segment: line}; nothing from a file whose
    # last line, the CRC-32 of the rest, does not check.
    out = {}
    try:
        with open(st.path(NAME), "rb") as f:
            text = f.read()
    except OSError:
        return out
    end = text.rfind(b"\n", 0, len(text) - 1) + 1
    try:
        if int(text[end:]) != crc32(text[:end]) & 0xFFFFFFFF:
            return out
        for line in text[:end].split(b"\n"):
            w = line.split(None, 5)
            if len(w) >= 5:
                # The offsets are kept as bytes: parsed only when used.
                r = (int(w[0]), int(w[1]), int(w[2]), int(w[3]), int(w[4]),
                     b" " + w[5] if len(w) > 5 else b"")
                out[r[0]] = r
    except ValueError:
        return {}
    return out


def _walk(st, seg, rec):
    # The line of segment seg, walking only past the bytes rec (its old
    # line, or None) covers.
    if rec and len(_offsets(rec)) != _kept(rec[2]):
        rec = None              # its offsets missing (older firmware)
    start, count, first, last, offs = (rec[1], rec[2], rec[3], rec[4],
                                       _str(rec[5])) if rec else \
        (0, 0, 0, 0, "")
    size = start
    ents = entries(st, seg, start)
    with open(st.seg_path(seg), "rb") as f:     # once, not per entry
        for off, n in ents:
            h = header_in(f, off, n)
            if h is None or (count and h.number <= last):
                count = -1
                break
            if not count:
                first = h.number
            elif not count % STEP:
                offs += " %d" % off
            last = h.number
            count += 1
            size = off + n
    if count < 0 or seg in st.damage:
        return _odd(st, seg)
    return (seg, size, count, first, last, offs)


def _str(t):
    # A line's offsets as str (the file's are read as bytes).
    return t if isinstance(t, str) else t.decode()


def _kept(count):
    # How many offsets a line of count entries keeps.
    return (count - 1) // STEP if count > 0 else 0


def _offsets(rec):
    # The offsets of a line (every STEP-th entry's), as text.
    return rec[5].split() if len(rec) > 5 else []


def _odd(st, seg):
    # The line of a segment that is not regular: COUNT -1, and the lowest
    # and highest numbers of its readable games (0 0: none), so that the
    # segments' order by number is still known.
    g = numbers(st, seg)
    return (seg, os.stat(st.seg_path(seg))[6], -1, g[0][0] if g else 0,
            g[-1][0] if g else 0, "")


def numbers(st, seg):
    # (number, segment, offset, size) of each readable game of a segment,
    # by number: a full walk (the catalog of one segment).
    out = []
    ents = entries(st, seg)
    with open(st.seg_path(seg), "rb") as f:
        for off, n in ents:
            h = header_in(f, off, n)
            if h is not None:
                out.append((h.number, seg, off, n))
    out.sort()
    return out


def summary(st):
    # The line of every segment, oldest first (the file brought up to
    # date when a walk changed it).
    old = _load(st)
    segs = st.segments()
    out = []
    changed = len(old) != len(segs)
    # The newest segment when the file was written: only it, and any
    # after it, can have grown since (entries go to the newest only).
    top = max(old) if old else 0
    for seg in segs:
        rec = old.get(seg)
        if seg in st.damage and rec is not None and rec[2] >= 0:
            rec = None                  # damage found since (boot's walk)
        elif rec is not None and seg < top:
            out.append(rec)             # older then: it has not grown
            continue
        size = os.stat(st.seg_path(seg))[6]
        if rec is not None and rec[1] == size and (
                rec[2] < 0 or len(_offsets(rec)) == _kept(rec[2])):
            out.append(rec)
            continue
        if rec is not None and (rec[1] > size or rec[2] < 0):
            rec = None                  # not what it was: walked again
        out.append(_walk(st, seg, rec))
        changed = True
    if changed:
        text = "".join(["%d %d %d %d %d%s\n" % (r[:5] + (_str(r[5]),))
                        for r in out])
        text += "%d\n" % (crc32(text) & 0xFFFFFFFF)
        try:
            st.replace_file(st.path(NAME), text)
        except OSError:
            pass                        # the next use walks again
    return out


def ordered(lines):
    # True when the numbers rise from one segment to the next (then a
    # game's number says which segment holds it).
    last = 0
    for r in lines:
        if not r[3]:
            continue                    # no readable game
        if r[3] <= last:
            return False
        last = r[4]
    return True


def _games(st, r, first=0):
    # (offset, size, number) of each readable game of a segment's line
    # (of a regular segment, from a game numbered first or before: those
    # numbered first and later are all there).
    if r[2] >= 0:
        return _each(st, r, first)
    return [(g[2], g[3], g[0]) for g in numbers(st, r[0])]


def _start(f, rec, first):
    # Where to walk a regular segment's heads from (open as f) so that
    # every game numbered first or later is met: the offset of its line's
    # latest STEP-th entry whose number cannot be above first (numbers
    # rise by 1 or more, so entry k is numbered between FIRST + k and
    # LAST - (COUNT - 1 - k)), once its head is read and checks (an
    # entry head there, with a number in those bounds); else 0.
    count = rec[2]
    k = (first - rec[4] + count - 1) // STEP
    if k <= 0:
        return 0
    offs = _offsets(rec)
    if len(offs) != _kept(count):
        return 0
    k = min(k, len(offs))
    try:
        off = int(offs[k - 1])
    except ValueError:
        return 0
    if not 0 < off < rec[1]:
        return 0
    f.seek(off)
    b = f.read(7)
    n = gamefile.entry_size(b)
    k *= STEP
    if not n or off + n > rec[1] or \
            not rec[3] + k <= gamefile.u32(b, 3) <= rec[4] - (count - 1 - k):
        return 0
    return off


def heads(st, rec, first=0):
    # The offsets and numbers of the entries of a regular segment, in
    # order (two arrays), from each entry's first bytes only (each was
    # checked when its line was made), read READ bytes at a time; with
    # first, from an entry at or before the game numbered first (_start).
    # No file is left open: the sync link's answers are made across app
    # steps.
    offs = array("H")
    nums = array("L")
    buf = bytearray(READ)
    with open(st.seg_path(rec[0]), "rb") as f:
        off = _start(f, rec, first) if first else 0
        base = have = 0             # buf holds bytes base..base + have
        while off < rec[1]:
            i = off - base
            if i + 7 > have:
                f.seek(off)
                base = off
                have = f.readinto(buf)
                i = 0
                if have < 7:
                    break
            n = gamefile.entry_size(buf, i)
            if not n:
                break
            offs.append(off)
            nums.append(gamefile.u32(buf, i + 3))
            off += n
    return offs, nums


def _each(st, rec, first=0):
    # (offset, size, number) of each entry of a regular segment (from one
    # at or before the game numbered first).
    offs, nums = heads(st, rec, first)
    k = len(offs)
    for i in range(k):
        o = offs[i]
        yield o, (offs[i + 1] if i + 1 < k else rec[1]) - o, nums[i]


def _all_synced(st, lo, hi):
    for a, b in st.synced:
        if a <= lo and hi <= b:
            return True
    return False


def games_from(st, first, every):
    # (number, segment, offset, size) of the readable archived games
    # numbered first or later, in number order, one at a time; those
    # marked synced only when every. Segments wholly before first or
    # wholly synced are not opened.
    lines = summary(st)
    if not ordered(lines):
        for g in catalog(st):           # the slow way, always right
            if g[0] >= first and (every or not is_synced(st, g[0])):
                yield g
        return
    for r in lines:
        if not r[3] or r[4] < first or not every and \
                _all_synced(st, max(first, r[3]), r[4]):
            continue
        for off, n, number in _games(st, r, first):
            if number >= first and (every or not is_synced(st, number)):
                yield (number, r[0], off, n)


def find(st, number):
    # (number, segment, offset, size) of archived game number, or None.
    for g in games_from(st, number, True):
        return g if g[0] == number else None
    return None


def missing(st, lo, hi):
    # The first number of lo..hi that is not a readable archived game, or
    # 0 when all are.
    lines = summary(st)
    if ordered(lines):
        n = lo
        for r in lines:
            if not r[3] or r[4] < n:
                continue
            if r[3] > n:
                return n
            if r[4] - r[3] + 1 == r[2]:
                n = r[4] + 1            # every number first..last is there
            else:
                for off, k, number in _games(st, r, n):
                    if number == n:
                        n += 1
                    elif number > n:
                        return n
                    if n > hi:
                        return 0
            if n > hi:
                return 0
        return n if n <= hi else 0
    have = {}
    for g in catalog(st):
        have[g[0]] = 1
    n = lo
    while n <= hi and n in have:
        n += 1
    return n if n <= hi else 0


class Past:
    """Where each past game is, newest first: item i is (segment, offset)
    of a game or (segment, offset, length) of a damaged span (read()
    refuses those: shown as damaged). Only the summary (a line per
    segment) and the rows of the segment last looked at are in RAM."""

    def __init__(self, st):
        self.st = st
        self.lines = summary(st)
        self.counts = []
        for r in self.lines:
            self.counts.append(r[2] if r[2] >= 0 else
                               len(self._irregular(r[0])))
        self.total = sum(self.counts)
        self.seg = -1        # the segment whose rows are in self.rows
        self.rows = None

    def _irregular(self, seg):
        # A segment with damage: its valid entries and damaged spans, in
        # the order they lie (as segments.index gives them).
        st = self.st
        ents = entries(st, seg)
        for off, n in st.damage.get(seg, ()):
            ents.append((off, -n))
        ents.sort()
        return [(seg, off) if n > 0 else (seg, off, -n) for off, n in ents]

    def __len__(self):
        return self.total

    def __getitem__(self, i):
        if not 0 <= i < self.total:
            raise IndexError
        k = len(self.lines)
        while True:              # from the newest segment back
            k -= 1
            c = self.counts[k]
            if i < c:
                break
            i -= c
        r = self.lines[k]
        rows = self.rows
        if self.seg != k or rows is None:
            rows = self.rows = None  # the old rows go before new are read
            if r[2] >= 0:
                rows = heads(self.st, r)[0]
            else:
                rows = self._irregular(r[0])
            self.rows = rows
            self.seg = k
        row = rows[c - 1 - i]
        return (r[0], row) if r[2] >= 0 else row


def make_room(st):
    # Delete whole segments whose games are all synced, oldest first,
    # until st.low blocks are free. Never the newest segment (it takes
    # the next entries), never an unsynced game, never a segment with
    # damage (kept for the PC to see). The archive's summary
    # (drivers/seg_index.py) says which numbers a segment holds: one
    # synced span over them settles it, and so does a first or last game
    # not synced; only a segment between spans, or one the summary could
    # not describe, is walked.
    lines = summary(st)
    for r in lines[:-1]:
        if st.free_blocks() >= st.low:
            return
        seg = r[0]
        if seg in st.damage or not r[2]:
            continue                    # damage kept; no entry: kept
        if r[2] > 0:
            if not (is_synced(st, r[3]) and is_synced(st, r[4])):
                continue
            whole = False
            for a, b in st.synced:
                if a <= r[3] and r[4] <= b:
                    whole = True
            if whole:
                remove_segment(st, seg)
                continue
        ents = entries(st, seg)
        done = True
        for off, size in ents:
            h = header_at(st, seg, off, size)
            if h is None or not is_synced(st, h.number):
                done = False
                break
        if done and ents:
            remove_segment(st, seg)
