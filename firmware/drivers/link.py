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

PROTO = 1
FIRMWARE = "0.4"
MAX_LINE = 320           # longest request accepted, in bytes
CHUNK = 192              # most bytes of a game in one "data" frame

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

    # --- commands
    def do_hello(self, args):
        st = self.app.store
        self.send(["ok", "hello", st.device_id if st else "-", FIRMWARE,
                   str(PROTO)])

    def _games(self):
        st = self.app.store
        out = {}
        if st is None:
            return out
        for where in st.index():
            try:
                h, _ = st.read(where)
            except ValueError:
                continue
            out[h.number] = (where, h)
        return out

    def do_list(self, args):
        # One "game" frame per archived game, then "end" with the count.
        st = self.app.store
        games = self._games()
        for number in sorted(games):
            where, h = games[number]
            size = len(st.entry_bytes(where))
            self.send(["ok", "game", str(number), h.gid, str(h.time),
                       str(size), "1" if st.is_synced(number) else "0",
                       "1" if h.finished else "0"])
        s = self.app.session
        self.send(["ok", "end", str(len(games)),
                   str(s.number if s is not None else 0)])

    def do_fetch(self, args):
        # fetch NUMBER OFFSET [LEN]: bytes of an archived game's entry.
        number = int(args[0])
        off = int(args[1])
        n = min(int(args[2]) if len(args) > 2 else CHUNK, CHUNK)
        games = self._games()
        if number not in games:
            return self.error(E_NO_GAME, "no game %d" % number)
        data = self.app.store.entry_bytes(games[number][0])
        if off < 0 or n < 0 or off > len(data):
            raise ValueError
        part = data[off:off + n]
        self.send(["ok", "data", str(number), str(off), str(len(data)),
                   b2a_base64(part).decode().strip() or "-"])

    def do_mark(self, args):
        number = int(args[0])
        if number not in self._games():
            return self.error(E_NO_GAME, "no game %d" % number)
        if not self.app.store.mark_synced(number):
            return self.error(E_STORE, "flash full")
        self.send(["ok", "mark", str(number)])

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
