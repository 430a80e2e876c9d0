"""Board API check: pyright over firmware/ and each family's board.py files,
against the stubs generated from that family's real MicroPython firmware.

    python tools/board_api_check.py --install   # the stubs into out/stubs/
    python tools/board_api_check.py             # one pyright run per family
    python tools/board_api_check.py rp2 extra.py  # one family, other files

A port's stub package replaces the stdlib stubs too (MicroPython's `time`,
`os`, `sys`... are not CPython's), so each family gets its own folder
(out/stubs/FAMILY, never the CPython venv) and its own pyright run, with
that folder as pyright's typeshed and first on the import path. Exit 1 when
any run reports an error, 2 when the stubs are not installed.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS = ROOT / "out" / "stubs"
CONFIGS = ROOT / "out" / "typecheck"

# The stubs of the firmware each family's boards run (MicroPython 1.29);
# each pulls micropython-stdlib-stubs (MicroPython's reduced typeshed).
STDLIB_STUBS = "micropython-stdlib-stubs==1.29.0.post2"
FAMILIES = {
    "rp2": {
        "stubs": "micropython-rp2-rpi-pico-stubs==1.29.0.post1",
        "boards": ["pico_ssd1306", "pico_sh1106"],
    },
    "esp32": {
        "stubs": "micropython-esp32-esp32-generic-stubs==1.29.0.post1",
        "boards": ["esp32_ssd1306"],
    },
}


class CheckError(Exception):
    pass


def install():
    for family, spec in FAMILIES.items():
        shutil.rmtree(STUBS / family, ignore_errors=True)   # no stale files
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-user",
             "--target", str(STUBS / family), spec["stubs"], STDLIB_STUBS],
            check=True)


def write_config(family, files):
    """A pyrightconfig.json for one family; returns its path."""
    stubs = STUBS / family
    boards = [ROOT / "boards" / b for b in FAMILIES[family]["boards"]]
    # An empty virtual environment: pyright must not find the CPython
    # venv's packages (a module the board lacks would then resolve).
    empty_venv = CONFIGS / "empty-venv"
    (empty_venv / "lib" / "python3.12" / "site-packages").mkdir(
        parents=True, exist_ok=True)
    path = CONFIGS / family / "pyrightconfig.json"
    path.parent.mkdir(parents=True, exist_ok=True)

    def rel(p):   # pyright wants paths relative to its config file
        return os.path.relpath(str(p), str(path.parent))

    config = {
        "include": [rel(f) for f in files],
        "exclude": ["**/__pycache__"],
        "typeshedPath": rel(stubs),
        # Port modules (machine, time, framebuf...) first, then the
        # firmware's own packages as the board's root has them, then
        # board.py (main.py imports it; any board of the family will do).
        "extraPaths": [rel(stubs), rel(ROOT / "firmware"), rel(boards[0])],
        "venvPath": rel(CONFIGS),
        "venv": "empty-venv",
        "pythonVersion": "3.12",
        "pythonPlatform": "Linux",
        "typeCheckingMode": "standard",
        # The stubs have no source by design: the source is the firmware.
        "reportMissingModuleSource": "none",
    }
    path.write_text(json.dumps(config, indent=1))
    return path


def default_files(family):
    return [ROOT / "firmware"] + [ROOT / "boards" / b / "board.py"
                                  for b in FAMILIES[family]["boards"]]


def run(family, files=None):
    """pyright for one family: (diagnostics, files checked)."""
    if not (STUBS / family / "machine.pyi").exists():
        raise CheckError("board API check: no stubs in %s; run `make "
                         "typecheck` (or tools/board_api_check.py --install)"
                         % (STUBS / family))
    config = write_config(family, files or default_files(family))
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pyright", "--outputjson", "-p", str(config)],
        capture_output=True, text=True, env=env, cwd=ROOT)
    try:
        out = json.loads(proc.stdout)
    except ValueError:
        raise CheckError("pyright failed (exit %d):\n%s%s"
                         % (proc.returncode, proc.stdout, proc.stderr))
    return out["generalDiagnostics"], out["summary"]["filesAnalyzed"]


def describe(d):
    where = Path(d["file"])
    try:
        where = where.relative_to(ROOT)
    except ValueError:
        pass
    return "%s:%d: %s: %s [%s]" % (
        where, d["range"]["start"]["line"] + 1, d["severity"],
        d["message"].replace("\n", " "), d.get("rule", ""))


def main(argv):
    if argv[:1] == ["--install"]:
        install()
        return 0
    families = list(FAMILIES)
    files = None
    if argv and argv[0] in FAMILIES:
        families, files = [argv[0]], [Path(a).resolve() for a in argv[1:]]
    failed = False
    for family in families:
        try:
            diags, count = run(family, files or None)
        except CheckError as e:
            print(e, file=sys.stderr)
            return 2
        errors = [d for d in diags if d["severity"] == "error"]
        if not count:
            print("%s: pyright found no files to check" % family)
            failed = True
        for d in diags:
            print(describe(d))
        print("%s: %d files, %d errors, %d warnings" % (
            family, count, len(errors), len(diags) - len(errors)))
        failed = failed or bool(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
