"""What the PC tools know of the titles, all from the table
(core/games.py) and each title's hooks (core/codec/<id>.py, defaults and
their meaning in core/codec/hooks.py): no host tool names a title.

A title key is a title's id, or one of its variants that statistics and
BG Stats count as a title of their own (the score pad played lowest-wins,
"free-low")."""

from marcador_core import errors as E
from marcador_core.codec import hook
from marcador_core.codec.common import word
from marcador_core.games import IDS

__all__ = ["hook", "key", "keys", "name", "lowest_wins"]


def key(gid, rec):
    """The title key the record `rec` of the title gid counts under."""
    return hook(gid, "variant")(rec) or gid


def keys():
    """Every title key: each id of the table, then its variants."""
    out = []
    for gid in IDS:
        out.append(gid)
        out.extend(hook(gid, "VARIANTS"))
    return tuple(out)


def _names(k):
    # The (English, Spanish) names of the title key k, or None.
    if k in IDS:
        return hook(k, "NAME")
    for gid in IDS:
        names = hook(gid, "VARIANTS").get(k)
        if names:
            return names
    return None


def name(k, lang=E.EN):
    """The title key k's name in lang (errors.EN or ES); an unknown key is
    its own name."""
    names = _names(k)
    return word(names, lang) if names else k


def lowest_wins(k):
    """True when the title key k is played lowest-wins."""
    for gid in IDS:
        if k in hook(gid, "LOWEST_WINS"):
            return True
    return False
