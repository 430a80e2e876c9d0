# tr(key): the text of a key (app/texts.py) in the language chosen in
# settings; Spanish by default.
#
# Where app/texts.py's table (both languages) is read in
# place from flash (bytecode frozen into the firmware, or a ROMFS image:
# app/tables.py), tr() searches it there and none of it is in RAM.
# Loaded from a .mpy file, the table is in RAM while its module is:
# set_lang() keeps only the language in use, one bytes object of
# "\nkey|text" lines, and forgets the module.

from array import array
# A builtin's name is looked up in this module's globals first (a miss
# searches the whole table), then among the builtins, each time.
# Imported, the names below are found at once.
from builtins import len, str

ES = 0
EN = 1
lang = ES
_B = b""
_BOTH = False       # _B is texts.T in place: "\nkey|Spanish|English" lines
                    # (True; or, frozen with the image, its index: _look)
_TITLE = None       # the title whose section alone _B keeps (None: all)
_HIT = array("H", bytes(82))           # where keys were found (at tr())
del array                              # one name less in this module


def set_lang(code):
    # The whole table, in language code.
    global lang, _B, _BOTH, _TITLE
    lang = EN if code == EN else ES
    if _BOTH:
        return                         # both languages are there
    _B = b""                           # the old table can go first
    _TITLE = None
    from . import tables
    t, flash = tables.load("app.texts", "T")
    _BOTH = flash
    _B = tables.in_place(t) if flash else tables.one_language(t, lang == EN)
    del t
    if flash:
        try:                           # the index, bytes in flash too
            t = tables.load("_texts_index", "I")[0]
            _BOTH = t if len(t) == 1024 else True
            del t
        except ImportError:            # not frozen with this image
            pass
    del tables
    _HIT[32] = 0                       # its parts: counted when needed (_HIT)
    _HIT[40] = 0
    from .memory import forget
    forget("tables")


def keep_title(gid):
    # During a game of title gid (app/flow.py play_screen): the table
    # keeps that title's texts and leaves the other titles' sections out
    # (app/texts.py), cut from the table in RAM. A text missed afterwards
    # (home's screens: another title's options, a past game's breakdown)
    # reads the whole table again (tr).
    global _TITLE, _B
    if _BOTH:
        # The whole table stays (in flash): a key not yet seen is looked
        # for in the title's section right after the shared texts (_look),
        # not after every section before it (a play screen's first
        # frame). Its part goes in _HIT[40] (0: none), if the parts are
        # counted (home's texts were looked for by then).
        q = _HIT[32] - 1 if gid and 1 < _HIT[32] < 9 else 0
        t = b"\n-- " + gid.encode() + b":" if q else b""  # its "--" line
        while q and not _B.startswith(t, _HIT[32 + q]):
            q -= 1
        _HIT[40] = q
        return
    t = gid.encode() if gid else None
    if t == _TITLE:
        return
    if _TITLE is not None or not _B:   # a cut table: the whole one first
        set_lang(lang)
        if _BOTH:
            return
    _TITLE = t
    if t is not None:
        from . import tables
        _B = tables.cut(_B, t)
        _HIT[32] = 0
        from .memory import forget
        forget("tables")


# Searched as UTF-8 bytes: on MicroPython, indexing or slicing a str with
# non-ASCII characters walks it from the start (O(n) per index). A key
# not yet seen is found by halving (_seek): app/texts.py keeps each part
# of the table (the shared texts, each title's section: a "--" line
# starts one) in the order of its lines' bytes, so a search reads a dozen
# places of a part, where bytes.find compared at every byte before it
# (about forty cycles of a Pico a byte, a thousand a line passed). A
# screen asks for the same few texts at every frame: _HIT[0:32] remembers
# where a key was found, in one of 16 pairs of places picked by its
# first, middle and last bytes and its length, the newest first (a place
# is checked before it is trusted: any key, any table). Two keys a screen
# shows share a pair, not a place: with one place each, a round screen's
# three texts took turns in one and were searched for again at every
# round (with 8 pairs, a Doggy Style screen's did). The rest of the
# array (one heap object, made above): _HIT[32] the table's parts (0:
# not yet counted; 9: more than the 8 it holds, the table is then read
# from the start), _HIT[33:40] where each part but the last ends (the
# "\n" before a "--" line), _HIT[40] the part of the game's title
# (keep_title; 0: none), searched right after the shared texts.


def tr(key):
    # The key's text in the current language; the key itself if unknown.
    # (In four functions: the frame rule, docs/architecture.md.)
    if not _B:
        set_lang(lang)
    a = _find(key.encode())
    if not a:
        if _TITLE is None:
            return key
        keep_title(None)               # another title's text: all of them
        return tr(key)
    b = _B                             # the text: to the end of its line
    e = b.find(b"\n", a)
    if e < 0:
        e = len(b)
    if _BOTH:                          # Spanish|English: pick the column
        m = b.find(b"|", a, e)
        if m < 0:
            m = e                      # no English column
        if lang == EN and e > m + 1:
            a = m + 1
        else:
            e = m
    return str(b[a:e], "utf-8")


def _find(k):
    # Where key k's text starts in _B, 0 if k is not there.
    n = len(k)
    if not n:
        return 0
    h = (k[0] << 5 ^ k[n >> 1] << 2 ^ k[-1] ^ n * 41) << 1 & 31
    b = _B
    i = _HIT[h]                        # the pair's places: no call
    if not (i and b.startswith(k, i) and b[i - 1] == 10 and
            i + n < len(b) and b[i + n] == 124):
        i = _HIT[h + 1]
        if not (i and b.startswith(k, i) and b[i - 1] == 10 and
                i + n < len(b) and b[i + n] == 124):
            i = _look(k)
            if not i:
                return 0
            _HIT[h + 1] = _HIT[h]      # the older of the pair goes
            _HIT[h] = i
    return i + n + 1


def _look(k):
    # Where key k's line starts in _B, 0 if k is not there: each part
    # halved in turn (_seek), the parts counted first if need be.
    b = _B
    e = _BOTH
    if e and e is not True:
        # In place with the release image's index (tools/texts_index.py,
        # whose slot() this spells): the slot k names, then the next ones
        # up to a free one. Each place is checked before it is trusted: an
        # index of another table finds nothing, and the halving follows.
        # (Here, not in a function of its own: one more name in this
        # module's globals outgrew their table: more heap.)
        j = len(k)
        p = (k[0] << 5 ^ k[j >> 1] << 2 ^ k[-1] ^ j * 41) & 511
        while True:
            i = e[p << 1] | e[(p << 1) + 1] << 8
            if not i:
                break
            if b.startswith(k, i) and b[i - 1] == 10 and i + j < len(b) \
                    and b[i + j] == 124:
                return i
            p = p + 1 & 511
    if not _HIT[32]:
        i = p = 0
        while True:
            j = b.find(b"\n--", i)
            p += 1
            if j < 0:
                break
            if p > 7:                  # a 9th part
                p = 9
                break
            _HIT[32 + p] = j
            i = b.find(b"\n", j + 1)   # the "--" line's own end
            if i < 0:                  # the table ends with one: read
                p = 9                  # from the start (app/texts.py's
                break                  # does not)
        _HIT[32] = p
    p = _HIT[32]
    if p > 8 or b"\n" in k:
        return b.find(b"\n" + k + b"|") + 1
    k += b"|"
    j = 0
    while j < p:
        # The j-th part searched (i): the shared texts (part 0), the
        # game's title's section (_HIT[40]), then the others in order.
        i = j
        if j and j <= _HIT[40] and _HIT[40] < p:
            i = _HIT[40] if j == 1 else j - 1
        e = _HIT[33 + i] if i < p - 1 else \
            len(b) - 1 if b[-1] == 10 else len(b)
        if i:
            i = _HIT[32 + i] + 1
            i = b.find(b"\n", i)      # past the part's "--" line
        e = _seek(k, i, e)
        if e:
            return e
        j += 1
    return 0


def _seek(k, lo, hi):
    # Where the line that starts with k (a key and its "|") starts in a
    # part of _B whose lines are in the order of their bytes and start
    # after a "\n" from _B[lo] to _B[hi] (hi left out); 0 if it is not
    # there. Each turn takes the last line that starts by the middle and
    # halves what is left; its start is compared in C (a slice: a small
    # allocation is quicker than comparing it byte by byte here).
    while lo < hi:
        m = (lo + hi >> 1) + 1
        i = _B.rfind(b"\n", lo, m) + 1
        if not i:
            lo = m                     # no line starts there
            continue
        s = _B[i:i + len(k)]
        if s == k:
            return i
        if k < s:
            hi = i - 1
        else:
            lo = m
    return 0
