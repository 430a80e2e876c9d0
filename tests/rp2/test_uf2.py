"""The release image (make uf2, tools/build_uf2.py, docs/release-image.md).

The image tests (marker rp2) build MicroPython's rp2 port with the firmware
frozen in; without a source tree or the arm toolchain they skip saying what
to provide (`make test-rp2` fails instead). The rest check the build
script's own decisions and need neither.
"""

import ast
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import rp2_build
from marcador_core import games
from conftest import FIRMWARE, ROOT, run_micropython
from rp2_build import build_uf2, release_uf2, run_make_uf2

SCRIPT = ROOT / "tools" / "build_uf2.py"
BUNDLE = build_uf2.bundle()
STOCK = BUNDLE and BUNDLE.parent / "firmware-RPI_PICO-v1.28.0.uf2"
PICO_BOARDS = sorted(build_uf2.RP2_BOARDS)

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_FAMILY = 0x00002000          # flag: the familyID field is set
RP2040_FAMILY = 0xE48BFF56
XIP_BASE = 0x10000000
PICO_FLASH = 2 * 1024 * 1024


def uf2_flash(data):
    """{address: 256-byte payload} of a UF2 file; AssertionError on any
    block that breaks the format (magics, numbering, family, size)."""
    assert len(data) % 512 == 0 and data, f"{len(data)} bytes"
    count = len(data) // 512
    flash = {}
    for i in range(count):
        block = data[i * 512:(i + 1) * 512]
        m0, m1, flags, addr, size, no, total, family = \
            struct.unpack("<8I", block[:32])
        (end,) = struct.unpack("<I", block[508:])
        assert (m0, m1, end) == UF2_MAGIC, f"block {i}: bad magic"
        assert (no, total) == (i, count), f"block {i}: numbered {no}/{total}"
        assert flags & UF2_FAMILY and family == RP2040_FAMILY, \
            f"block {i}: family {family:#x} flags {flags:#x}"
        assert size == 256 and addr % 256 == 0, f"block {i}: {size}@{addr:#x}"
        assert addr not in flash, f"block {i}: {addr:#x} twice"
        flash[addr] = block[32:32 + size]
    return flash


def flash_bytes(flash):
    """The flash contents from XIP_BASE, gaps as 0xFF (erased)."""
    top = max(flash) + 256
    image = bytearray(b"\xff" * (top - XIP_BASE))
    for addr, payload in flash.items():
        image[addr - XIP_BASE:addr - XIP_BASE + 256] = payload
    return bytes(image)


# {frozen name: its file} of the modules the manifest writes itself (in
# out/, from its inputs) before it freezes them.
GENERATED = {}


def frozen_names(board):
    """The module names the board's manifest freezes ('core/game.py'...),
    by running the manifest with stand-ins for MicroPython's functions
    (the port's own manifest, included by path, is left out). Paths are
    relative to the manifest that names them, as in MicroPython."""
    names = []
    here = [ROOT / "boards" / board]

    def package(name, files=None, base_path="."):
        base = (here[-1] / base_path / name).resolve()
        found = files or [p.relative_to(base).as_posix()
                          for p in sorted(base.rglob("*.py"))]
        names.extend(f"{name}/{f}" for f in found)

    def module(name, base_path="."):
        names.append(name)
        if (here[-1] / base_path).resolve().is_relative_to(ROOT / "out"):
            GENERATED[name] = here[-1] / base_path / name

    def include(path):
        if "$(" not in path:
            run_manifest(here[-1] / path)

    def run_manifest(path):
        # From the manifest's folder, as MicroPython's makemanifest runs it.
        here.append(path.parent)
        cwd = os.getcwd()
        os.chdir(path.parent)
        try:
            exec(path.read_text(), {"package": package, "module": module,
                                    "include": include})
        finally:
            os.chdir(cwd)
            here.pop()

    run_manifest(here[0] / "manifest.py")
    return names


def source_of(board, name):
    """The file in the repository that the frozen name comes from."""
    if name in GENERATED:
        return ROOT / "boards" / "manifest_common.py"
    for top in (FIRMWARE, ROOT / "native"):   # native/: frozen-only code
        if (top / name).exists():
            return top / name
    return ROOT / "boards" / board / name


def version():
    return build_uf2.version()


# --- the image (built once per session and board) -------------------------

@pytest.fixture(scope="module", params=PICO_BOARDS)
def image(request):
    path = release_uf2(request.param)
    return request.param, path


@pytest.mark.rp2
def test_image_is_named_with_board_and_version(image):
    board, path = image
    assert path == ROOT / "out" / "uf2" / f"marcador-{version()}-{board}.uf2"
    assert path.exists()


@pytest.mark.rp2
def test_every_block_is_valid_uf2_for_the_rp2040(image):
    flash = uf2_flash(image[1].read_bytes())
    # Contiguous from the start of flash (boot2 first), as the port links it.
    addrs = sorted(flash)
    assert addrs[0] == XIP_BASE
    assert addrs == list(range(XIP_BASE, addrs[-1] + 256, 256))


@pytest.mark.rp2
def test_size_is_plausible_and_leaves_the_filesystem_alone(image):
    data = image[1].read_bytes()
    flash = uf2_flash(data)
    # Stock MicroPython's UF2 and the firmware's frozen modules on top.
    assert 730_000 < len(data) < 1_000_000, len(data)
    # The littlefs partition is the top MICROPY_HW_FLASH_STORAGE_BYTES of
    # the 2 MB: the code must end below it, or games would overwrite it.
    header = (ROOT / "out" / "rp2" / "src" / "micropython" / "ports" / "rp2"
              / "boards" / "RPI_PICO" / "mpconfigboard.h")
    storage = 1408 * 1024
    if header.exists():
        m = re.search(r"MICROPY_HW_FLASH_STORAGE_BYTES\s+\((\d+) \* 1024\)",
                      header.read_text())
        storage = int(m.group(1)) * 1024
    assert max(flash) + 256 <= XIP_BASE + PICO_FLASH - storage


@pytest.mark.rp2
def test_the_firmware_is_frozen_in(image):
    board, path = image
    contents = flash_bytes(uf2_flash(path.read_bytes()))
    names = frozen_names(board)
    assert "main.py" in names and "board.py" in names
    assert "core/game.py" in names and "app/app.py" in names
    assert "app/glyphs_native.py" in names          # from native/
    # mp_frozen_names: the names, NUL-terminated, one after the other.
    absent = [n for n in names if n.encode() + b"\0" not in contents]
    assert absent == []
    # The PC-only record codec is not frozen.
    assert b"core/record.py\0" not in contents


@pytest.mark.rp2
def test_the_frozen_names_list_what_a_press_imports_first(image):
    # An import reads the image's list of frozen names from its start
    # (three times: folder, file, code): app/play's modules come first,
    # then app's, core's, drivers', main.py, and the port's own last. The
    # image's list is the manifest's order (a rebuild after the order
    # changed must not keep the old list: makemanifest itself regenerates
    # only when a file is newer than its output).
    board, path = image
    listed = frozen_list(board)
    names = frozen_names(board)
    assert sorted(set(listed) & set(names)) == sorted(names)
    in_image = [n for n in listed if n in names]

    def group(name):
        for i, head in enumerate(("app/play/", "app/", "core/", "drivers/",
                                  "main.py")):
            if name.startswith(head):
                return i
        return 5                        # generated: the qstrs, the index
    assert [group(n) for n in in_image] == sorted(map(group, in_image))
    # The port's own (_boot.py, asyncio...) after those a press imports.
    assert listed.index("_boot.py") > listed.index("main.py")


def frozen_list(board):
    """The image's mp_frozen_names, in order, as the build's
    frozen_content.c (which the image is linked from) spells it."""
    c = (ROOT / "out" / "rp2" / f"build-{board}" /
         "frozen_content.c").read_text()
    i = c.index("mp_frozen_names[]")
    return re.findall(r'"([^"]*)\\0"', c[i:c.index(";", i)])


@pytest.mark.rp2
def test_the_version_is_in_the_image(image):
    contents = flash_bytes(uf2_flash(image[1].read_bytes()))
    assert version().encode() in contents
    # MicroPython's own version in the banner, not this repository's
    # commit (git must not find the repository around an unpacked tree).
    banner = re.search(rb"MicroPython (\S+) on \d{4}-\d\d-\d\d", contents)
    assert banner and re.fullmatch(rb"v\d+\.\d+\.\d+", banner.group(1)), \
        banner


@pytest.mark.skipif(not (STOCK and STOCK.exists()),
                    reason="no ../shared/rp2/firmware-RPI_PICO-v1.28.0.uf2")
def test_the_checks_tell_stock_micropython_apart():
    # The same checks on stock MicroPython find none of Marcador.
    contents = flash_bytes(uf2_flash(STOCK.read_bytes()))
    assert b"core/game.py\0" not in contents
    assert b"app/app.py\0" not in contents


@pytest.mark.rp2
def test_a_second_make_uf2_does_nothing(image):
    board, path = image
    log = ROOT / "out" / "rp2" / f"build-{board}.log"
    before = (path.stat().st_mtime_ns,
              log.stat().st_mtime_ns if log.exists() else None)
    proc = run_make_uf2(board)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == \
        f"build_uf2: out/uf2/marcador-{version()}-{board}.uf2 is up to date"
    after = (path.stat().st_mtime_ns,
             log.stat().st_mtime_ns if log.exists() else None)
    assert after == before


# --- the build script's decisions (no toolchain needed) --------------------

def run_script(*args, env=None):
    return subprocess.run([sys.executable, str(SCRIPT), *args],
                          capture_output=True, text=True, env=env,
                          timeout=120)


def one_line_error(proc):
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_the_esp32_board_says_it_needs_esp_idf():
    line = one_line_error(run_script("esp32_ssd1306"))
    assert "ESP-IDF" in line and "docs/release-image.md" in line


def test_an_unknown_board_is_one_line():
    line = one_line_error(run_script("pico_nope"))
    assert "pico_sh1106" in line and "pico_ssd1306" in line


def test_a_source_that_is_not_micropython_is_one_line(tmp_path):
    env = dict(os.environ, MICROPY_SRC=str(tmp_path))
    line = one_line_error(run_script("pico_ssd1306", env=env))
    assert "MICROPY_SRC" in line and "not a MicroPython checkout" in line


def test_a_missing_toolchain_names_the_debian_packages(tmp_path):
    # A source tree that passes the checks, and a PATH with no compiler.
    (tmp_path / "ports" / "rp2").mkdir(parents=True)
    (tmp_path / "ports" / "rp2" / "Makefile").write_text("")
    (tmp_path / "lib" / "pico-sdk").mkdir(parents=True)
    (tmp_path / "lib" / "pico-sdk" / "pico_sdk_init.cmake").write_text("")
    env = dict(os.environ, MICROPY_SRC=str(tmp_path), PATH=str(tmp_path))
    line = one_line_error(run_script("pico_ssd1306", env=env))
    assert "arm-none-eabi-gcc" in line
    assert build_uf2.DEBIAN in line
    assert not any(tmp_path.glob("**/*.uf2"))


def test_make_uf2_fails_in_one_line_without_a_source(tmp_path):
    # make's own flags (BOARD=...) must not leak; the script's line is kept.
    env = dict(os.environ, MICROPY_SRC=str(tmp_path / "none"))
    proc = subprocess.run(["make", "--no-print-directory", "uf2",
                           "BOARD=pico_ssd1306", f"PYTHON={sys.executable}"],
                          cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode != 0
    assert proc.stderr.splitlines()[0].startswith(
        "build_uf2: MICROPY_SRC=")


@pytest.mark.parametrize("board", PICO_BOARDS)
def test_every_frozen_file_is_an_input_of_the_stamp(board):
    inputs = {p.resolve() for p in build_uf2.frozen_inputs(board)}
    names = frozen_names(board)
    assert len(names) > 40
    for name in names:
        assert source_of(board, name).resolve() in inputs, name


def spelled_names(board):
    """{module name: the name it is imported as} in the module the board's
    manifest writes for its qstrs, checking that its import statements sit
    in a function (importing it runs none of them)."""
    frozen_names(board)
    tree = ast.parse(GENERATED["_module_names.py"].read_text())
    assert [type(n) for n in tree.body] == [ast.FunctionDef]
    return {a.name: a.asname for n in ast.walk(tree)
            if isinstance(n, ast.Import) for a in n.names}


@pytest.mark.parametrize("board", PICO_BOARDS)
def test_every_module_name_is_spelled_for_its_qstrs(board):
    # Each frozen module's full name and last part, and the modules the
    # app tries for every title (its options, its words), also where the
    # title has none: the import interns the name before it looks.
    spelled = spelled_names(board)
    modules = [n[:-3].replace("/", ".").removesuffix(".__init__")
               for n in frozen_names(board) if n != "_module_names.py"]
    assert "app.play.base" in modules and "main" in modules
    assert "app.glyphs_native" in modules           # native/'s, in app
    for mod in modules:
        assert mod in spelled, mod
        assert spelled[mod] == (mod.rpartition(".")[2] if "." in mod
                                else None), mod
    for gid in games.IDS:
        for tried in ("app.play.%s_options", "app.play.%s_words"):
            assert tried % gid in spelled
    # Frozen for its qstrs only: nothing imports it.
    assert not [p for p in FIRMWARE.rglob("*.py")
                if "_module_names" in p.read_text()]


@pytest.mark.rp2
def test_the_spelled_names_are_qstrs_in_the_image(image):
    board, path = image
    contents = flash_bytes(uf2_flash(path.read_bytes()))
    absent = [n for n in spelled_names(board)
              if n.encode() + b"\0" not in contents]
    assert absent == []


def test_the_stamp_changes_with_a_firmware_file(tmp_path, monkeypatch):
    for d in ("firmware", "boards", "tools"):
        shutil.copytree(ROOT / d, tmp_path / d,
                        ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(build_uf2, "ROOT", tmp_path)
    key = build_uf2.inputs_key("pico_ssd1306", "src", "1")
    assert build_uf2.inputs_key("pico_ssd1306", "src", "1") == key
    f = tmp_path / "firmware" / "app" / "home.py"
    f.write_text(f.read_text() + "\n# changed\n")
    assert build_uf2.inputs_key("pico_ssd1306", "src", "1") != key
    # ... and with the source tree or the build date.
    f.write_text(f.read_text()[:-len("\n# changed\n")])
    assert build_uf2.inputs_key("pico_ssd1306", "src", "1") == key
    assert build_uf2.inputs_key("pico_ssd1306", "other", "1") != key
    assert build_uf2.inputs_key("pico_ssd1306", "src", "2") != key


# --- Marcador's patches to MicroPython (boards/micropython-patches) --------

def test_the_stamp_changes_with_a_patch(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "boards", tmp_path / "boards")
    monkeypatch.setattr(build_uf2, "ROOT", tmp_path)
    patches = build_uf2.patches()
    assert [p.name for p in patches] == \
        [p.name for p in sorted((ROOT / "boards" / "micropython-patches")
                                .glob("*.patch"))] and patches
    key = build_uf2.inputs_key("pico_ssd1306", "src", "1")
    assert build_uf2.inputs_key("pico_ssd1306", "src", "1") == key
    patches[0].write_text(patches[0].read_text() + "\n")
    assert build_uf2.inputs_key("pico_ssd1306", "src", "1") != key


ORIGINAL = "int cache = 1024;\n"


def fake_patch(root, name, old, new):
    d = root / "boards" / "micropython-patches"
    d.mkdir(parents=True, exist_ok=True)
    (d / "0001-x.patch").write_text(
        f"Why: a test.\n\n--- a/extmod/{name}\n+++ b/extmod/{name}\n"
        f"@@ -1 +1 @@\n-{old}+{new}")


@pytest.fixture
def fake_bundle(tmp_path, monkeypatch):
    """A bundle of two one-line files, its tree unpacked under tmp/out,
    and a patch of one of them; returns the tree's top."""
    import tarfile
    src = tmp_path / "bundle" / "micropython" / "extmod"
    src.mkdir(parents=True)
    for name in ("a.c", "b.c"):
        (src / name).write_text(ORIGINAL)
        os.utime(src / name, (1_000_000_000, 1_000_000_000))
    tar_path = tmp_path / build_uf2.BUNDLE_NAME
    with tarfile.open(tar_path, "w:xz") as tar:
        tar.add(tmp_path / "bundle" / "micropython", "micropython")
    root = tmp_path / "repo"
    fake_patch(root, "a.c", ORIGINAL, "int cache = 256;\n")
    monkeypatch.setattr(build_uf2, "ROOT", root)
    monkeypatch.setattr(build_uf2, "RP2_OUT", root / "out" / "rp2")
    monkeypatch.setattr(build_uf2, "bundle", lambda: tar_path)
    monkeypatch.delenv("MICROPY_SRC", raising=False)
    return root / "out" / "rp2" / "src" / "micropython"


def test_the_bundle_is_patched_once_and_afresh_when_a_patch_changes(
        fake_bundle, capsys):
    top, *_ = build_uf2.source_tree()
    assert top == fake_bundle
    a, b = top / "extmod" / "a.c", top / "extmod" / "b.c"
    assert a.read_text() == "int cache = 256;\n"
    assert b.read_text() == ORIGINAL
    assert "applying boards/micropython-patches/0001-x.patch" in \
        capsys.readouterr().out
    # Unchanged: nothing is unpacked, applied or touched (make rebuilds
    # nothing).
    dates = (a.stat().st_mtime_ns, b.stat().st_mtime_ns)
    build_uf2.source_tree()
    assert capsys.readouterr().out == ""
    assert (a.stat().st_mtime_ns, b.stat().st_mtime_ns) == dates
    assert a.read_text() == "int cache = 256;\n"
    # The patch now changes b.c instead: a.c is the bundle's again, b.c
    # patched, and both newer than the objects built from them before.
    fake_patch(build_uf2.ROOT, "b.c", ORIGINAL, "int cache = 512;\n")
    build_uf2.source_tree()
    assert "unpacking" in capsys.readouterr().out
    assert a.read_text() == ORIGINAL
    assert b.read_text() == "int cache = 512;\n"
    assert a.stat().st_mtime_ns > dates[0] and \
        b.stat().st_mtime_ns > dates[1]


def test_a_patch_that_does_not_apply_to_the_bundle_is_one_line(fake_bundle):
    fake_patch(build_uf2.ROOT, "a.c", "int other;\n", "int cache = 256;\n")
    with pytest.raises(build_uf2.BuildError) as ex:
        build_uf2.source_tree()
    assert "0001-x.patch does not apply" in str(ex.value)
    assert "\n" not in str(ex.value)


def test_a_micropython_checkout_is_never_patched(tmp_path, monkeypatch):
    # MICROPY_SRC is the user's: without the patches the build stops,
    # saying the command that applies them; with them, it goes on.
    top = tmp_path / "micropython"
    (top / "ports" / "rp2").mkdir(parents=True)
    (top / "ports" / "rp2" / "Makefile").write_text("")
    (top / "lib" / "pico-sdk").mkdir(parents=True)
    (top / "lib" / "pico-sdk" / "pico_sdk_init.cmake").write_text("")
    (top / "extmod").mkdir()
    a = top / "extmod" / "a.c"
    a.write_text(ORIGINAL)
    root = tmp_path / "repo"
    fake_patch(root, "a.c", ORIGINAL, "int cache = 256;\n")
    monkeypatch.setattr(build_uf2, "ROOT", root)
    monkeypatch.setenv("MICROPY_SRC", str(top))
    with pytest.raises(build_uf2.BuildError) as ex:
        build_uf2.source_tree()
    line = str(ex.value)
    assert "lacks Marcador's patch" in line and "patch -p1 -d" in line
    assert a.read_text() == ORIGINAL and not list(top.rglob("*.orig"))
    subprocess.run(["patch", "-p1", "-s", "-d", str(top), "-i",
                    str(build_uf2.patches()[0])], check=True)
    assert build_uf2.source_tree()[0] == top.resolve()
    # A tree the patch does not fit (another MicroPython) is told apart.
    a.write_text("int other;\n")
    with pytest.raises(build_uf2.BuildError) as ex:
        build_uf2.source_tree()
    assert "does not apply to MICROPY_SRC" in str(ex.value)


def test_the_littlefs_patch_applies_to_the_bundle(tmp_path):
    # The real patch against the real bundle's files (when it is here).
    if not BUNDLE:
        pytest.skip("no ../shared/rp2 bundle")
    import tarfile
    names = build_uf2.patched_files(build_uf2.patches())
    assert "extmod/vfs_lfsx.c" in names
    assert "ports/rp2/modules/_boot.py" in names
    with tarfile.open(BUNDLE) as tar:
        for name in names:
            member = tar.getmember(f"micropython/{name}")
            member.name = name
            try:
                tar.extract(member, tmp_path, filter="tar")
            except TypeError:
                tar.extract(member, tmp_path)
    for p in build_uf2.patches():
        assert build_uf2.patch_cmd(tmp_path, p).returncode == 0, p
    boot = (tmp_path / "ports" / "rp2" / "modules" / "_boot.py").read_text()
    assert boot.count("cachesize=256") == 3


# --- files left on the filesystem do not shadow the frozen firmware --------

def test_main_puts_the_frozen_modules_first(tmp_path):
    # firmware/main.py as a board runs it, with a stand-in board and app
    # that report the import path main.py left.
    (tmp_path / "board.py").write_text(
        "import sys\ndef setup():\n    print('PATH', sys.path)\n")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "app.py").write_text(
        "class App:\n    def __init__(self, hw): pass\n"
        "    def run(self): print('RAN')\n")
    # main.py unloads what boot is done with through the real app/memory.py
    # (it imports nothing of the firmware).
    shutil.copy(FIRMWARE / "app" / "memory.py", tmp_path / "app")
    shutil.copy(FIRMWARE / "main.py", tmp_path / "main.py")
    lines = run_micropython(tmp_path / "main.py", path=(tmp_path,))
    assert lines[-1] == "RAN"
    path = eval(lines[0].split(" ", 1)[1])
    # '.frozen' before '' and every folder: frozen modules win.
    assert path[0] == ".frozen" and path.count(".frozen") == 1
    assert str(tmp_path) in path
