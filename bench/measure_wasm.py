"""The firmware's heap on MicroPython's webassembly port (a 32-bit VM)
under node, measured by bench/wasm/heap.mjs; render_wasm.py makes the
page's rows and section of it."""

import json
import shutil
import subprocess
import sys

from roots import ROOT

import maxplayers
from marcador import sim
from marcador_core.games import IDS

# --- memory on a 32-bit VM
WASM_HEAP_KB = 256         # the VM's first heap area, fixed (see wasm_heap)


def wasm_heap():
    # The firmware on MicroPython's webassembly port (4-byte pointers,
    # 16-byte GC blocks, as on a board), the same max-player games, one key
    # press per call from JavaScript and gc.mem_alloc() between calls
    # (bench/wasm/heap.mjs): boot and peak live heap at key boundaries,
    # .mpy loaded into RAM and run in place from a ROMFS image. The driver
    # and the fakes are loaded first (board.prepare()) and their heap is
    # subtracted: "firmware" is what the firmware adds to that. Each final
    # screen is checked against the unix simulator's, bit for bit, and the
    # unix port's (64-bit) live peak is measured alongside.
    # None when node or the VM (make web / npm ci in web/) is missing.
    import make_site
    node = shutil.which("node")
    if node is None or not (make_site.VM_PKG / "micropython.mjs").exists():
        print("  32-bit VM: node or web/node_modules missing (make bench "
              "installs the VM with npm): not measured", file=sys.stderr)
        return None
    make_site.vm_files()                 # the pinned version, or stop
    make_site.build_tree()
    make_site.build_romfs()
    out = {}
    for gid in IDS:
        script = maxplayers.script(gid)
        states, shots = sim.run_script(script, compiled=True, heapsize="512k",
                                       heap_stats=True)
        row = {"unix_peak": states[-1]["heap_peak"]}
        for mode in ("ram", "rom"):
            p = subprocess.run(
                [node, ROOT / "bench" / "wasm" / "heap.mjs", mode,
                 make_site.TREE, make_site.ROMFS, str(WASM_HEAP_KB)],
                input=script, capture_output=True, text=True, timeout=600)
            if p.returncode:
                raise RuntimeError(p.stderr[-2000:])
            r = json.loads(p.stdout)
            if r.get("error") or r["screen"] != "Final":
                raise RuntimeError(f"{gid} on the 32-bit VM ({mode}): "
                                   f"{r.get('error') or r['screen']}")
            if r["shots"]["final"] != shots["final"]:
                raise RuntimeError(f"{gid} ({mode}): the final screen differs "
                                   "from the unix simulator's")
            row[mode] = {"empty": r["empty"], "fakes": r["fakes"] - r["empty"],
                         "boot": r["boot"] - r["fakes"],
                         "peak": r["peak"] - r["fakes"],
                         "total_peak": r["peak"], "presses": r["presses"]}
            row["version"] = r["version"].split("MicroPython ")[-1]
        out[gid] = row
        print(f"  32-bit {gid}: ram {row['ram']} rom {row['rom']}",
              file=sys.stderr)
    return out
