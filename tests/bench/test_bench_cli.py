"""bench/run.py's command line: --help (or an unknown flag) says what it
takes and runs nothing (without it, the whole bench ran for minutes and
rewrote docs/benchmarks.md)."""

import os
import subprocess
import sys

import pytest

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
                 "--growth", "--growth-pc", "--rp2", "--erases-only"):
        assert flag in p.stdout
    assert "heap per event" not in p.stderr
    assert (ROOT / "docs" / "benchmarks.md").read_bytes() == before


def test_an_unknown_flag_is_one_line_and_runs_nothing():
    p = run("--fast")
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0
    assert "--fast" in p.stderr and "--help" in p.stderr
    assert "heap per event" not in p.stderr


@pytest.mark.parametrize("script", ["rp2", "growth_rp2", "rp2_profile",
                                    "rp2_heap"])
def test_a_bench_script_run_alone_finds_the_test_helpers_and_tools(script):
    # Run as `python bench/<script>.py` (outside pytest, whose pythonpath
    # hides a missing path): the emulated Pico's scripts reach the release
    # image through tests/rp2_build.py, which imports tools/build_uf2.py
    # (after the merge that took sys.path edits out of the tests,
    # bench/rp2.py stopped there with "No module named 'build_uf2'").
    code = ("import sys; sys.path.insert(0, 'bench'); import %s; "
            "import rp2_build, build_uf2; print('ok')" % script)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.stdout.strip() == "ok", proc.stderr[-2000:]


def rp2(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "rp2.py"),
                           *args], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


def test_rp2_help_and_bad_arguments_run_nothing():
    # bench/rp2.py --help was taken for a deployment (a KeyError's
    # traceback); a title it does not know must be one line, not a game.
    p = rp2("--help")
    assert p.returncode == 0 and "--titles" in p.stdout, p.stderr[-500:]
    for args in (("nope",), ("frozen", "--titles", "chess")):
        p = rp2(*args)
        assert p.returncode == 2 and "Traceback" not in p.stderr
        assert p.stderr.strip().splitlines()[-1].startswith("rp2.py: error:")
