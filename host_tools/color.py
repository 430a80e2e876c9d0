"""Colour on a terminal, restrained: an error line red, the winner bold.

Only when the stream is a terminal, its TERM is not "dumb" and NO_COLOR
(https://no-color.org) is unset or empty; `--color always` colours any
stream, NO_COLOR or not (a command-line option overrides the variable,
as no-color.org asks), `--color never` none. Pipes, files and --json
output never get colour under the default, `auto`. Colour is added after
text is made safe to print (termsafe), so no escape a record or device
sends can reach the terminal this way."""

import os

MODES = ("auto", "always", "never")
RED = "\x1b[31m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"


def wanted(stream, mode="auto", environ=None):
    """Whether to colour what goes to `stream` under --color `mode`."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):      # no stream, or closed
        return False


def red(text, on=True):
    return f"{RED}{text}{RESET}" if on else text


def bold(text, on=True):
    return f"{BOLD}{text}{RESET}" if on else text


def mode_in(words):
    """The --color value among command-line words (for errors found before
    the line is parsed), or "auto"."""
    for i, w in enumerate(words):
        if w == "--color" and i + 1 < len(words) and words[i + 1] in MODES:
            return words[i + 1]
        if w.startswith("--color=") and w[8:] in MODES:
            return w[8:]
    return "auto"
