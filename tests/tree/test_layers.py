"""The firmware's layers: core/ (the rules, pure) and drivers/ (the board's
hardware, the flash and the link's transport) never import app/ (the
screens and what the device does with the games). The app hands the
drivers what they need (the link its request handlers, app/sync.py)."""

import ast
import re

from conftest import FIRMWARE, NATIVE


def _lower_layers():
    files = sorted((FIRMWARE / "drivers").glob("*.py"))
    files += sorted((FIRMWARE / "core").rglob("*.py"))
    assert len(files) > 20          # the layers are where this test looks
    return files


def _imported(path, top=FIRMWARE):
    # (line, module) for every module an import statement of the file
    # names, relative ones resolved against the file's package (top is the
    # folder of the top-level packages).
    pkg = path.relative_to(top).parent.parts
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(pkg[:len(pkg) - node.level + 1])
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            yield node.lineno, mod
            for alias in node.names:
                yield node.lineno, mod + "." + alias.name


def test_drivers_and_core_never_import_the_app():
    found = []
    for path in _lower_layers():
        for line, mod in _imported(path):
            if mod == "app" or mod.startswith("app."):
                found.append(f"{path.relative_to(FIRMWARE)}:{line}: {mod}")
    assert found == []


def test_drivers_and_core_reach_into_no_app_object():
    # Not through an object either (the link used to read self.app.store,
    # .session, .settings): no name or attribute called app.
    found = []
    for path in _lower_layers():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Name) and node.id == "app" or \
                    isinstance(node, ast.Attribute) and node.attr == "app" \
                    or isinstance(node, ast.arg) and node.arg == "app":
                found.append(f"{path.relative_to(FIRMWARE)}:{node.lineno}")
    assert found == []


def test_the_import_check_sees_every_form_of_an_app_import(tmp_path):
    # The check itself: absolute, from-, dotted and relative imports.
    d = tmp_path / "drivers"
    d.mkdir()
    forms = ["import app", "import app.settings as S",
             "from app import i18n", "from app.i18n import set_lang",
             "from ..app import settings", "def f():\n    import app.x\n"]
    for i, text in enumerate(forms):
        p = d / f"m{i}.py"
        p.write_text(text + "\n")
        mods = [m for _, m in _imported(p, tmp_path)]
        assert any(m == "app" or m.startswith("app.") for m in mods), \
            (text, mods)
    ok = d / "ok.py"
    ok.write_text("from .store import Store\nimport core.wire\n"
                  "from core import gamefile\napp = 1\n")
    assert not [m for _, m in _imported(ok, tmp_path)
                if m == "app" or m.startswith("app.")]



# --- the firmware's import graph and the phases' tables ---------------------

def _modules():
    # {dotted name: path} of every firmware module (packages by their name),
    # native/'s too (frozen into firmware/'s packages: app.glyphs_native).
    mods = {}
    for top in (FIRMWARE, NATIVE):
        for p in top.rglob("*.py"):
            parts = p.relative_to(top).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            mods[".".join(parts)] = p
    return mods


def _graph(mods):
    # module -> the firmware modules it imports (anywhere in it, a
    # function's body included: an import run late is still an arrow).
    g = {}
    for name, path in mods.items():
        deps = set()
        top = FIRMWARE if path.is_relative_to(FIRMWARE) else NATIVE
        for _, m in _imported(path, top):
            while m and m not in mods:
                m = m.rpartition(".")[0]
            if m and m != name and path.stem != "__init__" and \
                    mods[m].stem != "__init__":
                deps.add(m)
        g[name] = deps
    return g


def _circles(g):
    # The strongly connected parts of more than one module (Tarjan).
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_in_the_firmware():
    mods = _modules()
    g = _graph(mods)
    assert g["app.final"] >= {"app.flow"}      # the graph sees late imports
    assert _circles(g) == []


def test_the_circle_check_finds_one():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == \
        [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def _memory():
    # app/memory.py, run by CPython (it imports only sys).
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "firmware_memory", FIRMWARE / "app" / "memory.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_phase_tables_name_firmware_modules():
    mods = _modules()
    mem = _memory()
    phases = [line.split()[0] for line in mem.PHASES.decode().splitlines()
              if line and not line.startswith(" ")]
    assert {"boot", "boot_only", "home", "from_home", "setup", "game_file",
            "lifecycle", "final", "notes", "tables", "error_texts",
            "link", "meta", "native"} == set(phases)
    for phase in phases:
        names = mem.modules(phase)
        assert names and all(m in mods for m in names), (phase, names)
    assert mem.modules("from_home")[-1] == "core.games"   # continued line
    assert mem.PLAY in mods and mods[mem.PLAY].stem == "__init__"
    # Every phase the app names is a line of the table.
    named = set()
    for path in sorted((FIRMWARE / "app").glob("*.py")):
        if path.name == "memory.py":          # where they are defined
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and \
                    isinstance(node.func, ast.Name) and \
                    node.func.id in ("forget", "modules"):
                arg = node.args[0]
                assert isinstance(arg, ast.Constant), (path, node.lineno)
                named.add(arg.value)
    assert named == set(phases)
    # The link's modules are the link's only: nothing but the app's loop,
    # which loads them when a PC talks (App.poll_link), imports them.
    g = _graph(mods)
    link = set(mem.modules("link"))
    users = {m for m, deps in g.items() if link & deps}
    assert users - link == {"app.app"}, users


def _unload_calls(path):
    # (line, the call's source) of every unload/release/unload_package
    # call in the file.
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("unload", "release", "unload_package"):
            yield node.lineno, node


def _module_literals(call):
    # The string constants in a call's arguments that name a module
    # ("app.home", "app.play." + ...; not PLAY + ".grid", whose package
    # comes from app/memory.py).
    return [n.value for a in call.args for n in ast.walk(a)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and re.fullmatch(r"[A-Za-z_]\w*(\.\w+)+\.?", n.value)]


def test_the_app_unloads_by_the_phase_tables_only():
    # A module's name is written in app/memory.py's table, not as a
    # literal at the call (a phase's name is: modules("boot")): the phases
    # stay in one place. A module forgets itself by its __name__; app/play's
    # modules name their package by memory.PLAY.
    found = []
    for path in sorted((FIRMWARE / "app").rglob("*.py")):
        if path.name == "memory.py":          # where unload() is defined
            continue
        for line, call in _unload_calls(path):
            if _module_literals(call):
                found.append(f"{path.relative_to(FIRMWARE)}:{line}")
    assert found == []
    # and the check sees a literal where one is
    probe = ast.parse('unload("app.home")\nunload(*modules("home"))\n'
                      'unload(__name__, PLAY + ".grid")\n'
                      'unload("app.play." + gid + "_words")\n')
    lits = [c for c in ast.walk(probe) if isinstance(c, ast.Call)
            and _module_literals(c)]
    assert len(lits) == 2


def test_no_lifecycle_by_name():
    # The final screen calls app/flow.py's functions plainly (a string
    # dispatch hid the flow <-> final circle from the check above).
    for path in sorted(FIRMWARE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and \
                    isinstance(node.func, ast.Name) and \
                    node.func.id == "getattr" and len(node.args) >= 2 and \
                    isinstance(node.args[0], ast.Name) and \
                    node.args[0].id == "flow":
                raise AssertionError(f"{path}:{node.lineno}")
