"""The release image: MicroPython's rp2 port with Marcador frozen in.

    python tools/build_uf2.py pico_ssd1306 [pico_sh1106 ...]
    (or `make uf2 BOARD=pico_ssd1306`; `make uf2` builds every Pico board)

writes out/uf2/marcador-<VERSION>-<board>.uf2 (VERSION from
firmware/core/version.py). The MicroPython source tree is MICROPY_SRC (a
checkout with its submodules) or, when it is there, the bundle
../shared/rp2/micropython-v1.28.0-rp2-src.tar.xz beside the repository,
unpacked once under out/rp2/src. Every boards/micropython-patches/*.patch
is applied to that tree (once; a changed patch gets a freshly unpacked
tree); a MICROPY_SRC checkout is never changed: it must have them applied
already, or the build stops saying how. mpy-cross and picotool are built from that
tree when needed (picotool: PICOTOOL_SRC, the bundle's picotool/, or an
installed one given as picotool_DIR; without any, pico-sdk downloads it).
Each board keeps its port build folder (out/rp2/build-<board>), so a
firmware change rebuilds only the frozen modules and the link. A stamp next
to the image holds a hash of every input (the frozen files, the source
tree, the build date, this script): with nothing changed, nothing is run.
"""

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
RP2_OUT = OUT / "rp2"
UF2_OUT = OUT / "uf2"
BUNDLE_NAME = "micropython-v1.28.0-rp2-src.tar.xz"
# Marcador's changes to MicroPython's source (each file says why), in
# boards/micropython-patches, applied in name order with `patch -p1` from
# the top of the MicroPython tree.
PATCH_DIR = "micropython-patches"

# Marcador board folder -> MicroPython rp2 board. Only rp2 boards are built
# here; the ESP32 image needs ESP-IDF (docs/release-image.md).
RP2_BOARDS = {"pico_ssd1306": "RPI_PICO", "pico_sh1106": "RPI_PICO"}
NOT_HERE = {"esp32_ssd1306": "the ESP32 image is built with ESP-IDF, which "
            "this tool does not drive: see docs/release-image.md"}

DEBIAN = ("gcc-arm-none-eabi libnewlib-arm-none-eabi "
          "libstdc++-arm-none-eabi-newlib cmake build-essential patch")
# A UF2 smaller than this is the 3 KB image a half-configured build links.
MIN_UF2 = 256 * 1024
# A fixed build date when there is no git history to take one from.
DEFAULT_EPOCH = 1767225600      # 2026-01-01 00:00 UTC


class BuildError(Exception):
    """One line: what is missing or wrong, and what to do."""


def bundle():
    """The source bundle in shared/rp2 beside the repository (for a git
    worktree: beside it or beside its main checkout), or None."""
    places = [ROOT.parent]
    common = git(ROOT, "rev-parse", "--path-format=absolute",
                 "--git-common-dir")
    if common:
        places.append(Path(common).parent.parent)
    for place in places:
        f = place / "shared" / "rp2" / BUNDLE_NAME
        if f.exists():
            return f
    return None


def version():
    text = (ROOT / "firmware" / "core" / "version.py").read_text()
    m = re.search(r'^VERSION = "([^"]+)"', text, re.M)
    if not m:
        raise BuildError("firmware/core/version.py has no VERSION line")
    return m.group(1)


def uf2_path(board):
    return UF2_OUT / f"marcador-{version()}-{board}.uf2"


def say(text):
    print(f"build_uf2: {text}", flush=True)


# --- what must be installed ---------------------------------------------

def check_toolchain():
    missing = [t for t in ("arm-none-eabi-gcc", "cmake", "make", "cc", "c++",
                           "patch")
               if not shutil.which(t)]
    if not missing:
        # newlib's libc and libstdc++ for the target (separate packages).
        for lib in ("libc.a", "libstdc++.a"):
            p = subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m0plus",
                                "-mthumb", f"-print-file-name={lib}"],
                               capture_output=True, text=True).stdout.strip()
            if not os.path.isabs(p):
                missing.append(f"arm-none-eabi {lib}")
    if missing:
        raise BuildError(f"missing {', '.join(missing)}: install the Debian "
                         f"packages {DEBIAN}")


# --- the MicroPython source tree ------------------------------------------

def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def source_tree():
    """(micropython dir, picotool source dir or None, identity string)."""
    given = os.environ.get("MICROPY_SRC")
    if given:
        top = Path(given).expanduser().resolve()
        if not (top / "ports" / "rp2" / "Makefile").exists():
            raise BuildError(f"MICROPY_SRC={given} is not a MicroPython "
                             f"checkout (no ports/rp2/Makefile)")
        if not (top / "lib" / "pico-sdk" / "pico_sdk_init.cmake").exists():
            raise BuildError(f"MICROPY_SRC={given} has no pico-sdk: run "
                             f"`make -C {top}/ports/rp2 submodules` there")
        check_patched(top)
        pico = os.environ.get("PICOTOOL_SRC")
        pico = Path(pico).resolve() if pico else None
        ident = f"MICROPY_SRC={top} {git_head(top)}"
        return top, pico, ident
    found = bundle()
    if not found:
        raise BuildError(f"no MicroPython source: set MICROPY_SRC to a "
                         f"MicroPython checkout with submodules, or put "
                         f"{BUNDLE_NAME} in {ROOT.parent / 'shared' / 'rp2'}")
    digest = sha256_file(found)
    dest = RP2_OUT / "src"
    stamp = dest / ".unpacked"
    if not (stamp.exists() and stamp.read_text() == digest):
        say(f"unpacking {found} into {rel(dest)}")
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        unpack(found, dest)
        stamp.write_text(digest)
    apply_patches(dest, found, digest)
    return dest / "micropython", dest / "picotool", f"bundle {digest}"


# --- Marcador's patches to MicroPython ----------------------------------------

def patches():
    return sorted((ROOT / "boards" / PATCH_DIR).glob("*.patch"))


def patches_key():
    h = hashlib.sha256()
    for p in patches():
        h.update(f"{p.name}\n".encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def patched_files(patch_files):
    """The files (relative to the MicroPython tree) the patches change."""
    names = set()
    for p in patch_files:
        for line in Path(p).read_text().splitlines():
            if line.startswith("+++ "):
                name = line[4:].split("\t")[0].strip()
                names.add(name.split("/", 1)[1] if "/" in name else name)
    return sorted(names)


def patch_cmd(top, patch_file, *flags):
    """GNU patch on the tree (--force: no questions, no guessing that a
    patch is reversed; --fuzz=0: only where it fits exactly)."""
    if not shutil.which("patch"):
        check_toolchain()           # says what is missing, patch with it
    return subprocess.run(["patch", "-p1", "--force", "--silent", "--fuzz=0",
                           "--no-backup-if-mismatch", "-r", "-", *flags,
                           "-d", str(top), "-i", str(patch_file)],
                          capture_output=True, text=True)


def is_applied(top, patch_file):
    return patch_cmd(top, patch_file, "--reverse", "--dry-run").returncode == 0


def check_patched(top):
    """A MICROPY_SRC checkout is the user's: it is built as it is, and
    only when every patch is already in it (never changed from here)."""
    for p in patches():
        if is_applied(top, p):
            continue
        if patch_cmd(top, p, "--dry-run").returncode == 0:
            raise BuildError(
                f"MICROPY_SRC={top} lacks Marcador's patch {rel(p)} (this "
                f"build never changes your checkout): apply it with `patch "
                f"-p1 -d {top} -i {p}`, or unset MICROPY_SRC to build from "
                f"the bundle")
        raise BuildError(f"{rel(p)} does not apply to MICROPY_SRC={top} "
                         f"(not MicroPython v1.28.0?): unset MICROPY_SRC to "
                         f"build from the bundle")


def apply_patches(dest, bundle_file, digest):
    """Apply the patches to the unpacked bundle once: a stamp holds their
    hash. Patches changed since the tree was patched: the tree is unpacked
    afresh, patched again, and every file an old or new patch names gets
    a new date, so that make rebuilds it (the unpack keeps the bundle's
    dates, older than the build folder's objects)."""
    stamp = dest / ".patched"
    saved = dest / ".patches"
    key = patches_key()
    if stamp.exists() and stamp.read_text() == key:
        return
    top = dest / "micropython"
    old = sorted(saved.glob("*.patch")) if saved.exists() else []
    touched = patched_files(old)
    if stamp.exists() or saved.exists():
        say(f"the patches changed: unpacking {rel(bundle_file)} afresh")
        shutil.rmtree(dest)
        dest.mkdir(parents=True)
        unpack(bundle_file, dest)
        (dest / ".unpacked").write_text(digest)
    saved.mkdir()
    for p in patches():
        say(f"applying {rel(p)}")
        done = patch_cmd(top, p)
        if done.returncode:
            raise BuildError(f"{rel(p)} does not apply to {rel(top)}: "
                             f"{(done.stdout + done.stderr).strip()[:200]}")
        shutil.copyfile(p, saved / p.name)
    for name in sorted(set(touched) | set(patched_files(patches()))):
        f = top / name
        if f.exists():
            os.utime(f)
    stamp.write_text(key)


def unpack(bundle_file, dest):
    with tarfile.open(bundle_file) as tar:
        try:
            tar.extractall(dest, filter="tar")
        except TypeError:           # Python < 3.12 has no filter
            tar.extractall(dest)


def git(path, *args):
    """git's output in `path`, or "" (no git, not a repository)."""
    try:
        p = subprocess.run(["git", "-C", str(path), *args],
                           capture_output=True, text=True)
    except OSError:
        return ""
    return p.stdout.strip() if p.returncode == 0 else ""


def git_head(path):
    return git(path, "describe", "--always", "--dirty", "--tags") or "no-git"


def rel(path):
    try:
        return str(Path(path).relative_to(ROOT))
    except ValueError:
        return str(path)


def run(cmd, log, env=None, cwd=None):
    """Run cmd with its output in the file `log`; BuildError on failure."""
    with open(log, "w") as f:
        p = subprocess.run([str(c) for c in cmd], stdout=f,
                           stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if p.returncode:
        tail = Path(log).read_text(errors="replace").splitlines()[-15:]
        print("\n".join(tail), file=sys.stderr)
        raise BuildError(f"{Path(cmd[0]).name} failed (exit {p.returncode}); "
                         f"full output in {rel(log)}")


def clean_env(top=None):
    """The environment for a sub-make: without the calling make's flags
    (MAKEFLAGS carries `BOARD=pico_ssd1306` from `make uf2 BOARD=...`,
    which would replace the rp2 Makefile's BOARD). With `top`, git stops
    looking for a repository above the MicroPython tree: the bundle,
    unpacked under out/, would otherwise take this repository's commit
    for MicroPython's version (the banner would read "MicroPython
    61ef3c9855-dirty" instead of "v1.28.0")."""
    env = dict(os.environ)
    for k in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(k, None)
    if top is not None:
        env["GIT_CEILING_DIRECTORIES"] = str(Path(top).parent)
    return env


def jobs():
    return f"-j{os.cpu_count() or 1}"


def ensure_mpy_cross(top):
    exe = top / "mpy-cross" / "build" / "mpy-cross"
    if not exe.exists():
        RP2_OUT.mkdir(parents=True, exist_ok=True)
        say("building mpy-cross")
        run(["make", "-C", top / "mpy-cross", jobs()],
            RP2_OUT / "mpy-cross.log", env=clean_env(top))
    return exe


def ensure_picotool(top, pico_src):
    """The folder with picotoolConfig.cmake for pico-sdk, or None (then
    pico-sdk fetches picotool itself, which needs the network)."""
    given = os.environ.get("picotool_DIR")
    if given:
        return Path(given)
    if not (pico_src and (pico_src / "CMakeLists.txt").exists()):
        say("no picotool source (PICOTOOL_SRC): pico-sdk will download "
            "picotool, which needs the network")
        return None
    prefix = RP2_OUT / "tools"
    config = prefix / "picotool" / "picotoolConfig.cmake"
    if not config.exists():
        build = RP2_OUT / "picotool-build"
        say("building picotool")
        shutil.rmtree(build, ignore_errors=True)
        run(["cmake", "-S", pico_src, "-B", build,
             f"-DPICO_SDK_PATH={top / 'lib' / 'pico-sdk'}",
             "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
             f"-DCMAKE_INSTALL_PREFIX={prefix}"],
            RP2_OUT / "picotool-configure.log", env=clean_env())
        run(["make", "-C", build, jobs(), "install"],
            RP2_OUT / "picotool-build.log", env=clean_env())
    return config.parent


# --- the inputs and the stamp ----------------------------------------------

def frozen_inputs(board):
    """Every file the board's manifest can freeze, and the manifests."""
    files = [ROOT / "boards" / "manifest_common.py",
             ROOT / "boards" / board / "manifest.py",
             ROOT / "boards" / board / "board.py",
             Path(__file__).resolve(),
             Path(__file__).resolve().parent / "texts_index.py"]
    files += sorted((ROOT / "firmware").rglob("*.py"))
    files += sorted((ROOT / "native").rglob("*.py"))
    files += patches()
    return files


def build_epoch():
    """SOURCE_DATE_EPOCH: the environment's, else the date of the last
    commit that changed the firmware (native/ too) or the boards (same
    inputs, same bytes, day after day)."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    return (git(ROOT, "log", "-1", "--format=%ct", "--", "firmware",
                "native", "boards")
            or str(DEFAULT_EPOCH))


def inputs_key(board, ident, epoch):
    h = hashlib.sha256()
    h.update(f"{board}\n{ident}\n{epoch}\n".encode())
    for f in frozen_inputs(board):
        h.update(f"{f.relative_to(ROOT) if f.is_relative_to(ROOT) else f}\n"
                 .encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def stamp_path(board):
    return uf2_path(board).with_suffix(".uf2.inputs")


def up_to_date(board, key):
    out, stamp = uf2_path(board), stamp_path(board)
    return out.exists() and stamp.exists() and stamp.read_text() == key


# --- the port build ---------------------------------------------------------

def build_port(board, top, picotool_dir, epoch):
    """make -C ports/rp2 into out/rp2/build-<board>; returns firmware.uf2."""
    build = RP2_OUT / f"build-{board}"
    manifest = ROOT / "boards" / board / "manifest.py"
    # What the folder was configured with: the cmake cache keeps it, so a
    # different tree, manifest or picotool needs a fresh folder.
    config = f"{top}\n{manifest}\n{picotool_dir}\n{RP2_BOARDS[board]}\n"
    marker = build / ".marcador-configured"
    if build.exists() and not (marker.exists()
                               and marker.read_text() == config):
        # Never configured to the end by us (a failed configure leaves a
        # Makefile that links a 3 KB firmware), or configured otherwise.
        shutil.rmtree(build)
    env = clean_env(top)
    env["SOURCE_DATE_EPOCH"] = epoch
    if picotool_dir:
        # In the environment: on make's command line CMAKE_ARGS would
        # replace the rp2 Makefile's own (board and manifest lost).
        env["CMAKE_ARGS"] = f"-Dpicotool_DIR={picotool_dir}"
    else:
        env.pop("CMAKE_ARGS", None)
    fresh = not marker.exists()
    # makemanifest writes the frozen modules' C file again only when one of
    # them is newer than it: a module removed or the manifest's order
    # changed would leave the old list in the image. Something changed
    # (the stamp says so): written again, from the compiled modules kept.
    (build / "frozen_content.c").unlink(missing_ok=True)
    say(f"{board}: building MicroPython's rp2 port ({RP2_BOARDS[board]}) "
        f"in {rel(build)}" + (" from scratch: minutes" if fresh else ""))
    RP2_OUT.mkdir(parents=True, exist_ok=True)
    try:
        run(["make", "-C", top / "ports" / "rp2", jobs(),
             f"BOARD={RP2_BOARDS[board]}", f"BUILD={build}",
             f"FROZEN_MANIFEST={manifest}"],
            RP2_OUT / f"build-{board}.log", env=env)
    except BuildError:
        if fresh:
            shutil.rmtree(build, ignore_errors=True)
        raise
    uf2 = build / "firmware.uf2"
    if not uf2.exists() or uf2.stat().st_size < MIN_UF2:
        size = uf2.stat().st_size if uf2.exists() else 0
        shutil.rmtree(build, ignore_errors=True)
        raise BuildError(f"{board}: the port build gave a {size}-byte UF2 "
                         f"(a broken configure?); its folder is removed, "
                         f"run again (log: out/rp2/build-{board}.log)")
    marker.write_text(config)
    return uf2


def build(board):
    """Build (when an input changed) and return the board's release UF2."""
    if board in NOT_HERE:
        raise BuildError(f"{board}: {NOT_HERE[board]}")
    if board not in RP2_BOARDS:
        raise BuildError(f"no rp2 board {board!r}; boards: "
                         f"{', '.join(sorted(RP2_BOARDS))}")
    top, pico_src, ident = source_tree()
    epoch = build_epoch()
    key = inputs_key(board, ident, epoch)
    out = uf2_path(board)
    if up_to_date(board, key):
        say(f"{rel(out)} is up to date")
        return out
    check_toolchain()
    ensure_mpy_cross(top)
    picotool_dir = ensure_picotool(top, pico_src)
    uf2 = build_port(board, top, picotool_dir, epoch)
    UF2_OUT.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".uf2.tmp")
    shutil.copyfile(uf2, tmp)
    os.replace(tmp, out)
    stamp_path(board).write_text(key)
    say(f"{rel(out)}: {out.stat().st_size} bytes")
    return out


def locked(fn):
    """Run fn with out/rp2 to ourselves: two builds at once (two shells,
    two test runs) would share the unpacked tree and a build folder."""
    RP2_OUT.mkdir(parents=True, exist_ok=True)
    with open(RP2_OUT / ".lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("waiting for another build_uf2 to finish")
            fcntl.flock(lock, fcntl.LOCK_EX)
        return fn()


def main(argv=None):
    boards = (argv if argv is not None else sys.argv[1:]) or sorted(RP2_BOARDS)
    try:
        for board in boards:
            if board in NOT_HERE or board not in RP2_BOARDS:
                build(board)            # says why, in one line
            locked(lambda: build(board))
    except BuildError as ex:
        print(f"build_uf2: {ex}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
