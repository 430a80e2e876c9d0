"""`make web`: the browser simulator as a static site in out/web (and the
VM's module tree the 32-bit heap figures use).

  out/wasm/tree/      the firmware (.mpy) + sim/wasm/board.py, drive.py and
                      the fakes they use (sim/fakes/i2c.py, oled_model.py),
                      compiled with mpy-cross: what the VM imports
  out/wasm/firmware.romfs   that tree as a ROMFS image (mpremote romfs
                      build): the VM runs its bytecode in place, as a board
                      runs frozen firmware
  out/web/            index.html, app.js, style.css, the VM
                      (micropython.mjs + .wasm from web/node_modules, npm
                      package pinned in web/package.json) and the image

The site needs no server code: any static file server will do.
"""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from marcador.build_mpy import build  # noqa: E402

WASM = ROOT / "out" / "wasm"
TREE = WASM / "tree"
ROMFS = WASM / "firmware.romfs"
SITE = ROOT / "out" / "web"
VM_PKG = ROOT / "web" / "node_modules" / "@micropython" / \
    "micropython-webassembly-pyscript"
VM_VERSION = "1.29.0-6"        # as pinned in web/package.json
SIM_PARTS = ["fakes/__init__.py", "fakes/i2c.py", "fakes/oled_model.py",
             "wasm/board.py", "wasm/drive.py"]
STATIC = ["index.html", "app.js", "style.css"]


def vm_files():
    # The VM's loader and binary; a clear message if npm has not run or
    # installed another version than the one the figures were taken on.
    import json
    mjs = VM_PKG / "micropython.mjs"
    if not mjs.exists():
        raise SystemExit("web/node_modules lacks the MicroPython VM: run "
                         "`make web` (it runs npm ci in web/)")
    got = json.loads((VM_PKG / "package.json").read_text())["version"]
    if got != VM_VERSION:
        raise SystemExit(f"web/node_modules has the VM {got}, not "
                         f"{VM_VERSION}: rm -rf web/node_modules; make web")
    return mjs, VM_PKG / "micropython.wasm"


def build_tree():
    # A fresh tree each time: files removed from the firmware must not stay.
    shutil.rmtree(TREE, ignore_errors=True)
    build(TREE, keep=set())            # firmware/ -> .mpy (main.py too:
    (TREE / "main.mpy").unlink()       # drive.py boots the app itself)
    for rel in SIM_PARTS:
        src = ROOT / "sim" / rel
        dest = TREE / (rel[len("wasm/"):] if rel.startswith("wasm/") else rel)
        dest = dest.with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([_mpy_cross(), "-s", Path(rel).name, "-o", str(dest),
                        str(src)], check=True)
    return TREE


def _mpy_cross():
    from marcador.build_mpy import mpy_cross
    return mpy_cross()


def build_romfs():
    mpremote = Path(sys.executable).parent / "mpremote"
    cmd = [str(mpremote) if mpremote.exists() else "mpremote", "romfs",
           "--no-mpy", "-o", str(ROMFS), "build", str(TREE)]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return ROMFS


def build_site():
    mjs, wasm = vm_files()
    build_tree()
    build_romfs()
    shutil.rmtree(SITE, ignore_errors=True)
    SITE.mkdir(parents=True)
    for name in STATIC:
        shutil.copy(ROOT / "web" / name, SITE / name)
    shutil.copy(mjs, SITE / mjs.name)
    shutil.copy(wasm, SITE / wasm.name)
    shutil.copy(ROMFS, SITE / ROMFS.name)
    return SITE


def main():
    site = build_site()
    size = sum(f.stat().st_size for f in site.iterdir())
    print(f"{site.relative_to(ROOT)}: {len(list(site.iterdir()))} files, "
          f"{size // 1024} KB; serve it with any static file server, e.g. "
          f"python3 -m http.server -d {site.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
