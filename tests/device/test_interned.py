"""Texts the firmware did not write itself make no interned strings
(tests/mp/interned_check.py, MicroPython VM): on a board each one would
stay in the heap for good, in the runtime's qstr pool."""

import re

from conftest import FIRMWARE, MP_SCRIPTS, printed, run_micropython


def test_drawing_names_the_roster_and_the_nonce_intern_nothing(tmp_path):
    out = run_micropython(MP_SCRIPTS / "interned_check.py",
                          path=(FIRMWARE,), args=(tmp_path,))
    counts = [int(re.search(r"n_qstr=(\d+)", line).group(1))
              for line in out if line.startswith("qstr pool:")]
    assert len(counts) == 2
    assert counts[1] == counts[0], f"{counts[1] - counts[0]} interned"
    r = printed(out[-1])
    # the nonce was read (not replaced), and the letters edited: the
    # calls between the counts did their work
    assert r["showable"] is True
    assert r["fs_id"] == "9d8b7c6e" and r["problems"] == []
    # the last letter: e, then UP, UP, DOWN in names.CHARS (... a e i r ...)
    assert r["name"] == "Yvonni"
