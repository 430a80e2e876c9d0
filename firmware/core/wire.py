# The frame format of the sync protocol (docs/protocol.md), shared by the
# device (drivers/link.py) and the PC (host_tools/link.py, which imports it
# as marcador_core.wire), so both sides build and check frames one way.
#
# A frame is one line of printable ASCII, so it never holds Ctrl-C/Ctrl-D
# and mpremote can still take the port over:
#     #<words separated by spaces>*<CRC-32 of the words, 8 hex digits>\n
# Pure: binascii only, as on MicroPython.

from binascii import crc32


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
