"""The figures `make bench` measures on the MicroPython unix port: the heap
per event, the whole firmware's heap, each key press's cost (I2C, valgrind
instructions, µs), flash bytes per event and games per MB, sync bytes on
the wire. Each function returns plain data (JSON's types); render_unix.py
turns it into docs/benchmarks.md's rows."""

import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from roots import ROOT

import maxplayers
from gamegen import random_game
from marcador import sim
from marcador.devicelog import to_entry
from marcador_core import record
from marcador_core.games import IDS, game_class

MPY = ROOT / "out" / "mpy"

SIM = ROOT / "sim"

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
            rec, tried = random_game(rnd, gid, steps=200, n=game_class(gid).MAX_PLAYERS)
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


def micropython_version():
    return mp("-c", "import sys; v = sys.implementation; print("
              "'%d.%d.%d' % v.version[:3], v.version[3] if len(v.version) > 3"
              " else '', '(' + sys.version.split('MicroPython ')[-1] + "
              "'), .mpy v%d' % (v._mpy & 0xff))").strip()
