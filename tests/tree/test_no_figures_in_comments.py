"""Figures live in docs/benchmarks.md only (written by bench/run.py): a
comment in firmware/, bench/ or tests/ may say why a piece of code is
shaped as it is, never what it measured. A measured cost typed into a
comment goes stale at the next change and soon disagrees with the table
and with the other comments that quote it.

A measured cost here: a number of instructions or cycles ("~9,000
instructions", "0.8 M cycles"), bytes of memory it took or saved ("1.1 KB,
its", "128 bytes more", "about 5 KB", "took 0.2 KB"), or a ratio ("~6x
more", "1.41x"). A format's sizes ("2 bytes [h, color]", "4 KB blocks")
are not costs and stay."""

import io
import re
import tokenize

from conftest import ROOT

SCANNED = ("firmware", "bench", "tests")

_NUM = r"\d[\d,]*(?:\.\d+)?"
_COST = re.compile(
    # instructions or cycles, counted (not a clock's period in cycles)
    rf"{_NUM}\s*(?:-\s*{_NUM}\s*)?(?:M\s+)?(?:instructions|cycles)\b"
    rf"(?! of (?:the )?\d| a period)"
    # an amount of memory said to be spent, saved or roughly this big
    rf"|(?:~|about |took |cost |costs |costing |saves? |up to )\s*{_NUM}\s*"
    rf"(?:KB|KiB|kB|B|bytes?)\b"
    rf"|{_NUM}\s*(?:KB|KiB|kB|B|bytes?)\s+(?:more|less|of (?:the )?heap"
    rf"|of RAM)\b"
    rf"|\({_NUM}\s*(?:KB|KiB|kB),"
    # a size counted to the byte
    rf"|\d{{1,3}}(?:,\d{{3}})+\s*(?:B|bytes)\b"
    # a ratio, a time roughly this long
    rf"|~?{_NUM}x\s+(?:more|less|faster|slower)\b|\({_NUM}x\)"
    rf"|~{_NUM}\s*(?:ms|µs|us|s)\b",
    re.IGNORECASE)


def _comments(path):
    src = path.read_text()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string


def _joined(path):
    # (first line, text) per run of consecutive comment lines, so that a
    # figure split over two lines ("0.2 M\n# instructions") is one text.
    run, first, last = [], 0, -2
    for line, text in _comments(path):
        if line != last + 1 and run:
            yield first, " ".join(run)
            run = []
        if not run:
            first = line
        run.append(text.lstrip("#").strip())
        last = line
    if run:
        yield first, " ".join(run)


def figures_in_comments(paths, top=ROOT):
    found = []
    for path in paths:
        for line, text in _joined(path):
            for m in _COST.finditer(text):
                found.append(f"{path.relative_to(top)}:{line}: {m.group(0)}")
    return found


def _scanned():
    for top in SCANNED:
        yield from sorted((ROOT / top).rglob("*.py"))


def test_no_comment_carries_a_measured_cost():
    paths = list(_scanned())
    assert len(paths) > 100         # the folders are where this test looks
    assert figures_in_comments(paths) == []


def test_the_scan_sees_each_kind_of_figure(tmp_path):
    # Every form the scan is meant to catch, and what it must leave alone.
    f = tmp_path / "sample.py"
    caught = [
        "a str costs ~9,000 instructions",
        "cost 0.2 M instructions more",
        "0.3-0.5 M instructions per game",
        "1 M cycles on a Pico",
        "(1.1 KB, its globals)",
        "one more qstr took 128 bytes more at Dinos' peak",
        "both languages, about 5 KB",
        "eight small ones took 0.2 KB more",
        "copied into RAM once (~570 bytes)",
        "a str made per word cost ~6x more",
        "Stock MicroPython is 679,424 B of UF2",
        "a browser start each, ~8 s",
    ]
    kept = [
        "ROUND  2 + 2n bytes [h, token]",
        "a littlefs of 4 KB blocks",
        "bytes per GC block on a 32-bit port",
        "16 cycles of the 125 MHz clock",
        "the key held, + 4 once its first repeat came",
        "(312 cycles of 125 MHz a period)",
        "9x the rounds: about 9x the reads, not 81x",
        "no start, no end, no ENDED bit; 4 bytes fewer",
        "a program of 256 bytes at the same place",
    ]
    f.write_text("x = 1\n" + "".join(f"# {t}\n\n" for t in caught))
    assert len(figures_in_comments([f], tmp_path)) == len(caught)
    # a figure split over two comment lines is still seen
    f.write_text("# cost 0.2 M\n# instructions more\n")
    assert len(figures_in_comments([f], tmp_path)) == 1
    for text in kept:
        f.write_text(f"# {text}\n")
        assert figures_in_comments([f], tmp_path) == [], text
