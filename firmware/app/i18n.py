# tr(key): the text of a key (app/texts.py) in the language chosen in
# settings; Spanish by default.
#
# Only the language in use stays in RAM: set_lang() builds one bytes
# object of "\nkey|text" lines from app/texts.py (app/langtable.py, loaded for
# that only) and then forgets that module, whose table of both languages
# (about 4 KB of str constant) would otherwise stay loaded as long as the
# module does.

from array import array

ES = 0
EN = 1
lang = ES
_B = b""


def set_lang(code):
    global lang, _B
    lang = EN if code == EN else ES
    _B = b""                           # the old table can go first
    from .langtable import table       # its code in RAM for this only
    _B = table(lang == EN)
    from .memory import unload
    unload("app.langtable")


# Searched as UTF-8 bytes: on MicroPython, indexing or slicing a str with
# non-ASCII characters walks it from the start (O(n) per index). A search
# of the whole table costs ~50,000 instructions, and a screen asks for the
# same few texts at every frame: _HIT remembers where a key was found, in
# one of 32 places picked by its first and last bytes and its length (a
# place is checked before it is trusted: any key, any table).
_HIT = array("H", bytes(64))


def tr(key):
    # The key's text in the current language; the key itself if unknown.
    if not _B:
        set_lang(lang)
    b = _B
    k = key.encode()
    n = len(k)
    if not n:
        return key
    h = (k[0] * 7 + k[-1] * 3 + n) & 31
    i = _HIT[h]                        # where the key's line starts, maybe
    if not (i and b.startswith(k, i) and b[i - 1] == 10 and
            i + n < len(b) and b[i + n] == 124):
        i = b.find(b"\n" + k + b"|") + 1
        if not i:
            return key
        _HIT[h] = i
    a = i + n + 1
    return str(b[a:b.find(b"\n", a)], "utf-8")
