# Runs on the MicroPython VM: proves that applying events (valid or not),
# undo/redo and scoring allocate nothing. Reads JSON lines
# {"game", "players", "options", "events": [every proposed event]} and, per
# game, encodes the events first, then applies them all with the heap locked.
# Prints one JSON line per game: events applied, errors seen, and the
# gc.mem_alloc() difference across the locked section.
import sys
import gc
import json
import micropython
from core import record
from core.games import game_class
from core.log import GameLog


def check(rec):
    gid = rec["game"]
    n = len(rec["players"])
    log = GameLog(game_class(gid)())
    log.begin(n, record.options_bytes(gid, n, rec.get("options")))
    evs = []
    for ev in rec["events"]:
        try:
            evs.append(record.encode_event(gid, n, ev))
        except record.RecordError:
            pass
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
        while log.can_undo():
            log.undo()
        while log.can_redo():
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
    return {"game": gid, "events": len(evs), "accepted": ok,
            "failed_at": failed, "alloc": after - before,
            "total": [g.total[p] for p in range(n)]}


while True:
    line = sys.stdin.readline()
    if not line:
        break
    print(json.dumps(check(json.loads(line))))
