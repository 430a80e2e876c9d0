"""`make bench`: the device's memory, speed, flash and link budgets, measured
on the MicroPython unix port, printed as one table and written to
docs/benchmarks.md with the date and the MicroPython version.

Run: .venv/bin/python bench/run.py [--quick]
(--quick: fewer games and no heap search, for trying the script out.)
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

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests"),
                str(ROOT / "sim" / "scripts")]

import maxplayers  # noqa: E402
from gamegen import random_game  # noqa: E402
from host_tools import sim  # noqa: E402
from host_tools.build_mpy import build  # noqa: E402
from host_tools.devicelog import to_entry  # noqa: E402
from marcador_core import record  # noqa: E402
from marcador_core.games import IDS  # noqa: E402

MPY = ROOT / "out" / "mpy"
SIM = ROOT / "sim"
OUT = ROOT / "docs" / "benchmarks.md"
PLAYERS = {"doggy": 5, "duplicon": 4, "alebrijes": 6, "dog": 6, "dinos": 4,
           "free": 8}
# RP2040 estimate: Cortex-M0+ (Thumb-1, one instruction per cycle when the
# code is in the XIP cache) needs more instructions than x86-64 for the
# same bytecode; assumed factor, not measured.
RP2040_HZ = 125_000_000
M0_FACTOR = 1.5


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
    return states[-1] if states and states[-1]["screen"] == "Breakdown" \
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


# --- speed and display traffic
def key_costs(use_valgrind):
    out = {}
    for gid in IDS:
        script = keys_of(gid)
        native = json.loads(mp(ROOT / "bench" / "mp" / "key_costs.py", SIM,
                               MPY, stdin=script).strip().splitlines()[-1])
        row = {"i2c": [k[0] for k in native["keys"]],
               "us": [k[1] for k in native["keys"]],
               "pages": [k[2] for k in native["keys"]],
               "boot_us": native["boot"][1]}
        if use_valgrind:
            instr = callgrind(script)
            assert len(instr) == len(native["keys"]) + 1, (gid, len(instr))
            row["boot_instr"] = instr[0]
            row["instr"] = instr[1:]
        out[gid] = row
        print(f"  keys {gid}: {len(row['us'])} presses", file=sys.stderr)
    return out


def callgrind(script):
    # One count per hash() call in key_costs.py: boot, then each press.
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
               "--toggle-collect=mp_builtin_hash",
               "--dump-after=mp_builtin_hash", "--dump-instr=no",
               f"--callgrind-out-file={tmp}/cg", sys.executable,
               sim.micropython(), "-X", "heapsize=16m",
               str(ROOT / "bench" / "mp" / "key_costs.py"), str(SIM),
               str(MPY)]
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
    from host_tools.archive import Archive
    from host_tools.link import Client, LinkError
    from host_tools.simport import SimDevice
    from host_tools.sync import sync
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
            presses.table(held, taps))


# --- the report
def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def micropython_version():
    return mp("-c", "import sys; v = sys.implementation; print("
              "'%d.%d.%d' % v.version[:3], v.version[3] if len(v.version) > 3"
              " else '', '(' + sys.version.split('MicroPython ')[-1] + "
              "'), .mpy v%d' % (v._mpy & 0xff))").strip()


def report(h, fw, keys, fl, sy, took, quick):
    all_i2c = [b for g in keys.values() for b in g["i2c"]]
    all_us = [u for g in keys.values() for u in g["us"]]
    all_pages = [u for g in keys.values() for u in g["pages"]]
    has_instr = all("instr" in g for g in keys.values())
    all_instr = [i for g in keys.values() for i in g.get("instr", [])]
    alloc = sum(g["alloc"] for g in h.values())
    fails = sum(g["lock_failures"] for g in h.values())
    events = sum(g["events"] for g in h.values())
    peaks = {g: r["peak"] for g, r in fw.items()}
    small = {g: r.get("smallest") for g, r in fw.items()}
    big = sy[max(sy)]

    def ok(cond):
        return "met" if cond else "**missed**"

    rows = [
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
        ("I2C per key press (median / worst)", "median <= 256 (2 pages)",
         f"{statistics.median(all_pages):.0f} / {max(all_pages)} pages; "
         f"{statistics.median(all_i2c):.0f} / {max(all_i2c)} bytes",
         ok(statistics.median(all_pages) <= 2) + " in pages; the bytes "
         "include 8 of addressing and control per page",
         "what the display driver hands the bus (128 pixel bytes per page, "
         "data prefix, page/column commands) in the step that handles the "
         f"press; {len(all_i2c)} presses of the six scripted games"),
        ("CPU per key press (median / worst), instructions",
         "median <= 300,000",
         (f"{statistics.median(all_instr):,.0f} / {max(all_instr):,}"
          if has_instr else "valgrind not installed"),
         ok(has_instr and statistics.median(all_instr) <= 300_000)
         if has_instr else "",
         "valgrind callgrind, counting only inside the step that handles a "
         "press (key, redraw, show, flash write); unix port x86-64"),
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
    if has_instr:
        med = statistics.median(all_instr)
        lines += ["", f"RP2040 estimate (an estimate, not a measurement): "
                  f"assuming {M0_FACTOR}x as many Cortex-M0+ instructions as "
                  f"x86-64 ones at one per cycle, 125 MHz: median key press "
                  f"{med * M0_FACTOR / RP2040_HZ * 1000:.1f} ms, worst "
                  f"{max(all_instr) * M0_FACTOR / RP2040_HZ * 1000:.1f} ms; "
                  f"plus the I2C transfer at 400 kHz (9 bits per byte): "
                  f"{statistics.median(all_i2c) * 9 / 400:.1f} ms median."]
    lines += ["", "### Per title", "",
              "| title | heap/event (bytes, events) | live peak | smallest heap "
              "| I2C median / worst | instructions median / worst | µs median |",
              "|---|---|---|---|---|---|---|"]
    for g in IDS:
        k = keys[g]
        ins = (f"{statistics.median(k['instr']):,.0f} / {max(k['instr']):,}"
               if "instr" in k else "-")
        lines.append(
            f"| {g} | {h[g]['alloc']} ({h[g]['events']}) | "
            f"{peaks[g]:,} | {small[g] or '-'} KB | "
            f"{statistics.median(k['i2c']):.0f} / {max(k['i2c'])} | {ins} | "
            f"{statistics.median(k['us']):,.0f} |")
    lines += ["", "Sync: " + "; ".join(
        f"{s['games']} games, {s['data']:,} bytes of games, {s['wire']:,} "
        f"bytes on the wire ({s['ratio']:.2f}x) in {s['seconds'] * 1000:.0f}"
        f" ms" for s in sy.values()) + "."]
    lines += ["", f"`make bench` took {took:.0f} s."]
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    quick = "--quick" in argv
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
    print("key presses per number...", file=sys.stderr)
    pr = presses_section(rounds=20 if quick else 100)
    table = report(h, fw, keys, fl, sy, time.time() - t0, quick) + \
        "\n\n" + pr
    head = (f"# Benchmarks\n\nMeasured by `make bench` (bench/run.py) on "
            f"{datetime.date.today().isoformat()} with MicroPython "
            f"{micropython_version()} (unix port, {platform.machine()}), "
            f"{platform.processor() or platform.machine()}. Regenerate with "
            f"`make bench`; nothing here is typed by hand.\n\n")
    print(table)
    if not quick:
        OUT.write_text(head + table + "\n")
        print(f"\nwritten to {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
