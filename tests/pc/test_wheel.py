"""Marcador as a user installs it: a wheel built from the tree, installed
into a fresh virtual environment outside the checkout, and every command
run from another folder (the simulated board as the device). Nothing may
be written into site-packages; build output goes to the user's cache.

This builds and installs for real (pip reaches the package index for the
dependencies), so it takes a minute or two: one module-scoped setup."""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from test_flash import FakeBoard


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert proc.returncode == 0, (cmd, proc.stdout[-2000:],
                                  proc.stderr[-2000:])
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    base = tmp_path_factory.mktemp("wheel")
    # The tracked files only, copied: nothing of the checkout's own build
    # folders or venv can leak into the wheel.
    files = _run(["git", "ls-files", "-z"], cwd=ROOT).stdout.split("\0")
    src = base / "src"
    for name in filter(None, files):
        if (ROOT / name).is_file():
            dest = src / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest)
    wheels = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
          str(wheels), str(src)])
    wheel = next(wheels.glob("marcador-*.whl"))
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    _run([str(venv / "bin" / "pip"), "install", "-q", f"{wheel}[sim]"])
    home = base / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home),
               XDG_CACHE_HOME=str(home / "cache"),
               XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"))
    env.pop("PYTHONPATH", None)
    work = base / "elsewhere"
    work.mkdir()
    return venv, env, work, wheel


def _site(venv):
    return next((venv / "lib").glob("python3*/site-packages"))


def _snapshot(venv):
    return {p: p.stat().st_mtime for p in _site(venv).rglob("*")
            if "__pycache__" not in p.parts}


def test_the_wheel_carries_the_firmware_and_no_checkout_paths(installed):
    venv, env, work, wheel = installed
    import zipfile
    names = zipfile.ZipFile(wheel).namelist()
    assert "marcador/cli.py" in names and "marcador/commands/device.py" \
        in names
    assert "marcador/bundle/firmware/main.py" in names
    assert "marcador/bundle/boards/pico_ssd1306/board.py" in names
    assert "marcador/bundle/sim/run_sim.py" in names
    assert "marcador_core/record.py" in names
    assert not [n for n in names if n.startswith("host_tools/")]


def test_every_command_works_from_another_folder(installed, tmp_path):
    venv, env, work, _ = installed
    marcador = str(venv / "bin" / "marcador")
    before = _snapshot(venv)

    def cli(*args, ok=True):
        proc = subprocess.run([marcador, *args], cwd=work, env=env,
                              capture_output=True, text=True, timeout=300)
        if ok:
            assert proc.returncode == 0, (args, proc.stdout[-1500:],
                                          proc.stderr[-1500:])
        return proc

    from marcador_core.version import VERSION
    assert cli("--version").stdout.strip() == \
        f"marcador {VERSION} (sync protocol 3)"
    example = str(ROOT / "examples" / "doggy_rulebook.json")
    assert "Juan Carlos" in cli("score", example).stdout
    # The simulator with a key script, then a simulated board that serves
    # its port while the PC tools talk to it.
    (work / "k.keys").write_text("ok\nshot home\n")
    cli("sim", "--script", "k.keys", "--shots", "shots")
    assert (work / "shots" / "home.png").stat().st_size > 0
    club = str(ROOT / "sim" / "scripts" / "club.keys")
    board = subprocess.Popen(
        [marcador, "sim", "--serial", "port", "--script", club, "--flash",
         "board.img"], cwd=work, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (work / "port").exists():
            assert board.poll() is None, board.stdout.read()
            assert time.monotonic() < deadline
            time.sleep(0.2)
        # The port is there at once; the script's two games take a moment
        # of the board's (virtual) time to play: sync until they come.
        received = 0
        while received < 2:
            assert time.monotonic() < deadline
            out = cli("sync", "--port", "port", "--db", "a.sqlite").stdout
            received += int(out.split(" game")[0].split()[-1])
            time.sleep(0.5)
        assert received == 2
        cli("roster", "--port", "port", "Ana", "Beto")
        cli("settings", "--port", "port", "lang=es")
    finally:
        board.terminate()
        board.wait(30)
    games = cli("games", "--db", "a.sqlite").stdout.splitlines()
    assert len(games) == 2
    cli("show", "1", "--db", "a.sqlite")
    cli("stats", "--db", "a.sqlite", "--json")
    for fmt, name in (("csv", "g.csv"), ("json", "g.json"),
                      ("bgstats", "g.bgsplay")):
        cli("export", "--format", fmt, "-o", name, "--db", "a.sqlite")
        assert (work / name).stat().st_size > 0
    cli("plot", "1", "--db", "a.sqlite")
    cli("report", "-o", "r.html", "--db", "a.sqlite")
    cli("import", "g.json", "--db", "b.sqlite")
    assert len(cli("games", "--db", "b.sqlite").stdout.splitlines()) == 2
    cli("damaged", "--db", "a.sqlite")
    # flash: the .mpy firmware onto a board running MicroPython (the VM on
    # a pty), compiled into the user's cache, not into site-packages.
    with FakeBoard(tmp_path / "flash.img") as b:
        out = cli("flash", "--board", "pico_ssd1306", "--port", b.port)
    assert "files copied" in out.stdout
    cache = Path(env["XDG_CACHE_HOME"]) / "marcador" / VERSION / "mpy"
    assert (cache / "core" / "log.mpy").is_file()
    assert _snapshot(venv) == before, "something was written into the venv"


def test_sim_without_the_extra_says_what_to_install(installed, tmp_path):
    venv, env, work, wheel = installed
    bare = tmp_path / "bare"
    _run([sys.executable, "-m", "venv", str(bare)])
    _run([str(bare / "bin" / "pip"), "install", "-q", str(wheel)])
    proc = subprocess.run([str(bare / "bin" / "marcador"), "sim", "--script",
                           "-"], input="ok\n", cwd=work, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1 and "marcador[sim]" in err[0], proc.stderr
    assert "Traceback" not in proc.stderr
