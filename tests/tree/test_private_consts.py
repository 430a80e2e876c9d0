"""A private constant (`_NAME = const(n)` at a module's top level) is used
only after its definition line, and never imported from another module.

Why: mpy-cross folds `_NAME` into the bytecode that follows the definition
and drops the assignment, so the module has no global `_NAME` at all. Any
use compiled before that line (even inside a function that runs later) is a
global lookup that raises NameError on a board, while CPython, which runs
const() as an ordinary call, sees nothing wrong. The same goes for
`from module import _NAME`."""

import ast

from conftest import FIRMWARE


def private_consts(tree):
    """{name: line} of the module-level `_NAME = const(...)` definitions."""
    found = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.startswith("_")
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const"):
            found.setdefault(node.targets[0].id, node.lineno)
    return found


def early_uses(source, name="<source>"):
    """(line, name) of each use of a private const before its definition."""
    tree = ast.parse(source, name)
    defined = private_consts(tree)
    return sorted((node.lineno, node.id) for node in ast.walk(tree)
                  if isinstance(node, ast.Name)
                  and node.id in defined
                  and isinstance(node.ctx, ast.Load)
                  and node.lineno < defined[node.id])


def _sources():
    return sorted(FIRMWARE.rglob("*.py"))


def test_the_check_finds_an_early_use():
    # The check itself, on a sample: a method reads _LIMIT, defined below.
    sample = ("from micropython import const\n"
              "class A:\n"
              "    def f(self):\n"
              "        return _LIMIT\n"
              "_LIMIT = const(3)\n"
              "_OK = const(1)\n"
              "def g():\n"
              "    return _OK\n")
    assert early_uses(sample) == [(4, "_LIMIT")]


def test_private_consts_are_defined_before_use():
    bad = []
    for path in _sources():
        for line, name in early_uses(path.read_text(), str(path)):
            bad.append("%s:%d %s" % (path.relative_to(FIRMWARE), line, name))
    assert not bad, ("private consts used before their definition "
                     "(NameError on a board): " + ", ".join(bad))


def test_private_consts_are_not_imported():
    consts = {}
    for path in _sources():
        parts = path.relative_to(FIRMWARE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        consts[".".join(parts)] = set(private_consts(ast.parse(path.read_text())))
    bad = []
    for path in _sources():
        pkg = path.relative_to(FIRMWARE).parent.parts
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = pkg[:len(pkg) - node.level + 1]
                module = ".".join(base + tuple((node.module or "").split(".")))
                module = module.strip(".")
            else:
                module = node.module or ""
            for alias in node.names:
                if alias.name in consts.get(module, ()):
                    bad.append("%s:%d imports %s from %s" % (
                        path.relative_to(FIRMWARE), node.lineno, alias.name,
                        module))
    assert not bad, "private consts imported (they do not exist on a board): " \
        + ", ".join(bad)
