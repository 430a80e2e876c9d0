"""The emulated Pico's figures: bench/rp2.py once per deployment, each in
its own process (each runs its own emulators), at once; render_rp2.py
makes the page's rows and section of them."""

import json
import subprocess
import sys

from roots import ROOT

from render_rp2 import RP2_DEPLOYMENTS


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
    return out
