# Runs on the MicroPython VM: app.memory.release() empties a module's
# globals, so that a reference left to it (as a stale word outside the heap
# is to a conservative collector) keeps little more than the module object
# alive; unload() alone keeps everything it had. argv[1]: unload or
# release. Prints JSON: [heap held, still in sys.modules, globals left].
import gc
import json
import sys
from app import memory


def kept(forget):
    # Heap still held, with a reference to the module left, after forget().
    gc.collect()
    before = gc.mem_alloc()
    import core.gamefile
    m = sys.modules["core.gamefile"]
    del core.gamefile
    forget("core.gamefile", "core.games")
    gc.collect()
    held = gc.mem_alloc() - before
    out = [held, "core.gamefile" in sys.modules, len(m.__dict__)]
    del m
    gc.collect()
    return out


print(json.dumps(kept(getattr(memory, sys.argv[1]))))
