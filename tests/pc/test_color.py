"""Colour, restrained: an error line red and the winner bold, only on a
terminal, never with NO_COLOR set (https://no-color.org), and as
--color auto|always|never says (the option wins over the variable)."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from marcador import color
from marcador.cli import main as cli

RECORD = ROOT / "examples" / "doggy_rulebook.json"
RED, BOLD, RESET = "\x1b[31m", "\x1b[1m", "\x1b[0m"


class Stream:
    def __init__(self, tty):
        self.tty = tty

    def isatty(self):
        return self.tty


@pytest.mark.parametrize("mode,tty,env,on", [
    ("auto", True, {}, True),
    ("auto", False, {}, False),
    ("auto", True, {"NO_COLOR": "1"}, False),
    ("auto", True, {"NO_COLOR": ""}, True),      # empty: not set
    ("auto", True, {"TERM": "dumb"}, False),
    ("always", False, {"NO_COLOR": "1"}, True),  # the option wins
    ("never", True, {}, False),
])
def test_when_colour_is_wanted(mode, tty, env, on):
    assert color.wanted(Stream(tty), mode, env) is on


def test_no_colour_into_a_pipe_or_file_by_default(capsys):
    assert cli(["score", str(RECORD)]) == 0
    assert cli(["score", "missing.json"]) == 1
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err
    assert "Winner: Juan Carlos" in out


def test_always_makes_the_winner_bold_and_the_error_red(capsys):
    assert cli(["score", str(RECORD), "--color", "always"]) == 0
    out = capsys.readouterr().out
    assert f"{BOLD}Winner: Juan Carlos{RESET}" in out
    assert out.count("\x1b") == 2                # nothing else coloured
    assert cli(["--color", "always", "score", "missing.json"]) == 1
    err = capsys.readouterr().err
    assert err == f"{RED}marcador score: cannot read missing.json: No such " \
                  f"file or directory{RESET}\n"
    assert cli(["score", "--color=always"]) == 64   # a usage error too
    assert capsys.readouterr().err.splitlines()[-1].startswith(
        f"{RED}marcador score: error:")
    assert cli(["score", str(RECORD), "--json", "--color", "always"]) == 0
    assert "\x1b" not in capsys.readouterr().out
    assert cli(["score", str(RECORD), "--color", "sometimes"]) == 64


def test_a_name_with_escapes_stays_escaped_when_coloured(tmp_path, capsys):
    rec = json.loads(RECORD.read_text())
    rec["players"][0] = "Juan\x1b[2JCarlos"
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec))
    assert cli(["score", str(f), "--color", "always"]) == 0
    out = capsys.readouterr().out
    assert f"{BOLD}Winner: Juan\\x1b[2JCarlos{RESET}" in out
    assert out.count("\x1b") == 2


def on_a_terminal(argv, env):
    # The command with its stdout and stderr on a pty, as in a terminal.
    master, slave = os.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "marcador", *argv],
                              stdout=slave, stderr=slave, timeout=60,
                              env={**os.environ, "TERM": "xterm", **env})
        os.close(slave)
        got = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:                     # EIO: the pty is closed
                break
            if not chunk:
                break
            got += chunk
    finally:
        os.close(master)
    return proc.returncode, got.decode()


def test_a_terminal_gets_colour_unless_no_color_is_set():
    # NO_COLOR empty counts as unset (whatever this test runs under).
    rc, said = on_a_terminal(["score", str(RECORD), "missing.json"],
                             {"NO_COLOR": ""})
    assert rc == 1 and f"{RED}marcador score: cannot read" in said
    rc, said = on_a_terminal(["score", str(RECORD)], {})
    assert rc == 0 and f"{BOLD}Winner: Juan Carlos{RESET}" in said
    rc, said = on_a_terminal(["score", str(RECORD), "missing.json"],
                             {"NO_COLOR": "1"})
    assert rc == 1 and "\x1b" not in said and "cannot read" in said
    rc, said = on_a_terminal(["score", str(RECORD), "--color", "never"], {})
    assert rc == 0 and "\x1b" not in said and "Winner" in said
