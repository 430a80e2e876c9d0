# Builds the text table of one language for app/i18n.py (set_lang): in
# RAM only while it does (at boot, and when the language is changed).

def table(en):
    # The "\nkey|text" lines of one language (English if en), as one
    # bytearray.
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
                if en and e > b + 1:
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
    return out
