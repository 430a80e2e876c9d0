# The frame format of the sync protocol (docs/protocol.md), shared by the
# device (drivers/link.py) and the PC (host_tools/link.py, which imports it
# as marcador_core.wire), so both sides build and check frames one way.
#
# A frame is one line of printable ASCII, so it never holds Ctrl-C/Ctrl-D
# and mpremote can still take the port over:
#     #<words separated by spaces>*<CRC-32 of the words, 8 hex digits>\n
# Pure: binascii only, as on MicroPython.

from binascii import crc32

# The protocol's facts both sides must agree on (docs/protocol.md), here
# once: the device (drivers/link.py, app/sync.py) and the PC
# (host_tools/link.py, sync.py, archive.py) import them.
PROTOCOL = 3             # the version the device's "hello" gives
REQUEST_MAX = 320        # longest request line a device accepts, bytes
MARK_SPANS = 16          # most spans in one "mark" request
CHUNK = 192              # most bytes of a game in one "data" frame
PULL_MAX = 4096          # most bytes of games in one "pull" frame
NUM_MAX = 99999999       # game numbers
OFF_MAX = 1000000        # offsets and lengths
TIME_MIN = 1704067200    # 2024-01-01: a clock before it is not set
TIME_MAX = 4102444799    # 2099-12-31 23:59:59: gmtime and RTCs take it

# The codes of an "err CODE text" answer.
E_FRAME = 1              # malformed frame or bad CRC
E_LONG = 2               # longer than REQUEST_MAX
E_UNKNOWN = 3            # unknown command
E_ARGS = 4               # wrong arguments
E_NO_GAME = 5            # no such game
E_STORE = 6              # the flash refused
E_BUSY = 7               # output buffer full: read, then retry
E_INTERNAL = 8           # failed inside the device; nothing changed


def printable(s):
    # s as bytes of printable ASCII: any other byte becomes "?".
    b = s.encode()
    for c in b:
        if c < 32 or c > 126:
            break
    else:
        return b
    b = bytearray(b)
    for i in range(len(b)):
        if b[i] < 32 or b[i] > 126:
            b[i] = 63
    return bytes(b)


def tail(crc):
    # The end of a frame: "*" then the CRC in lowercase hex, then newline.
    return b"*%08x\n" % (crc & 0xFFFFFFFF)


def frame(words):
    # The frame of these words, as bytes.
    body = printable(" ".join(words))
    return b"#" + body + tail(crc32(body))


def parse(line):
    # The words of a frame (a str without its newline), or None if it is
    # not a valid frame.
    if len(line) < 11 or line[0] != "#" or line[-9] != "*":
        return None
    body = line[1:-9]
    # The CRC in lowercase hex exactly: one spelling per frame.
    if line[-8:] != "%08x" % (crc32(body.encode()) & 0xFFFFFFFF):
        return None
    return body.split(" ")
