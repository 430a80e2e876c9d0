import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MP_SCRIPTS = Path(__file__).resolve().parent / "mp"


def firmware_module(path):
    """A firmware/ module that imports no other firmware module, loaded on
    CPython from its file (firmware/ is never put on sys.path: its app,
    core and drivers would shadow other packages)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "firmware." + path[:-3].replace("/", "."), FIRMWARE / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool(name):
    # Prefer the copy installed next to this interpreter (the Makefile venv).
    local = Path(sys.executable).parent / name
    if local.exists():
        return str(local)
    found = shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: run `make test`, which "
                    f"installs it into .venv")
    return found


def run_micropython(script, stdin="", heapsize=None, path=(FIRMWARE,),
                    timeout=600, args=()):
    """Run a script on the MicroPython unix port; returns stdout lines."""
    cmd = [tool("micropython")]
    if heapsize:
        cmd += ["-X", f"heapsize={heapsize}"]
    cmd.append(str(script))
    cmd += [str(a) for a in args]
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([str(p) for p in path] + [".frozen"])
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          env=env, timeout=timeout)
    if proc.returncode != 0:
        raise AssertionError(f"micropython failed ({proc.returncode}):\n"
                             f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    return proc.stdout.splitlines()


def json_lines(objs):
    return "".join(json.dumps(o) + "\n" for o in objs)


@pytest.fixture(scope="session")
def mpy_tree():
    """firmware/ compiled to .mpy (as a board runs it), under out/mpy."""
    from marcador.build_mpy import build
    out = ROOT / "out" / "mpy"
    build(out)
    return out


@pytest.fixture(scope="session")
def rp2_uf2():
    """The pico_ssd1306 release image (out/uf2/...uf2), built when an input
    changed; skipped with what to provide when it cannot be built (failed
    under `make test-rp2`). Other boards: rp2_build.release_uf2(board)."""
    from rp2_build import release_uf2
    return release_uf2("pico_ssd1306")
