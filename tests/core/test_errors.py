"""The error codes the firmware uses as private consts (`_BAD_VALUE =
const(4)`, folded into the bytecode by mpy-cross: no module and no name in
a board's RAM) are core/errors.py's numbers, and a module that returns one
defines it."""

import re

import pytest

from marcador_core import errors
from conftest import FIRMWARE

CODES = {n: v for n, v in vars(errors).items()
         if n.isupper() and n not in ("ES", "EN")}
DEFINED = re.compile(r"^_([A-Z_]+) = const\((\d+)\)", re.M)
USED = re.compile(r"\b_([A-Z][A-Z_]+)\b")
BOARD_FILES = sorted(p for p in FIRMWARE.rglob("*.py")
                     if "codec" not in p.parts and
                     p.name not in ("record.py", "errors.py"))


@pytest.mark.parametrize("path", BOARD_FILES,
                         ids=lambda p: p.relative_to(FIRMWARE).as_posix())
def test_private_codes_match_errors(path):
    src = path.read_text(encoding="utf-8")
    defined = {n: int(v) for n, v in DEFINED.findall(src) if n in CODES}
    wrong = {n: v for n, v in defined.items() if CODES[n] != v}
    assert not wrong, f"codes not core/errors.py's: {wrong}"
    missing = {n for n in USED.findall(src) if n in CODES} - set(defined)
    assert not missing, f"codes used, not defined: {sorted(missing)}"


def test_board_modules_do_not_import_errors():
    # core.errors on a board would be its 48 names interned and a module
    # dict kept for good (the .mpy deployment's peak heap).
    for path in BOARD_FILES:
        src = path.read_text(encoding="utf-8")
        assert not re.search(r"import errors\b|errors import", src), path
