"""The firmware's layers: core/ (the rules, pure) and drivers/ (the board's
hardware, the flash and the link's transport) never import app/ (the
screens and what the device does with the games). The app hands the
drivers what they need (the link its request handlers, app/sync.py)."""

import ast

from conftest import FIRMWARE


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

