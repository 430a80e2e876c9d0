# The bytes of a stored game: what the board keeps in flash and sends to
# the PC, read the same way on both (pure functions on bytes, no I/O).
#
# A game's header (little-endian):
#   u32 number     game number on this device (with the device id: the
#                  game's stable id)
#   u32 time       start, Unix seconds (0 = the clock was not set)
#   u8  flags      FINISHED when the game reached its end; ENDED when
#                  the end time follows the options
#   u8  winners    bit p = player p won
#   u8  title      index into core.games.IDS
#   u8  n          players, then n x (u8 length, UTF-8 name)
#   u8  olen       options length, then the options bytes
#   u32 ended      only with ENDED: when the game ended, Unix seconds
#                  (written when it moves to the archive with the clock
#                  set; entries without it, as before, read as 0: unknown)
#
# The journal of the game in progress ("cur" on the flash):
#   "J" u8 version u16 hlen, header, u32 CRC-32 of the header,
#   then one record per event: the event's bytes (the rules core knows
#   their length) and the low 16 bits of their CRC-32.
#
# A finished (or abandoned) game in an archive segment, written whole:
#   "G" u16 blen, body = header + u16 log length + log, u32 CRC-32(body).

from binascii import crc32
try:
    from micropython import const
except ImportError:  # CPython
    def const(__x):    # (as core/game.py's; imported from there, this
        return __x     # module would bring core.game into RAM with it)
from .games import IDS

VERSION = 1
FINISHED = 1
ENDED = 2               # an end time (u32) follows the options
_JOURNAL = const(0x4A)   # "J" (private consts: no name in RAM)
_ENTRY = const(0x47)     # "G"
EVENT_CRC = 2           # bytes of CRC after each event in the journal


def u16(b, i):
    return b[i] | b[i + 1] << 8


def u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def put16(out, v):
    out.append(v & 0xFF)
    out.append(v >> 8 & 0xFF)


def put32(out, v):
    for s in (0, 8, 16, 24):
        out.append(v >> s & 0xFF)


def crc(b, start=0, end=-1):
    if end < 0:
        end = len(b)
    return crc32(memoryview(b)[start:end]) & 0xFFFFFFFF


def header(number, t, flags, winners, gid, names, opts, ended=0):
    # ended: Unix seconds the game ended, 0 when unknown (then no bytes).
    if ended:
        flags |= ENDED
    else:
        flags &= ~ENDED
    out = bytearray()
    put32(out, number)
    put32(out, t)
    out.append(flags)
    out.append(winners)
    out.append(IDS.index(gid))
    out.append(len(names))
    for name in names:
        b = name.encode()[:255]
        out.append(len(b))
        out.extend(b)
    out.append(len(opts))
    out.extend(opts)
    if ended:
        put32(out, ended)
    return out


class Header:
    """A parsed header; end is the offset just past it."""

    def __init__(self, b, i, limit):
        if limit - i < 13:
            raise ValueError("short header")
        self.number = u32(b, i)
        self.time = u32(b, i + 4)
        self.flags = b[i + 8]
        self.winners = b[i + 9]
        t = b[i + 10]
        if t >= len(IDS):
            raise ValueError("unknown title")
        self.gid = IDS[t]
        n = b[i + 11]
        i += 12
        names = []
        for _ in range(n):
            k = b[i]
            if i + 1 + k > limit:
                raise ValueError("short header")
            names.append(bytes(b[i + 1:i + 1 + k]).decode())
            i += 1 + k
        k = b[i]
        if i + 1 + k > limit:
            raise ValueError("short header")
        self.names = names
        self.opts = bytes(b[i + 1:i + 1 + k])
        i += 1 + k
        self.ended = 0
        if self.flags & ENDED:
            if i + 4 > limit:
                raise ValueError("short header")
            self.ended = u32(b, i)
            i += 4
        self.end = i

    @property
    def finished(self):
        return bool(self.flags & FINISHED)


def journal_head(head):
    out = bytearray()
    out.append(_JOURNAL)
    out.append(VERSION)
    put16(out, len(head))
    out.extend(head)
    put32(out, crc(head))
    return out


def read_journal_head(b, limit):
    # (Header, offset of the first event record); ValueError if damaged.
    if limit < 8 or b[0] != _JOURNAL or b[1] != VERSION:
        raise ValueError("not a journal")
    n = u16(b, 2)
    if 4 + n + 4 > limit or u32(b, 4 + n) != crc(b, 4, 4 + n):
        raise ValueError("damaged journal header")
    return Header(b, 4, 4 + n), 8 + n


def event_crc_ok(b, start, end):
    # The CRC stored after the event b[start:end].
    if end + EVENT_CRC > len(b):
        return False
    return u16(b, end) == crc(b, start, end) & 0xFFFF


def entry(head, log, used):
    body = bytearray(head)
    put16(body, used)
    body.extend(memoryview(log)[:used])
    out = bytearray()
    out.append(_ENTRY)
    put16(out, len(body))
    out.extend(body)
    put32(out, crc(body))
    return out


def entry_size(b, i=0):
    # Total bytes of the entry starting at b[i] (from its first 3 bytes),
    # or 0 when these are not the start of an entry.
    if len(b) - i < 3 or b[i] != _ENTRY:
        return 0
    return 3 + u16(b, i + 1) + 4


def read_entry(b, i=0):
    # (Header, log bytes) of the entry at b[i]; ValueError if damaged.
    size = entry_size(b, i)
    if size == 0 or i + size > len(b):
        raise ValueError("not an entry")
    n = size - 7
    if u32(b, i + 3 + n) != crc(b, i + 3, i + 3 + n):
        raise ValueError("damaged entry")
    h = Header(b, i + 3, i + 3 + n)
    used = u16(b, h.end)
    start = h.end + 2
    if start + used != i + 3 + n:
        raise ValueError("damaged entry")
    return h, bytes(b[start:start + used])
