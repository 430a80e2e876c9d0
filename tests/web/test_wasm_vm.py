"""The firmware on a 32-bit MicroPython VM (the webassembly port, under
node), as `make bench` measures it (bench/wasm/heap.mjs): a max-player game
plays to the same final screen as on the unix simulator, from .mpy files in
the VM's RAM and from a ROMFS image, and the live heap at key boundaries is
reported with the fakes subtracted. Needs node and `make web`'s npm ci
(make test runs it)."""

import json
import os
import shutil
import subprocess

import pytest

from conftest import ROOT
from marcador import sim

pytestmark = pytest.mark.node

import maxplayers
import make_site


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



# Runs a Python snippet (stdin) on the VM with the firmware's tree as heap.mjs
# loads it (ram: .mpy files copied into the VM's file system; rom: the ROMFS
# image); prints what it prints.
_RUN_JS = r"""
import fs from "node:fs";
import { pathToFileURL } from "node:url";
// (arguments in the environment: the VM's module runs as a command line
// tool when it sees its own path in process.argv)
const { VMLIB: lib, MODE: mode, TREE: tree, ROMFS: romfs } = process.env;
const { bootVM } = await import(pathToFileURL(lib).href);
const out = [];
const mp = await bootVM(mode, tree, romfs, 256, (s) => out.push(s),
                        (s) => out.push(s));
mp.runPython(fs.readFileSync(0, "utf8"));
process.stdout.write(out.join("\n") + "\n");
"""


def run_py(mode, code):
    env = dict(os.environ, VMLIB=str(ROOT / "bench" / "wasm" / "vm.mjs"),
               MODE=mode, TREE=str(make_site.TREE),
               ROMFS=str(make_site.ROMFS))
    p = subprocess.run(["node", "--input-type=module", "-e", _RUN_JS],
                       input=code, capture_output=True, text=True,
                       timeout=120, env=env)
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout


@pytest.mark.parametrize("mode", ["ram", "rom"])
def test_every_text_in_both_languages_where_the_table_lies(tree, mode):
    # From a ROMFS image the texts table is read in place (app/tables.py:
    # no copy in RAM, both languages); from .mpy files one language is
    # copied. tr() gives every key's text either way.
    texts = (ROOT / "firmware" / "app" / "texts.py").read_text("utf-8")
    ns = {}
    exec(texts, ns)
    want = {}
    for line in ns["T"].split("\n"):
        parts = line.split("|")
        if len(parts) < 2 or line.startswith("--"):
            continue
        en = parts[2] if len(parts) > 2 and parts[2] else parts[1]
        want[parts[0]] = (parts[1], en)
    keys = sorted(want)
    out = run_py(mode, (
        "import gc\n"
        "from app import i18n\n"
        "keys = %r\n"
        "for lang in (0, 1, 0):\n"
        "    i18n.set_lang(lang)\n"
        "    gc.collect()\n"
        "    print(repr([i18n.tr(k) for k in keys]))\n"
        "print('in place', i18n._BOTH, 'table bytes', len(i18n._B))\n"
        "print(repr(i18n.tr('no_such_key')))\n") % keys)
    lines = out.strip().split("\n")
    import ast
    for lang, line in zip((0, 1, 0), lines[:3]):
        assert ast.literal_eval(line) == [want[k][lang] for k in keys]
    size = len(ns["T"].encode())
    if mode == "rom":
        assert lines[3] == f"in place True table bytes {size}"
    else:
        assert lines[3].startswith("in place False table bytes ")
        assert int(lines[3].split()[-1]) < size * 3 // 4
    assert lines[4] == "'no_such_key'"
