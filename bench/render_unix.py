"""docs/benchmarks.md's figures from the unix port (measure_unix.py): the
main table's rows (heap, key presses, flash, sync), the per-title table
and the sync line, from the "unix" and "keys" sections' data.

"unix" data: {"heap": heap_per_event(), "firmware": firmware_heap(),
"flash": flash_figures(), "sync": [sync_figures()' values], "word_size",
"quick", "took" (seconds of the whole make bench)}; "keys" data:
{"keys": key_costs()}."""

import statistics

import targets as T
from targets import met
from marcador_core.games import IDS


def key_rows(keys):
    # The main table's rows for the key presses (I2C, CPU, boot).
    all_i2c = [b for g in keys.values() for b in g["i2c"]]
    all_us = [u for g in keys.values() for u in g["us"]]
    all_pages = [u for g in keys.values() for u in g["pages"]]
    has_instr = all("instr" in g for g in keys.values())
    all_instr = [i for g in keys.values() for i in g.get("instr", [])]
    all_after = [i for g in keys.values()
                 for i in g.get("instr_with_after", [])]
    worst = max(all_instr) if has_instr else 0

    return [
        ("I2C per key press (median / worst)", T.I2C_PAGES.text,
         f"{statistics.median(all_pages):.0f} / {max(all_pages)} pages; "
         f"{statistics.median(all_i2c):.0f} / {max(all_i2c)} bytes",
         met(statistics.median(all_pages) <= T.I2C_PAGES.value) +
         " in pages; the bytes include 5 of addressing and control per run",
         "what the display driver hands the bus (a page's changed runs of "
         "32 columns, each with its data prefix and page/column commands) "
         "in the step that handles the "
         f"press; {len(all_i2c)} presses of the six scripted games"),
        ("CPU per key press (median / worst), instructions", T.INSTR_TEXT,
         (f"{statistics.median(all_instr):,.0f} / {max(all_instr):,}"
          if has_instr else "valgrind not installed"),
         (met(statistics.median(all_instr) <= T.INSTR_MEDIAN.value) +
          " (median); " + met(worst <= T.INSTR_WORST.value) + " (worst)")
         if has_instr else "",
         "valgrind callgrind, counting only inside the step that handles a "
         "press (key, redraw, show, flash write); unix port x86-64"),
        ("CPU per key press with the two quiet steps after it (median / "
         "worst), instructions", "report",
         (f"{statistics.median(all_after):,.0f} / {max(all_after):,}"
          if has_instr else "valgrind not installed"), "",
         "as above, adding the two app steps after the press's (10 ms "
         "each, no key in them): work a press leaves to them (a game starts "
         "in the step after its key, the first quiet step after a key "
         "collects garbage) is counted here, not in the row above"),
        ("CPU per key press (median / worst), time", "report",
         f"{statistics.median(all_us):,.0f} / {max(all_us):,} µs", "",
         "time.ticks_us() around the same steps, natively on this PC"),
        ("boot to first screen",
         "report",
         (f"{statistics.median([g['boot_instr'] for g in keys.values()]):,.0f}"
          " instructions, " if has_instr else "") +
         f"{statistics.median([g['boot_us'] for g in keys.values()]):,.0f} µs",
         "", "App() (store opened, settings read, resume check) and the first "
         "step that draws the home screen"),
    ]


# The key-press rows' names (their first cell): what the "keys" section
# owns in the main table.
KEY_ROW_NAMES = ("I2C per key press (median / worst)",
                 "CPU per key press (median / worst), instructions",
                 "CPU per key press with the two quiet steps after it "
                 "(median / worst), instructions",
                 "CPU per key press (median / worst), time",
                 "boot to first screen")


def key_cells(k):
    # The per-title table's key-press columns: I2C, instructions, µs.
    ins = (f"{statistics.median(k['instr']):,.0f} / {max(k['instr']):,}"
           if "instr" in k else "-")
    return (f"{statistics.median(k['i2c']):.0f} / {max(k['i2c'])} | {ins} | "
            f"{statistics.median(k['us']):,.0f}")


def _sync(u):
    sy = sorted(u["sync"], key=lambda s: s["games"])
    return sy[0], sy[-1], sy


def heap_rows(u):
    # The main table's rows above the key presses': the heap.
    h, fw = u["heap"], u["firmware"]
    alloc = sum(g["alloc"] for g in h.values())
    fails = sum(g["lock_failures"] for g in h.values())
    events = sum(g["events"] for g in h.values())
    peaks = {g: r["peak"] for g, r in fw.items()}
    small = {g: r.get("smallest") for g, r in fw.items()}
    return [
        ("heap bytes per applied event", T.HEAP_PER_EVENT.text,
         f"{alloc} bytes over {events} events ({fails} heap_lock failures)",
         met(alloc == T.HEAP_PER_EVENT.value and fails == 0),
         "tests/mp/heap_check.py from .mpy in a 64 KB heap: every event "
         "(valid and refused), undo, redo, scoring under "
         "micropython.heap_lock(); gc.mem_alloc() before/after"),
        ("whole firmware in a 64 KB heap, max-player game per title",
         T.FIRMWARE_HEAP.text,
         f"{sum(r['fits_64wk'] for r in fw.values())} of {len(fw)} titles "
         f"complete in -X heapsize=64wk ({64 * u['word_size'] // 4} KiB "
         f"here); {sum(r['fits_64k'] for r in fw.values())} of {len(fw)} in "
         f"a plain 64k; live peak {min(peaks.values()) / 1024:.0f}-"
         f"{max(peaks.values()) / 1024:.0f} KiB",
         met(all(r["fits_64wk"] for r in fw.values())) + " as 64wk; " +
         met(max(peaks.values()) <= T.FIRMWARE_HEAP.value) +
         " in plain bytes",
         "simulator from .mpy; 64wk is the unix port's 32-bit baseline "
         "scaled to its word size (pointers and GC blocks are twice as big "
         "here; bytecode and strings are not, so this is generous to them); "
         "live peak: gc.collect() + gc.mem_alloc() at every script step"),
        ("smallest heap in which each title completes", "report",
         "not searched (--quick)" if u["quick"] else
         f"{min(small.values())}-{max(small.values())} KB",
         "", "-X heapsize bisection in 1 KB steps, the same max-player games"),
    ]


def flash_sync_rows(u):
    # The main table's rows below the key presses': flash and sync.
    fl = u["flash"]
    few, big, _ = _sync(u)
    return [
        ("flash bytes per event (record / what littlefs wrote)",
         T.FLASH_PER_EVENT.text,
         f"{fl['record_per_event']:.1f} / {fl['flash_per_event']:.0f}",
         met(fl["record_per_event"] <= T.FLASH_PER_EVENT.value) +
         " (record); **missed** (physical)"
         if fl["flash_per_event"] > T.FLASH_PER_EVENT.value else met(True),
         f"{fl['events']} events of the 12 scripted games on a 1 MB "
         "littlefs2 with 4 KB blocks (bench/flash.py)"),
        ("games per MB of littlefs (4 KB blocks)", T.GAMES_PER_MB.text,
         f"{fl['games_per_mb']:,}",
         met(fl["games_per_mb"] >= T.GAMES_PER_MB.value),
         "max-player games archived until a new game is refused"),
        (f"sync: wire bytes per byte of game data ({big['games']} games)",
         T.SYNC_RATIO.text,
         f"{big['ratio']:.2f} ({big['wire']:,} / {big['data']:,} bytes); "
         f"{few['ratio']:.2f} for {few['games']} games",
         met(big["ratio"] <= T.SYNC_RATIO.value),
         "marcador sync against the simulator over its pty, both "
         "directions counted"),
        ("sync throughput over the pty", "report",
         f"{big['throughput'] / 1024:.1f} KB/s of game data "
         f"({big['seconds'] * 1000:.0f} ms)", "",
         "the simulator serves in real time (10 ms app steps)"),
    ]


PER_TITLE_HEAD = ["### Per title", "",
                  "| title | heap/event (bytes, events) | live peak | "
                  "smallest heap | I2C median / worst | instructions median "
                  "/ worst | µs median |",
                  "|---|---|---|---|---|---|---|"]


def per_title(u, cells):
    """The per-title table; cells: {title: the key-press columns} (from
    key_cells, or kept from the page when the keys were not measured)."""
    h, fw = u["heap"], u["firmware"]
    lines = list(PER_TITLE_HEAD)
    for g in IDS:
        lines.append(
            f"| {g} | {h[g]['alloc']} ({h[g]['events']}) | "
            f"{fw[g]['peak']:,} | {fw[g].get('smallest') or '-'} KB | "
            f"{cells.get(g, '- | - | -')} |")
    return lines


def per_title_cells(lines):
    """{title: its key-press columns} of a per-title table's lines."""
    out = {}
    for ln in lines:
        cells = ln.split(" | ")
        if ln.startswith("| ") and len(cells) == 7 and cells[0][2:] in IDS:
            out[cells[0][2:]] = " | ".join(cells[4:])[:-2]
    return out


def splice_key_cells(lines, cells):
    """A per-title table kept from the page with its key-press columns
    replaced by cells ({title: key_cells()})."""
    out = []
    for ln in lines:
        name = ln[2:].split(" | ", 1)[0] if ln.startswith("| ") else None
        if name in cells:
            ln = " | ".join(ln.split(" | ")[:4]) + " | " + cells[name] + " |"
        out.append(ln)
    return out


def sync_lines(u):
    _, _, sy = _sync(u)
    return ["Sync: " + "; ".join(
        f"{s['games']} games, {s['data']:,} bytes of games, {s['wire']:,} "
        f"bytes on the wire ({s['ratio']:.2f}x) in {s['seconds'] * 1000:.0f}"
        f" ms" for s in sy) + ".", "", f"`make bench` took {u['took']:.0f} s."]


def head_line(doc):
    """The page's first paragraph: the whole make bench's date and tools."""
    v = doc["versions"]
    return (f"Measured by `make bench` (bench/run.py) on {doc['date']} with "
            f"MicroPython {v['micropython']} (unix port, {v['machine']}), "
            f"{v['processor']}. Regenerate with `make bench`; nothing here "
            "is typed by hand.")
