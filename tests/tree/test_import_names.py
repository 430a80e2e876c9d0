"""Every firmware module imported by a relative or `from package import
module` statement also has its full dotted name written in an absolute
import somewhere in firmware/, native/ or boards/.

Why: MicroPython interns a module's full name when it imports it. Written
in an absolute import of a frozen module, the name is a qstr in the release
image's flash; only ever built at runtime (core.errors from `from . import
errors`), it is a new qstr in the heap for good, and 20 of them make the
next qstr pool (bench/rp2_heap.py lists the runtime qstrs). core/ itself
imports relatively (on the PC it is the package marcador_core), so its
modules' names are spelled by the app or the drivers."""

import ast

from conftest import FIRMWARE, NATIVE

# Imported by a name built at runtime (the title's id), never spelled.
DYNAMIC = ("app.play.",)


def _module_names():
    # firmware/'s and native/'s (frozen into firmware/'s packages).
    names = set()
    for top in (FIRMWARE, NATIVE):
        for p in top.rglob("*.py"):
            parts = p.relative_to(top).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if len(parts) > 1:
                names.add(".".join(parts))
    return names


def _imports(path, top):
    """(lineno, full name, spelled) of each module an import statement
    names; spelled: the full dotted name is written in it."""
    pkg = path.relative_to(top).parent.parts
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, True
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(pkg[:len(pkg) - node.level + 1])
                mod = ".".join(base + ([node.module] if node.module else []))
                yield node.lineno, mod, False
            else:
                mod = node.module or ""
                yield node.lineno, mod, True
            for alias in node.names:
                yield node.lineno, mod + "." + alias.name, False


def test_every_imported_module_name_is_spelled_in_an_absolute_import():
    modules = _module_names()
    assert "app.ui" in modules and "core.errors" in modules
    # Not the PC's modules (host_tools/build_mpy.py PC_ONLY: never frozen).
    files = [(p, FIRMWARE) for p in FIRMWARE.rglob("*.py")
             if p.name != "record.py" and p.parent.name != "codec"]
    files += [(p, NATIVE) for p in NATIVE.rglob("*.py")]
    boards = FIRMWARE.parent / "boards"
    files += [(p, p.parent) for p in boards.glob("*/board.py")]
    spelled, used = set(), {}
    for path, top in files:
        for line, mod, whole in _imports(path, top):
            if mod not in modules:
                continue
            if whole:
                spelled.add(mod)
            used.setdefault(mod, f"{path.relative_to(FIRMWARE.parent)}:"
                                 f"{line}")
    missing = sorted(f"{where}: {mod}" for mod, where in used.items()
                     if mod not in spelled and not mod.startswith(DYNAMIC))
    assert missing == [], "\n".join(missing)
