"""`make bench`: the device's memory, speed, flash and link budgets, measured
on the MicroPython unix port, printed as one table and written to
docs/benchmarks.md with the date and the MicroPython version.

Run: .venv/bin/python bench/run.py [--quick | --wasm-only | --presses-only
| --keys-only | --growth | --growth-rp2 [--sync-only] | --growth-pc
| --rp2]
(--quick: fewer games and no heap search, for trying the script out;
--wasm-only: only the 32-bit heap figures, merged into docs/benchmarks.md
in place of the ones there, the rest of the file kept; --presses-only:
likewise the key presses per number, the last section; --keys-only: the
same for the key-press figures: I2C, instructions, µs, boot; --growth:
likewise the growth section, bench/growth.py: sync, past games and
corrections as the flash fills and a game grows, on the unix port;
--growth-rp2: the same on the emulated Pico, the device's rows,
bench/growth_rp2.py (with --sync-only: only its sync and past-games
table, the other tables kept); --growth-pc: the PC
tools on archives of 1,000 and 10,000 games, bench/growth_pc.py; --rp2:
only the emulated Pico's rows and section, bench/rp2.py: MicroPython's rp2
port on rp2040js, one process per deployment.)
Each figure says how it was measured in the "how" column; the sections
below the table give the figures per title.
"""

import datetime
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from roots import ROOT

import growth_pc
import maxplayers
from gamegen import random_game
from marcador import sim
from marcador.build_mpy import build
from marcador.devicelog import to_entry
from marcador_core import record
from marcador_core.games import IDS

MPY = ROOT / "out" / "mpy"
SIM = ROOT / "sim"
OUT = ROOT / "docs" / "benchmarks.md"
PLAYERS = {"doggy": 5, "duplicon": 4, "alebrijes": 6, "dog": 6, "dinos": 4,
           "free": 8}
# The heap the key-press figures run in: about what a Pico gives
# MicroPython (192 KB), scaled to this port's word size as -X heapsize=NNwk
# does. A collection's sweep walks the whole heap, so a 16 MB heap (used
# until 2026-11-22) charged each collection, and boot's gc.mem_alloc(), for
# memory no board has.
KEY_HEAP = "192wk"


def mp(*args, stdin="", heap="16m", timeout=600):
    cmd = [sim.micropython(), "-X", f"heapsize={heap}"] + [str(a) for a in
                                                           args]
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                       cwd=ROOT, timeout=timeout)
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return p.stdout


def keys_of(gid):
    return "\n".join(ln for ln in (SIM / "scripts" / f"{gid}.keys")
                     .read_text().splitlines()
                     if not ln.startswith("shot")) + "\nquit\n"


# --- memory
def heap_per_event(games=8):
    # tests/mp/heap_check.py: every event (valid or refused), undo/redo and
    # scoring under micropython.heap_lock(), in a 64 KB heap, from .mpy.
    rnd = random.Random(6)
    out = {}
    for gid in IDS:
        lines = []
        for _ in range(games):
            rec, tried = random_game(rnd, gid, steps=200, n=PLAYERS[gid])
            n = len(rec["players"])
            evs = []
            for ev, _ in tried:
                try:
                    evs.append(record.encode_event(gid, n, ev).hex())
                except record.RecordError:
                    pass
            lines.append(json.dumps({
                "game": gid, "n": n, "events": evs,
                "opts": record.options_bytes(gid, n,
                                             rec.get("options")).hex()}))
        # One title per VM, as on a board.
        env = dict(os.environ, MICROPYPATH=str(MPY))
        p = subprocess.run([sim.micropython(), "-X", "heapsize=64k",
                            str(ROOT / "tests" / "mp" / "heap_check.py")],
                           input="\n".join(lines) + "\n",
                           capture_output=True, text=True, env=env)
        if p.returncode:
            raise RuntimeError(p.stderr[-2000:] or p.stdout[-2000:])
        o = out[gid] = {"events": 0, "alloc": 0, "lock_failures": 0}
        for line in p.stdout.splitlines():
            r = json.loads(line)
            o["events"] += r["events"]
            o["alloc"] += r["alloc"]
            o["lock_failures"] += r["failed_at"] != -1
    return out


def completes(gid, heap, heap_stats=False):
    # The final state when the game completes in that heap, else None.
    # Without heap_stats only the app's own collections run.
    try:
        states, _ = sim.run_script(maxplayers.script(gid), compiled=True,
                                   heapsize=heap, heap_stats=heap_stats)
    except RuntimeError:
        return None
    return states[-1] if states and states[-1]["screen"] == "Final" \
        else None


def word_size():
    # Bytes per pointer on the unix port (8 on x86-64): what "w" scales by.
    out = subprocess.run([sim.micropython(), "-c",
                          "import sys; print(8 if sys.maxsize > 1 << 32 "
                          "else 4)"], capture_output=True, text=True)
    return int(out.stdout)


def firmware_heap(search=True):
    # The whole firmware + the simulated board from .mpy, a maximum-player
    # game of each title: the live peak (gc.mem_alloc() after a collection
    # at every script step, in a roomy heap), whether it completes in
    # -X heapsize=64wk (64 KB scaled to the port's word size) and in 64k,
    # and the smallest heap that completes, by bisection in 1 KB steps
    # (these runs without the measuring collections).
    out = {}
    for gid in IDS:
        final = completes(gid, "512k", heap_stats=True)
        row = {"peak": final["heap_peak"] if final else None,
               "fits_64wk": completes(gid, "64wk") is not None,
               "fits_64k": completes(gid, "64k") is not None}
        if search and final:
            lo, hi = 32, 512          # KB: lo fails (assumed), hi completes
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if completes(gid, f"{mid}k"):
                    hi = mid
                else:
                    lo = mid
            row["smallest"] = hi
        out[gid] = row
        print(f"  heap {gid}: {row}", file=sys.stderr)
    return out


# --- memory on a 32-bit VM
WASM_HEAP_KB = 256         # the VM's first heap area, fixed (see wasm_heap)
# The 32-bit VM's figures are a report: the targets are the emulated
# Pico's (RP2_*_TARGET below), measured on MicroPython's own rp2 port.


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


def wasm_rows(wa):
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
            f"{WASM_HEAP_KB} KB: one key press per call, gc.mem_alloc() "
            "between calls (bench/wasm/heap.mjs); not seen: peaks inside a "
            "press"))
    return rows


def wasm_section(wa):
    if wa is None:
        return ["", "### 32-bit VM", "",
                "Not measured: node or the VM (web/node_modules) missing."]
    any_row = next(iter(wa.values()))
    lines = ["", "### 32-bit VM, per title (bytes)", "",
             f"MicroPython {any_row['version']} (webassembly port, npm "
             "@micropython/micropython-webassembly-pyscript pinned in "
             f"web/package.json; 4-byte pointers, 16-byte GC blocks) under "
             f"node, first heap area fixed at {WASM_HEAP_KB} KB, so that the "
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


# --- speed and display traffic
def key_costs(use_valgrind):
    out = {}
    for gid in IDS:
        script = keys_of(gid)
        with tempfile.TemporaryDirectory() as tmp:
            native = json.loads(mp(ROOT / "bench" / "mp" / "key_costs.py",
                                   SIM, MPY, Path(tmp) / "flash.img",
                                   stdin=script, heap=KEY_HEAP)
                                .strip().splitlines()[-1])
        row = {"i2c": [k[0] for k in native["keys"]],
               "us": [k[1] for k in native["keys"]],
               "pages": [k[2] for k in native["keys"]],
               "boot_us": native["boot"][1]}
        if use_valgrind:
            instr = callgrind(script)
            order = native["order"]
            assert len(instr) == len(order) + 1, (gid, len(instr))
            row["boot_instr"] = instr[0]
            row["instr"] = [n for n, c in zip(instr[1:], order) if c == "k"]
            # Each press with the quiet steps measured after it.
            row["instr_with_after"] = []
            for n, c in zip(instr[1:], order):
                if c == "k":
                    row["instr_with_after"].append(n)
                else:
                    row["instr_with_after"][-1] += n
        out[gid] = row
        print(f"  keys {gid}: {len(row['us'])} presses", file=sys.stderr)
    return out


def callgrind(script):
    # One count per hash() call in key_costs.py: boot, then each press
    # and each quiet step measured after one (its "order" says which).
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
               "--toggle-collect=mp_builtin_hash",
               "--dump-after=mp_builtin_hash", "--dump-instr=no",
               f"--callgrind-out-file={tmp}/cg", sys.executable,
               sim.micropython(), "-X", f"heapsize={KEY_HEAP}",
               str(ROOT / "bench" / "mp" / "key_costs.py"), str(SIM),
               str(MPY), f"{tmp}/flash.img"]
        subprocess.run(cmd, input=script, capture_output=True, text=True,
                       cwd=ROOT, check=True)
        parts = sorted((int(p.name.rsplit(".", 1)[1]), p)
                       for p in Path(tmp).glob("cg.*"))
        counts = []
        for _, p in parts:
            m = re.search(r"^summary: (\d+)", p.read_text(), re.M)
            counts.append(int(m.group(1)))
        return counts


# --- flash
def flash_figures():
    import flash as fl
    rows = fl.play_all()
    ev = sum(f["events"] for f in rows)
    rec = sum(f["event_bytes"] + 2 * f["events"] for f in rows)
    phys = sum(f["flash_bytes"] for f in rows)
    games = [dict(f["record"], game=f["game"]) for f in rows
             if f["kind"] == "max players"]
    fill = fl.mp("fill", json.dumps(games))
    return {"events": ev, "record_per_event": rec / ev,
            "flash_per_event": phys / ev, "games_per_mb": fill["games"],
            "rows": rows}


# --- sync
def sync_figures(count=40):
    from marcador.archive import Archive
    from marcador.link import Client, LinkError
    from marcador.simport import SimDevice
    from marcador.sync import sync
    rnd = random.Random(11)
    entries = []
    while len(entries) < count:
        gid = IDS[len(entries) % len(IDS)]
        rec, _ = random_game(rnd, gid, steps=400)
        if record.score_record(rec)["over"]:
            entries.append(to_entry(rec, len(entries) + 1,
                                    1_790_000_000 + 3600 * len(entries)))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (3, count):
            img = Path(tmp) / f"f{n}.img"
            mp(ROOT / "bench" / "mp" / "prefill.py", SIM, ROOT / "firmware",
               img, stdin="".join(e.hex() + "\n" for e in entries[:n]))
            with SimDevice(img, "serve\n") as dev:
                c = Client(dev.port, timeout=5)
                for _ in range(100):
                    try:
                        c.hello()
                        break
                    except LinkError:
                        time.sleep(0.1)
                db = Archive(Path(tmp) / f"a{n}.sqlite")
                t = time.perf_counter()
                r = sync(c, db, progress=lambda s: None)
                took = time.perf_counter() - t
                c.close()
            data = sum(len(e) for e in entries[:n])
            assert r["added"] == n and r["bytes"] == data
            wire = r["sent"] + r["received"]
            out[n] = {"games": n, "data": data, "wire": wire,
                      "ratio": wire / data, "seconds": took,
                      "throughput": data / took}
            print(f"  sync {n}: {out[n]}", file=sys.stderr)
    return out


# --- key presses per number (bench/presses.py)
def presses_section(seed=1, rounds=100):
    import presses
    t = time.time()
    held = presses.measure(seed, rounds)
    taps = presses.measure(seed, rounds, holds=False)
    games = sum(r["games"] for r in held.values())
    return ("### Key presses per number, realistic rounds\n\n"
            f"`bench/presses.py --seed {seed}`: seeded realistic rounds "
            f"({rounds}+ units per title, 4 players, {games} games), entered "
            "on the simulator by a person who reads the screen and taps or "
            "holds (a hold is one press; its release off by 5% of its "
            "length); every game on the device equals the generated one. "
            "Mean: all presses / all numbers; p90: of a unit's presses per "
            "number; taps only: the same rounds by a person who never "
            f"holds a key ({time.time() - t:.0f} s).\n\n" +
            presses.table(held, taps) + "\n\n" +
            "Doggy Style per game, both ways of playing it on the same "
            "games: live tracking (every take, order, reserve dog, pass, "
            "Mario Hugo and wild entered as it happens) and the end count "
            "(the final table entered player by player, as the paper pad "
            "is filled). A game's presses: all of its units' (setup and "
            "going home aside); per Parranda taken: all the games' presses "
            "over the Parrandas taken in them.\n\n" +
            presses.game_table(held, taps) + "\n\n" +
            "Where DOG's presses per pawn event go (`--steps`): by event, "
            "and by the turns gone by since the one the device shows (a "
            "turn with no event is not entered, so the cursor waits on a "
            "player who may have had none). Floor: what any person pays on "
            "this screen, from the same events: OK on the player, the moves "
            "from the turn's row to theirs (the shorter way round the "
            "deal line and the players) and an OK in the list when it has "
            "more than one row.\n\n" + presses.dog_table(held["dog"]))


# --- the report
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

    def ok(cond):
        return "met" if cond else "**missed**"

    return [
        ("I2C per key press (median / worst)", "median <= 256 (2 pages)",
         f"{statistics.median(all_pages):.0f} / {max(all_pages)} pages; "
         f"{statistics.median(all_i2c):.0f} / {max(all_i2c)} bytes",
         ok(statistics.median(all_pages) <= 2) + " in pages; the bytes "
         "include 8 of addressing and control per page",
         "what the display driver hands the bus (128 pixel bytes per page, "
         "data prefix, page/column commands) in the step that handles the "
         f"press; {len(all_i2c)} presses of the six scripted games"),
        ("CPU per key press (median / worst), instructions",
         "median <= 300,000; worst <= 3,000,000",
         (f"{statistics.median(all_instr):,.0f} / {max(all_instr):,}"
          if has_instr else "valgrind not installed"),
         (ok(statistics.median(all_instr) <= 300_000) + " (median); " +
          ok(worst <= 3_000_000) + " (worst)") if has_instr else "",
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


def key_cells(k):
    # The per-title table's key-press columns: I2C, instructions, µs.
    ins = (f"{statistics.median(k['instr']):,.0f} / {max(k['instr']):,}"
           if "instr" in k else "-")
    return (f"{statistics.median(k['i2c']):.0f} / {max(k['i2c'])} | {ins} | "
            f"{statistics.median(k['us']):,.0f}")


def merge_keys(keys):
    # --keys-only: the key-press rows and the per-title
    # key columns of docs/benchmarks.md replaced by new ones (the other
    # figures stay as they were measured), with a note saying so.
    lines = OUT.read_text().splitlines() if OUT.exists() else []
    rows = {r[0]: f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} |"
            for r in key_rows(keys)}
    note = (f"(The key-press rows and the per-title "
            f"I2C, instruction and µs columns: `bench/run.py --keys-only` on "
            f"{datetime.date.today().isoformat()}, merged into the rest.)")
    out = []
    done = set()
    section = ""
    for ln in lines:
        if ln.startswith("### "):
            section = ln
        name = ln[2:].split(" | ", 1)[0] if ln.startswith("| ") else None
        if name in rows:
            out.append(rows[name])
            done.add(name)
        elif ln.startswith("RP2040 estimate") or \
                ln.startswith("(The key-press rows"):
            pass
        elif section == "### Per title" and name in IDS:
            cells = ln.split(" | ")
            out.append(" | ".join(cells[:4]) + " | " + key_cells(keys[name])
                       + " |")
        else:
            out.append(ln)
    if done != set(rows):
        raise SystemExit("docs/benchmarks.md lacks the key-press rows: run "
                         "make bench")
    out[3:3] = ["", note]
    out = [ln for i, ln in enumerate(out) if ln or i == 0 or out[i - 1]]
    OUT.write_text("\n".join(out) + "\n")
    print("\n".join(rows.values()))
    print(f"\nmerged into {OUT.relative_to(ROOT)}", file=sys.stderr)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def micropython_version():
    return mp("-c", "import sys; v = sys.implementation; print("
              "'%d.%d.%d' % v.version[:3], v.version[3] if len(v.version) > 3"
              " else '', '(' + sys.version.split('MicroPython ')[-1] + "
              "'), .mpy v%d' % (v._mpy & 0xff))").strip()


def report(h, fw, keys, fl, sy, wa, took, quick, rp2=None):
    alloc = sum(g["alloc"] for g in h.values())
    fails = sum(g["lock_failures"] for g in h.values())
    events = sum(g["events"] for g in h.values())
    peaks = {g: r["peak"] for g, r in fw.items()}
    small = {g: r.get("smallest") for g, r in fw.items()}
    big = sy[max(sy)]

    def ok(cond):
        return "met" if cond else "**missed**"

    rows = wasm_rows(wa) + (rp2_rows(rp2) if rp2 else []) + [
        ("heap bytes per applied event", "0",
         f"{alloc} bytes over {events} events ({fails} heap_lock failures)",
         ok(alloc == 0 and fails == 0),
         "tests/mp/heap_check.py from .mpy in a 64 KB heap: every event "
         "(valid and refused), undo, redo, scoring under "
         "micropython.heap_lock(); gc.mem_alloc() before/after"),
        ("whole firmware in a 64 KB heap, max-player game per title",
         "64 KB",
         f"{sum(r['fits_64wk'] for r in fw.values())} of {len(fw)} titles "
         f"complete in -X heapsize=64wk ({64 * word_size() // 4} KiB "
         f"here); {sum(r['fits_64k'] for r in fw.values())} of {len(fw)} in "
         f"a plain 64k; live peak {min(peaks.values()) / 1024:.0f}-"
         f"{max(peaks.values()) / 1024:.0f} KiB",
         ok(all(r["fits_64wk"] for r in fw.values())) + " as 64wk; " +
         ok(max(peaks.values()) <= 65536) + " in plain bytes",
         "simulator from .mpy; 64wk is the unix port's 32-bit baseline "
         "scaled to its word size (pointers and GC blocks are twice as big "
         "here; bytecode and strings are not, so this is generous to them); "
         "live peak: gc.collect() + gc.mem_alloc() at every script step"),
        ("smallest heap in which each title completes", "report",
         "not searched (--quick)" if quick else
         f"{min(small.values())}-{max(small.values())} KB",
         "", "-X heapsize bisection in 1 KB steps, the same max-player games"),
    ] + key_rows(keys) + [
        ("flash bytes per event (record / what littlefs wrote)", "<= 8",
         f"{fl['record_per_event']:.1f} / {fl['flash_per_event']:.0f}",
         ok(fl["record_per_event"] <= 8) + " (record); **missed** (physical)"
         if fl["flash_per_event"] > 8 else ok(True),
         f"{fl['events']} events of the 12 scripted games on a 1 MB "
         "littlefs2 with 4 KB blocks (bench/flash.py)"),
        ("games per MB of littlefs (4 KB blocks)", ">= 500",
         f"{fl['games_per_mb']:,}", ok(fl["games_per_mb"] >= 500),
         "max-player games archived until a new game is refused"),
        (f"sync: wire bytes per byte of game data ({big['games']} games)",
         "<= 1.4",
         f"{big['ratio']:.2f} ({big['wire']:,} / {big['data']:,} bytes); "
         f"{sy[3]['ratio']:.2f} for 3 games", ok(big["ratio"] <= 1.4),
         "marcador sync against the simulator over its pty, both "
         "directions counted"),
        ("sync throughput over the pty", "report",
         f"{big['throughput'] / 1024:.1f} KB/s of game data "
         f"({big['seconds'] * 1000:.0f} ms)", "",
         "the simulator serves in real time (10 ms app steps)"),
    ]
    lines = ["| figure | target | measured | | how |", "|---|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in rows]
    lines += ["", "### Per title", "",
              "| title | heap/event (bytes, events) | live peak | smallest heap "
              "| I2C median / worst | instructions median / worst | µs median |",
              "|---|---|---|---|---|---|---|"]
    for g in IDS:
        lines.append(
            f"| {g} | {h[g]['alloc']} ({h[g]['events']}) | "
            f"{peaks[g]:,} | {small[g] or '-'} KB | {key_cells(keys[g])} |")
    lines += wasm_section(wa)
    lines += rp2_section(rp2) if rp2 else []
    lines += ["", "Sync: " + "; ".join(
        f"{s['games']} games, {s['data']:,} bytes of games, {s['wire']:,} "
        f"bytes on the wire ({s['ratio']:.2f}x) in {s['seconds'] * 1000:.0f}"
        f" ms" for s in sy.values()) + "."]
    lines += ["", f"`make bench` took {took:.0f} s."]
    return "\n".join(lines)


FLAGS = ("--quick", "--wasm-only", "--presses-only", "--keys-only",
         "--growth", "--growth-rp2", "--sync-only", "--growth-pc", "--rp2")


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
    quick = "--quick" in argv
    if "--wasm-only" in argv:
        return merge_wasm(wasm_heap())
    if "--presses-only" in argv:
        return merge_presses(presses_section())
    if "--growth" in argv:
        import growth
        return merge_section(GROWTH, growth.measure())
    if "--growth-rp2" in argv and "--sync-only" in argv:
        return merge_growth_rp2_sync()
    if "--growth-rp2" in argv:
        return merge_section(*growth_rp2_section())
    if "--growth-pc" in argv:
        return merge_section(growth_pc.HEAD, growth_pc.section())
    if "--rp2" in argv:
        return merge_rp2(rp2_measure())
    if "--keys-only" in argv:
        build(MPY)
        return merge_keys(key_costs(shutil.which("valgrind") is not None))
    t0 = time.time()
    build(MPY)
    print("heap per event...", file=sys.stderr)
    h = heap_per_event(2 if quick else 8)
    print("firmware heap...", file=sys.stderr)
    fw = firmware_heap(search=not quick)
    use_vg = shutil.which("valgrind") is not None
    print(f"key presses ({'with' if use_vg else 'without'} valgrind)...",
          file=sys.stderr)
    keys = key_costs(use_vg)
    print("flash...", file=sys.stderr)
    fl = flash_figures()
    print("sync...", file=sys.stderr)
    sy = sync_figures(10 if quick else 40)
    print("32-bit VM...", file=sys.stderr)
    wa = wasm_heap()
    print("the emulated Pico (bench/rp2.py)...", file=sys.stderr)
    rp2 = None
    try:
        from marcador import pico_emu
        pico_emu.node()
        pico_emu.bootrom()
        rp2 = rp2_measure()
    except pico_emu.Unavailable as ex:
        print(f"  emulated Pico: not measured: {ex}", file=sys.stderr)
    print("key presses per number...", file=sys.stderr)
    pr = presses_section(rounds=20 if quick else 100)
    gr = ""
    if not quick and rp2 is not None:
        print("growth on the emulated Pico...", file=sys.stderr)
        gr = "\n".join(growth_rp2_section()[1]) + "\n\n"
    if not quick:
        print("growth...", file=sys.stderr)
        import growth
        gr = "\n".join(growth.measure()) + "\n\n"
    print("growth of the PC tools...", file=sys.stderr)
    gr += "\n".join(growth_pc.section()) + "\n\n"
    table = report(h, fw, keys, fl, sy, wa, time.time() - t0, quick, rp2) + \
        "\n\n" + gr + pr
    head = (f"# Benchmarks\n\nMeasured by `make bench` (bench/run.py) on "
            f"{datetime.date.today().isoformat()} with MicroPython "
            f"{micropython_version()} (unix port, {platform.machine()}), "
            f"{platform.processor() or platform.machine()}. Regenerate with "
            f"`make bench`; nothing here is typed by hand.\n\n")
    print(table)
    if not quick:
        OUT.write_text(head + table + "\n")
        print(f"\nwritten to {OUT.relative_to(ROOT)}", file=sys.stderr)


# --- the emulated Pico (bench/rp2.py)
RP2_DEPLOYMENTS = {"frozen": "frozen in the firmware (release image)",
                   "mpy": "stock MicroPython + .mpy on littlefs "
                          "(marcador flash's files)",
                   "romfs": "stock MicroPython with a 128 KB ROMFS, .mpy "
                            "in it",
                   "frozen-1mhz": "the release image, the display's I2C "
                                  "at 1 MHz (docs/boards.md)"}
RP2_HEAP_TARGET = {"frozen": 20 * 1024, "mpy": 64 * 1024}
RP2_BOOT_TARGET = 12_500_000          # frozen
RP2_STEP_TARGET = (375_000, 3_100_000)
RP2_PRESS_TARGET = 6_250_000
RP2_HOW = ("MicroPython v1.28.0's rp2 port on rp2040js (sim/rp2, the B1 "
           "bootrom, 125 MHz; I2C transfers take their wire time at the "
           "firmware's SCL rate; a flash erase or program takes a "
           "W25Q16JV's typical time, 45 ms a 4 KB sector, 0.4 ms a 256 B "
           "page, the core waiting busy; flash-cache misses take none: "
           "cycles are a lower bound of a Pico's), measured from "
           "outside by bench/rp2.py, nothing added to the firmware")


def rp2_measure():
    # One process per deployment (each runs its own emulators), at once.
    procs = {}
    for dep in RP2_DEPLOYMENTS:
        procs[dep] = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "rp2.py"), dep],
            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    out = {}
    for dep, p in procs.items():
        text, _ = p.communicate()
        if p.returncode:
            raise RuntimeError(f"bench/rp2.py {dep} failed")
        out.update(json.loads(text.strip().splitlines()[-1]))
    (ROOT / "out").mkdir(exist_ok=True)
    (ROOT / "out" / "bench-rp2.json").write_text(json.dumps(out))
    return out


def _rp2_all(r, field):
    return [p[field] for t in r["titles"].values() for p in t["presses"]]


def _rp2_less_flash(r, field):
    # Each press's figure less the flash chip's busy time in it (empty for
    # a run made before bench/rp2.py counted it).
    return [p[field] - p[field + "_flash"] for t in r["titles"].values()
            for p in t["presses"] if field + "_flash" in p]


def _kb(b):
    return f"{b / 1024:.1f} KB"


def rp2_rows(res):
    def ok(cond):
        return "met" if cond else "**missed**"
    rows = []
    deps = [d for d in RP2_DEPLOYMENTS if "titles" in res.get(d, {})]
    for d in RP2_DEPLOYMENTS:
        if d not in deps:
            why = res.get(d, {}).get("skipped", "not run")
            rows.append((f"Pico (emulated), {RP2_DEPLOYMENTS[d]}", "",
                         f"not measured: {why}", "", RP2_HOW))
    for d in deps:
        r = res[d]
        if r["drivers"] is None:          # frozen at another bus rate
            continue
        peaks = [max(p["heap"] for p in t["presses"])
                 for t in r["titles"].values()]
        boots = [t["boot_heap"] for t in r["titles"].values()]
        target = RP2_HEAP_TARGET.get(d)
        rows.append((
            f"Pico (emulated), {RP2_DEPLOYMENTS[d]}: heap live at key "
            f"boundaries, max-player game per title",
            f"peak <= {target // 1024} KB" if target else "report",
            f"peak {_kb(min(peaks))}-{_kb(max(peaks))}; boot "
            f"{_kb(min(boots))}; of them the drivers (board.setup()) "
            f"{_kb(r['drivers'])} (peak without them "
            f"{_kb(max(peaks) - r['drivers'])}); the REPL after the app "
            f"is interrupted and forgotten {_kb(r['repl'])}",
            (ok(max(peaks) <= target) +
             f" by {abs(max(peaks) - target) / 1024:.1f} KB") if target
            else "",
            "the GC allocation table read from the chip's RAM (allocated "
            "blocks x 16 B, as gc.mem_alloc()) after every step of a "
            "press's aftermath, the least value: after the app's own "
            "gc.collect() in its first quiet step after a key; boot: the "
            "same after a BACK on the home screen (which changes nothing); "
            "drivers: gc.mem_alloc() around `import board; "
            "board.setup()` at the raw REPL on another power-on, the app "
            "interrupted and its modules and names deleted first. " + RP2_HOW))
    boots = {d: statistics.median(t["boot"] for t in res[d]["titles"]
                                  .values()) for d in deps}
    if deps:
        split = next(iter(res[deps[0]]["titles"].values()))["boot_split"]
        rows.append((
            "Pico (emulated): boot to the home screen, busy cycles",
            f"frozen <= {RP2_BOOT_TARGET / 1e6:.1f} M",
            "; ".join(f"{d} {boots[d] / 1e6:.2f} M" for d in deps),
            (ok(boots["frozen"] <= RP2_BOOT_TARGET) +
             f" by {abs(boots['frozen'] - RP2_BOOT_TARGET) / 1e6:.2f} M")
            if "frozen" in boots else "",
            "cycles the core executed (not waiting for an interrupt) from "
            f"power-on until the home screen is drawn and the app idle "
            f"({deps[0]}: USB enumerated at {split['usb'] / 1e6:.2f} M, "
            f"the display's first command at {split['i2c'] / 1e6:.2f} M; "
            "the section below splits each). "
            + RP2_HOW))
    steps = {d: _rp2_all(res[d], "step") for d in deps}
    # The same less the flash chip's busy time in them (its erase and
    # program waits, bench/rp2.py flash_busy): what the firmware's own
    # work costs, against the same target.
    dry = {d: _rp2_less_flash(res[d], "step") for d in deps}
    rows.append((
        "Pico (emulated): the step that handles a key (median / worst), "
        "cycles", f"median <= {RP2_STEP_TARGET[0]:,}; worst <= "
        f"{RP2_STEP_TARGET[1] / 1e6:.1f} M",
        "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                  + (f" (less the flash's busy time: worst {max(dry[d]):,})"
                     if dry[d] else "")
                  for d, v in steps.items()),
        "; ".join(f"{d}: " + ok(statistics.median(v) <= RP2_STEP_TARGET[0])
                  + " / " + ok(max(v) <= RP2_STEP_TARGET[1])
                  + (f" (less flash: {ok(max(dry[d]) <= RP2_STEP_TARGET[1])})"
                     if dry[d] else "")
                  for d, v in steps.items()),
        "busy cycles of the app step in which the key's event is handled: "
        "a run of the core between two waits for an interrupt (the app "
        "sleeps 10 ms between steps): the first step 50 ms or more after "
        "the first one to read the edge (the buttons' debounce; press: "
        "UP/DOWN, release: OK/BACK, LONG 1 s after the press). On a board "
        "the key's step takes the key only: the screen is drawn in the "
        "next step and sent two display pages a step (drivers/hardware.py), "
        "and a key that starts a game leaves the start to the next step: "
        "all counted in the row below. Less the flash's busy time: the "
        "same without the cycles the core waits for the flash chip's "
        "erases and programs in that step (bench/rp2.py flash_busy; "
        "docs/architecture.md, Performance rules: why littlefs cannot "
        "meet the target with them). " + RP2_HOW))
    press = {d: _rp2_all(res[d], "press") for d in deps}
    dry = {d: _rp2_less_flash(res[d], "press") for d in deps}
    rows.append((
        "Pico (emulated): a press with its aftermath (median / worst), "
        "cycles", f"worst <= {RP2_PRESS_TARGET / 1e6:.2f} M",
        "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                  + (f" (less the flash's busy time: worst {max(dry[d]):,})"
                     if dry[d] else "")
                  for d, v in press.items()),
        "; ".join(f"{d}: " + ok(max(v) <= RP2_PRESS_TARGET)
                  + (f" (less flash: {ok(max(dry[d]) <= RP2_PRESS_TARGET)})"
                     if dry[d] else "")
                  for d, v in press.items()),
        "the key's step and every step starting in the 150 ms after its "
        "start (the screen drawn and sent, a game started, the garbage "
        "collected), the idle steps included (about 70,000 cycles each); "
        "less the flash's busy time as in the row above. " + RP2_HOW))
    longest = {d: _rp2_all(res[d], "longest") for d in deps
               if "longest" in res[d]["titles"][next(iter(res[d]["titles"]))]
               ["presses"][0]}
    if longest:
        rows.append((
            "Pico (emulated): the longest step of a press's window (median "
            "/ worst), cycles", "report",
            "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                      for d, v in longest.items()), "",
            "the costliest single step (a run of the core between two waits "
            "for an interrupt) among the key's step and those of its 150 ms "
            "aftermath: the longest time the buttons go unread. " + RP2_HOW))
    i2c = _rp2_all(res[deps[0]], "i2c") if deps else []
    if deps:
        rows.append((
            "Pico (emulated): I2C bytes per press (median / worst)",
            "report", f"{statistics.median(i2c):,.0f} / {max(i2c):,}", "",
            "bytes written to the display (0x3C, address excluded) from "
            "the press to the end of its window; the same in every "
            "deployment. " + RP2_HOW))
        fl = [t["flash"] for t in res[deps[0]]["titles"].values()]
        rows.append((
            "Pico (emulated): flash writes per max-player game",
            "report", f"{min(fl)}-{max(fl)} operations (program 256 B or "
            "erase 4 KB)", "",
            "the bootrom's flash_range_program/erase calls (intercepted) "
            "from the game's first key to its archive, littlefs with "
            "progsize=256 as the rp2 port mounts it. " + RP2_HOW))
    return rows


def rp2_section(res):
    lines = ["", "### Pico (emulated), per title", "",
             "bench/rp2.py: each title's max-player game (sim/scripts/"
             "maxplayers.py) by the buttons' GPIOs on a fresh copy of each "
             "deployment's flash, each press held 80 ms (1 s for a long "
             "one), then released 250 ms. Cycles are busy cycles (the core "
             "executing); heap in bytes.", "",
             "| deployment | title | presses | boot cycles | heap boot / "
             "peak | key step median / worst | press+after median / worst "
             "| I2C median / worst | flash ops |",
             "|---|---|---|---|---|---|---|---|---|"]
    worst = []
    for d in RP2_DEPLOYMENTS:
        if "titles" not in res.get(d, {}):
            continue
        for g, t in res[d]["titles"].items():
            ps = t["presses"]
            st = [p["step"] for p in ps]
            pr = [p["press"] for p in ps]
            ic = [p["i2c"] for p in ps]
            lines.append(
                f"| {d} | {g} | {len(ps)} | {t['boot']:,} | "
                f"{t['boot_heap']:,} / **{max(p['heap'] for p in ps):,}** | "
                f"{statistics.median(st):,.0f} / {max(st):,} | "
                f"{statistics.median(pr):,.0f} / {max(pr):,} | "
                f"{statistics.median(ic):,.0f} / {max(ic):,} | "
                f"{t['flash']} |")
            for i in sorted(range(len(st)), key=lambda i: -st[i])[:2]:
                worst.append((st[i], d, g, i + 1, ps[i]["key"]))
    splits = [f"{d}: USB enumerated at {t['boot_split']['usb']:,}, "
              f"first I2C byte at {t['boot_split']['i2c']:,}, home screen "
              f"drawn and idle at {t['boot']:,}"
              for d in RP2_DEPLOYMENTS if "titles" in res.get(d, {})
              for t in [next(iter(res[d]["titles"].values()))]]
    if splits:
        lines += ["", "Boot, busy cycles from power-on: " + "; ".join(splits)
                  + " (MicroPython's start and _boot.py until USB; then "
                  "main.py's imports and board.setup() until the display's "
                  "first command; then App(): the store, the settings, the "
                  "resume check, and the home screen drawn)."]
    # What the worst figures are made of: the flash chip's erase time (the
    # presses that write nothing to flash apart), a frame's wire time.
    erase = 45 * 125_000
    frame = (8 * (128 + 1 + 7) + 16) * 9       # SCL periods: SSD1306 pages
    parts = []
    for d in RP2_DEPLOYMENTS:
        if "titles" not in res.get(d, {}):
            continue
        ps = [p for t in res[d]["titles"].values() for p in t["presses"]]
        dry = [p for p in ps if not p["flash"]]
        if dry:
            parts.append(f"{d}: {len(dry)} of {len(ps)} presses write "
                         f"nothing to flash; of them the worst key step "
                         f"{max(p['step'] for p in dry):,}, the worst press "
                         f"with its aftermath {max(p['press'] for p in dry):,}")
    if parts:
        lines += ["", "Without flash writes, " + "; ".join(parts) + ". A "
                  f"4 KB sector erase alone takes {erase:,} cycles (45 ms), "
                  "over the worst step's target; littlefs erases when a "
                  "block fills, in the step that writes. A whole frame (8 "
                  "pages of 128 bytes with their commands and addresses) "
                  f"is {frame:,} SCL periods on the wire: {frame * 312:,} "
                  f"cycles at 400 kHz, {frame * 125:,} at 1 MHz."]
    for d in RP2_DEPLOYMENTS:
        mine = sorted((w for w in worst if w[1] == d), reverse=True)[:4]
        if mine:
            lines += ["", f"Worst key steps, {d}: " + "; ".join(
                f"{g} press {i} ("
                f"{'UP DOWN OK BACK'.split()['udob'.index(k)]}): {c:,}"
                for c, _, g, i, k in mine) + " (press n: the n-th press of "
                "sim/scripts/maxplayers.py's script)."]
    return lines


def merge_rp2(res):
    # --rp2: the emulated Pico's rows and section of docs/benchmarks.md
    # replaced by new ones (the rest kept), the RP2040 estimate removed.
    old = OUT.read_text().splitlines() if OUT.exists() else []
    rows = [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in
            rp2_rows(res)]
    section = rp2_section(res)
    note = (f"(The emulated Pico's rows and section: `bench/run.py --rp2` "
            f"on {datetime.date.today().isoformat()}, merged into the "
            "rest.)")
    keep = []
    skip = False
    for ln in old:
        if ln.startswith("| Pico (emulated)") or \
                ln.startswith("(The emulated Pico's rows") or \
                ln.startswith("RP2040 estimate"):
            continue
        if ln.startswith("### Pico (emulated)"):
            skip = True
            if keep and keep[-1] == "":
                keep.pop()
            continue
        if skip and (ln.startswith("Sync:") or ln.startswith("### ")):
            skip = False
            keep.append("")
        if not skip:
            keep.append(ln)
    try:
        at = keep.index("|---|---|---|---|---|") + 1
    except ValueError:
        raise SystemExit("docs/benchmarks.md has no table: run make bench")
    while at < len(keep) and keep[at].startswith("| firmware alone on a "
                                                  "32-bit VM"):
        at += 1
    keep[at:at] = rows
    at = next((i for i, ln in enumerate(keep) if ln.startswith("Sync:")),
              len(keep))
    keep[at:at] = section[1:] + [""]
    keep[3:3] = ["", note]
    keep = [ln for i, ln in enumerate(keep)      # no doubled blank lines
            if ln or i == 0 or keep[i - 1]]
    print("\n".join(rows + section))
    OUT.write_text("\n".join(keep) + "\n")
    print(f"\nmerged into {OUT.relative_to(ROOT)}", file=sys.stderr)


def merge_presses(section):
    # --presses-only: the last section of docs/benchmarks.md (key presses
    # per number) replaced by a new one, the other figures kept.
    head = "### Key presses per number, realistic rounds"
    old = OUT.read_text() if OUT.exists() else ""
    if head not in old:
        raise SystemExit("docs/benchmarks.md has no presses section: run "
                         "make bench")
    print(section)
    OUT.write_text(old[:old.index(head)] + section + "\n")
    print(f"\nmerged into {OUT.relative_to(ROOT)}", file=sys.stderr)


GROWTH = "### Growth: many games, long games"


def growth_rp2_section():
    # The device's growth rows: the emulated Pico (bench/growth_rp2.py).
    import growth_rp2
    return growth_rp2.HEAD, growth_rp2.section(*growth_rp2.measure())


def merge_growth_rp2_sync():
    # --growth-rp2 --sync-only: only the sync and past-games table of the
    # emulated Pico's growth section (bench/growth_rp2.py) measured again,
    # its other tables kept from the run that wrote them, a line saying so.
    import growth_rp2
    fl = growth_rp2.measure_sync()
    day = datetime.date.today().isoformat()
    note = (f"(This table and its targets: `bench/run.py --growth-rp2 "
            f"--sync-only`, {day}; the tables below are from the last "
            f"whole `--growth-rp2` run.)")
    OUT.write_text(growth_rp2.merge_sync(OUT.read_text(), fl, note))
    print(f"merged into {OUT.relative_to(ROOT)}", file=sys.stderr)


def merge_section(head, lines):
    # --growth, --growth-pc: the section of docs/benchmarks.md that starts
    # with `head` replaced by a new one, or put before the key presses per
    # number (which stay the last section); the rest kept.
    old = OUT.read_text() if OUT.exists() else ""
    section = "\n".join(lines) + "\n\n"
    if head not in old and head != GROWTH and GROWTH in old:
        old = old.replace(GROWTH, head + "\n\n" + GROWTH, 1)
    if head in old:
        a = old.index(head)
        b = old.find("\n### ", a + len(head))
        new = old[:a] + section + (old[b + 1:] if b >= 0 else "")
    else:
        at = old.find("### Key presses per number")
        if at < 0:
            raise SystemExit("docs/benchmarks.md has no presses section: "
                             "run make bench")
        new = old[:at] + section + old[at:]
    print(section)
    OUT.write_text(new.rstrip("\n") + "\n")
    print(f"\nmerged into {OUT.relative_to(ROOT)}", file=sys.stderr)


def merge_wasm(wa):
    # --wasm-only: the 32-bit rows and section of docs/benchmarks.md
    # replaced by new ones (the other figures stay as they were measured),
    # with a note saying so.
    old = OUT.read_text().splitlines() if OUT.exists() else []
    rows = [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in
            wasm_rows(wa)]
    section = wasm_section(wa)
    note = (f"(The 32-bit rows and section: `bench/run.py --wasm-only` on "
            f"{datetime.date.today().isoformat()}, merged into the rest.)")
    keep = []
    skip = False
    for ln in old:
        if ln.startswith("| firmware alone on a 32-bit VM") or \
                ln.startswith("(The 32-bit rows and section"):
            continue
        if ln.startswith("### 32-bit VM"):
            skip = True
            if keep and keep[-1] == "":
                keep.pop()
            continue
        if skip and (ln.startswith("Sync:") or ln.startswith("### ")):
            skip = False
            keep.append("")
        if not skip:
            keep.append(ln)
    try:
        at = keep.index("|---|---|---|---|---|") + 1
    except ValueError:
        raise SystemExit("docs/benchmarks.md has no table: run make bench")
    keep[at:at] = rows
    at = next((i for i, ln in enumerate(keep) if ln.startswith("Sync:")),
              len(keep))
    keep[at:at] = section[1:] + [""]
    keep[3:3] = ["", note]
    keep = [ln for i, ln in enumerate(keep)      # no doubled blank lines
            if ln or i == 0 or keep[i - 1]]
    print("\n".join(rows + section))
    OUT.write_text("\n".join(keep) + "\n")
    print(f"\nmerged into {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
