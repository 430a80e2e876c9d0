# Every game kept in the board's flash (littlefs), in a few append-only files
# under <root>/games (the byte formats are in core/gamefile.py):
#
#   cur      the game in progress: a header, then one record per event
#            (empty between games: no game; kept so for the next start),
#   cur1...  appended (open, write, close: littlefs commits it atomically)
#            before the screen confirms the event. The records go on in
#            cur1, cur2... (one journal, read in that order), each file
#            kept under CHUNK bytes: littlefs keeps a file that small
#            inline in the folder's metadata, and a commit is then a page
#            or two; a bigger file gets blocks of its own, and every
#            append to it after an open copies its last block to a freshly
#            erased one (an erase in each key's step). A file cur<k> is
#            made only once cur<k-1>'s last record is on flash, and they
#            are removed last first: the files are always cur and a run
#            cur1..cur<n> with no gap.
#   aNNNN    archive segments: each finished or abandoned game as one entry
#            with its own CRC, appended whole; a segment takes entries until
#            it holds _SEG_BYTES. Small files are the point: littlefs gives
#            every file at least one 4 KB block.
#   synced   the game numbers already copied to a PC ("1-12,15"), replaced
#            by writing synced.tmp and renaming it over (never delete first;
#            drivers/segments.py reads and writes it).
#   next     the next game number, replaced the same way when a game starts:
#            a number is never given twice, even when the newest game is
#            damaged.
#   index    what each segment holds (count, first and last number): a
#            cache that drivers/seg_index.py keeps and checks against the
#            segments, so that sync and the past games do not walk every
#            game; replaced whole as "synced" is.
#   fsid     this filesystem's nonce, 8 hex digits from os.urandom, written
#            once (temp file + rename) when the store finds none: a fresh
#            or erased flash. Game numbers restart at 1 on an erased flash,
#            so a game's stable id is DEVICE_ID-FSID-NUMBER.
#
# A game moves from cur to a segment by appending its entry, then emptying
# cur; a power cut between the two leaves both, and boot finishes the move.
# A game that ends moves only when the player leaves its final screen
# (app/final.py: until then it can be undone there).
# Games that are not synced are never deleted; synced segments are deleted,
# oldest first, only when space runs low.
#
# This module writes the journal during play (Store.append) and every file
# replaced whole (replace()); the rest of the writing (the folder opened
# at boot, a game's start, its move into the archive, the room for a new
# one) is drivers/game_files.py, loaded only at those moments, and the
# synced marks drivers/segments.py; reading the archive is
# drivers/segments.py, and boot's recovery of the journal
# drivers/recovery.py, both through the Store's public face (below; neither
# imports this module): the app loads them only when it needs them.

import os
from binascii import crc32
from micropython import const

# core.gamefile (the files' byte format) is imported where a game starts or
# ends, not for each event: the app forgets it during play (app/flow.py).

_SEG_BYTES = const(16384)
# A journal file's bytes stay below this: under littlefs's inline limit as
# MicroPython mounts it by default (its cache, 4 x 32 B; stock rp2's
# progsize=256 raises it to 512 B, the release image's 256 B cache to 256 B).
CHUNK = 120
_RESERVE_BLOCKS = const(8)   # kept free: the game in progress can always end
_LOW_BLOCKS = const(24)      # below this, warn before a new game


def replace(path, data):
    # Put data in the file at path whole or not at all: written to
    # path.tmp, then renamed over it (littlefs renames atomically; the old
    # file is never deleted first). data: a str, bytes, or a function that
    # writes to the open binary file. OSError when the flash refuses.
    # Every file of the board replaced whole goes through here (the
    # store's, settings.json).
    tmp = path + ".tmp"
    with open(tmp, "w" if isinstance(data, str) else "wb") as f:
        if callable(data):
            data(f)
        else:
            f.write(data)
    os.rename(tmp, path)


class Store:
    # Its public face: the methods without a leading _ (path(name) of a
    # file, problem(what) reported at boot, replace_file(path, data) a
    # file whole) and these attributes, which the store's readers set (kept
    # attributes rather than methods: this module stays in RAM all game):
    #   next       the next new game's number; recovery raises it past the
    #              journal's game (max), nothing lowers it
    #   synced     the synced marks, [[first, last], ...], sorted and
    #              merged; segments.mark_spans sets it once the file
    #              "synced" is replaced
    #   number, saved   the game in progress and its log bytes on flash
    #              (boot sets them when it resumes a game)
    #   problems, damage   what problem() found; each damaged segment's
    #              spans (segments.entries sets them)
    # A segment takes entries until it holds this (drivers/game_files.py
    # add_entry); a class attribute, which a test can make small.
    seg_bytes = _SEG_BYTES

    def __init__(self, root, device_id="", reserve=_RESERVE_BLOCKS,
                 low=_LOW_BLOCKS):
        self.dir = root.rstrip("/") + "/games"
        self.device_id = device_id
        self.reserve = reserve
        self.low = low
        self.number = 0          # number of the game in progress (0: none)
        self.saved = 0           # log bytes of that game confirmed on flash
        self.chunk = 0           # its journal's newest file (chunk_path);
        #                          -1: none of cur1, cur2... is on flash
        #                          (boot found no journal, or a game's
        #                          move to the archive removed them), so
        #                          a new game's start need not look for
        #                          an older game's (game_files.start)
        self.chunk_bytes = 0     # and that file's size
        self.archived = 0        # latest game number moved to the archive
        self.problems = []       # damaged files found, for the boot report
        self.damage = {}         # segment -> damaged spans [(off, len)]
        self.segs = None         # segments() once listed (None: list again)
        self.last = None         # (segment, offset, size) of the newest
        #                          readable entry: scan_last, add_entry
        self.fs_id = ""          # this filesystem's nonce (file fsid)
        self.fs_saved = False    # whether it is on flash
        self.next = 1
        self.synced = []
        from drivers.game_files import open_folder
        open_folder(self)        # fs_id, fs_saved, next, synced, archived

    def path(self, name):
        return self.dir + "/" + name

    def chunk_path(self, k):
        # The journal's file k: cur, cur1, cur2...
        return self.dir + ("/cur%d" % k if k else "/cur")

    def problem(self, what):
        # A damaged file found, for the boot report (each once).
        if what not in self.problems:
            self.problems.append(what)

    def game_id(self, number):
        return "%s-%s-%d" % (self.device_id, self.fs_id, number)

    # st.replace_file(path, data): replace() for the modules that do not
    # import this one (an import back would tie them in a circle). A new
    # name: the old st.replace(name, data) took a name in the store's
    # folder, and a call written for it must fail, not write elsewhere.
    replace_file = staticmethod(replace)

    # --- segments
    def segments(self):
        # Archive segment numbers, oldest first (a new list). The folder is
        # listed once and the list kept: only this store makes segments
        # (add_entry adds to the list) and deletes them (make_room sets
        # self.segs to None: listed again). Listing the folder at every
        # sync request cost the emulated Pico much per segment (littlefs
        # reads each name from the folder's log).
        if self.segs is None:
            out = []
            for name in os.listdir(self.dir):
                if name[0] == "a" and name[1:].isdigit():
                    out.append(int(name[1:]))
            out.sort()
            self.segs = out
        return list(self.segs)

    def seg_path(self, seg):
        return self.path("a%04d" % seg)

    # --- space
    def free_blocks(self):
        st = os.statvfs(self.dir)
        return st[3]

    # --- a game's start and end, the room for one: drivers/game_files.py,
    # loaded for those moments only (what play needs is append)
    def space(self):
        from drivers.game_files import space
        return space(self)

    def start(self, session, t=0):
        from drivers.game_files import start
        return start(self, session, t)

    def close(self, session, finished, ended=0):
        from drivers.game_files import close
        return close(self, session, finished, ended)

    # --- the game in progress
    def append(self, log, start):
        # Store log.buf[start:log.used] (one event) with its CRC. Opening
        # and closing per event: a write that fails leaves nothing pending
        # in a file buffer that a later close could still commit.
        end = log.used
        # Its CRC-32 (as gamefile.crc), the low 16 bits kept (EVENT_CRC).
        c = crc32(memoryview(log.buf)[start:end])
        k = self.chunk
        size = self.chunk_bytes + end - start + 2
        if size > CHUNK and self.chunk_bytes:
            k += 1               # the next file, once this one is full
            size = end - start + 2
        f = None
        try:
            f = open(self.chunk_path(k), "ab")
            f.write(memoryview(log.buf)[start:end])
            f.write(bytes((c & 0xFF, c >> 8 & 0xFF)))
            f.close()
            f = None
        except OSError:
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
            return False
        self.chunk = k
        self.chunk_bytes = size
        self.saved = end
        return True
