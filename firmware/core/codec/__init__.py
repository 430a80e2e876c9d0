# Each title's JSON side (the record format of GAMES.md), PC only: the
# board neither freezes nor holds this package (boards/manifest_common.py,
# host_tools/flash.py); it stays MicroPython-compatible for the
# differential test. core/record.py is the generic part that uses it.
#
# Every module here has: options_bytes(n, opts), options_dict(n, b),
# encode(ev, e, n) -> bytes or None (not one of its events),
# decode(buf, off, k, p, n) -> dict, status(game) -> dict.

from . import doggy, duplicon, alebrijes, dog, dinos, free

CODECS = {"doggy": doggy, "duplicon": duplicon, "alebrijes": alebrijes,
          "dog": dog, "dinos": dinos, "free": free}
