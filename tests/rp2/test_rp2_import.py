"""The release image's imports (boards/micropython-patches/
0002-import-loaded-module-fast.patch): an absolute `from foo.bar import
baz`, or `import foo`, finds the module in sys.modules first, as CPython
does, and a `from foo.bar import baz` whose foo is loaded imports bar into
it, instead of looking up two qstrs per component of the name; every
other import is MicroPython's own. On the
emulated Pico (docs/rp2-emulator.md), at the raw REPL of the release image
(`make uf2 BOARD=pico_ssd1306`, built when not up to date)."""

import tempfile
from pathlib import Path

import pytest

from marcador import pico_emu
from rp2_build import boot, emulated_release

import rp2

pytestmark = pytest.mark.rp2

# Each case prints one line; app/ui.py and its package are frozen modules.
CASES = """
import sys
import app.ui
ui = sys.modules["app.ui"]
pkg = sys.modules.pop("app")
from app.ui import band
print("leaf", band is ui.band, "app" in sys.modules)
sys.modules.pop("app", None)
import app.ui
print("dotted", "app" in sys.modules, app is sys.modules["app"])
sys.modules["app"] = pkg
import app
print("top", app is pkg)
path = sys.path[:]
sys.path[:] = []
try:
    from app.ui import band
    print("empty path: imported")
except ImportError:
    print("empty path: ImportError")
sys.path[:] = path
from app.ui import band
print("after", band is ui.band)
import app.play
sys.modules.pop("app.play.rows", None)
pkg = sys.modules.pop("app")
from app.play.rows import mix
print("parent", "app" in sys.modules, mix is sys.modules["app.play.rows"].mix,
      app.play.rows is sys.modules["app.play.rows"])
sys.modules["app"] = pkg
try:
    from app.play.no_such_module import x
except ImportError as ex:
    print("missing", ex)
"""


@pytest.fixture(scope="module")
def printed():
    uf2 = emulated_release("pico_ssd1306")
    with tempfile.TemporaryDirectory() as tmp:
        img = Path(tmp) / "flash.img"
        with pico_emu.Pico(img, uf2=uf2) as pico:
            boot(pico, 6000)
            return rp2.raw_exec(pico, CASES).split("\r\n")


def test_a_loaded_module_is_taken_from_sys_modules(printed):
    # Its package is not imported again (the name is not split into its
    # components): the module in sys.modules is the one imported.
    assert "leaf True False" in printed


def test_a_module_is_imported_into_its_loaded_package(printed):
    # Not loaded, its package is: imported into it (as an attribute too),
    # the packages above not imported again.
    assert "parent False True True" in printed


def test_a_missing_module_is_still_an_import_error(printed):
    assert "missing no module named 'app.play.no_such_module'" in printed


def test_import_of_a_dotted_name_still_imports_its_package(printed):
    # `import foo.bar` returns foo: the usual path, which loads foo.
    assert "dotted True True" in printed
    assert "top True" in printed


def test_an_empty_sys_path_still_ignores_the_loaded_modules(printed):
    assert "empty path: ImportError" in printed
    assert "after True" in printed
