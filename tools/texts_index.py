"""The release image's index of app/texts.py's table, written at each build
by boards/manifest_common.py into out/frozen-names/_texts_index.py and
frozen with the image (bytes in flash, no heap): app/i18n.py finds a key's
line in the table read in place (both languages) through it in a few
steps, where its first lookup of a key otherwise halves the table's parts
(_look) in Python.

The index is SLOTS two-byte little-endian offsets: where each key's line
starts in T's UTF-8 bytes (just after its "\\n"), at the slot slot(key)
names or the next free one after it (0: a free slot). app/i18n.py spells
slot() again (_find); tests/device/test_texts.py checks they agree."""

SLOTS = 512


def slot(k):
    """The first slot key k (bytes) is looked for in (app/i18n.py _find)."""
    n = len(k)
    return (k[0] << 5 ^ k[n >> 1] << 2 ^ k[-1] ^ n * 41) & (SLOTS - 1)


def build(table):
    """The index (bytes) of table, app/texts.py's T (str)."""
    b = table.encode()
    if len(b) >= 0x10000:
        raise ValueError("app/texts.py's table is over 64 KB: "
                         "tools/texts_index.py's offsets are two bytes")
    offsets = [0] * SLOTS
    keys = set()
    i = b.find(b"\n") + 1
    while 0 < i < len(b):
        e = b.find(b"\n", i)
        e = len(b) if e < 0 else e
        bar = b.find(b"|", i, e)
        if bar > i and not b.startswith(b"--", i):
            k = b[i:bar]
            if k in keys:
                raise ValueError("app/texts.py: key %r twice" % k.decode())
            keys.add(k)
            if len(keys) >= SLOTS // 2:
                raise ValueError("app/texts.py has %d keys: raise "
                                 "tools/texts_index.py's SLOTS" % len(keys))
            s = slot(k)
            while offsets[s]:
                s = (s + 1) & (SLOTS - 1)
            offsets[s] = i
        i = e + 1
    return b"".join(o.to_bytes(2, "little") for o in offsets)


def module(table):
    """The frozen module's source: I, the index of table."""
    return ("# Written by boards/manifest_common.py at each build "
            "(tools/texts_index.py):\n# where each key's line starts in "
            "app/texts.py's T (app/i18n.py).\nI = %r\n" % build(table))


def table_of(path):
    """T, read from app/texts.py at path without running it."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [
                t.id for t in node.targets] == ["T"]:
            return ast.literal_eval(node.value)
    raise ValueError("%s has no T" % path)
