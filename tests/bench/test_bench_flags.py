"""bench/run.py's flags, each wired to its section: the measuring
functions are replaced by sample figures (test_render's), so nothing is
measured; what is checked is that a flag keeps its section's JSON and
renders only that section into the page, and that the whole run renders
every section with no notes. The measuring itself: `make bench`."""

import json

import pytest

import growth_rp2
import render
import results
import run
import test_render as S
from marcador_core.games import IDS


def growth_data():
    return {"flash": {str(c): {"ins": {k: 1_000_000 + c for k in (
        "list", "pull", "mark", "past_open", "past_page")},
        "alloc": {k: 1000 for k in ("list", "pull", "mark", "past_open")},
        "past_live": 18_000, "build_once": 5_000_000}
        for c in (10, 1000, 5000)},
        "fix": {f"{r}-{f}": dict({"boot": 22_000_000},
                                 **({"fix1": 900_000, f"fix{f}": 950_000}
                                    if f else {}))
                for r in (10, 90) for f in (0, 1, 40)}}


def growth_rp2_data(sync_only=False):
    fl = {str(n): {"boot": 16_000_000, "list": 7_000 * n, "pull": 6_000_000,
                   "mark": 2_000_000, "pull_heap": [46_000, 77_000],
                   "mark_heap": [77_000, 84_000],
                   "list_heap": [84_000, 118_000], "past_open": 7_000_000,
                   "past_heap": 28_000, "past_page": 15_000_000,
                   "past_page_heap": 28_000, "room": 8_000_000,
                   "room_flash": 0, "room_none": 7_800_000}
          for n in growth_rp2.COUNTS}
    if sync_only:
        return {"flash": fl}
    return {"flash": fl, "fix": {f"{r}-{f}": {"boot": 25_000_000,
                                              "fix": 4_000_000}
                                 for r in (10, 90) for f in (0, 1, 40)}}


def growth_pc_data():
    cmds = ("export --format json", "stats", "report")
    fig = {str(n): dict({c: [0.5 * n / 1000, 25] for c in cmds},
                        _export_bytes=1500 * n,
                        _report={"summary": 50_000, "pages": 37,
                                 "biggest": 100_000, "all": 2_000_000})
           for n in (1000, 10000)}
    return {"sizes": [1000, 10000], "repeat": 2, "names": 12,
            "figures": fig, "made": [1.3, 12.6], "page_games": 100}


def erases_data(rounds=90):
    # flash_erases.game()'s shape: [erases, pages, journal bytes] per
    # event; the one-file journal erasing at every event from the 43rd.
    def g(every):
        ev = [[1 if i + 1 >= every or i + 1 == 8 else 0, 1, 12 * (i + 1)]
              for i in range(rounds)]
        return {"start": [0, 5], "events": ev, "close": [1, 7]}
    return {"rounds": rounds, "games": [
        {"players": p, "chunk": c, "game": g(43 if c else rounds + 1)}
        for p in (2, 4) for c in (0, 1 << 20)]}


def presses_data(seed=1, rounds=100):
    units = {"free": {"units": {"free": [[4, 12]]}, "games": 1,
                      "per_game": []},
             "dog": {"units": {"pawn": [[1, 3]]}, "games": 1,
                     "tagged": {"pawn": [["out.0.1.1", 1, 3, {}]]},
                     "per_game": []}}
    return {"seed": seed, "rounds": rounds, "held": units, "taps": units,
            "seconds": 2.0}


WASM = {g: {"unix_peak": 60_000, "version": "v1.29.0",
            "ram": {"fakes": 10_000, "boot": 45_000, "peak": 58_000,
                    "presses": 40},
            "rom": {"fakes": 6_000, "boot": 25_000, "peak": 31_000,
                    "presses": 40}} for g in IDS}


@pytest.fixture
def bench(tmp_path, monkeypatch):
    """run.py with sample figures in place of measuring, its page and
    out/bench/ in tmp_path; the calls made, in order."""
    calls = []

    def fake(name, value):
        def f(*args, **kw):
            calls.append(name)
            return value(*args) if callable(value) else value
        return f
    monkeypatch.setattr(run, "build", fake("build", None))
    monkeypatch.setattr(run, "unix_figures", fake(
        "unix", lambda quick=False: (dict(S.unix_data(), quick=quick),
                                     S.keys_data())))
    monkeypatch.setattr(run, "keys_figures", fake("keys", S.keys_data()))
    monkeypatch.setattr(run, "wasm_figures", fake(
        "wasm", {"heap_kb": 256, "titles": WASM}))
    monkeypatch.setattr(run, "rp2_measure", fake("rp2", S.rp2_data()))
    monkeypatch.setattr(run, "rp2_figures", fake("rp2", S.rp2_data()))
    monkeypatch.setattr(run, "presses_figures", fake("presses",
                                                     presses_data))
    monkeypatch.setattr(run, "growth_figures", fake("growth",
                                                    growth_data()))
    monkeypatch.setattr(run, "growth_rp2_figures", fake(
        "growth-rp2", growth_rp2_data))
    monkeypatch.setattr(run.growth_pc, "measure_all", fake(
        "growth-pc", growth_pc_data()))
    monkeypatch.setattr(run.flash_erases, "measure", fake(
        "erases", erases_data()))
    monkeypatch.setattr(run, "micropython_version", lambda: "1.29.0 (x)")
    page = tmp_path / "benchmarks.md"
    monkeypatch.setattr(run, "OUT", page)
    monkeypatch.setattr(results, "DIR", tmp_path / "bench")
    return page, tmp_path / "bench", calls


def test_the_whole_run_renders_every_section_from_its_json(bench):
    page, kept, calls = bench
    run.main([])
    text = page.read_text()
    assert set(calls) == {"build", "unix", "wasm", "rp2", "presses",
                          "growth", "growth-rp2", "growth-pc", "erases"}
    assert sorted(p.stem for p in kept.glob("*.json")) == sorted(
        ["unix", "keys", "wasm", "rp2", "presses", "growth", "growth-rp2",
         "growth-pc", "erases"])
    assert "merged into the rest" not in text
    units = render.parse(text)
    assert set(units["slots"]) == {s for s, _ in render.SLOTS}
    for group, _ in render.ROW_GROUPS:
        assert units["rows"][group], group
    assert render.merge("", results.load_all(kept)) == text
    assert "Measured by `make bench` (bench/run.py) on " in text
    assert "with MicroPython 1.29.0 (x)" in text


def test_quick_prints_and_keeps_nothing(bench, capsys):
    page, kept, calls = bench
    run.main(["--quick"])
    assert not page.exists() and not kept.exists()
    assert "not searched (--quick)" in capsys.readouterr().out
    assert "growth" not in calls and "growth-rp2" not in calls


@pytest.mark.parametrize("flags, section", [
    (["--wasm-only"], "wasm"), (["--presses-only"], "presses"),
    (["--keys-only"], "keys"), (["--growth"], "growth"),
    (["--growth-rp2"], "growth-rp2"),
    (["--growth-rp2", "--sync-only"], "growth-rp2-sync"),
    (["--growth-pc"], "growth-pc"), (["--rp2"], "rp2"),
    (["--erases-only"], "erases")])
def test_a_flag_measures_and_renders_its_section_only(bench, flags,
                                                      section):
    page, kept, calls = bench
    run.main([])
    whole = page.read_text()
    (kept / "unix.json").unlink()          # as on a fresh checkout
    calls.clear()
    run.main(flags)
    assert calls in ([section.split("-sync")[0]],
                     ["build", section])
    doc = json.loads((kept / f"{section}.json").read_text())
    assert doc["command"] == "bench/run.py " + " ".join(flags)
    after = render.parse(page.read_text())
    before = render.parse(whole)
    # The same figures: every unit as it was, and a dated note when the
    # section has one.
    assert after["rows"] == before["rows"]
    changed = {s for s in after["slots"]
               if after["slots"][s] != before["slots"].get(s)}
    if section == "growth-rp2-sync":
        assert changed == {"growth-rp2-sync"}
        assert after["slots"]["growth-rp2-sync"][-1].startswith(
            "(This table and its targets: `bench/run.py --growth-rp2 "
            "--sync-only`, ")
        assert after["notes"] == []
    else:
        assert changed == set()
        assert [n.split(":")[0] for n in after["notes"]] == [
            "(" + render.NOTES[section]]


def test_a_whole_run_without_the_emulated_pico_says_what_it_kept(
        bench, monkeypatch):
    page, kept, calls = bench
    run.main([])
    before = render.parse(page.read_text())
    monkeypatch.setattr(run, "rp2_figures", lambda: None)
    calls.clear()
    run.main([])
    after = render.parse(page.read_text())
    assert "growth-rp2" not in calls
    assert after["rows"]["rp2"] == [] and "rp2" not in after["slots"]
    for slot in ("growth-rp2", "growth-rp2-sync", "growth-rp2-rest"):
        assert after["slots"][slot] == before["slots"][slot]
    assert after["notes"] == [
        "(The emulated Pico's growth section: kept from an earlier run, "
        "not measured by this `make bench`.)"]
    # Measured again later: the note goes.
    run.main(["--growth-rp2"])
    [note] = render.parse(page.read_text())["notes"]
    assert note.startswith("(The emulated Pico's growth section: "
                           "`bench/run.py --growth-rp2` on ")
