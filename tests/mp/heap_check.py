# Runs on the MicroPython VM: proves that applying events (valid or not),
# undo/redo and scoring allocate nothing. Reads JSON lines
# {"game", "n", "opts": hex, "events": [hex, ...]} (encoded on CPython, so
# only the log and the one title are loaded here, as on a board) and, per
# game, applies every event with the heap locked. Prints one JSON line per
# game: events applied and accepted, where a MemoryError struck (-1: none),
# the gc.mem_alloc() difference across the locked section, and the totals.
import sys
import gc
import json
import micropython
from binascii import unhexlify
from core.games import game_class
from core.log import GameLog


def check(rec):
    n = rec["n"]
    log = GameLog(game_class(rec["game"])())
    log.begin(n, unhexlify(rec["opts"]))
    evs = [unhexlify(h) for h in rec["events"]]
    g = log.game
    codes = bytearray(len(evs))
    gc.collect()
    before = gc.mem_alloc()
    micropython.heap_lock()
    failed = -1
    try:
        for i in range(len(evs)):
            failed = i
            codes[i] = log.add(evs[i])
            g.score()
        failed = -2
        while log.n_live:
            log.undo()
        while log.n_undone:
            log.redo()
        g.score()
        failed = -1
    except MemoryError:
        pass
    micropython.heap_unlock()
    after = gc.mem_alloc()
    ok = 0
    for c in codes:
        if c == 0:
            ok += 1
    return {"game": rec["game"], "events": len(evs), "accepted": ok,
            "failed_at": failed, "alloc": after - before,
            "total": [g.total[p] for p in range(n)]}


while True:
    line = sys.stdin.readline()
    if not line:
        break
    print(json.dumps(check(json.loads(line))))
    gc.collect()
