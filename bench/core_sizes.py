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

from marcador.build_mpy import build
from marcador_core import record
from marcador_core.games import IDS
from marcador_core.log import LOG_BYTES, LOG_EVENTS

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

SAMPLES = {
    "doggy": [{"e": "take", "p": 0, "color": "red", "points": 5},
              {"e": "order", "p": 0, "color": "red"},
              {"e": "reserve", "p": 0, "delta": 1}, {"e": "mario"},
              {"e": "assign", "p": 0, "colors": ["red", "blue"]},
              {"e": "count", "p": 0, "blue": [1, 0, 2], "wilds": ["red"],
               "reserve": 2}],
    "duplicon": [{"e": "round", "won": [0] * 4, "hand": [0] * 4,
                  "zone": [0] * 4}],
    "alebrijes": [{"e": "start", "p": 0},
                  {"e": "round", "out": 0,
                   "high": [[0] * 5] + [[1, 0, 0, 0, 0]] * 5}],
    "dog": [{"e": "deal"}, {"e": "out", "p": 0},
            {"e": "kill", "p": 0, "victim": 1},
            {"e": "goal", "owner": 0}],
    "dinos": [{"e": "round", "disaster": "natural", "cards": [1, 2, 3, 4]},
              {"e": "round", "disaster": "natural", "cards": [1, 2, 3, 4],
               "adjust": [0, 2, 0, 0]},
              {"e": "round", "disaster": "natural", "cards": [1, 1, 3, 4],
               "sudden": [[2, 3, None, None]]}],
    "free": [{"e": "round", "scores": [0] * 8}, {"e": "end"}],
}
MAXP = {"doggy": 5, "duplicon": 4, "alebrijes": 6, "dog": 6, "dinos": 4,
        "free": 8}


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
        n = MAXP[gid]
        per = []
        for ev in SAMPLES[gid]:
            b = record.encode_event(gid, n, ev)
            per.append(f"{ev['e']} {len(b)}")
        per.append("undo/redo 1")
        g, both = sizes[gid]
        print(f"| {gid} | {n} | {g} | {both} | {', '.join(per)} |")
    print(f"\nlog capacity: {LOG_BYTES} bytes, {LOG_EVENTS} events per game "
          "(firmware/core/log.py)")


if __name__ == "__main__":
    main()
