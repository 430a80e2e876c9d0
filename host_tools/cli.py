"""The `marcador` command, in mpremote's shape: one table of commands
(name -> handler, argument builder, help), a State that opens the archive
or the device's port on first need and closes them once, and one table
from error type to exit code.

The commands themselves live in host_tools/commands/ (one module per
group). A handler raises what goes wrong; main() prints it as one line on
stderr, "marcador COMMAND: what is wrong and what to do", and nothing is
printed to stdout as a result then.
"""

import argparse
import os
import sqlite3
import sys

from . import color
from .archive import ArchiveError
from .commands import archived, device, records, simulator
from .commands.common import (FileProblem, InvalidRecord, State, UsageError,
                              UserError)
from .commands.device import SETTINGS  # noqa: F401  (tests read it here)
from .link import LinkError
from .termsafe import clean

# name: (handler, argument builder, help). The one list of commands.
COMMANDS = {
    "score": (records.do_score, records.args_score,
              "replay JSON game records and print the scores"),
    "sim": (simulator.do_sim, simulator.args_sim,
            "run the device simulator (no board needed; --serial: sync "
            "with it)"),
    "flash": (device.do_flash, device.args_flash,
              "put the firmware on a board: a release UF2 onto a Pico in "
              "BOOTSEL mode, or .mpy files onto MicroPython (mpremote)"),
    "sync": (device.do_sync, device.args_sync,
             "set a device's clock, copy its games into the archive"),
    "roster": (device.do_roster, device.args_roster,
               "get or set the player names on a device"),
    "settings": (device.do_settings, device.args_settings,
                 "get or set a device's settings"),
    "games": (archived.do_games, archived.args_games,
              "list the archived games"),
    "show": (archived.do_show, archived.args_show,
             "the final breakdown of an archived game"),
    "stats": (archived.do_stats, archived.args_stats,
              "plays, wins, average and best score per title"),
    "plot": (archived.do_plot, archived.args_plot,
             "a PNG or SVG of a game's score progression"),
    "report": (archived.do_report, archived.args_report,
               "one offline HTML file: every game, charts, statistics per "
               "title"),
    "export": (archived.do_export, archived.args_export,
               "export the archive (json, csv, bgstats)"),
    "import": (archived.do_import, archived.args_import,
               "merge another archive or JSON records into the archive"),
    "damaged": (archived.do_damaged, archived.args_damaged,
                "list (or --out DIR: save) what the archive keeps apart: "
                "damaged items, conflicts"),
}

EXIT_PIPE = 141
# The one home of marcador's exit codes (documented in docs/pc-tools.md,
# "Errors and exit codes"): the first row whose type matches decides. message(command, ex)
# is the line printed on stderr, None for none.
ERRORS = (
    (UsageError, 64, None),               # printed with the usage: main()
    (FileProblem, 1, lambda ex: _one_line(ex)),
    (InvalidRecord, 2, lambda ex: _one_line(ex)),
    (ArchiveError, 3, lambda ex: _one_line(ex)),
    (sqlite3.Error, 3, lambda ex: f"the archive failed: {_one_line(ex)}; "
                                  f"nothing was changed"),
    (LinkError, 4, lambda ex: _one_line(ex)),
    (KeyboardInterrupt, 130, None),
    (BrokenPipeError, EXIT_PIPE, None),   # `marcador games | head`
    (UserError, 1, lambda ex: _one_line(ex)),
    (Exception, 70, lambda ex: f"internal error ({type(ex).__name__}: "
                               f"{_one_line(ex)}); please report it with "
                               f"the command that caused it"),
)


def exit_code(error_type):
    """The exit code ERRORS gives an error of this type."""
    return next(code for t, code, _ in ERRORS if issubclass(error_type, t))


def _version():
    from marcador_core.version import VERSION
    from .sync import PROTOCOL
    return f"marcador {VERSION} (sync protocol {PROTOCOL})"


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # A usage error goes through ERRORS like any other (64, not
        # argparse's 2, which marcador keeps for an invalid record).
        raise UsageError(message, self)


def build_parser():
    parser = _Parser(
        prog="marcador",
        description="Marcador PC tools: score game records with the same "
                    "rules core the board runs; sync boards into an "
                    "archive.")
    parser.add_argument("--version", action="version", version=_version())
    add_color(parser, "auto")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    parser.commands = {}
    for name, (_, add_arguments, text) in COMMANDS.items():
        p = sub.add_parser(name, help=text, description=text)
        add_arguments(p)
        # Before or after the command's name alike.
        add_color(p, argparse.SUPPRESS)
        parser.commands[name] = p
    return parser


def add_color(p, default):
    p.add_argument("--color", choices=color.MODES, default=default,
                   help="colour an error red and the winner bold: auto "
                        "(on a terminal, unless NO_COLOR is set; the "
                        "default), always, never")


def _one_line(text):
    return clean(" ".join(str(text).split()))


def _usage_error(ex, parser, command):
    # That command's usage (the whole tool's when no command was named),
    # then the error.
    p = ex.args[1] if len(ex.args) > 1 else parser
    if p is parser and command in parser.commands:
        p = parser.commands[command]
    p.print_usage(sys.stderr)
    _err(f"{p.prog}: error: {_one_line(ex.args[0])}")


def _err(line):
    # One line on stderr, red on a terminal (--color, NO_COLOR).
    print(color.red(line, color.wanted(sys.stderr, _color)), file=sys.stderr)


_color = "auto"       # this run's --color, for the error lines


def main(argv=None):
    global _color
    parser = build_parser()
    words = sys.argv[1:] if argv is None else argv
    _color = color.mode_in(words)
    try:
        args = parser.parse_args(argv)
    except UsageError as ex:
        # Unknown options reach the top parser: the command is the first
        # word that names one.
        named = next((w for w in words if w in COMMANDS), None)
        _usage_error(ex, parser, named)
        return exit_code(UsageError)
    handler = COMMANDS[args.command][0]
    try:
        sys.stdout.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError):
        pass
    state = State(args)
    try:
        code = handler(state, args)
        sys.stdout.flush()
        note = state.left_out()
        if note:
            print(f"marcador {args.command}: {_one_line(note)}",
                  file=sys.stderr)
        return code or 0
    except BaseException as ex:
        if not isinstance(ex, Exception) and \
                not isinstance(ex, KeyboardInterrupt):
            raise                              # SystemExit and the like
        return _failed(ex, parser, args.command)
    finally:
        state.close()


def _failed(ex, parser, command):
    code = exit_code(type(ex))
    if isinstance(ex, UsageError):
        _usage_error(ex, parser, command)
    elif isinstance(ex, BrokenPipeError):
        # The reader left. Say nothing more and keep Python from
        # complaining when it flushes stdout at exit.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
    else:
        message = next(m for t, _, m in ERRORS if isinstance(ex, t))
        if message:
            _err(f"marcador {command}: {message(ex)}")
    return code
