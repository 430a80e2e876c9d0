# What every board freezes (included by boards/*/manifest.py). Frozen
# modules run from flash and cost almost no RAM.
# core: every module of firmware/core but the PC's (host_tools/build_mpy.py
# PC_ONLY: record.py and codec/, the JSON record codec), so that a new
# title's core/<id>.py is frozen with no line here (tests/pc/test_flash.py
# checks this rule against PC_ONLY). makemanifest runs this file from
# boards/.
import os
_core = sorted(f for f in os.listdir("../firmware/core")
               if f.endswith(".py") and f != "record.py")
# The order of the files is the image's list of frozen names, which an
# import reads from the start (once with patch 0003 of
# boards/micropython-patches/, up to three times without: is it a package
# folder? a file? its code): so the modules a key press may import come first
# (app/play's, then app's, then core's; each listed, not as the build
# machine's folder lists them, so that every build gives the same image),
# the boot's drivers next, and the port's own modules (_boot.py, asyncio...:
# imported by name at boot, if ever) last.


def _py_files(pkg, base="../firmware"):
    # Every .py file of the package, whole (a new module is frozen with no
    # line here): its sub-folders' first (app/play's), then its own.
    top = os.path.join(base, pkg)
    found = [os.path.relpath(os.path.join(folder, f), top).replace(os.sep, "/")
             for folder, _, files in os.walk(top) for f in files
             if f.endswith(".py")]
    return sorted(found, key=lambda f: ("/" not in f, f))


package("app", files=_py_files("app"), base_path="../firmware")
# Native code (@micropython.viper: app/glyphs_native.py) lives in native/,
# not firmware/: mpy-cross compiles it only for a CPU (-march, which the
# port passes for every frozen module: armv6m on the rp2, xtensawin on the
# esp32), and plain mpy-cross must compile everything under firmware/ (the
# .mpy set that `marcador flash` and the simulators use has none of it).
# Frozen in the app package, its name unchanged (app.glyphs_native), last
# of app's modules: imported once, at boot.
_NATIVE = "../native"
_native = _py_files("app", _NATIVE)
for _f in _native:
    module("app/" + _f, base_path=_NATIVE)
package("core", files=_core, base_path="../firmware")
package("drivers", files=_py_files("drivers"), base_path="../firmware")
module("main.py", base_path="../firmware")
include("$(PORT_DIR)/boards/manifest.py")

# The names of the modules above as qstrs in flash. Importing a module
# interns its full name ("app.play.dinos") and, for a package's module,
# its last part (set on the package: "dinos"). A name that no frozen code
# spells (built at runtime: app/flow.py's "app.play." + gid; a module only
# ever imported with `from app.play.dinos_round import ...`) would be a new
# qstr in the heap for good, and the first of them makes a qstr pool:
# 400 B at a Dinos game's peak (bench/rp2_heap.py lists them). So each
# build writes a module that spells every name, `import app.play.dinos as
# dinos`, in a function nobody calls, and freezes it for its qstrs alone:
# nothing imports it (and importing it would import nothing). An import
# interns the name before it looks for the module: the names the app
# tries for every title of the table (core/games.py IDS), a title's
# options (app/flow.py) and words (app/play/words.py), are spelled too,
# also where the title has none.
_TRIED = ("app.play.%s_options", "app.play.%s_words")


def _title_ids():
    import ast
    with open("../firmware/core/games.py") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [
                t.id for t in node.targets] == ["IDS"]:
            return ast.literal_eval(node.value)
    raise ValueError("firmware/core/games.py has no IDS")


def _frozen_modules():
    names = ["main", "board", "_texts_index"]
    for pkg in ("app", "core", "drivers"):
        top = os.path.join("../firmware", pkg)
        for folder, _, files in sorted(os.walk(top)):
            rel = os.path.relpath(folder, "../firmware").replace(os.sep, ".")
            for f in sorted(files):
                if not f.endswith(".py") or (
                        rel == "core" and f not in _core) or (
                        rel != "core" and rel.startswith("core")):
                    continue
                names.append(rel if f == "__init__.py"
                             else rel + "." + f[:-3])
    names += ["app." + f[:-3].replace("/", ".") for f in _native]
    names += [t % gid for gid in _title_ids() for t in _TRIED]
    return sorted(set(names))


def _qstr_module(names):
    lines = ["# Written by boards/manifest_common.py at each build: the",
             "# frozen modules' names as qstrs in flash. Never imported.",
             "", "", "def _names():"]
    for name in names:
        head, dot, last = name.rpartition(".")
        lines.append("    import %s as %s" % (name, last) if dot
                     else "    import %s" % name)
    return "\n".join(lines) + "\n"


def _write_if_changed(path, text):
    # Unchanged, the file keeps its time (nothing is compiled again); two
    # boards built at once each write whole files (a rename).
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    tmp = "%s.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


_gen = "../out/frozen-names"
os.makedirs(_gen, exist_ok=True)
_write_if_changed(os.path.join(_gen, "_module_names.py"),
                  _qstr_module(_frozen_modules()))
module("_module_names.py", base_path=_gen)

# The index of app/texts.py's table (tools/texts_index.py): where each
# key's line starts, for app/i18n.py's first lookup of a key (bytes in
# flash; imported once and forgotten, app/tables.py load).
import sys
sys.path.insert(0, "../tools")
import texts_index
_write_if_changed(os.path.join(_gen, "_texts_index.py"), texts_index.module(
    texts_index.table_of("../firmware/app/texts.py")))
del sys.path[0]
module("_texts_index.py", base_path=_gen)
