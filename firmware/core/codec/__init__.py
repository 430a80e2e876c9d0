# Each title's JSON side (the record format of docs/records.md), PC only: the
# board neither freezes nor holds this package (boards/manifest_common.py,
# host_tools/flash.py); it stays MicroPython-compatible for the
# differential test. core/record.py is the generic part that uses it.
#
# Every module here has: options_bytes(n, opts), options_dict(n, b),
# encode(ev, e, n) -> bytes or None (not one of its events),
# decode(buf, off, k, p, n) -> dict, status(game) -> dict; and, for the PC
# tools, any of the hooks of codec/hooks.py (found through hook()).

from ..games import IDS
from . import hooks


def _load(gid):
    # core/codec/<gid>.py, imported by name as games.game_class does (a
    # non-empty fromlist: __import__ returns the module itself).
    return __import__(__name__ + "." + gid, None, None, ("status",), 0)


# {title id: its codec module}, for every title of the table.
CODECS = {}
for _gid in IDS:
    CODECS[_gid] = _load(_gid)


def hook(gid, name):
    # The PC tools' hook `name` of the title gid: its codec's own, else the
    # default of codec/hooks.py (also for an unknown gid).
    c = CODECS.get(gid)
    if c is not None and hasattr(c, name):
        return getattr(c, name)
    return getattr(hooks, name)
