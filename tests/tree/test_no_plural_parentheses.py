"""The PC tools say "1 game" and "3 games", never "3 game(s)": every
counted noun goes through host_tools/counted.py (English and Spanish,
with the Spanish adjectives agreeing)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARENS = re.compile(r"[A-Za-zÀ-ÿ]\((s|es)\)")


def _literals(tree):
    """Every string literal piece in tree, with its line, docstrings
    aside (they are prose for developers, not messages)."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(
                    first.value, ast.Constant):
                docs.add(id(first.value))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs):
            yield node.lineno, node.value


def test_no_message_of_the_pc_tools_says_noun_s():
    found = []
    for path in sorted((ROOT / "host_tools").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in _literals(tree):
            if PARENS.search(text):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not found, "\n".join(found)


def test_the_check_sees_a_noun_s():
    tree = ast.parse('def f(n):\n    """3 file(s) in a docstring"""\n'
                     '    return f"{n} game(s)"\n')
    assert [t for _, t in _literals(tree) if PARENS.search(t)] == [
        " game(s)"]
