# Runs on the MicroPython VM: app/i18n.py's tr() for every key of
# app/texts.py, from both forms of the table (one language, as a board
# that runs .mpy files keeps it; both in place, as the release image
# reads it from flash), against the texts read from the file here; each
# key asked for twice (searched for, then remembered: app/i18n.py's _HIT),
# in the table's order and back; and from a table of more parts than
# app/i18n.py halves. Prints one JSON line: the keys whose text
# came out wrong, per form.
import json
from app import i18n, texts
from core.games import IDS

want = {}
order = []
for line in texts.T.split("\n"):
    if line and not line.startswith("--"):
        k, es, *en = line.split("|")
        if k not in want:                    # the first line of a key
            want[k] = (es, en[0] if en and en[0] else es)
            order.append(k)
wrong = {"one": [], "both": [], "eight": [], "parts": []}
# eight: as many parts as app/i18n.py keeps (two more "--" lines near the
# end, each part still in order); parts: more (a "--" line before every
# tenth line): read from the start.
lines = texts.T.split("\n")
n = len(lines)
tables = {"both": texts.T,
          "eight": "\n".join(("--\n" if i in (n - 4, n - 7) else "") + ln
                             for i, ln in enumerate(lines)),
          "parts": "\n".join(("--\n" if i % 10 == 5 else "") + ln
                             for i, ln in enumerate(lines))}
for form in ("one", "both", "eight", "parts"):
    for lang in (0, 1):
        i18n._BOTH = False
        i18n.set_lang(lang)
        if form != "one":                # the table in place, as on flash
            i18n._B = bytearray(tables[form].encode())
            i18n._BOTH = True
            i18n._HIT[32] = 0            # its parts: found again
        for k in order + order[::-1] + order:
            if i18n.tr(k) != want[k][lang]:
                wrong[form].append([lang, k, i18n.tr(k)])
        for k in ("no_such_key", "hom", "home|", "x"):
            if i18n.tr(k) != k:          # unknown: the key itself
                wrong[form].append([lang, k, i18n.tr(k)])
        if form != "one" and i18n._HIT[32] != {"both": 6, "eight": 8,
                                               "parts": 9}[form]:
            wrong[form].append(["parts counted", i18n._HIT[32]])
# title: both languages in place during a game (keep_title): a key not
# yet seen is looked for in that title's section first, then in the rest
# (every title: the free pad has no section).
wrong["title"] = []
i18n._B = bytearray(texts.T.encode())
i18n._BOTH = True
i18n._HIT[32] = 0
i18n.tr("home")                          # the parts counted (as at boot)
for gid in IDS:
    i18n.keep_title(gid)
    for lang in (0, 1):
        i18n.lang = lang
        for i in range(32):
            i18n._HIT[i] = 0             # nothing remembered
        for k in order:
            if i18n.tr(k) != want[k][lang]:
                wrong["title"].append([gid, lang, k, i18n.tr(k)])
    if (i18n._HIT[40] == 0) != (gid == "free"):
        wrong["title"].append([gid, "no section preferred"])
i18n.keep_title(None)
# index / stale: in place with the release image's index
# (tools/texts_index.py, made by the test: stdin's first line, hex), each
# key found through it at once (_seek, the halving, never called); and
# with an index of another table (the second line): wrong places, each
# one checked, so every key is still found (by halving).
import sys
from binascii import unhexlify
given = [unhexlify(sys.stdin.readline().strip()) for _ in "is"]
looked = []
halve = i18n._seek


def counted(k, lo, hi):
    looked.append(k[:-1])                # the key, without its "|"
    return halve(k, lo, hi)


i18n._seek = counted
for form, arg in (("index", 0), ("stale", 1)):
    wrong[form] = []
    for lang in (0, 1):
        i18n._B = bytearray(texts.T.encode())
        i18n._BOTH = given[arg]
        i18n._HIT[32] = 0
        i18n.lang = lang
        del looked[:]
        for k in order:
            if i18n.tr(k) != want[k][lang]:
                wrong[form].append([lang, k, i18n.tr(k)])
        for k in ("no_such_key", "hom", "home|", "x"):
            if i18n.tr(k) != k:
                wrong[form].append([lang, k, i18n.tr(k)])
        known = [str(k, "utf-8") for k in looked if str(k, "utf-8") in want]
        if form == "index" and known:
            wrong[form].append(["halved", known])
        if form == "stale" and not known:
            wrong[form].append(["the stale index was trusted"])
i18n._seek = halve
print(json.dumps({"keys": len(order), "wrong": wrong}))
