# The sync protocol on the USB serial port (shared with the REPL), device
# side. docs/protocol.md describes it; host_tools/link.py is the PC side.
#
# A frame is one line of printable ASCII, so it never holds Ctrl-C/Ctrl-D
# and mpremote can still take the port over:
#     #<words separated by spaces>*<CRC-32 of the words, 8 hex digits>\n
# Binary payloads travel in base64. The PC asks, the device answers with
# one frame ("ok ..." or "err CODE text"), or several for "list". A
# malformed, oversized, unknown or failing request gets an "err" frame
# and changes nothing. Requests name games by number only: no path ever
# comes from the link.

from binascii import crc32, a2b_base64, b2a_base64

PROTO = 3
FIRMWARE = "0.6"
MAX_LINE = 320           # longest request accepted, in bytes
CHUNK = 192              # most bytes of a game in one "data" frame
PULL_MAX = 4096          # most bytes of games in one "pull" frame
MARK_SPANS = 16          # most spans in one "mark" request

E_FRAME = 1              # malformed frame or bad CRC
E_LONG = 2               # longer than MAX_LINE
E_UNKNOWN = 3            # unknown command
E_ARGS = 4               # wrong arguments
E_NO_GAME = 5            # no such game
E_STORE = 6              # the flash refused


def frame(words):
    body = " ".join(words)
    return "#%s*%08x\n" % (body, crc32(body.encode()) & 0xFFFFFFFF)


def parse(line):
    # The words of a frame, or None if it is not a valid frame.
    if len(line) < 11 or line[0] != "#" or line[-9] != "*":
        return None
    body = line[1:-9]
    # The CRC in lowercase hex exactly: one spelling per frame.
    if line[-8:] != "%08x" % (crc32(body.encode()) & 0xFFFFFFFF):
        return None
    return body.split(" ")


class Link:
    def __init__(self, app, rx, tx):
        self.app = app
        self.rx = rx              # read(1) -> b"" when nothing waits
        self.tx = tx
        self.buf = bytearray()
        self.skip = False         # dropping the rest of an oversized line
        self.frames = 0
        self.errors = 0

    def poll(self):
        # Read what has arrived; answer each complete line.
        while True:
            b = self.rx.read(1)
            if not b:
                return
            c = b[0]
            if c == 10 or c == 13:
                if self.skip:
                    self.skip = False
                    self.error(E_LONG, "line too long")
                elif self.buf:
                    line = bytes(self.buf)
                    self.buf = bytearray()
                    self.handle(line)
                continue
            if self.skip:
                continue
            if len(self.buf) >= MAX_LINE:
                self.buf = bytearray()
                self.skip = True
                continue
            self.buf.append(c)

    def send(self, words):
        self.tx.write(frame(words).encode())

    def error(self, code, text):
        self.errors += 1
        self.send(["err", str(code), text.replace(" ", "_")])

    def handle(self, raw):
        try:
            words = parse(raw.decode())
        except (UnicodeError, ValueError):
            words = None
        if not words or not words[0]:
            return self.error(E_FRAME, "bad frame")
        self.frames += 1
        cmd = words[0]
        fn = getattr(self, "do_" + cmd, None) if cmd.isalpha() else None
        if fn is None:
            return self.error(E_UNKNOWN, "unknown " + cmd[:16])
        try:
            fn(words[1:])
        except (ValueError, IndexError, TypeError):
            self.error(E_ARGS, "bad arguments")
        except OSError:
            self.error(E_STORE, "flash error")

    def stream(self, words, parts):
        # One frame: the words, then one base64 word made of the byte
        # strings that parts yields, written piece by piece with a running
        # CRC, so a long frame is never whole in RAM.
        head = " ".join(words) + " "
        crc = crc32(head.encode())
        self.tx.write(b"#" + head.encode())
        carry = b""
        empty = True
        for part in parts:
            buf = carry + part
            n = len(buf) // 3 * 3
            carry = buf[n:]
            if n:
                b = b2a_base64(buf[:n])[:-1]
                crc = crc32(b, crc)
                self.tx.write(b)
                empty = False
        b = b2a_base64(carry)[:-1] if carry or empty else b""
        if not b:
            b = b"-"
        crc = crc32(b, crc)
        self.tx.write(b)
        self.tx.write(b"*%08x\n" % (crc & 0xFFFFFFFF))

    # --- commands
    def do_hello(self, args):
        st = self.app.store
        self.send(["ok", "hello", st.device_id if st else "-", FIRMWARE,
                   str(PROTO), st.fs_id if st else "-"])

    def _catalog(self):
        st = self.app.store
        from .archive import catalog
        return catalog(st) if st is not None else []

    def _find(self, number):
        for g in self._catalog():
            if g[0] == number:
                return g
        return None

    def do_list(self, args):
        # One "game" frame per archived game, then "end" with the count.
        from .archive import read, is_synced
        st = self.app.store
        games = self._catalog()
        for number, seg, off, size in games:
            h = read(st, (seg, off))[0]
            self.send(["ok", "game", str(number), h.gid, str(h.time),
                       str(size), "1" if is_synced(st, number) else "0",
                       "1" if h.finished else "0"])
        s = self.app.session
        self.send(["ok", "end", str(len(games)),
                   str(s.number if s is not None else 0)])

    def do_fetch(self, args):
        # fetch NUMBER OFFSET [LEN]: bytes of an archived game's entry.
        number = int(args[0])
        off = int(args[1])
        n = min(int(args[2]) if len(args) > 2 else CHUNK, CHUNK)
        g = self._find(number)
        if g is None:
            return self.error(E_NO_GAME, "no game %d" % number)
        from .archive import entry_bytes
        data = entry_bytes(self.app.store, g[1:3])
        if off < 0 or n < 0 or off > len(data):
            raise ValueError
        part = data[off:off + n]
        self.send(["ok", "data", str(number), str(off), str(len(data)),
                   b2a_base64(part).decode().strip() or "-"])

    def do_pull(self, args):
        # pull FROM [MAX [all]]: whole entries of the archived games
        # numbered FROM or later (only those not marked synced, unless
        # "all"), concatenated, at least one and at most MAX bytes
        # (PULL_MAX at most) in one frame:
        #     ok pull NEXT COUNT BASE64
        # NEXT is the number to pull from next, 0 when nothing is left.
        first = int(args[0])
        most = min(int(args[1]) if len(args) > 1 else PULL_MAX, PULL_MAX)
        every = len(args) > 2 and args[2] == "all"
        if len(args) > 2 and not every or first < 0 or most <= 0:
            raise ValueError
        from .archive import entry_bytes, is_synced
        st = self.app.store
        picked = []
        total = 0
        nxt = 0
        for g in self._catalog():
            if g[0] < first or not every and is_synced(st, g[0]):
                continue
            if picked and total + g[3] > most:
                nxt = g[0]
                break
            picked.append(g)
            total += g[3]

        def parts():
            for g in picked:
                yield entry_bytes(st, g[1:3])
        self.stream(["ok", "pull", str(nxt), str(len(picked))], parts())

    def do_mark(self, args):
        # mark N [A-B ...]: these games are safe on the PC. Every number
        # of every span must be an archived game the device can read (the
        # catalog: what list and pull offer); otherwise nothing is marked.
        if not 0 < len(args) <= MARK_SPANS:
            raise ValueError
        spans = []
        for a in args:
            lo, dash, hi = a.partition("-")
            lo = int(lo)
            hi = int(hi) if dash else lo
            if lo <= 0 or hi < lo:
                raise ValueError
            spans.append((lo, hi))
        have = {}
        for g in self._catalog():
            have[g[0]] = 1
        for lo, hi in spans:
            n = lo
            while n <= hi and n in have:   # at most len(have) + 1 steps
                n += 1
            if n <= hi:
                return self.error(E_NO_GAME, "no game %d" % n)
        from .archive import mark_spans
        if not mark_spans(self.app.store, spans):
            return self.error(E_STORE, "flash full")
        self.send(["ok", "mark"] + args)

    def do_damaged(self, args):
        # One "ok damaged NAME SIZE" per damaged item (a damaged span of
        # an archive segment, aNNNN.OFF.LEN, or a journal set aside at
        # boot, badN), then "ok end COUNT".
        if args:
            raise ValueError
        st = self.app.store
        items = []
        if st is not None:
            from .archive import damaged
            items = damaged(st)
        for item in items:
            self.send(["ok", "damaged", item[0], str(item[3])])
        self.send(["ok", "end", str(len(items))])

    def do_raw(self, args):
        # raw NAME OFFSET: up to CHUNK bytes of a damaged item, as stored:
        #     ok raw NAME OFFSET TOTAL BASE64
        # NAME must be in the current damaged list (never a path).
        if len(args) != 2:
            raise ValueError
        name = args[0]
        off = int(args[1])
        st = self.app.store
        item = None
        if st is not None:
            from .archive import damaged
            for it in damaged(st):
                if it[0] == name:
                    item = it
        if item is None:
            return self.error(E_NO_GAME, "no such item")
        if off < 0 or off > item[3]:
            raise ValueError
        from .archive import raw
        part = raw(item, off, CHUNK)
        self.send(["ok", "raw", name, str(off), str(item[3]),
                   b2a_base64(part).decode().strip() or "-"])

    def do_time(self, args):
        # time UNIX_SECONDS: set the board's clock (games get dates).
        t = int(args[0])
        if t < 1704067200:
            raise ValueError
        try:
            import machine
            import time
            tm = time.gmtime(t - (946684800 if time.gmtime(0)[0] == 2000
                                  else 0))
            machine.RTC().datetime((tm[0], tm[1], tm[2], tm[6], tm[3],
                                    tm[4], tm[5], 0))
        except (ImportError, AttributeError):
            pass                  # the simulator: the PC's clock already
        self.send(["ok", "time", str(t)])

    def do_roster(self, args):
        # roster get | roster set BASE64(JSON list of names)
        import json
        s = self.app.settings
        if args[0] == "get":
            data = json.dumps(s.roster).encode()
            self.send(["ok", "roster", b2a_base64(data).decode().strip()])
            return
        if args[0] != "set":
            raise ValueError
        names = json.loads(a2b_base64(args[1]))
        if not isinstance(names, list) or len(names) > 12 or not all(
                [isinstance(x, str) and 0 < len(x) <= 12 for x in names]):
            raise ValueError
        s.roster = names
        s.save()
        self.send(["ok", "roster", str(len(names))])

    def do_settings(self, args):
        # settings get | settings set KEY VALUE [KEY VALUE ...]
        #   lang es|en, dim_s / off_s seconds from the device's choices.
        from app import settings as S
        st = self.app.settings
        if args[0] == "get":
            self.send(["ok", "settings", "lang", "en" if st.lang else "es",
                       "dim_s", str(st.dim_s), "off_s", str(st.off_s)])
            return
        if args[0] != "set" or len(args) < 3 or len(args) % 2 == 0:
            raise ValueError
        new = {}
        for i in range(1, len(args), 2):
            k, v = args[i], args[i + 1]
            if k == "lang" and v in ("es", "en"):
                new[k] = 1 if v == "en" else 0
            elif k == "dim_s" and int(v) in S.DIM_CHOICES:
                new[k] = int(v)
            elif k == "off_s" and int(v) in S.OFF_CHOICES:
                new[k] = int(v)
            else:
                raise ValueError
        for k in new:
            setattr(st, k, new[k])
        st.save()
        if "lang" in new:
            from app import i18n
            i18n.set_lang(st.lang)
            self.app.dirty = True
        self.send(["ok", "settings"] + args[1:])
