"""What the device's firmware says, read from its own files (never copied
by hand): the characters its font draws and its name editor offers, a
name's longest length, the roster's size, its texts in both languages.

firmware/app is MicroPython code that imports framebuf, so it is not
imported here: its constants are read with `ast` from the source, once.
"""

import ast
import functools

from .paths import FIRMWARE

APP = FIRMWARE / "app"


@functools.lru_cache(maxsize=None)
def _constants(module):
    """{NAME: value} of the literal top-level assignments of app/MODULE."""
    tree = ast.parse((APP / f"{module}.py").read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass                  # not a literal (an import, a call)
    return out


def font_chars():
    """Every character the device's 5x8 font draws (others show '?')."""
    return frozenset(map(chr, range(32, 127))) | \
        frozenset(map(chr, _constants("font")["EXTRA"]))


def name_max_len():
    return _constants("names")["MAX_LEN"]


def editor_chars():
    """The characters the name editor offers on the device."""
    return _constants("names")["CHARS"]


def roster_max():
    return _constants("settings")["ROSTER_MAX"]


@functools.lru_cache(maxsize=None)
def texts():
    """{key: (Spanish, English)} from app/texts.py (an empty English text
    falls back to Spanish, as on the device)."""
    out = {}
    for line in _constants("texts")["T"].splitlines():
        if not line or line.startswith("--") or "|" not in line:
            continue
        key, es, *en = line.split("|")
        out[key] = (es, en[0] if en and en[0] else es)
    return out


def name_problem(name):
    """Why the device cannot keep or show this roster name, or None."""
    if not name.strip():
        return "is empty"
    if len(name) > name_max_len():
        return f"is longer than {name_max_len()} characters"
    bad = sorted({c for c in name if c not in font_chars()})
    if bad:
        shown = " ".join(repr(c) for c in bad)
        return f"has characters the device cannot show ({shown})"
    return None
