# Boot: the game that a power-off interrupted, read back from its journal
# (the files are described in drivers/store.py). Functions of a Store,
# imported at boot only.

import os
import core.gamefile as gamefile
from core.game import event_size


class Recovery:
    """What boot found of the game in progress."""

    def __init__(self, head, data, first):
        self.head = head      # gamefile.Header
        self.data = data      # the journal's bytes
        self.first = first    # offset of the first event record
        self.lost = 0         # records that could not be read back
        self.events = 0


def recover(st):
    # Read the journal left by the last power-off, if any.
    # Returns a Recovery, or None when there is no game in progress.
    try:
        with open(st.path("cur"), "rb") as f:
            data = f.read()
    except OSError:
        return None
    if not data:
        # The power went while store.start created it (littlefs had
        # committed its name, not yet its bytes): no game had started.
        try:
            os.remove(st.path("cur"))
        except OSError:
            pass
        return None
    try:
        head, first = gamefile.read_journal_head(data, len(data))
    except ValueError:
        set_aside(st)
        return None
    if head.number <= st.archived:
        os.remove(st.path("cur"))  # already in the archive: finish the move
        return None
    st.next = max(st.next, head.number + 1)
    return Recovery(head, data, first)


def set_aside(st):
    # A journal that cannot be read: keep its bytes for the PC to look
    # at, out of the way of the next game.
    st.problem("cur")
    try:
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


def rewrite(st, session):
    # Replace the journal with the session's log as it now stands (after
    # dropping damaged records at boot), whole or not at all.
    log = session.log
    head = gamefile.header(session.number, session.time, 0, 0, session.gid,
                    session.names, session.opts)

    def write(f):
        f.write(gamefile.journal_head(head))
        g = log.game
        off = 0
        while off < log.used:
            size = event_size(g, log.buf, off, log.used)
            c = gamefile.crc(log.buf, off, off + size)
            f.write(memoryview(log.buf)[off:off + size])
            f.write(bytes((c & 0xFF, c >> 8 & 0xFF)))
            off += size
    st.replace_file(st.path("cur"), write)
    st.saved = log.used
