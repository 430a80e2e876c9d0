# Every game kept in the board's flash (littlefs), in a few append-only files
# under <root>/games (the byte formats are in core/gamefile.py):
#
#   cur      the game in progress: a header, then one record per event,
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
#            it holds SEG_BYTES. Small files are the point: littlefs gives
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
# A game moves from cur to a segment by appending its entry, then removing
# cur; a power cut between the two leaves both, and boot finishes the move.
# A game that ends moves only when the player leaves its final screen
# (app/final.py: until then it can be undone there).
# Games that are not synced are never deleted; synced segments are deleted,
# oldest first, only when space runs low.
#
# This module writes (the journal, the archive, the synced marks; every
# file replaced whole goes through replace()); reading the archive is
# drivers/segments.py, and boot's recovery of the journal
# drivers/recovery.py, both through the Store's public face (below; neither
# imports this module): the app loads them only when it needs them.

import os
from binascii import crc32

# core.gamefile (the files' byte format) is imported where a game starts or
# ends, not for each event: the app forgets it during play (app/flow.py).

SEG_BYTES = 16384
# A journal file's bytes stay below this: under littlefs's inline limit as
# MicroPython mounts it by default (its cache, 4 x 32 B; the rp2 port's
# progsize=256 raises it to 512 B, block_size/8).
CHUNK = 120
RESERVE_BLOCKS = 8       # kept free so the game in progress can always end
LOW_BLOCKS = 24          # below this, warn before a new game
OK = 0
LOW = 1
FULL = 2


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


def _read(path):
    # The bytes of the file at path; OSError when it is not there.
    with open(path, "rb") as f:
        return f.read()


def _exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def _is_hex(t):
    for c in t:
        if c not in "0123456789abcdef":
            return False
    return True


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
    def __init__(self, root, device_id="", reserve=RESERVE_BLOCKS,
                 low=LOW_BLOCKS):
        self.dir = root.rstrip("/") + "/games"
        self.device_id = device_id
        self.reserve = reserve
        self.low = low
        self.number = 0          # number of the game in progress (0: none)
        self.saved = 0           # log bytes of that game confirmed on flash
        self.chunk = 0           # its journal's newest file (chunk_path)
        self.chunk_bytes = 0     # and that file's size
        self.archived = 0        # latest game number moved to the archive
        self.problems = []       # damaged files found, for the boot report
        self.damage = {}         # segment -> damaged spans [(off, len)]
        self.segs = None         # segments() once listed (None: list again)
        self.last = None         # (segment, offset, size) of the newest
        #                          readable entry: scan_last, add_entry
        try:
            os.mkdir(self.dir)
        except OSError:
            pass                 # already there
        self.fs_id = self._fs_id()
        self.next = 1
        try:
            self.next = int(_read(self.path("next")))
        except (OSError, ValueError):
            pass                 # none yet (or damaged): from the games
        from .segments import load_synced, scan_last
        self.synced = load_synced(self)   # [[first, last], ...]
        self.archived = scan_last(self)
        self.next = max(self.next, self.archived + 1)

    def path(self, name):
        return self.dir + "/" + name

    def chunk_path(self, k):
        # The journal's file k: cur, cur1, cur2...
        return self.dir + ("/cur%d" % k if k else "/cur")

    def remove_chunks(self, last=0):
        # Remove the journal's files after cur, last first (so that those
        # left are always a run with no gap). last: the newest one's
        # number if known, else they are looked for (0: cur1, cur2...
        # until one is missing). OSError when the flash refuses.
        if not last:
            while _exists(self.chunk_path(last + 1)):
                last += 1
        while last > 0:
            try:
                os.remove(self.chunk_path(last))
            except OSError:
                if _exists(self.chunk_path(last)):
                    raise
            last -= 1

    def problem(self, what):
        # A damaged file found, for the boot report (each once).
        if what not in self.problems:
            self.problems.append(what)

    def game_id(self, number):
        return "%s-%s-%d" % (self.device_id, self.fs_id, number)

    def _fs_id(self):
        # The nonce on flash, or a new one written now (self.fs_saved says
        # whether it is on flash: start() refuses games until it is).
        try:
            t = _read(self.path("fsid")).decode()
            if len(t) == 8 and _is_hex(t):
                self.fs_saved = True
                return t
            self.problem("fsid")
        except (OSError, ValueError):
            pass                 # none yet: a fresh or erased filesystem
        try:
            n = int.from_bytes(os.urandom(4), "little")
        except AttributeError:   # a port without os.urandom
            import random
            n = random.getrandbits(32)
        t = "%08x" % n
        self.fs_saved = self._save_fs_id(t)
        return t

    def _save_fs_id(self, t):
        try:
            replace(self.path("fsid"), t)
        except OSError:
            return False
        return True

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

    def space(self):
        # OK, LOW (warn before a new game) or FULL (refuse a new game),
        # after deleting synced segments if that helps.
        if self.free_blocks() < self.low:
            from .seg_index import make_room
            make_room(self)
        free = self.free_blocks()
        if free < self.reserve:
            return FULL
        if free < self.low:
            return LOW
        return OK

    # --- the game in progress
    def start(self, session, t=0):
        # Write a new journal for the session; True when it is on flash.
        # Refused while another game's journal is not yet archived.
        # The journal is created in place, not through replace()'s temp
        # file and rename: littlefs commits a new file's name, empty, when
        # it is opened and its bytes when it is closed, each commit atomic
        # (a file already there keeps its old bytes until the close). A
        # power cut leaves no journal, an empty one (recovery.py: no game,
        # nothing had been confirmed) or all of it; two commits, not
        # three. The file "next" (this number + 1) is left to the app's next
        # step, before any key (App.step): until then
        # the journal holds the number, and boot raises `next` past it
        # (recovery.py), so a number is never given twice. Both keep the
        # key press's step short.
        if self.number:
            return False
        if not self.fs_saved:
            self.fs_saved = self._save_fs_id(self.fs_id)
            if not self.fs_saved:
                return False     # ids of games would not be stable
        number = max(self.next, self.archived + 1)
        from core import gamefile
        head = gamefile.header(number, t, 0, 0, session.gid, session.names,
                               session.opts)
        head = gamefile.journal_head(head)
        try:
            # Journal files an older game left (a cut while they were
            # removed) must not join this one's.
            self.remove_chunks()
            with open(self.path("cur"), "wb") as f:
                f.write(head)
        except OSError:
            return False
        self.chunk = 0
        self.chunk_bytes = len(head)
        self.number = number
        self.next = number + 1
        self.saved = 0
        session.number = number
        session.time = t
        return True

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

    def close(self, session, finished, ended=0):
        # Move the game from the journal to the archive. True when done.
        # ended: when it ended, Unix seconds (0: the clock is not set).
        from core import gamefile
        g = session.log.game
        flags = gamefile.FINISHED if finished else 0
        head = gamefile.header(session.number, session.time, flags,
                               g.winners if finished else 0, session.gid,
                               session.names, session.opts, ended)
        if not self.add_entry(gamefile.entry(head, session.log.buf,
                                             session.log.used)):
            return False
        self.archived = session.number
        try:
            # (+ 1: an empty file a refused append may have left)
            self.remove_chunks(self.chunk + 1)
            os.remove(self.path("cur"))
        except OSError:
            pass                  # boot removes them (the entry is there)
        self.number = 0
        return True

    def add_entry(self, ent):
        # Append a whole archive entry to the newest segment, or a new one
        # once it holds SEG_BYTES or when damage was found in it (the boot
        # walked it: drivers/segments.scan_last). True when it is on flash.
        segs = self.segments()
        seg = segs[-1] if segs else 1
        try:
            off = os.stat(self.seg_path(seg))[6] if segs else 0
            if segs and (seg in self.damage or off + len(ent) > SEG_BYTES):
                seg += 1
                off = 0
            with open(self.seg_path(seg), "ab") as f:
                f.write(ent)
        except OSError:
            self.segs = None     # a new file may be there, empty: list again
            return False
        if seg not in segs:
            self.segs = segs + [seg]
        self.last = (seg, off, len(ent))
        return True
