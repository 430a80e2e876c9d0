# Runs on the MicroPython VM: the event builders of core/<title>.py (what
# the play screens call per event) under micropython.heap_lock(). Reads one
# JSON call per line on stdin, {"game", "fn", "args"}; prints per call the
# event's bytes in hex, or "alloc" when the builder allocated.
import sys
import json
import micropython

calls = []
while True:
    line = sys.stdin.readline()
    if not line:
        break
    c = json.loads(line)
    mod = __import__("core." + c["game"], None, None, ("x",))
    calls.append((getattr(mod, c["fn"]), c["args"], bytearray(96)))

sizes = []
for _ in calls:
    sizes.append(-1)
for i in range(len(calls)):
    fn, a, buf = calls[i]
    k = len(a)
    micropython.heap_lock()
    try:
        # No *a: a call with *args builds its argument array on the heap.
        if k == 0:
            sizes[i] = fn(buf)
        elif k == 1:
            sizes[i] = fn(buf, a[0])
        elif k == 2:
            sizes[i] = fn(buf, a[0], a[1])
        elif k == 3:
            sizes[i] = fn(buf, a[0], a[1], a[2])
        elif k == 4:
            sizes[i] = fn(buf, a[0], a[1], a[2], a[3])
        elif k == 5:
            sizes[i] = fn(buf, a[0], a[1], a[2], a[3], a[4])
        else:
            sizes[i] = fn(buf, a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                          a[7])
    except MemoryError:
        pass
    micropython.heap_unlock()
for i in range(len(calls)):
    n = sizes[i]
    print("alloc" if n < 0 else
          "".join(["%02x" % b for b in calls[i][2][:n]]))
