"""What the firmware's heap is made of on the 32-bit VM (MicroPython's
webassembly port under node, as `make bench` measures it): a table to
re-run after a change.

Run: .venv/bin/python bench/census.py [TITLE ...] [--imports]
(default: dog; --imports adds what each module's import costs.)
Needs node and the VM (make web/node_modules/.installed).

For each title's max-player game (sim/scripts/maxplayers.py), with the
.mpy files loaded into RAM and from a ROMFS image (bytecode in place):
  - the live heap after boot and at the peak key boundary, minus the fakes
    and the driver (as bench/run.py);
  - the qstr pools: every name and string constant of every module ever
    imported is interned there and never freed (in RAM mode the strings'
    bytes too; from ROM only the pools' tables);
  - the heap by GC block type, from micropython.mem_info(1)'s map (T tuple,
    L list, D dict, S str/bytes, A bytearray/array, B function, M module,
    h the rest: bytecode and constant tables loaded into RAM, raw code
    objects, classes, instances, map tables, qstr pools);
  - the app's biggest objects and which objects each of its attributes and
    each firmware module's globals hold, sizes estimated from lengths
    (16-byte GC blocks: a bytearray is 16 + its bytes, a list 16 + 4 per
    item, a dict 16 + 8 per item, an instance 16 + 8 per attribute; a
    bytearray over flash, app/tables.py, is counted by its length though
    it takes 16 bytes);
  - the firmware modules in sys.modules, with globals, functions, classes.
--imports: in a fresh VM each module resident at the peak is imported on
its own (core, drivers, then app), the heap read before and after: what it
costs, including the modules it brought in that were not there yet.
"""

import json
import subprocess
import sys

from roots import ROOT

import make_site
import maxplayers

HEAP_KB = 256                     # as bench/run.py's WASM_HEAP_KB
NODE_JS = ROOT / "bench" / "wasm" / "census.mjs"
TYPES = "hBDSTLAM"


def node(*args, stdin=""):
    p = subprocess.run(["node", str(NODE_JS), *map(str, args)], input=stdin,
                       capture_output=True, text=True, timeout=900)
    if p.returncode:
        raise RuntimeError(p.stderr[-3000:])
    return json.loads(p.stdout)


def play(gid, mode):
    return node(mode, make_site.TREE, make_site.ROMFS, HEAP_KB, "play",
                stdin=maxplayers.script(gid))


def kb(n):
    return f"{n / 1024:.1f}"


def qstr_heap(q, mode):
    # The pools' own tables always; the strings' bytes only when loaded
    # into RAM (from ROM they are read in place).
    return q["total"] - (q["data"] if mode == "rom" else 0)


def report(gid, runs):
    print(f"\n## {gid}: max-player game, firmware alone (fakes subtracted)\n")
    print("| | RAM boot | RAM peak | ROM boot | ROM peak |")
    print("|---|---|---|---|---|")
    snaps = [(runs[m], runs[m][p]) for m in ("ram", "rom")
             for p in ("boot", "peak")]
    print("| live heap, KB | " + " | ".join(
        kb(s["heap"] - r["fakes"]) for r, s in snaps) + " |")
    print("| qstr pools (estimate), KB | " + " | ".join(
        kb(qstr_heap(s["qstr"], r["mode"]) - qstr_heap(r["fakes_qstr"],
                                                      r["mode"]))
        + f" ({s['qstr']['n'] - r['fakes_qstr']['n']} qstrs)"
        for r, s in snaps) + " |")
    for t in TYPES:
        print(f"| blocks '{t}', KB (fakes included) | " + " | ".join(
            kb(s["types"].get(t, 0)) for r, s in snaps) + " |")
    print("| peak at press / screen | | " +
          f"{runs['ram']['peak'].get('press', 0)} "
          f"{runs['ram']['peak'].get('screen', '')} | | "
          f"{runs['rom']['peak'].get('press', 0)} "
          f"{runs['rom']['peak'].get('screen', '')} |")
    for where in ("boot", "peak"):
        s = runs["rom"][where]
        print(f"\n{where} (ROM run): what the app and the modules' globals "
              "hold (estimates, bytes)\n")
        for name, n in sorted(s["tops"], key=lambda t: -t[1]):
            if n >= 64:
                print(f"- {name}: {n}")
        print("\n'h' blocks by what their first word names (class "
              "instances; the rest: code and constant tables, raw code, "
              "map tables, qstr pools, buffers' bytes): " + ", ".join(
                  f"{name} {n}x {b}" for name, (n, b) in s["hgroups"][:8]))
        print("\nbiggest 'h' allocations (bytes, first word): " + ", ".join(
            f"{b} ({w:#x})" for b, w in s["hbiggest"][:16]))
        print("\nbiggest objects: " + ", ".join(
            f"{w} ({t}) {n}" for w, t, n in s["objects"][:12]))
        fw = [m for m in s["modules"]
              if m[0].split(".")[0] in ("app", "core", "drivers")]
        print(f"\n{len(fw)} firmware modules: " + ", ".join(
            f"{m[0]} ({m[2]}f {m[3]}c)" for m in fw))


def imports(mods, mode):
    order = sorted(mods, key=lambda m: (
        ["core", "drivers", "app"].index(m.split(".")[0]), m.count("."), m))
    return node(mode, make_site.TREE, make_site.ROMFS, HEAP_KB, "imports",
                *order)


def main(argv):
    with_imports = "--imports" in argv
    titles = [a for a in argv if not a.startswith("--")] or ["dog"]
    make_site.vm_files()
    make_site.build_tree()
    make_site.build_romfs()
    for gid in titles:
        runs = {m: play(gid, m) for m in ("ram", "rom")}
        for m, r in runs.items():
            if r.get("screen") != "Final":
                raise SystemExit(f"{gid} ({m}) ended on {r.get('screen')}")
        report(gid, runs)
        if with_imports:
            mods = [m[0] for m in runs["rom"]["peak"]["modules"]
                    + runs["rom"]["boot"]["modules"]
                    if m[0].split(".")[0] in ("app", "core", "drivers")]
            res = {m: imports(sorted(set(mods)), m) for m in ("ram", "rom")}
            print("\nimport one at a time (fresh VM, after the fakes), bytes"
                  "\n\n| module | RAM | ROM | qstr pools (ROM) | "
                  "also imported |\n|---|---|---|---|---|")
            rows = zip(res["ram"]["imports"], res["rom"]["imports"])
            tot = [0, 0]
            for a, b in rows:
                if a[1] is None or b[1] is None:
                    print(f"| {a[0]} | failed: {a[2] or b[2]} | | | |")
                    continue
                tot[0] += a[1]
                tot[1] += b[1]
                print(f"| {a[0]} | {a[1]} | {b[1]} | {b[3]} | {b[2]} |")
            print(f"| total | {tot[0]} | {tot[1]} | | |")


if __name__ == "__main__":
    main(sys.argv[1:])
