"""`make bench`: the device's memory, speed, flash and link budgets and the
other figures of docs/benchmarks.md, measured, kept as JSON, rendered.

Run: .venv/bin/python bench/run.py [--quick | --wasm-only | --presses-only
| --keys-only | --growth | --growth-rp2 [--sync-only] | --growth-pc
| --rp2 | --erases-only]
Without a flag: every section (about 6 minutes on the unix port, more
with the emulated Pico's), the whole page rewritten. With one, only that
section is measured and rendered into docs/benchmarks.md, the others kept
as they were measured, and a dated note at the top says so:
--quick: fewer games and no heap search, for trying the script out (the
page is printed, nothing kept or written); --wasm-only: the 32-bit heap
figures (rows and section); --presses-only: the key presses per number,
the last section; --keys-only: the key-press figures (rows and the
per-title I2C, instruction and µs columns); --growth: the growth section,
bench/growth.py: sync, past games and corrections as the flash fills and
a game grows, on the unix port; --growth-rp2: the same on the emulated
Pico, bench/growth_rp2.py (with --sync-only: only its sync and past-games
table, the other tables kept); --growth-pc: the PC tools on archives of
1,000 and 10,000 games, bench/growth_pc.py; --rp2: the emulated Pico's
rows and section, bench/rp2.py: MicroPython's rp2 port on rp2040js, one
process per deployment; --erases-only: which events of a long game erase
flash, bench/flash_erases.py.

Each measurement keeps its raw figures, the date and the tools' versions
in out/bench/<section>.json (results.py); bench/render.py turns them into
the page (and re-renders it from them alone: `bench/render.py --check`).
Targets and their wording: bench/targets.py. Each figure says how it was
measured in the "how" column; the sections below the table give the
figures per title.
"""

import shutil
import sys
import time

from roots import ROOT  # noqa: F401  (sys.path)

import flash_erases
import growth_pc
import render
import results
from marcador.build_mpy import build
from measure_rp2 import rp2_measure
from measure_unix import (MPY, firmware_heap, flash_figures, heap_per_event,
                          key_costs, micropython_version, sync_figures,
                          word_size)
from measure_wasm import WASM_HEAP_KB, wasm_heap

OUT = render.PAGE


# --- measuring: each returns a section's data (results.py)
def unix_figures(quick=False):
    """The "unix" and "keys" sections' data (keys: key_costs())."""
    print("heap per event...", file=sys.stderr)
    h = heap_per_event(2 if quick else 8)
    print("firmware heap...", file=sys.stderr)
    fw = firmware_heap(search=not quick)
    keys = keys_figures()
    print("flash...", file=sys.stderr)
    fl = flash_figures()
    print("sync...", file=sys.stderr)
    sy = sync_figures(10 if quick else 40)
    return ({"heap": h, "firmware": fw, "flash": fl,
             "sync": list(sy.values()), "word_size": word_size(),
             "quick": quick}, keys)


def keys_figures():
    use_vg = shutil.which("valgrind") is not None
    print(f"key presses ({'with' if use_vg else 'without'} valgrind)...",
          file=sys.stderr)
    return {"keys": key_costs(use_vg)}


def wasm_figures():
    print("32-bit VM...", file=sys.stderr)
    return {"heap_kb": WASM_HEAP_KB, "titles": wasm_heap()}


def presses_figures(seed=1, rounds=100):
    # bench/presses.py: the same seeded rounds, holding keys and tapping.
    import presses
    print("key presses per number...", file=sys.stderr)
    t = time.time()
    held = presses.measure(seed, rounds)
    taps = presses.measure(seed, rounds, holds=False)
    return {"seed": seed, "rounds": rounds, "held": held, "taps": taps,
            "seconds": time.time() - t}


def rp2_figures():
    """bench/rp2.py's figures, or None when the emulated Pico is missing."""
    print("the emulated Pico (bench/rp2.py)...", file=sys.stderr)
    from marcador import pico_emu
    try:
        pico_emu.node()
        pico_emu.bootrom()
    except pico_emu.Unavailable as ex:
        print(f"  emulated Pico: not measured: {ex}", file=sys.stderr)
        return None
    return rp2_measure()


def growth_figures():
    import growth
    print("growth...", file=sys.stderr)
    return growth.measure()


def growth_rp2_figures(sync_only=False):
    import growth_rp2
    print("growth on the emulated Pico...", file=sys.stderr)
    return growth_rp2.measure_sync() if sync_only else growth_rp2.measure()


# --- keeping and rendering
def doc(section, data, run=None, micropython=None):
    return results.make(section, data, render.COMMANDS[section], run,
                        micropython)


def apart(section, measure, *args):
    # One section measured alone, stamped with its start, then written.
    run = results.now()
    return write({section: doc(section, measure(*args), run)})


def write(docs):
    """The sections in docs kept in out/bench/ and rendered from there
    into the page (as bench/render.py would), the other sections' text
    kept; what changed printed."""
    docs = {s: results.load(results.save(d)["section"]) for s, d in
            docs.items()}
    shown = render.merge("", docs)
    if "unix" not in docs:              # the section alone, no page head
        shown = shown.split("\n", 3)[3].strip("\n")
    print(shown)
    old = OUT.read_text() if OUT.exists() else ""
    OUT.write_text(render.merge(old, docs))
    print(f"rendered into {OUT}: "
          f"{', '.join(docs)}", file=sys.stderr)


def whole(quick):
    # Every section, one run stamp (no notes); --quick prints the page.
    run = results.now()
    t0 = time.time()
    build(MPY)
    unix, keys = unix_figures(quick)
    docs = {"wasm": doc("wasm", wasm_figures(), run)}
    rp2 = rp2_figures()
    docs["rp2"] = doc("rp2", rp2, run)
    docs["presses"] = doc("presses", presses_figures(
        rounds=20 if quick else 100), run)
    if not quick and rp2 is not None:
        docs["growth-rp2"] = doc("growth-rp2", growth_rp2_figures(), run)
    if not quick:
        docs["growth"] = doc("growth", growth_figures(), run)
    docs["erases"] = doc("erases", flash_erases.measure(), run)
    print("growth of the PC tools...", file=sys.stderr)
    docs["growth-pc"] = doc("growth-pc", growth_pc.measure_all(), run)
    unix["took"] = time.time() - t0
    docs["unix"] = doc("unix", unix, run, micropython_version())
    docs["keys"] = doc("keys", keys, run)
    if quick:
        print(render.merge("", docs))
        return
    write(docs)


FLAGS = ("--quick", "--wasm-only", "--presses-only", "--keys-only",
         "--growth", "--growth-rp2", "--sync-only", "--growth-pc", "--rp2",
         "--erases-only")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return
    bad = [a for a in argv if a not in FLAGS]
    if bad:
        print(f"bench/run.py: unknown option {bad[0]} (it takes "
              f"{', '.join(FLAGS)}; see --help)", file=sys.stderr)
        raise SystemExit(2)
    if "--wasm-only" in argv:
        return apart("wasm", wasm_figures)
    if "--presses-only" in argv:
        return apart("presses", presses_figures)
    if "--growth" in argv:
        return apart("growth", growth_figures)
    if "--growth-rp2" in argv and "--sync-only" in argv:
        return apart("growth-rp2-sync", growth_rp2_figures, True)
    if "--growth-rp2" in argv:
        return apart("growth-rp2", growth_rp2_figures)
    if "--growth-pc" in argv:
        return apart("growth-pc", growth_pc.measure_all)
    if "--erases-only" in argv:
        return apart("erases", flash_erases.measure)
    if "--rp2" in argv:
        return apart("rp2", rp2_measure)
    if "--keys-only" in argv:
        build(MPY)
        return apart("keys", keys_figures)
    whole("--quick" in argv)


if __name__ == "__main__":
    main()
