# Runs on the MicroPython VM with real littlefs2: make_room
# (drivers/seg_index.py) with the archive's summary (drivers/seg_index.py)
# made: which segments it deletes (every one but the newest whose games
# are all synced and that has no damage), and how many segments it walks
# (drivers/segments.entries: a read and CRC check of every entry).
#
#   micropython room_check.py < entries.hex   (one entry per line)
#
# Prints one JSON line: per case, the segments before, those left, those
# that should be left, and the walks.
import sys
import json
import os
from binascii import unhexlify

import vmboard  # noqa: E402,F401  (the firmware and fakes on the path)
from fakes.blockdev import BlockDev    # noqa: E402
from drivers import store as S         # noqa: E402
from drivers import segments as archive  # noqa: E402
from drivers import seg_index as X     # noqa: E402
from drivers.game_files import add_entry  # noqa: E402

S.Store.seg_bytes = 512                      # many small segments
ents = [unhexlify(ln.strip()) for ln in sys.stdin if ln.strip()]
walks = [0]
_entries = archive.entries


def counted(st, seg, start=0):
    walks[0] += 1
    return _entries(st, seg, start)


archive.entries = counted
X.entries = counted


def case(spans):
    dev = BlockDev(256)
    os.VfsLfs2.mkfs(dev)
    os.mount(os.VfsLfs2(dev), "/f")
    st = S.Store("/f")
    for e in ents:
        add_entry(st, e)
    archive.mark_spans(st, spans)
    st = S.Store("/f")                 # as after a boot
    X.summary(st)                      # the summary made (a sync did it)
    segs = st.segments()
    want = [segs[-1]]
    for seg in segs[:-1]:
        nums = [g[0] for g in X.numbers(st, seg)]
        if not all([archive.is_synced(st, n) for n in nums]):
            want.append(seg)
    want.sort()
    walks[0] = 0
    st.low = 10 ** 6                   # space is low: make room
    X.make_room(st)
    out = {"before": segs, "left": st.segments(), "want": want,
           "walks": walks[0]}
    os.umount("/f")
    return out


res = {"all": case([(1, 1000)]),
       "two_spans": case([(1, 20), (25, 40)]),
       "oldest_unsynced": case([(2, 1000)]),
       "none": case([])}
print(json.dumps(res))
