# Runs on the MicroPython VM: app.memory.forget(phase) takes out of
# sys.modules exactly the modules of the phase's line (and each from its
# package's attributes), leaves every other module alone, and interns no
# string. Prints JSON: {phase: [names, gone, attributes left, others
# gone]}, then the qstr pool's count before and after the calls.
import json
import micropython
import sys
from app import memory


class Stand:
    pass


PHASES = [line.split()[0] for line in memory.PHASES.decode().splitlines()
          if line and not line.startswith(" ")]
out = {}
for phase in PHASES:
    names = memory.modules(phase)
    pkgs = {}
    for n in names:
        pkg, _, child = n.rpartition(".")
        if pkg not in sys.modules:
            sys.modules[pkg] = Stand()
        setattr(sys.modules[pkg], child, Stand())
        sys.modules[n] = Stand()
        pkgs[n] = (sys.modules[pkg], child)
    before = set(sys.modules)
    memory.forget(phase)
    after = set(sys.modules)
    left = [n for n in names if hasattr(pkgs[n][0], pkgs[n][1])]
    others = sorted(before - after - set(names))
    out[phase] = [names, sorted(before - after), left, others]
print(json.dumps(out))
# Done once, the calls above made every string they need: again, they
# intern none.
micropython.qstr_info()
for phase in PHASES:
    memory.forget(phase)
    memory.modules(phase)
micropython.qstr_info()
