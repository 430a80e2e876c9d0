# Boot: the game that a power-off interrupted, read back from its journal
# (the files are described in drivers/store.py). Functions of a Store,
# imported at boot only.

import os
import core.gamefile as gamefile
from core.game import event_size
from drivers.game_files import remove_chunks


class Recovery:
    """What boot found of the game in progress."""

    def __init__(self, head, data, first, ends):
        self.head = head      # gamefile.Header
        self.data = data      # the journal's bytes (all its files')
        self.first = first    # offset of the first event record
        self.ends = ends      # where each file's bytes end in data
        self.lost = 0         # records that could not be read back
        self.events = 0


def recover(st):
    # Read the journal left by the last power-off, if any.
    # Returns a Recovery, or None when there is no game in progress.
    try:
        with open(st.path("cur"), "rb") as f:
            data = f.read()
    except OSError as e:
        # No journal (ENOENT): none of its later files either (they are
        # removed before cur), unless the flash was written otherwise;
        # any such go now, and the next game's start need not look for
        # them (st.chunk -1). cur is made, empty, for the next start.
        if e.errno == 2:
            try:
                remove_chunks(st)
                st.chunk = -1
                _empty(st)
            except OSError:
                pass
        return None
    if not data:
        # No game: the last one moved into the archive (drivers/
        # game_files.py close leaves cur empty), or the power went while
        # store.start wrote this one's head (littlefs had committed its
        # name, not yet its bytes). Kept, empty.
        try:
            remove_chunks(st)
            st.chunk = -1
        except OSError:
            pass
        return None
    try:
        head, first = gamefile.read_journal_head(data, len(data))
    except ValueError:
        set_aside(st)
        return None
    if head.number <= st.archived:
        remove_chunks(st)         # already in the archive: finish the move
        st.chunk = -1
        _empty(st)
        return None
    # The records go on in cur1, cur2... (drivers/store.py), in order.
    ends = [len(data)]
    while True:
        try:
            with open(st.chunk_path(len(ends)), "rb") as f:
                data += f.read()
        except OSError:
            break
        ends.append(len(data))
    st.chunk = len(ends) - 1
    st.chunk_bytes = ends[-1] - (ends[-2] if st.chunk else 0)
    st.next = max(st.next, head.number + 1)
    return Recovery(head, data, first, ends)


def _empty(st):
    # cur emptied, or made empty: no game, and kept so (drivers/
    # game_files.py close): a new game's start then opens it, where
    # making it was a littlefs commit of its own in the start's step.
    # OSError when the flash refuses.
    with open(st.path("cur"), "wb"):
        pass


def set_aside(st):
    # A journal that cannot be read: keep its bytes for the PC to look
    # at, out of the way of the next game.
    st.problem("cur")
    try:
        k = 1                    # its other files, kept beside it
        while True:
            try:
                os.stat(st.chunk_path(k))
            except OSError:
                break
            k += 1
        while k > 1:             # last first: those left have no gap
            k -= 1
            os.rename(st.chunk_path(k), st.path("bad%d-%d" % (st.next, k)))
        os.rename(st.path("cur"), st.path("bad%d" % st.next))
    except OSError:
        pass
    # Its game's number cannot be read, and may be st.next itself: the
    # file "next" is raised past a new game's number only in the step
    # after its start (store.start). Skip it, so it is never given twice.
    st.next += 1
    try:
        st.replace_file(st.path("next"), str(st.next))
    except OSError:
        pass                     # the next game's journal holds it too


def rewrite(st, session, rec):
    # Drop the journal's records past those the session took back (damaged
    # ones at boot), each step whole or not at all: the files after the
    # one where the kept records end are removed, last first, then that
    # file is replaced by its kept bytes. (Never the whole journal written
    # into cur while later files remain: a cut between would read their
    # records twice.)
    log = session.log
    g = log.game
    data = rec.data
    end = rec.first           # past the kept records
    for _ in range(rec.events):
        end += event_size(g, data, end, len(data)) + gamefile.EVENT_CRC
    ends = rec.ends
    k = 0
    while ends[k] < end:
        k += 1
    last = len(ends) - 1
    while last > k:           # last first
        os.remove(st.chunk_path(last))
        last -= 1
    start = ends[k - 1] if k else 0
    if end < ends[k]:
        st.replace_file(st.chunk_path(k), data[start:end])
    st.chunk = k
    st.chunk_bytes = end - start
    st.saved = log.used

