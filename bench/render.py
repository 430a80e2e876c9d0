"""docs/benchmarks.md from the figures kept in out/bench/<section>.json
(results.py): the whole page, or some sections rendered into the page as
it is, the others kept as they were measured.

The page is made of units, each owned by one section:
- the first paragraph (the whole `make bench`'s date and tools): "unix";
- a dated note per section measured apart since ("(The 32-bit rows and
  section: `bench/run.py --wasm-only` on <day>, merged into the rest.)");
- the main table's rows, in ROW_GROUPS' order;
- the slots below the table, in SLOTS' order, each starting with its
  marker (a heading, or the first words of a paragraph or table).
merge(old, docs) renders the units of the sections in docs and keeps the
others' text from old; nothing is re-measured or typed by hand.

Run: .venv/bin/python bench/render.py [SECTION ...] [--check]
re-renders docs/benchmarks.md from out/bench's files (the named sections,
or all there are); --check only says whether the page equals that.
"""

import sys

import render_presses
import render_rp2
import render_unix
import render_wasm
import results
from roots import ROOT

PAGE = ROOT / "docs" / "benchmarks.md"
TITLE = "# Benchmarks"
TABLE_HEAD = ["| figure | target | measured | | how |",
              "|---|---|---|---|---|"]

# The commands that measure each section (run.py's flags).
COMMANDS = {"unix": "bench/run.py", "keys": "bench/run.py --keys-only",
            "wasm": "bench/run.py --wasm-only", "rp2": "bench/run.py --rp2",
            "growth-rp2": "bench/run.py --growth-rp2",
            "growth-rp2-sync": "bench/run.py --growth-rp2 --sync-only",
            "growth": "bench/run.py --growth",
            "growth-pc": "bench/run.py --growth-pc",
            "erases": "bench/run.py --erases-only",
            "presses": "bench/run.py --presses-only"}
SECTIONS = tuple(COMMANDS)

# The main table's rows: (group, section that owns it).
ROW_GROUPS = (("wasm", "wasm"), ("rp2", "rp2"), ("unix-a", "unix"),
              ("keys", "keys"), ("unix-b", "unix"))
# Below the table: (slot, its marker). growth-rp2-sync is its section's
# sync table, which `--growth-rp2 --sync-only` measures again alone.
SLOTS = (("per-title", "### Per title"), ("wasm", "### 32-bit VM"),
         ("rp2", "### Pico (emulated)"), ("sync", "Sync: "),
         ("erases", "### Flash erases per event"),
         ("growth-rp2", "### Growth on the emulated Pico"),
         ("growth-rp2-sync", "| games on the flash | boot |"),
         ("growth-rp2-rest", "make_room: "),
         ("growth", "### Growth: many games"),
         ("growth-pc", "### Growth: the PC tools"),
         ("presses", "### Key presses per number"))
# What a section measured apart says at the top of the page.
NOTES = {"rp2": "The emulated Pico's rows and section",
         "wasm": "The 32-bit rows and section",
         "keys": "The key-press rows and the per-title I2C, instruction "
                 "and µs columns",
         "growth-rp2": "The emulated Pico's growth section",
         "growth": "The unix port's growth section",
         "growth-pc": "The PC tools' growth section",
         "erases": "The flash erases per event",
         "presses": "The key presses per number"}


# The units each of those sections owns (rows or slots).
OWNS = {"rp2": ("rp2",), "wasm": ("wasm",), "keys": ("keys",),
        "growth-rp2": ("growth-rp2", "growth-rp2-rest"),
        "growth": ("growth",), "growth-pc": ("growth-pc",),
        "erases": ("erases",),
        "presses": ("presses",)}


def note(section, doc):
    return (f"({NOTES[section]}: `{doc['command']}` on {doc['date']}, "
            "merged into the rest.)")


def sync_note(doc):
    # growth-rp2-sync's own note, under its table.
    return (f"(This table and its targets: `{doc['command']}`, "
            f"{doc['date']}; the tables below are from the last whole "
            "`--growth-rp2` run.)")


def _note_owner(line):
    for section, what in NOTES.items():
        if line.startswith(f"({what}: "):
            return section
    return None


def _row_group(line, keys_seen):
    name = line[2:].split(" | ", 1)[0]
    if name.startswith("firmware alone on a 32-bit VM"):
        return "wasm"
    if name.startswith("Pico (emulated)"):
        return "rp2"
    if name in render_unix.KEY_ROW_NAMES:
        return "keys"
    return "unix-b" if keys_seen else "unix-a"


def _slot_of(line):
    for slot, marker in SLOTS:
        if line.startswith(marker):
            return slot
    return None


def _trim(lines):
    lines = list(lines)
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def split_slots(lines):
    """{slot: its lines} of markdown lines below the table (a line that
    starts with a slot's marker starts that slot)."""
    slots, cur = {}, None
    for ln in lines:
        cur = _slot_of(ln) or cur
        if cur is not None:
            slots.setdefault(cur, []).append(ln)
    return {s: _trim(v) for s, v in slots.items()}


def parse(text):
    """The page's units: {"head": the first paragraph or None, "notes":
    [lines], "rows": {group: [lines]}, "slots": {slot: [lines]}}."""
    page = {"head": None, "notes": [], "rows": {g: [] for g, _ in
                                                ROW_GROUPS}, "slots": {}}
    lines = text.splitlines()
    i, keys_seen = 0, False
    while i < len(lines) and _slot_of(lines[i]) is None:
        ln = lines[i]
        i += 1
        if ln == TABLE_HEAD[0]:
            while i < len(lines) and lines[i].startswith("|"):
                if lines[i] != TABLE_HEAD[1]:
                    group = _row_group(lines[i], keys_seen)
                    keys_seen |= group == "keys"
                    page["rows"][group].append(lines[i])
                i += 1
        elif ln.startswith("Measured by "):
            page["head"] = ln
        elif ln and ln != TITLE:
            page["notes"].append(ln)
    page["slots"] = split_slots(lines[i:])
    return page


def _row(r):
    return "| " + " | ".join(r) + " |"


def _rendered_rows(docs):
    """{group: [lines]} of the sections in docs."""
    out = {}
    if "wasm" in docs:
        d = docs["wasm"]["data"]
        out["wasm"] = render_wasm.wasm_rows(d["titles"], d["heap_kb"])
    if "rp2" in docs:
        res = docs["rp2"]["data"]
        out["rp2"] = render_rp2.rp2_rows(res) if res else []
    if "unix" in docs:
        u = docs["unix"]["data"]
        out["unix-a"] = render_unix.heap_rows(u)
        out["unix-b"] = render_unix.flash_sync_rows(u)
    if "keys" in docs:
        out["keys"] = render_unix.key_rows(docs["keys"]["data"]["keys"])
    return {g: [_row(r) for r in rows] for g, rows in out.items()}


def _rendered_slots(docs, old):
    """{slot: [lines]} of the sections in docs (old: the page's slots, for
    the per-title table's columns another section owns)."""
    out = {}
    keys = docs.get("keys")
    cells = ({g: render_unix.key_cells(k) for g, k in
              keys["data"]["keys"].items()} if keys else None)
    if "unix" in docs:
        u = docs["unix"]["data"]
        out["per-title"] = render_unix.per_title(
            u, cells or render_unix.per_title_cells(
                old.get("per-title", [])))
        out["sync"] = render_unix.sync_lines(u)
    elif cells and "per-title" in old:
        out["per-title"] = render_unix.splice_key_cells(old["per-title"],
                                                        cells)
    if "wasm" in docs:
        d = docs["wasm"]["data"]
        out["wasm"] = render_wasm.wasm_section(d["titles"], d["heap_kb"])
    if "rp2" in docs:
        res = docs["rp2"]["data"]
        out["rp2"] = render_rp2.rp2_section(res) if res else []
    full, sync = docs.get("growth-rp2"), docs.get("growth-rp2-sync")
    if full:
        import growth_rp2
        part = split_slots(growth_rp2.section_of(full["data"]))
        for slot in ("growth-rp2", "growth-rp2-sync", "growth-rp2-rest"):
            out[slot] = part.get(slot, [])
    if sync and (not full or sync["run"] > full["run"]):
        import growth_rp2
        out["growth-rp2-sync"] = growth_rp2.sync_of(sync["data"],
                                                    sync_note(sync))
    if "growth" in docs:
        import growth
        out["growth"] = growth.section_of(docs["growth"]["data"])
    if "growth-pc" in docs:
        import growth_pc
        out["growth-pc"] = growth_pc.section(docs["growth-pc"]["data"])
    if "erases" in docs:
        import flash_erases
        out["erases"] = flash_erases.section(docs["erases"]["data"])
    if "presses" in docs:
        out["presses"] = render_presses.section(docs["presses"]["data"])
    return {s: _trim(v) for s, v in out.items()}


def kept_note(section):
    # A whole make bench that could not measure a section (the emulated
    # Pico missing: its growth section) keeps its text, and says so.
    return (f"({NOTES[section]}: kept from an earlier run, not measured "
            "by this `make bench`.)")


def notes(docs, page):
    """The dated notes: one per section in docs measured apart from the
    whole make bench (docs["unix"], when there), newest first, then the
    old page's notes of sections not in docs; after a whole make bench,
    a note for each section whose text was kept without one."""
    base = docs["unix"]["run"] if "unix" in docs else None
    new = sorted(((doc["run"], -SECTIONS.index(s), note(s, doc))
                  for s, doc in docs.items()
                  if s in NOTES and doc["run"] != base), reverse=True)
    old = [ln for ln in page["notes"] if _note_owner(ln) not in docs]
    if base:
        noted = {_note_owner(ln) for ln in old}
        units = dict(page["slots"], **page["rows"])
        old += [kept_note(s) for s in NOTES if s not in docs and
                s not in noted and any(units.get(u) for u in OWNS[s])]
    return [n for _, _, n in new] + old


def merge(old, docs):
    """The page old (text, maybe empty) with the units of the sections in
    docs ({section: results document}) rendered from their data."""
    page = parse(old)
    rows = dict(page["rows"], **_rendered_rows(docs))
    slots = dict(page["slots"], **_rendered_slots(docs, page["slots"]))
    head = (render_unix.head_line(docs["unix"]) if "unix" in docs
            else page["head"] or "Measured by `make bench` (bench/run.py): "
            "not yet as a whole; regenerate with `make bench`.")
    out = [TITLE, "", head]
    for n in notes(docs, page):
        out += ["", n]
    table = [ln for g, _ in ROW_GROUPS for ln in rows[g]]
    if table:
        out += [""] + TABLE_HEAD + table
    for slot, _ in SLOTS:
        if slots.get(slot):
            out += [""] + slots[slot]
    return "\n".join(out) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return 0
    check = "--check" in argv
    names = [a for a in argv if a != "--check"]
    bad = [a for a in names if a not in SECTIONS]
    if bad:
        print(f"bench/render.py: no section {bad[0]} (the sections: "
              f"{', '.join(SECTIONS)})", file=sys.stderr)
        return 2
    docs = results.load_all()
    if names:
        docs = {s: d for s, d in docs.items() if s in names}
    if not docs:
        print("bench/render.py: nothing measured in out/bench/ (bench/run.py "
              "keeps its figures there)", file=sys.stderr)
        return 1
    old = PAGE.read_text() if PAGE.exists() else ""
    new = merge(old, docs)
    print(f"rendered from out/bench/: {', '.join(docs)}", file=sys.stderr)
    if check:
        same = new == old
        print("docs/benchmarks.md " + ("equals them" if same else
                                       "differs from them"), file=sys.stderr)
        return 0 if same else 1
    PAGE.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
