"""bench/run.py's command line: --help (or an unknown flag) says what it
takes and runs nothing (without it, the whole bench ran for minutes and
rewrote docs/benchmarks.md)."""

import subprocess
import sys

from conftest import ROOT


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"),
                           *args], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


def test_help_prints_the_flags_and_runs_nothing():
    before = (ROOT / "docs" / "benchmarks.md").read_bytes()
    p = run("--help")
    assert p.returncode == 0
    for flag in ("--quick", "--wasm-only", "--presses-only", "--keys-only",
                 "--growth", "--growth-pc", "--rp2"):
        assert flag in p.stdout
    assert "heap per event" not in p.stderr
    assert (ROOT / "docs" / "benchmarks.md").read_bytes() == before


def test_an_unknown_flag_is_one_line_and_runs_nothing():
    p = run("--fast")
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0
    assert "--fast" in p.stderr and "--help" in p.stderr
    assert "heap per event" not in p.stderr
