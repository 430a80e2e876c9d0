# The sync protocol on the USB serial port (shared with the REPL), device
# side: the transport. docs/protocol.md describes it; host_tools/link.py is
# the PC side. What each request does is not here: the Link is given an
# object whose do_NAME(link, args) answers command NAME (app/sync.py, from
# the app's state) through send / error / start / stream.
#
# A frame is one line of printable ASCII with a CRC-32 (core/wire.py: the
# format, shared with the PC). Binary payloads travel in base64. The PC
# asks, the device answers with one frame ("ok ..." or "err CODE text"), or several for "list". A
# malformed, oversized, unknown or failing request gets an "err" frame
# and changes nothing. Requests name games by number only: no path ever
# comes from the link.
#
# Nothing from the link may stop the device: commands are found in a fixed
# table (exact names), every number is checked against its range before
# use, a request that fails inside the device is answered "err 8" (the
# last resort, MemoryError included), and answers wait in a fixed output
# buffer that the app loop drains only as fast as the port takes bytes:
# a host that stops reading gets its requests refused ("err 7", or dropped
# once OWED_MAX refusals wait) while the keys keep working.

from binascii import crc32, b2a_base64
from core.wire import (printable, frame, parse, tail, REQUEST_MAX,
                       MARK_SPANS, OFF_MAX, E_FRAME, E_LONG, E_UNKNOWN,
                       E_ARGS, E_STORE, E_BUSY, E_INTERNAL)
from drivers.outbuf import OutBuf

OUT_SIZE = 1024          # the output buffer, bytes
ROOM = 360               # room a request needs to run: its longest single
#                          frame (a data frame); longer answers stream
OWED_MAX = 8             # refusals kept to answer "err 7" later
IN_STEP = 256            # most request bytes read per poll
_TEXTS = {E_BUSY: "busy", E_INTERNAL: "internal", E_STORE: "flash error"}


class Full(Exception):
    # A frame did not fit in the output buffer.
    pass


def echo(s):
    # At most 16 characters of a request word, for an err text.
    return printable(s)[:16].decode()


def num(s, lo, hi):
    # A decimal argument in lo..hi, else ValueError: digits only (no sign,
    # spaces, 1e9 or 0x), at most 10 of them, so never a long parse.
    if not 0 < len(s) <= 10:
        raise ValueError
    for c in s:
        if c < "0" or c > "9":
            raise ValueError
    n = int(s)
    if n < lo or n > hi:
        raise ValueError
    return n


def check_args(cmd, args):
    # Bounds every request's arguments before its command runs (count,
    # and numbers where the command's own code does not check them).
    if len(args) > _MAX_ARGS[cmd]:
        raise ValueError
    if cmd == "mark":
        # Plain numbers only; what they may be (games the device holds,
        # 16 spans at most) is the handler's to say.
        for a in args:
            lo, dash, hi = a.partition("-")
            num(lo, 0, 9999999999)
            if dash:
                num(hi, 0, 9999999999)
    elif cmd == "raw" and len(args) > 1:
        num(args[1], 0, OFF_MAX)


def _stream(words, parts):
    # One frame: the words, then one base64 word made of the byte strings
    # that parts yields, in pieces of at most 256 characters, with a
    # running CRC, so a long frame is never whole in RAM.
    head = printable(" ".join(words) + " ")
    crc = crc32(head)
    yield b"#" + head
    carry = b""
    empty = True
    for part in parts:
        buf = carry + part
        n = len(buf) // 3 * 3
        carry = buf[n:]
        for i in range(0, n, 192):
            b = b2a_base64(buf[i:min(i + 192, n)])[:-1]
            crc = crc32(b, crc)
            empty = False
            yield b
    b = b2a_base64(carry)[:-1] if carry else b""
    if empty and not b:
        b = b"-"
    crc = crc32(b, crc)
    yield b + tail(crc)


class Link:
    def __init__(self, rx, tx, handlers):
        self.rx = rx              # read(1) -> b"" when nothing waits
        self.tx = tx              # write(b) -> bytes taken, never waits
        self.line = bytearray(REQUEST_MAX)
        self.len = 0
        self.skip = False         # dropping the rest of an oversized line
        self.out = OutBuf(OUT_SIZE)
        self.gen = None           # the rest of a long answer, in pieces
        self.piece = None         # what of the current piece is not in out
        self.owed = 0             # requests refused, their err 7 not sent
        self.late = 0             # an err to send when an answer broke
        self.frames = 0
        self.errors = 0
        self.refused = 0          # requests answered err 7
        self.dropped = 0          # requests refused with no answer
        self.internal = 0         # requests answered err 8
        # The commands' handlers, found by getattr on the fixed names of
        # _MAX_ARGS only (never on a name that came from the link).
        self.handlers = handlers
        self.commands = {}
        kind = type(handlers)
        for name in _MAX_ARGS:
            fn = getattr(kind, "do_" + name, None)
            if fn is not None:
                self.commands[name] = fn

    def reset(self):
        # After a failure of the link itself: start clean.
        self.len = 0
        self.skip = False
        self.gen = None
        self.piece = None
        self.internal += 1

    def poll(self, first=b""):
        # Move answers on, read what has arrived (IN_STEP bytes at most;
        # first: a byte the caller read already) and answer each complete
        # line; never waits, and writes the port's budget at most (a UART
        # at 115200 baud takes 11 bytes a millisecond: the keys must not
        # wait for it). True while the link has work: a byte came, or a
        # line, an answer or an error is still on its way.
        left = self.pump(getattr(self.tx, "budget", OUT_SIZE))
        line = self.line
        came = False
        for _ in range(IN_STEP):
            b = first or self.rx.read(1)
            if not b:
                break
            first = b""
            came = True
            c = b[0]
            if c == 10 or c == 13:
                if self.skip:
                    self.skip = False
                    self.request(-1)
                elif self.len:
                    n = self.len
                    self.len = 0
                    self.request(n)
                continue
            if self.skip:
                continue
            if self.len >= REQUEST_MAX:
                self.len = 0
                self.skip = True
                continue
            line[self.len] = c
            self.len += 1
        self.pump(left)
        return (came or self.len > 0 or self.skip or self.gen is not None or
                self.piece is not None or self.owed > 0 or self.late > 0 or
                self.out.n > 0)

    def request(self, n):
        # One line (n bytes of self.line; -1: too long). It runs only when
        # nothing is waiting and the output has room for its answer;
        # otherwise it is refused unrun (err 7 later, or dropped).
        if (self.gen is not None or self.piece is not None or self.owed or
                self.late or self.out.room() < ROOM):
            if self.owed < OWED_MAX:
                self.owed += 1
                self.refused += 1
            else:
                self.dropped += 1
            return
        try:
            if n < 0:
                self.error(E_LONG, "line too long")
            else:
                self.handle(bytes(self.line[:n]))
        except Full:
            self.late = E_BUSY    # the rest of a long answer did not fit
        except Exception:         # the last resort: nothing ends the loop
            self.gen = None
            self.piece = None
            self.internal += 1
            self.late = E_INTERNAL

    def pump(self, left):
        # Drain the output into the port, refill it from the answer in
        # progress, then the errors owed, while there is room; writes
        # left bytes at most and returns what is left of them.
        out = self.out
        while True:
            left -= out.drain(self.tx, left)
            if left <= 0:
                return 0
            if self.piece is not None:
                k = out.put(self.piece, False)
                if k < len(self.piece):
                    self.piece = self.piece[k:]
                    return left
                self.piece = None
            if self.gen is not None:
                try:
                    p = next(self.gen)
                except StopIteration:
                    self.gen = None
                except Exception as e:
                    # Broken inside: end the frame begun (it fails its
                    # CRC on the PC), then say why.
                    self.gen = None
                    self.piece = memoryview(b"\n")
                    self.internal += 1
                    self.late = E_STORE if isinstance(e, OSError) else \
                        E_INTERNAL
                else:
                    self.piece = memoryview(p)
                continue
            code = self.late or (E_BUSY if self.owed else 0)
            if not code or not out.put(frame(["err", str(code),
                                              _TEXTS[code]])):
                return left
            self.errors += 1
            if self.late:
                self.late = 0
            else:
                self.owed -= 1

    def start(self, gen):
        # Answer with the byte pieces gen yields, as room allows.
        if self.gen is not None or self.piece is not None:
            self.gen = _chain(self.gen, self.piece, gen)
            self.piece = None
        else:
            self.gen = gen

    def send(self, words):
        f = frame(words)
        if self.gen is not None or self.piece is not None:
            self.start(iter((f,)))          # behind the answer begun
        elif not self.out.put(f):
            raise Full

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
        fn = self.commands.get(cmd)   # exact names only: never getattr(cmd)
        if fn is None:
            return self.error(E_UNKNOWN, "unknown " + echo(cmd))
        try:
            check_args(cmd, words[1:])
            fn(self.handlers, self, words[1:])
        except (ValueError, IndexError, TypeError):
            self.error(E_ARGS, "bad arguments")
        except OSError:
            self.error(E_STORE, "flash error")

    def stream(self, words, parts):
        # One frame of words and a base64 word of the bytes parts yields,
        # sent piece by piece as the output has room.
        self.start(_stream(words, parts))


def _chain(gen, piece, more):
    # What is left of an answer in progress, then another.
    if piece is not None:
        yield bytes(piece)
    if gen is not None:
        for p in gen:
            yield p
    for p in more:
        yield p


# The commands, by exact name, with the most arguments each takes.
_MAX_ARGS = {"hello": 4, "list": 4, "fetch": 3, "pull": 3,
             "mark": MARK_SPANS, "time": 2, "roster": 2, "settings": 7,
             "damaged": 0, "raw": 2}
