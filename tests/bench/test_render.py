"""bench/render.py: docs/benchmarks.md from the figures bench/run.py keeps
in out/bench/*.json. Small sample figures, built here, go in; the
markdown that comes out is checked: targets met or missed, figures
formatted, one section rendered into a page without touching the
others, the page's dated notes. Nothing is measured."""

import copy

import growth_rp2
import presses
import render
import render_rp2
import render_unix
import results
import targets
from conftest import ROOT
from marcador_core.games import IDS


def doc(section, data, run="2026-11-20T10:00:00Z"):
    return {"section": section, "command": render.COMMANDS[section],
            "run": run, "date": run[:10],
            "versions": {"micropython": "1.29.0 preview (x), .mpy v6",
                         "machine": "x86_64", "processor": "x86_64"},
            "data": data}


def keys_data(instr=250_000, worst=2_500_000):
    return {"keys": {g: {"i2c": [272, 272, 1088], "us": [20, 30, 500],
                         "pages": [2, 2, 8], "boot_us": 2688,
                         "boot_instr": 16_718_774,
                         "instr": [instr, instr, worst],
                         "instr_with_after": [1_000_000, 1_000_000,
                                              7_000_000]}
                     for g in IDS}}


def unix_data(flash_per_event=159, ratio=1.39):
    return {"heap": {g: {"events": 372, "alloc": 0, "lock_failures": 0}
                     for g in IDS},
            "firmware": {g: {"peak": 64_640, "fits_64wk": True,
                             "fits_64k": False, "smallest": 118}
                         for g in IDS},
            "flash": {"events": 99, "record_per_event": 5.8,
                      "flash_per_event": flash_per_event,
                      "games_per_mb": 11_354, "rows": []},
            "sync": [{"games": 3, "data": 406, "wire": 791, "ratio": 1.95,
                      "seconds": 0.019, "throughput": 21_000.0},
                     {"games": 40, "data": 5781, "wire": 8055,
                      "ratio": ratio, "seconds": 0.117,
                      "throughput": 49_410.0}],
            "word_size": 8, "quick": False, "took": 161.2}


def press(step, total, heap, flash=0, key="o"):
    return {"key": key, "step": step, "press": total, "longest": step,
            "heap": heap, "i2c": 272, "flash": flash}


def rp2_data(step=100_000, boot=12_000_000, heap=19_000):
    title = {"boot": boot, "boot_heap": 15_000,
             "boot_split": {"usb": 5_000_000, "i2c": 9_000_000},
             "flash": 12,
             "presses": [press(step, 2_000_000, heap),
                         press(step * 2, 3_000_000, heap - 500, 2, "u")]}
    return {"frozen": {"titles": {"free": title}, "drivers": 3_000,
                       "repl": 2_000},
            "mpy": {"skipped": "no image"}}


def row(lines, start):
    [ln] = [ln for ln in lines if ln.startswith("| " + start)]
    return ln.split(" | ")


def page(docs):
    return render.merge("", docs)


# --- the figures and their targets
def test_unix_rows_say_met_and_format_the_figures():
    text = page({"unix": doc("unix", unix_data()),
                 "keys": doc("keys", keys_data())})
    lines = text.splitlines()
    assert row(lines, "heap bytes per applied event")[2:4] == [
        f"0 bytes over {372 * len(IDS)} events (0 heap_lock failures)",
        "met"]
    assert row(lines, "CPU per key press (median / worst), instructions"
               )[1:4] == ["median <= 300,000; worst <= 3,000,000",
                          "250,000 / 2,500,000", "met (median); met (worst)"]
    assert row(lines, "games per MB")[2:4] == ["11,354", "met"]
    assert row(lines, "flash bytes per event")[2:4] == [
        "5.8 / 159", "met (record); **missed** (physical)"]
    assert row(lines, "sync: wire bytes")[2:4] == [
        "1.39 (8,055 / 5,781 bytes); 1.95 for 3 games", "met"]
    assert "| free | 0 (372) | 64,640 | 118 KB | 272 / 1088 | 250,000 / " \
        "2,500,000 | 30 |" in lines
    assert "`make bench` took 161 s." in lines
    assert lines[2].startswith("Measured by `make bench` (bench/run.py) on "
                               "2026-11-20 with MicroPython 1.29.0")


def test_a_figure_over_its_target_is_missed_in_bold():
    text = page({"unix": doc("unix", unix_data(flash_per_event=7,
                                                ratio=1.5)),
                 "keys": doc("keys", keys_data(400_000, 3_500_000))})
    lines = text.splitlines()
    assert row(lines, "CPU per key press (median / worst), instructions"
               )[3] == "**missed** (median); **missed** (worst)"
    assert row(lines, "sync: wire bytes")[3] == "**missed**"
    assert row(lines, "flash bytes per event")[3] == "met"


def test_rp2_rows_compare_with_the_targets_and_say_by_how_much():
    lines = page({"rp2": doc("rp2", rp2_data())}).splitlines()
    heap = row(lines, "Pico (emulated), frozen in the firmware")
    assert heap[1] == "peak <= 20 KB"
    assert heap[3] == f"met by {(20 * 1024 - 19_000) / 1024:.1f} KB"
    assert row(lines, "Pico (emulated): boot")[2:4] == [
        "frozen 12.00 M", "met by 0.50 M"]
    assert row(lines, "Pico (emulated), stock MicroPython + .mpy")[2] == \
        "not measured: no image"
    step = row(lines, "Pico (emulated): the step that handles a key")
    assert step[2:4] == ["frozen 150,000 / 200,000", "frozen: met / met"]

    over = page({"rp2": doc("rp2", rp2_data(4_000_000, 14_000_000,
                                            21_000))}).splitlines()
    assert row(over, "Pico (emulated), frozen in the firmware")[3] == \
        f"**missed** by {(21_000 - 20 * 1024) / 1024:.1f} KB"
    assert row(over, "Pico (emulated): boot")[3] == "**missed** by 1.50 M"
    assert row(over, "Pico (emulated): the step that handles a key")[3] == \
        "frozen: **missed** / **missed**"
    assert "| frozen | free | 2 | 14,000,000 | 15,000 / **21,000** |" in \
        "\n".join(over)


def test_the_targets_live_in_targets_py():
    # The page's words come from there: change a value, the verdict moves.
    data = rp2_data(heap=19_000)
    saved = dict(targets.RP2_HEAP)
    try:
        targets.RP2_HEAP["frozen"] = 18 * 1024
        lines = page({"rp2": doc("rp2", data)}).splitlines()
    finally:
        targets.RP2_HEAP.clear()
        targets.RP2_HEAP.update(saved)
    heap = row(lines, "Pico (emulated), frozen in the firmware")
    assert heap[1] == "peak <= 18 KB" and heap[3].startswith("**missed**")


def test_presses_section_renders_its_tables_from_the_kept_figures():
    units = {"free": {"units": {"free": [(4, 12), (4, 16)]}, "games": 2,
                      "per_game": []},
             "dog": {"units": {"pawn": [(1, 3), (1, 2)]}, "games": 1,
                     "tagged": {"pawn": [["out.0.1.1", 1, 3, {}],
                                         ["kill.1.2.2", 1, 2, {}]]},
                     "per_game": []}}
    data = {"seed": 1, "rounds": 2, "held": units,
            "taps": copy.deepcopy(units), "seconds": 3.4}
    lines = page({"presses": doc("presses", data)}).splitlines()
    assert lines[lines.index("### Key presses per number, realistic rounds")
                 + 2].startswith("`bench/presses.py --seed 1`: seeded "
                                 "realistic rounds (2+ units per title, 4 "
                                 "players, 3 games)")
    assert f"| free | number | 3.50 | 4.00 | 8 | 3.50 | <= " \
        f"{presses.TARGETS['free']} |" in lines
    assert "| all | 2 | 2.50 | 0.00 | 0.00 | 1.50 | 3.00 |" in lines


# --- the page: one section rendered, the others kept
def whole():
    run = "2026-11-20T10:00:00Z"
    return {"unix": doc("unix", unix_data(), run),
            "keys": doc("keys", keys_data(), run),
            "rp2": doc("rp2", rp2_data(), run)}


def test_the_current_page_parses_and_renders_back_unchanged():
    text = (ROOT / "docs" / "benchmarks.md").read_text()
    assert render.merge(text, {}) == text
    units = render.parse(text)
    assert units["rows"]["keys"] and units["rows"]["rp2"]
    assert set(units["slots"]) >= {"per-title", "rp2", "sync", "presses"}


def test_a_whole_run_has_no_notes_and_renders_the_same_twice():
    text = page(whole())
    assert "merged into the rest" not in text
    assert render.merge(text, whole()) == text


def test_a_section_measured_apart_replaces_its_units_only_with_a_note():
    before = page(whole())
    later = doc("rp2", rp2_data(step=4_000_000), "2026-11-26T09:00:00Z")
    after = render.merge(before, {"rp2": later})
    assert after.splitlines()[4] == (
        "(The emulated Pico's rows and section: `bench/run.py --rp2` on "
        "2026-11-26, merged into the rest.)")
    old, new = render.parse(before), render.parse(after)
    assert new["rows"]["rp2"] != old["rows"]["rp2"]
    assert new["slots"]["rp2"] != old["slots"]["rp2"]
    for group in ("unix-a", "keys", "unix-b"):
        assert new["rows"][group] == old["rows"][group]
    for slot in ("per-title", "sync"):
        assert new["slots"][slot] == old["slots"][slot]
    assert new["head"] == old["head"]
    # The same figures again: the same page (one note, not two).
    assert render.merge(after, {"rp2": later}) == after
    # Another section apart later: its note on top, the first one kept.
    keys = doc("keys", keys_data(200_000), "2026-11-27T09:00:00Z")
    notes = render.parse(render.merge(after, {"keys": keys}))["notes"]
    assert [n.split(":")[0] for n in notes] == [
        "(The key-press rows and the per-title I2C, instruction and µs "
        "columns", "(The emulated Pico's rows and section"]


def test_keys_apart_replace_the_per_title_key_columns_only():
    before = page(whole())
    keys = keys_data(123_456, 2_000_000)
    after = render.merge(before, {"keys": doc("keys", keys,
                                              "2026-11-26T09:00:00Z")})
    line = row(after.splitlines(), "free")
    assert line[1:4] == ["0 (372)", "64,640", "118 KB"]
    assert line[5] == "123,456 / 2,000,000"


def test_growth_rp2_sync_table_apart_keeps_the_other_tables():
    fl = {str(n): {"boot": 16_000_000 + n, "list": 7_000 * n,
                   "pull": 6_000_000, "mark": 2_000_000,
                   "pull_heap": [46_000, 77_000],
                   "mark_heap": [77_000, 84_000],
                   "list_heap": [84_000, 118_000],
                   "past_open": 7_000_000, "past_heap": 28_000,
                   "past_page": 15_000_000, "past_page_heap": 28_000,
                   "room": 8_000_000, "room_flash": 0,
                   "room_none": 7_800_000}
          for n in growth_rp2.COUNTS}
    fx = {f"{r}-{f}": {"boot": 25_000_000 + f, "fix": 4_000_000 + f}
          for r in (10, 90) for f in (0, 1, 40)}
    full = doc("growth-rp2", {"flash": fl, "fix": fx},
               "2026-11-20T10:00:00Z")
    before = page({"growth-rp2": full})
    assert "make_room: a new game" in before
    assert "(This table and its targets" not in before
    assert "pull 1.00x (**met**), mark 1.00x (**met**)" in before
    fl2 = copy.deepcopy(fl)
    fl2["5000"]["pull"] = 13_000_000
    sync = doc("growth-rp2-sync", {"flash": fl2}, "2026-11-26T09:00:00Z")
    after = render.merge(before, {"growth-rp2-sync": sync})
    assert "pull 2.17x (**missed**)" in after
    assert "(This table and its targets: `bench/run.py --growth-rp2 " \
        "--sync-only`, 2026-11-26; the tables below are from the last " \
        "whole `--growth-rp2` run.)" in after
    old, new = render.parse(before), render.parse(after)
    for slot in ("growth-rp2", "growth-rp2-rest"):
        assert new["slots"][slot] == old["slots"][slot]
    # Both kept: the newer one's sync table wins.
    both = {"growth-rp2": full, "growth-rp2-sync": sync}
    assert render.merge("", both) == render.merge(before, both)
    assert "2.17x" in render.merge("", both)
    full_later = dict(full, run="2026-11-27T09:00:00Z")
    assert "2.17x" not in render.merge("", {"growth-rp2": full_later,
                                            "growth-rp2-sync": sync})


def test_kept_figures_round_trip_through_json(tmp_path):
    d = doc("rp2", rp2_data())
    results.save(d, tmp_path)
    assert results.load("rp2", tmp_path) == d
    # In their order: the presses table lists titles as they were played.
    held = {g: {"units": {g: [(2, 3)]}, "games": 1, "per_game": []}
            for g in ("free", "duplicon")}
    results.save(doc("presses", {"held": held}), tmp_path / "p")
    assert list(results.load("presses", tmp_path / "p")["data"]["held"]) == \
        ["free", "duplicon"]
    assert results.load_all(tmp_path) == {"rp2": d}
    (tmp_path / "keys.json").write_text("{not json")
    assert results.load("keys", tmp_path) is None
    assert render.merge("", {"rp2": results.load("rp2", tmp_path)}) == \
        page({"rp2": d})


def test_render_unix_per_title_cells_parse_what_key_cells_write():
    k = keys_data()["keys"]
    lines = render_unix.per_title(unix_data(), {g: render_unix.key_cells(
        k[g]) for g in IDS})
    assert render_unix.per_title_cells(lines) == {
        g: render_unix.key_cells(k[g]) for g in IDS}
    assert render_rp2.RP2_DEPLOYMENTS["frozen"].startswith("frozen")
