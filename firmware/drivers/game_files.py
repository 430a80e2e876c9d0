# The store's writes outside play (drivers/store.py describes the files):
# opening the folder at boot (the filesystem's nonce, the next number, the
# synced marks), a game's start (its journal's first file), its move into
# the archive at its end (close, add_entry, the journal's files removed)
# and the room a new game needs (space). Functions of a Store, loaded only
# at those moments and forgotten after (app/memory.py: boot_only,
# from_home, game_file, lifecycle), so that during play only the Store's
# append is in RAM. Reached through the Store's methods (its public face);
# this module never imports drivers/store.py (an import back would tie
# them in a circle).

import os

# What space() says.
OK = 0
LOW = 1                  # warn before a new game
FULL = 2                 # refuse a new game


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


def _is_hex(b):
    # b: bytes (a str's characters, iterated, would be interned: in the
    # heap for good, as many as the nonce's distinct digits).
    for c in b:
        if c not in b"0123456789abcdef":
            return False
    return True


def open_folder(st):
    # Boot's part of Store(): the folder made if missing, the nonce, the
    # next game's number and the archive's newest game read.
    try:
        os.mkdir(st.dir)
    except OSError:
        pass                 # already there
    st.fs_id = _fs_id(st)
    st.next = 1
    try:
        st.next = int(_read(st.path("next")))
    except (OSError, ValueError):
        pass                 # none yet (or damaged): from the games
    from drivers.segments import load_synced, scan_last
    st.synced = load_synced(st)   # [[first, last], ...]
    st.archived = scan_last(st)
    st.next = max(st.next, st.archived + 1)


def _fs_id(st):
    # The nonce on flash, or a new one written now (st.fs_saved says
    # whether it is on flash: start() refuses games until it is).
    try:
        t = _read(st.path("fsid"))
        if len(t) == 8 and _is_hex(t):
            st.fs_saved = True
            return t.decode()
        st.problem("fsid")
    except (OSError, ValueError):
        pass                 # none yet: a fresh or erased filesystem
    try:
        n = int.from_bytes(os.urandom(4), "little")
    except AttributeError:   # a port without os.urandom
        import random
        n = random.getrandbits(32)
    t = "%08x" % n
    st.fs_saved = _save_fs_id(st, t)
    return t


def _save_fs_id(st, t):
    try:
        st.replace_file(st.path("fsid"), t)
    except OSError:
        return False
    return True


def remove_chunks(st, last=0):
    # Remove the journal's files after cur, last first (so that those
    # left are always a run with no gap). last: the newest one's
    # number if known, else they are looked for (0: cur1, cur2...
    # until one is missing). OSError when the flash refuses.
    if not last:
        while _exists(st.chunk_path(last + 1)):
            last += 1
    while last > 0:
        try:
            os.remove(st.chunk_path(last))
        except OSError:
            if _exists(st.chunk_path(last)):
                raise
        last -= 1


def space(st):
    # OK, LOW (warn before a new game) or FULL (refuse a new game),
    # after deleting synced segments if that helps.
    if st.free_blocks() < st.low:
        from drivers.seg_index import make_room
        make_room(st)
    free = st.free_blocks()
    if free < st.reserve:
        return FULL
    if free < st.low:
        return LOW
    return OK


def start(st, session, t=0):
    # Write a new journal for the session; True when it is on flash.
    # Refused while another game's journal is not yet archived.
    # The journal is written in place, not through replace()'s temp
    # file and rename: littlefs commits a new file's name, empty, when
    # it is opened and its bytes when it is closed, each commit atomic
    # (a file already there keeps its old bytes until the close). A
    # power cut leaves no journal, an empty one (recovery.py: no game,
    # nothing had been confirmed) or all of it. cur is normally there
    # already, empty (boot and the last game's move into the archive
    # leave it so): one commit, the close's. The file "next" (this number + 1) is left to the app's next
    # step, before any key (App.step): until then
    # the journal holds the number, and boot raises `next` past it
    # (recovery.py), so a number is never given twice. Both keep the
    # key press's step short.
    if st.number:
        return False
    if not st.fs_saved:
        st.fs_saved = _save_fs_id(st, st.fs_id)
        if not st.fs_saved:
            return False     # ids of games would not be stable
    number = max(st.next, st.archived + 1)
    # Its head: the bytes of core/gamefile.py's journal_head(header(
    # number, t, 0, 0, gid, names, opts)), made here without loading that
    # module (its import and its forgetting took a seventh of the start's
    # step on the emulated Pico; tests/mp/store_check.py "head" checks
    # that both give the same bytes). Inline, not a function: this module
    # is in RAM while a new game is set up (its heap peak). int.to_bytes,
    # not struct: an extensible built-in, which an import looks for in
    # every sys.path entry first, littlefs's too.
    from binascii import crc32
    from core.games import IDS
    names = session.names
    opts = session.opts
    # (+=, not extend: no method looked up on the bytearray)
    head = bytearray(b"J\x01\0\0")                   # "J", VERSION
    head += number.to_bytes(4, "little")
    head += t.to_bytes(4, "little")
    head += bytes((0, 0, IDS.index(session.gid), len(names)))
    for name in names:
        b = name.encode()[:255]
        head.append(len(b))
        head += b
    head.append(len(opts))
    head += opts
    n = len(head) - 4
    head[2] = n & 0xFF
    head[3] = n >> 8
    head += crc32(memoryview(head)[4:]).to_bytes(4, "little")
    try:
        # Journal files an older game left (a cut while they were
        # removed) must not join this one's. Looked for (a path lookup
        # in littlefs, a sixth of the journal's write) only when boot or
        # the last game's close did not see them gone (st.chunk -1).
        if st.chunk >= 0:
            remove_chunks(st)
        with open(st.path("cur"), "wb") as f:
            f.write(head)
    except OSError:
        return False
    st.chunk = 0
    st.chunk_bytes = len(head)
    st.number = number
    st.next = number + 1
    st.saved = 0
    session.number = number
    session.time = t
    return True


def close(st, session, finished, ended=0):
    # Move the game from the journal to the archive. True when done.
    # ended: when it ended, Unix seconds (0: the clock is not set).
    from core import gamefile
    g = session.log.game
    flags = gamefile.FINISHED if finished else 0
    head = gamefile.header(session.number, session.time, flags,
                           g.winners if finished else 0, session.gid,
                           session.names, session.opts, ended)
    if not add_entry(st, gamefile.entry(head, session.log.buf,
                                        session.log.used)):
        return False
    st.archived = session.number
    try:
        # (+ 1: an empty file a refused append may have left)
        remove_chunks(st, st.chunk + 1)
        st.chunk = -1         # none left for the next start to look for
        # cur emptied, not removed (one commit either way): an empty cur
        # is no game (drivers/recovery.py), and the next start's open
        # finds it, where making it was a littlefs commit of its own (a
        # fifth of the start's step on the emulated Pico). Inline, not a
        # function: one global more made this module's table a size
        # bigger while a new game is set up (its heap peak).
        with open(st.path("cur"), "wb"):
            pass
    except OSError:
        pass                  # boot empties them (the entry is there)
    st.number = 0
    return True


def add_entry(st, ent):
    # Append a whole archive entry to the newest segment, or a new one
    # once it holds st.seg_bytes or when damage was found in it (the boot
    # walked it: drivers/segments.scan_last). True when it is on flash.
    segs = st.segments()
    seg = segs[-1] if segs else 1
    try:
        off = os.stat(st.seg_path(seg))[6] if segs else 0
        if segs and (seg in st.damage or off + len(ent) > st.seg_bytes):
            seg += 1
            off = 0
        with open(st.seg_path(seg), "ab") as f:
            f.write(ent)
    except OSError:
        st.segs = None     # a new file may be there, empty: list again
        return False
    if seg not in segs:
        st.segs = segs + [seg]
    st.last = (seg, off, len(ent))
    return True
