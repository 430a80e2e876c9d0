"""Rules-core figures: heap per game state and bytes per event.

Run: .venv/bin/python bench/core_sizes.py
State sizes are measured on the MicroPython VM (gc.mem_alloc() around
creating the game object, and the game plus its log), from .mpy files, with
each title imported first so only the instances are counted. The unix port
is 64-bit: a 32-bit board needs less for the object headers, the same for
the arrays.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from roots import ROOT

import title_data
from marcador.build_mpy import build
from marcador_core import record
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog

MP_SNIPPET = """
import gc, json
from core.games import game_class
from core.log import GameLog
out = {}
for gid in %r:
    cls = game_class(gid)
    gc.collect(); a = gc.mem_alloc()
    g = cls()
    gc.collect(); b = gc.mem_alloc()
    log = GameLog(g)
    gc.collect(); c = gc.mem_alloc()
    out[gid] = [b - a, c - a]
    del g, log
print(json.dumps(out))
"""

def state_sizes():
    out = ROOT / "out" / "mpy"
    build(out)
    env = dict(os.environ, MICROPYPATH=f"{out}:.frozen")
    mp = Path(sys.executable).parent / "micropython"
    proc = subprocess.run([str(mp), "-c", MP_SNIPPET % (IDS,)], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def main():
    sizes = state_sizes()
    print("| game | max players | game state (bytes) | with its log "
          "(bytes) | bytes per event |")
    print("|---|---|---|---|---|")
    for gid in IDS:
        n = game_class(gid).MAX_PLAYERS
        per = []
        for ev in title_data.load(gid).SAMPLE:   # tests/title_data/<id>.py
            b = record.encode_event(gid, n, ev)
            per.append(f"{ev['e']} {len(b)}")
        per.append("undo/redo 1")
        g, both = sizes[gid]
        print(f"| {gid} | {n} | {g} | {both} | {', '.join(per)} |")
    log = GameLog(None)                  # the capacity it is made with
    print(f"\nlog capacity: {len(log.buf)} bytes, {log.max_events} events "
          "per game (firmware/core/log.py)")


if __name__ == "__main__":
    main()
