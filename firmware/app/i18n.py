# tr(key): the text of a key (app/texts.py) in the language chosen in
# settings; Spanish by default.
#
# Only the language in use stays in RAM: set_lang() builds one bytes
# object of "\nkey|text" lines from app/texts.py and then forgets that
# module, whose table of both languages (about 4 KB of str constant) would
# otherwise stay loaded as long as the module does.

ES = 0
EN = 1
lang = ES
_B = b""


def set_lang(code):
    global lang, _B
    lang = EN if code == EN else ES
    _B = b""                           # the old table can go first
    from . import texts
    t = texts.T.encode()
    del texts
    from .memory import unload
    unload("app.texts")
    # Two passes over t: the size of the kept lines, then one bytearray
    # filled in place (no list of lines: that would be ~10 KB for a moment).
    mv = memoryview(t)
    out = bytearray(0)                 # sized by the first pass
    for fill in (0, 1):
        n = fill                       # out[0] is the opening newline
        i = 1                          # past the opening newline
        while i < len(t):
            e = t.find(b"\n", i)
            if e < 0:
                e = len(t)
            a = t.find(b"|", i, e)     # key ends; Spanish starts at a + 1
            if a > i and t[i] != 45:   # not blank, not a "-- section"
                b = t.find(b"|", a + 1, e)
                if b < 0:              # no English column
                    b = e
                s, f = a + 1, b
                if lang == EN and e > b + 1:
                    s, f = b + 1, e
                size = (a - i + 1) + (f - s) + 1      # key|text\n
                if fill:
                    out[n:n + a - i + 1] = mv[i:a + 1]
                    out[n + a - i + 1:n + size - 1] = mv[s:f]
                    out[n + size - 1] = 10
                n += size
            i = e + 1
        if not fill:
            out = bytearray(n + 1)
            out[0] = 10
    _B = out


# Searched as UTF-8 bytes: on MicroPython, indexing or slicing a str with
# non-ASCII characters walks it from the start (O(n) per index).
def tr(key):
    # The key's text in the current language; the key itself if unknown.
    if not _B:
        set_lang(lang)
    k = b"\n" + key.encode() + b"|"
    i = _B.find(k)
    if i < 0:
        return key
    a = i + len(k)
    return str(_B[a:_B.find(b"\n", a)], "utf-8")
