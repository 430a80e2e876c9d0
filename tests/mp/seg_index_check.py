# Runs on the MicroPython VM with real littlefs2: the archive's summary
# (drivers/seg_index.py, the file "index") answers as the full walks of
# drivers/segments.py do, whatever the file says: games archived in
# several segments, more appended after the file was written, the file
# damaged, missing or claiming more than a segment holds, an old segment
# deleted, an entry damaged in the newest segment (found at boot), numbers
# that do not rise from one segment to the next, the lines' entry offsets
# missing (older firmware) or untrue. Prints one JSON line: per case,
# whether games_from, find, missing and Past agreed with catalog and
# index, and how many heads a request for the newest game walked in the
# newest segment (from its line's offsets: fewer than STEP + 1).
#
#   micropython seg_index_check.py < entries.hex   (one entry per line)
import sys
import json
import os
from binascii import unhexlify, crc32

from vmboard import fresh
from drivers import store as S         # noqa: E402
from drivers import segments as archive  # noqa: E402
from drivers import seg_index as X     # noqa: E402
from drivers.game_files import add_entry  # noqa: E402

S.Store.seg_bytes = 1024                     # many small segments
X.STEP = 4                             # an offset every 4 of ~17 entries
ents = [unhexlify(ln.strip()) for ln in sys.stdin if ln.strip()]
dev = fresh(256)
os.mount(os.VfsLfs2(dev), "/f")


def store():
    return S.Store("/f")


def agree(st):
    slow = archive.catalog(st)
    nums = [g[0] for g in slow]
    out = {"games": len(slow)}
    out["segs"] = st.segments() == sorted(
        [int(n[1:]) for n in os.listdir("/f/games") if n[0] == "a"])
    out["from"] = all([list(X.games_from(st, n, True)) ==
                       [g for g in slow if g[0] >= n]
                       for n in list(range(0, 70)) + [1000]])
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
    r = X.summary(st)[-1]
    out["walked"] = len(X.heads(st, r, r[4])[0]) if r[2] >= 0 else -1
    out["newest"] = r[2]
    return out


def rewrite(fn):
    # The file "index" with each line made by fn(line), its CRC right.
    t = "".join([fn(r) for r in X.summary(st)])
    st.replace_file(st.path("index"), t + "%d\n" % (crc32(t) & 0xFFFFFFFF))


res = {}
st = store()
for e in ents[:40]:
    add_entry(st, e)
res["first"] = agree(st)
for e in ents[40:50]:
    add_entry(st, e)                    # appended after the file was made
res["appended"] = agree(st)
rewrite(lambda r: "%d %d %d %d %d\n" % r[:5])   # as older firmware wrote
res["no_offsets"] = agree(store())
# Offsets that are not entries' (7 bytes on) or not the right ones (in
# reverse order): ignored, walked from the start.
rewrite(lambda r: "%d %d %d %d %d%s\n" % (r[:5] + ("".join(
    [" %d" % (int(o) + 7) for o in r[5].split()]) if r[0] % 2 else
    "".join([" %d" % int(o) for o in reversed(r[5].split())]),)))
res["bad_offsets"] = agree(store())
rewrite(lambda r: "%d %d %d %d %d 9 x\n" % r[:5])
res["garbage_offsets"] = agree(store())
st.replace_file(st.path("index"), "garbage\n1 99999 3 1 3\nx y\n")
res["garbage"] = agree(store())
segs = st.segments()
rewrite(lambda r: "%d %d %d %d %d\n" % ((r[0], 99999, 3, 1, 3)
                                        if r[0] == segs[-1] else r[:5]))
res["too_big"] = agree(store())
os.remove(st.path("index"))
res["missing_file"] = agree(store())
segs = st.segments()
st.synced = [[1, 200]]
st.segs = None                         # as make_room does
os.remove(st.seg_path(segs[0]))
res["deleted"] = agree(store())
X.summary(st)
for e in ents[50:]:
    add_entry(st, e)                    # the newest grows, then a new one
with open(st.seg_path(st.segments()[-1]), "r+b") as f:
    f.seek(40)
    b = f.read(1)
    f.seek(40)
    f.write(bytes([b[0] ^ 0xFF]))      # the newest segment damaged
res["damaged"] = agree(store())        # boot's walk finds it
st = store()
for e in ents[:3]:
    add_entry(st, e)                    # older numbers again: not rising
res["unordered"] = agree(store())
print(json.dumps(res))
