import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
# Native code (@micropython.viper), frozen into the release image only:
# not under firmware/, which plain mpy-cross compiles whole.
NATIVE = ROOT / "native"
MP_SCRIPTS = Path(__file__).resolve().parent / "mp"

# The PC tools' --lang default follows the locale (commands/common.py
# default_lang): the tests, and what they start, run in one known locale
# so that a Spanish desktop sees the same results as CI.
for _var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "MARCADOR_LANG"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"


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


class Printed(dict):
    """One JSON object a tests/mp scenario printed (see printed()): it
    remembers which of its fields the test read, so that a field printed
    and never looked at fails the test (every_printed_field_is_checked)."""

    def __init__(self, pairs):
        super().__init__(pairs)
        self.read = set()
        _PRINTED.append(self)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def items(self):
        self.read.update(self.keys())
        return super().items()

    def values(self):
        self.read.update(self.keys())
        return super().values()

    def __eq__(self, other):
        _read_all(self)
        return super().__eq__(other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def unread(self):
        return sorted(set(self) - self.read)


def unchecked(obj):
    """A Printed to print or to put in a message: what is read from it
    counts as checked for no field (a figure printed is not checked)."""
    return dict(obj) if isinstance(obj, Printed) else obj


def _read_all(v):
    # A whole comparison checks every field, however deep.
    if isinstance(v, Printed):
        v.read.update(v.keys())
        for x in dict.values(v):
            _read_all(x)
    elif isinstance(v, list):
        for x in v:
            _read_all(x)


_PRINTED = []


def printed(line):
    """A scenario's JSON line, every object in it a Printed."""
    return json.loads(line, object_hook=Printed)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # Each phase's report on the test (every_printed_field_is_checked
    # looks at the call's).
    report = (yield).get_result()
    setattr(item, "report_" + report.when, report)


@pytest.fixture(autouse=True)
def every_printed_field_is_checked(request):
    """A test that runs a tests/mp scenario reads every field it printed
    (a field nobody reads is a check that cannot fail). A test that failed
    stopped reading where it failed: that says enough."""
    start = len(_PRINTED)
    yield
    unread = ["%s in %s" % (o.unread(), sorted(o)) for o in _PRINTED[start:]
              if o.unread()]
    del _PRINTED[start:]
    call = getattr(request.node, "report_call", None)
    if unread and call is not None and call.passed:
        pytest.fail("fields a scenario printed and this test never "
                    "checked: " + "; ".join(unread), pytrace=False)


def pytest_sessionfinish(session, exitstatus):
    # What a wider fixture printed (outside any one test) is judged here.
    unread = ["%s in %s" % (o.unread(), sorted(o)) for o in _PRINTED
              if o.unread()]
    if unread:
        print("\nfields a scenario printed in a fixture and no test "
              "checked: " + "; ".join(unread))
        session.exitstatus = 1


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
