"""The option bits a title's options screen (app/play/<id>_options.py)
copies from its rules module as private consts (`_REX = const(26)`,
folded into the bytecode by mpy-cross): reading them from the rules module
was a part of the key that opens the options (the unix VM's worst key
step). Each copy must be the rules module's number."""

import re

from marcador_core import dinos
from conftest import FIRMWARE

DEFINED = re.compile(r"^_([A-Z_]+) = const\((.+)\)", re.M)
OPTIONS = FIRMWARE / "app" / "play" / "dinos_options.py"


def test_dinos_option_bits_are_the_rules():
    src = OPTIONS.read_text(encoding="utf-8")
    copied = {n: eval(v, {}) for n, v in DEFINED.findall(src)}
    assert set(copied) == {"REX", "STEGO", "CERATOPS", "BRONTO",
                           "TWO_RULES_OFF"}
    for name, value in copied.items():
        assert getattr(dinos, name) == value, name

