# Runs on the MicroPython VM with real littlefs2: the archive's summary
# (drivers/seg_index.py, the file "index") answers as the full walks of
# drivers/segments.py do, whatever the file says: games archived in
# several segments, more appended after the file was written, the file
# damaged, missing or claiming more than a segment holds, an old segment
# deleted, an entry damaged in the newest segment (found at boot), numbers
# that do not rise from one segment to the next. Prints
# one JSON line: per case, whether games_from, find, missing and Past
# agreed with catalog and index.
#
#   micropython seg_index_check.py < entries.hex   (one entry per line)
import sys
import json
import os
from binascii import unhexlify

from vmboard import fresh
from drivers import store as S         # noqa: E402
from drivers import segments as archive  # noqa: E402
from drivers import seg_index as X     # noqa: E402

S.SEG_BYTES = 1024                     # many small segments
ents = [unhexlify(ln.strip()) for ln in sys.stdin if ln.strip()]
dev = fresh(256)
os.mount(os.VfsLfs2(dev), "/f")


def store():
    return S.Store("/f")


def agree(st):
    slow = archive.catalog(st)
    nums = [g[0] for g in slow]
    out = {"games": len(slow)}
    out["from"] = all([list(X.games_from(st, n, True)) ==
                       [g for g in slow if g[0] >= n]
                       for n in (0, 1, 7, 30, 31, 55, 1000)])
    out["find"] = all([X.find(st, n) == ([g for g in slow if g[0] == n] or
                                         [None])[0] for n in range(0, 70)])
    ok = True
    for lo, hi in ((1, 1), (1, 40), (5, 9), (40, 45), (60, 70), (3, 3)):
        want = 0
        for n in range(lo, hi + 1):
            if n not in nums:
                want = n
                break
        ok = ok and X.missing(st, lo, hi) == want
    out["missing"] = ok
    rows = X.Past(st)
    out["past"] = [rows[i] for i in range(len(rows))] == archive.index(st)
    return out


res = {}
st = store()
for e in ents[:40]:
    st.add_entry(e)
res["first"] = agree(st)
for e in ents[40:50]:
    st.add_entry(e)                    # appended after the file was made
res["appended"] = agree(st)
st.replace_file(st.path("index"), "garbage\n1 99999 3 1 3\nx y\n")
res["garbage"] = agree(store())
from binascii import crc32
segs = st.segments()
t = "".join(["%d %d %d %d %d\n" % (seg, 99999, 3, 1, 3) if seg == segs[-1]
             else "%d %d %d %d %d\n" % r for r in X.summary(st)
             for seg in (r[0],)])   # a newest line that checks, untrue
st.replace_file(st.path("index"), t + "%d\n" % (crc32(t) & 0xFFFFFFFF))
res["too_big"] = agree(store())
os.remove(st.path("index"))
res["missing_file"] = agree(store())
segs = st.segments()
st.synced = [[1, 200]]
os.remove(st.seg_path(segs[0]))        # as make_room does
res["deleted"] = agree(store())
X.summary(st)
for e in ents[50:]:
    st.add_entry(e)                    # the newest grows, then a new one
with open(st.seg_path(st.segments()[-1]), "r+b") as f:
    f.seek(40)
    b = f.read(1)
    f.seek(40)
    f.write(bytes([b[0] ^ 0xFF]))      # the newest segment damaged
res["damaged"] = agree(store())        # boot's walk finds it
st = store()
for e in ents[:3]:
    st.add_entry(e)                    # older numbers again: not rising
res["unordered"] = agree(store())
print(json.dumps(res))
