"""docs/benchmarks.md's 32-bit VM rows and section (measure_wasm.py's
figures). The "wasm" section's data: {"heap_kb": the VM's first heap
area, "titles": wasm_heap() or None when node or the VM was missing}.
The figures are a report: the targets are the emulated Pico's."""

from marcador_core.games import IDS


def wasm_rows(wa, heap_kb):
    # The main table's rows for the 32-bit figures.
    if wa is None:
        return [("firmware alone on a 32-bit VM, max-player game per title",
                 "report",
                 "not measured: node or the VM missing", "",
                 "bench/wasm/heap.mjs on MicroPython's webassembly port")]

    def kb(xs):
        lo, hi = min(xs) / 1024, max(xs) / 1024
        return f"{lo:.1f} KB" if lo == hi else f"{lo:.1f}-{hi:.1f} KB"
    rows = []
    for mode, where in (("ram", ".mpy in RAM"), ("rom", "bytecode in ROM")):
        peaks = [r[mode]["peak"] for r in wa.values()]
        boots = [r[mode]["boot"] for r in wa.values()]
        fakes = [r[mode]["fakes"] for r in wa.values()]
        rows.append((
            f"firmware alone on a 32-bit VM, {where}, max-player game per "
            f"title (live peak at key boundaries)", "report",
            f"peak {kb(peaks)}; boot {kb(boots)} (fakes and driver "
            f"subtracted: {kb(fakes)})", "",
            f"MicroPython {next(iter(wa.values()))['version']} webassembly "
            f"port (npm, pinned) under node, first heap area "
            f"{heap_kb} KB: one key press per call, gc.mem_alloc() "
            "between calls (bench/wasm/heap.mjs); not seen: peaks inside a "
            "press"))
    return rows


def wasm_section(wa, heap_kb):
    if wa is None:
        return ["", "### 32-bit VM", "",
                "Not measured: node or the VM (web/node_modules) missing."]
    any_row = next(iter(wa.values()))
    lines = ["", "### 32-bit VM, per title (bytes)", "",
             f"MicroPython {any_row['version']} (webassembly port, npm "
             "@micropython/micropython-webassembly-pyscript pinned in "
             f"web/package.json; 4-byte pointers, 16-byte GC blocks) under "
             f"node, first heap area fixed at {heap_kb} KB, so that the "
             "figures repeat (where the heap lies changes which false "
             "pointers a conservative collector meets). The VM collects only when a call from "
             "JavaScript returns, so each key press of the max-player script "
             "is one call and the live heap is gc.mem_alloc() between calls. "
             "\"firmware\" = minus the heap taken once the driver and the "
             "fakes are loaded (sim/wasm/drive.py, board.py, the I2C bus and "
             "display model: the \"fakes\" column) before any firmware "
             "module. `os`, `binascii` and `time` are the VM's C modules, "
             "as on a Pico or an ESP32 (sim/wasm/board.py puts them in place "
             "of the Python versions this VM freezes over them, which took "
             "2.2-2.7 KB of the firmware's peaks). Every final screen equals the unix simulator's, bit "
             "for bit. The last column is the unix port's (64-bit) live "
             "peak of the same game, fakes included.", "",
             "| title | presses | RAM: boot | RAM: peak | fakes (RAM) "
             "| ROM: boot | ROM: peak | fakes (ROM) | 64-bit unix peak |",
             "|---|---|---|---|---|---|---|---|---|"]
    for g in IDS:
        r = wa[g]
        lines.append(
            f"| {g} | {r['ram']['presses']} | {r['ram']['boot']:,} | "
            f"**{r['ram']['peak']:,}** | {r['ram']['fakes']:,} | "
            f"{r['rom']['boot']:,} | **{r['rom']['peak']:,}** | "
            f"{r['rom']['fakes']:,} | {r['unix_peak']:,} |")
    return lines
