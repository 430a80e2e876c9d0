# Reading the archive of past games (the files are described in
# drivers/store.py): the entries of each segment, their headers and bytes,
# the list the sync link offers, the marks of games synced to a PC, and
# freeing space by deleting segments whose games are all synced. Functions
# of a Store; imported when a screen, the link or boot needs them, not kept
# in RAM during play.

import os
from core import gamefile as F
from .store import _read


def entries(st, seg):
    # (offset, size) of every entry in a segment, found by reading each
    # entry's 3-byte head and seeking past it (never the whole 16 KB
    # segment in RAM); stops at the first bytes that are not an entry
    # (reported once as a problem).
    out = []
    with open(st.seg_path(seg), "rb") as f:
        end = f.seek(0, 2)
        i = 0
        while i < end:
            f.seek(i)
            size = F.entry_size(f.read(3))
            if size == 0 or i + size > end:
                st._problem("a%04d@%d" % (seg, i))
                break
            out.append((i, size))
            i += size
    return out


def header_at(st, seg, off):
    # The Header of an archived entry, or None when it is damaged.
    try:
        return read(st, (seg, off))[0]
    except ValueError:
        return None


def scan_last(st):
    # The latest archived game number (0: none): the next game's number
    # comes after it and after the journal's.
    for seg in reversed(st.segments()):
        for off, _ in reversed(entries(st, seg)):
            h = header_at(st, seg, off)
            if h is not None:
                return h.number
    return 0


def make_room(st):
    # Delete whole segments whose games are all synced, oldest first,
    # until st.low blocks are free. Never the newest segment (it takes
    # the next entries) and never an unsynced game.
    segs = st.segments()
    for seg in segs[:-1]:
        if st.free_blocks() >= st.low:
            return
        ents = entries(st, seg)
        done = True
        for off, _ in ents:
            h = header_at(st, seg, off)
            # A damaged entry is kept for the PC to see.
            if h is None or not is_synced(st, h.number):
                done = False
                break
        if done and ents:
            os.remove(st.seg_path(seg))


def index(st):
    # Every archived game as (segment, offset), newest first.
    out = []
    for seg in st.segments():
        for off, _ in entries(st, seg):
            out.append((seg, off))
    out.reverse()
    return out


def catalog(st):
    # (number, segment, offset, size) of every readable archived game,
    # in number order: what the sync link offers.
    out = []
    for seg in st.segments():
        for off, size in entries(st, seg):
            h = header_at(st, seg, off)
            if h is not None:
                out.append((h.number, seg, off, size))
    out.sort()
    return out


def entry_bytes(st, where):
    # The whole entry at (segment, offset), as stored.
    seg, off = where
    with open(st.seg_path(seg), "rb") as f:
        f.seek(off)
        b = f.read(3)
        size = F.entry_size(b)
        if size == 0:
            raise ValueError("not an entry")
        return b + f.read(size - 3)


def read(st, where):
    # (Header, log) of an archived game; ValueError when damaged.
    return F.read_entry(entry_bytes(st, where))


# --- the synced marks (the file "synced")
def load_synced(st):
    # [[first, last], ...] from "1-12,15"; damaged parts are reported.
    out = []
    try:
        text = _read(st.path("synced")).decode()
    except (OSError, ValueError):
        return out
    for part in text.split(","):
        a, _, b = part.partition("-")
        try:
            out.append([int(a), int(b or a)])
        except ValueError:
            st._problem("synced")
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
    tmp = st.path("synced.tmp")
    try:
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, st.path("synced"))
    except OSError:
        return False
    st.synced = merged
    return True
