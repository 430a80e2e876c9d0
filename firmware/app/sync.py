# The sync protocol's requests, answered from what the app holds
# (docs/protocol.md): the games on flash (app.store), the game in progress
# (app.session), the settings and the roster (app.settings).
# drivers/link.py is the transport: it reads each frame, checks the request
# against its command table and calls do_NAME(link, args) of the Sync it
# was given; a handler answers through link.send / error / start / stream,
# and raises ValueError for bad arguments (err 4) or OSError when the flash
# fails (err 6). The archive readers (drivers/segments.py) are imported
# inside the handlers that need them, not at boot.

from micropython import const
from binascii import a2b_base64, b2a_base64
from core.wire import (frame, PROTOCOL, NUM_MAX, OFF_MAX, MARK_SPANS,
                       CHUNK, PULL_MAX, TIME_MIN, TIME_MAX, E_NO_GAME,
                       E_STORE)
from core.version import VERSION
from drivers.link import num
from app.memory import forget


_LINK_IDLE_MS = const(10000)   # the sync link leaves RAM after this quiet


def poll(app, now):
    # App.poll_link: the first byte that comes loads the link (and is its
    # first), and it leaves (with this module: memory.PHASES link) once it
    # has had nothing to read or send for _LINK_IDLE_MS. Its frame is too
    # big for the C stack (the frame rule): called only while the link is
    # loaded or a byte waits (App._step).
    link = app.link
    first = b""
    if link is None:
        first = app.port.read(1)
        if not first:
            forget("link")
            return
        from drivers.link import Link
        link = app.link = Link(app.port, app.port, Sync(app))
    try:
        busy = link.poll(first)    # answers its requests' own errors
    except Exception:          # the port itself failed: go on playing
        link.reset()
        busy = True
    if busy:
        app.link_at = now
    elif now - app.link_at >= _LINK_IDLE_MS:
        app.link = None
        forget("link")


class Sync:
    def __init__(self, app):
        self.app = app

    def do_hello(self, link, args):
        st = self.app.store
        link.send(["ok", "hello", st.device_id if st else "-", VERSION,
                   str(PROTOCOL), st.fs_id if st else "-"])

    # The archived games come from drivers/seg_index.py: a summary of the
    # segments kept on flash, so that a request reads the segments it
    # answers from, not every game on the board.
    def _games(self, first, every):
        # The archived games numbered first or later (drivers/seg_index.py
        # games_from), those marked synced only when every.
        st = self.app.store
        if st is None:
            return ()
        from drivers.seg_index import games_from
        return games_from(st, first, every)

    def _find(self, number):
        st = self.app.store
        if st is None:
            return None
        from drivers.seg_index import find
        return find(st, number)

    def do_list(self, link, args):
        # One "game" frame per archived game, then "end" with the count,
        # made one at a time as the output has room.
        from drivers.segments import read, is_synced
        st = self.app.store
        s = self.app.session
        current = s.number if s is not None else 0

        games = self._games(0, True)

        def frames():
            count = 0
            for number, seg, off, size in games:
                h = read(st, (seg, off))[0]
                count += 1
                yield frame(["ok", "game", str(number), h.gid, str(h.time),
                             str(size), "1" if is_synced(st, number) else "0",
                             "1" if h.finished else "0"])
            yield frame(["ok", "end", str(count), str(current)])
        link.start(frames())

    def do_fetch(self, link, args):
        # fetch NUMBER OFFSET [LEN]: bytes of an archived game's entry.
        number = num(args[0], 1, NUM_MAX)
        off = num(args[1], 0, OFF_MAX)
        n = min(num(args[2], 0, OFF_MAX) if len(args) > 2 else CHUNK, CHUNK)
        g = self._find(number)
        if g is None:
            return link.error(E_NO_GAME, "no game %d" % number)
        from drivers.segments import entry_bytes
        data = entry_bytes(self.app.store, g[1:3])
        if off > len(data):
            raise ValueError
        part = data[off:off + n]
        link.send(["ok", "data", str(number), str(off), str(len(data)),
                   b2a_base64(part).decode().strip() or "-"])

    def do_pull(self, link, args):
        # pull FROM [MAX [all]]: whole entries of the archived games
        # numbered FROM or later (only those not marked synced, unless
        # "all"), concatenated, at least one and at most MAX bytes
        # (PULL_MAX at most) in one frame:
        #     ok pull NEXT COUNT BASE64
        # NEXT is the number to pull from next, 0 when nothing is left.
        first = num(args[0], 0, NUM_MAX)
        most = min(num(args[1], 1, OFF_MAX) if len(args) > 1 else PULL_MAX,
                   PULL_MAX)
        every = len(args) > 2 and args[2] == "all"
        if len(args) > 2 and not every:
            raise ValueError
        from drivers.segments import entry_bytes
        st = self.app.store
        picked = []
        total = 0
        nxt = 0
        for g in self._games(first, every):
            if picked and total + g[3] > most:
                nxt = g[0]
                break
            picked.append(g)
            total += g[3]

        def parts():
            for g in picked:
                yield entry_bytes(st, g[1:3])
        link.stream(["ok", "pull", str(nxt), str(len(picked))], parts())

    def do_mark(self, link, args):
        # mark N [A-B ...]: these games are safe on the PC. Every number
        # of every span must be an archived game the device can read (the
        # catalog: what list and pull offer); otherwise nothing is marked.
        if not 0 < len(args) <= MARK_SPANS:
            raise ValueError
        spans = []
        for a in args:
            lo, dash, hi = a.partition("-")
            lo = num(lo, 1, NUM_MAX)
            hi = num(hi, 1, NUM_MAX) if dash else lo
            if hi < lo:
                raise ValueError
            spans.append((lo, hi))
        st = self.app.store
        for lo, hi in spans:
            n = lo
            if st is not None:
                from drivers.seg_index import missing
                n = missing(st, lo, hi)
            if n:
                return link.error(E_NO_GAME, "no game %d" % n)
        from drivers.segments import mark_spans
        if not mark_spans(st, spans):
            return link.error(E_STORE, "flash full")
        link.send(["ok", "mark"] + args)

    def do_damaged(self, link, args):
        # One "ok damaged NAME SIZE" per damaged item (a damaged span of
        # an archive segment, aNNNN.OFF.LEN, or a journal set aside at
        # boot, badN), then "ok end COUNT".
        if args:
            raise ValueError
        st = self.app.store
        items = []
        if st is not None:
            from drivers.segments import damaged
            items = damaged(st)

        def frames():
            for item in items:
                yield frame(["ok", "damaged", item[0], str(item[3])])
            yield frame(["ok", "end", str(len(items))])
        link.start(frames())

    def do_raw(self, link, args):
        # raw NAME OFFSET: up to CHUNK bytes of a damaged item, as stored:
        #     ok raw NAME OFFSET TOTAL BASE64
        # NAME must be in the current damaged list (never a path).
        if len(args) != 2:
            raise ValueError
        name = args[0]
        off = num(args[1], 0, OFF_MAX)
        st = self.app.store
        item = None
        if st is not None:
            from drivers.segments import damaged
            for it in damaged(st):
                if it[0] == name:
                    item = it
        if item is None:
            return link.error(E_NO_GAME, "no such item")
        if off > item[3]:
            raise ValueError
        from drivers.segments import raw
        part = raw(item, off, CHUNK)
        link.send(["ok", "raw", name, str(off), str(item[3]),
                   b2a_base64(part).decode().strip() or "-"])

    def do_time(self, link, args):
        # time UNIX_SECONDS [MINUTES]: set the board's clock (games get
        # dates); the range keeps gmtime and the RTC within what they take.
        # MINUTES: the PC's offset from UTC (-720..840), kept in the
        # settings: the board's clock stays UTC (records carry UTC
        # seconds), and the days it shows are the players' own.
        t = num(args[0], TIME_MIN, TIME_MAX)
        tz = None
        if len(args) > 1:
            a = args[1]
            tz = -num(a[1:], 0, 720) if a[:1] == "-" else num(a, 0, 840)
        try:
            import machine
            from .clock import gmtime
            tm = gmtime(t)
            machine.RTC().datetime((tm[0], tm[1], tm[2], tm[6], tm[3],
                                    tm[4], tm[5], 0))
        except (ImportError, AttributeError):
            pass                  # the simulator: the PC's clock already
        if tz is not None:
            self.app.settings.tz_min = tz
            self.app.settings.save()    # the flash only if it changed
        link.send(["ok", "time", str(t)])

    def do_roster(self, link, args):
        # roster get | roster set BASE64(JSON list of names)
        import json
        s = self.app.settings
        if args[0] == "get":
            data = json.dumps(s.roster).encode()
            link.stream(["ok", "roster"], [data])
            return
        if args[0] != "set" or len(args) != 2:
            raise ValueError
        names = json.loads(a2b_base64(args[1]))
        from .settings import showable_name, ROSTER_MAX
        if not isinstance(names, list) or len(names) > ROSTER_MAX or not all(
                [showable_name(x) for x in names]):
            raise ValueError
        s.roster = names
        s.save()                  # writes the flash only if they changed
        link.send(["ok", "roster", str(len(names))])

    def do_settings(self, link, args):
        # settings get | settings set KEY VALUE [KEY VALUE ...]
        #   lang es|en, dim_s / off_s seconds from the device's choices.
        from . import settings
        st = self.app.settings
        if args[0] == "get":
            link.send(["ok", "settings", "lang", "en" if st.lang else "es",
                       "dim_s", str(st.dim_s), "off_s", str(st.off_s)])
            return
        if args[0] != "set" or len(args) < 3 or len(args) % 2 == 0:
            raise ValueError
        new = {}
        for i in range(1, len(args), 2):
            k, v = args[i], args[i + 1]
            if k == "lang" and v in ("es", "en"):
                new[k] = 1 if v == "en" else 0
            elif k == "dim_s" and num(v, 0, 86400) in settings.DIM_CHOICES:
                new[k] = int(v)
            elif k == "off_s" and num(v, 0, 86400) in settings.OFF_CHOICES:
                new[k] = int(v)
            else:
                raise ValueError
        for k in new:
            setattr(st, k, new[k])
        st.save()                 # writes the flash only if they changed
        if "lang" in new:
            from . import i18n
            i18n.set_lang(st.lang)
            self.app.dirty = True
        link.send(["ok", "settings"] + args[1:])
