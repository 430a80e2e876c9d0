"""The firmware on a 32-bit MicroPython VM (the webassembly port, under
node), as `make bench` measures it (bench/wasm/heap.mjs): a max-player game
plays to the same final screen as on the unix simulator, from .mpy files in
the VM's RAM and from a ROMFS image, and the live heap at key boundaries is
reported with the fakes subtracted. Needs node and `make web`'s npm ci
(make test runs it)."""

import json
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from host_tools import sim

sys.path.insert(0, str(ROOT / "sim" / "scripts"))
sys.path.insert(0, str(ROOT / "web"))
import maxplayers  # noqa: E402
import make_site  # noqa: E402


@pytest.fixture(scope="module")
def tree():
    if shutil.which("node") is None:
        pytest.fail("node (Node.js 18+) is needed for the 32-bit VM")
    if not (make_site.VM_PKG / "micropython.mjs").exists():
        pytest.fail("the MicroPython VM is not installed: `make test` "
                    "installs it (npm ci in web/)")
    make_site.build_tree()
    make_site.build_romfs()
    return make_site.TREE


def play(mode, script, heap_kb=256):
    p = subprocess.run(["node", str(ROOT / "bench" / "wasm" / "heap.mjs"),
                        mode, str(make_site.TREE), str(make_site.ROMFS),
                        str(heap_kb)], input=script, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


@pytest.mark.parametrize("mode", ["ram", "rom"])
def test_a_max_player_game_on_the_32_bit_vm(tree, mode):
    script = maxplayers.script("dinos")
    _, shots = sim.run_script(script, compiled=True)
    r = play(mode, script)
    assert r.get("error") is None and r["screen"] == "Final"
    assert r["shots"]["final"] == shots["final"]
    assert "MicroPython v1.29.0-6" in r["version"]
    fakes = r["fakes"] - r["empty"]
    boot = r["boot"] - r["fakes"]
    peak = r["peak"] - r["fakes"]
    print(f"dinos, {mode}: fakes {fakes}, firmware boot {boot}, peak {peak}")
    # The bytecode in ROM leaves the heap: smaller than from RAM, but
    # both well above nothing.
    assert 0 < fakes < 16 * 1024 and 16 * 1024 < boot <= peak < 96 * 1024

