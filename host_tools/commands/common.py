"""What every command shares: the error types a user can cause (cli.ERRORS
gives each its exit code), the State that opens the archive or the port on
first need and closes them once, and the common arguments."""

import json
import os
import sys

from marcador_core import errors as E

from ..counted import counted
from ..termsafe import clean_json


class UserError(Exception):
    """A problem the user can fix; the message says how. Its type says
    which exit code (cli.ERRORS)."""


class FileProblem(UserError):
    """A file named cannot be read or written, or no such game."""


class InvalidRecord(UserError):
    """The record breaks a rule of its game or the format."""


class UsageError(UserError):
    """The command line itself is wrong; cli prints the command's usage."""


class State:
    """The resources of one command, opened lazily: `state.archive()` (the
    archive --db names, read-only unless write=True) and `state.client()`
    (the device on --port). cli.main closes whatever was opened, once."""

    def __init__(self, args):
        self.args = args
        self._archive = None
        self._client = None

    def archive(self, write=False):
        if self._archive is None:
            from ..archive import Archive
            self._archive = Archive(self.args.db, readonly=not write)
        return self._archive

    def port(self):
        """--port, or the only serial port a board may be on (said on
        stderr); LinkError when there is none or there are several."""
        if getattr(self.args, "port", None) is None:
            from ..ports import find_port
            self.args.port, what = find_port()
            print(f"marcador {self.args.command}: using {self.args.port} "
                  f"({what}), the only board found", file=sys.stderr)
        return self.args.port

    def client(self):
        if self._client is None:
            from ..link import Client
            self._client = Client(self.port())
        return self._client

    def left_out(self):
        """One line naming the archive rows the command left out (that no
        reader could use), or None."""
        items = sorted(getattr(self._archive, "left_out", None) or {})
        if not items:
            return None
        why = self._archive.left_out
        shown = "; ".join(f"{k} ({why[k]})" for k in items[:4])
        return (f"note: {counted('damaged_rows', len(items))} of the "
                f"archive left out: {shown}{'; ...' if len(items) > 4 else ''}. The "
                f"rest is whole; restore a backup, or sync the device "
                f"again into a new archive (`marcador sync --all --db "
                f"NEW.sqlite`)")

    def close(self):
        for thing in (self._client, self._archive):
            if thing is not None:
                try:
                    thing.close()
                except Exception:
                    pass            # closing never hides the real outcome
        self._client = self._archive = None


# ---------------------------------------------------------------- arguments

def add_db(p):
    p.add_argument("--db", metavar="FILE",
                   help="the archive (SQLite; default "
                        "~/.local/share/marcador/games.sqlite)")


def add_port(p, more=""):
    p.add_argument("--port",
                   help="the board's serial port, e.g. /dev/ttyACM0 (or the "
                        "path `marcador sim --serial` prints); found by "
                        "itself when one board is attached" + more)


def default_lang(fallback="en"):
    """--lang's default: MARCADOR_LANG (en or es), else the language of
    the locale (the first set of LC_ALL, LC_MESSAGES, LANG, as POSIX
    orders them) when it is English or Spanish, else fallback."""
    chosen = os.environ.get("MARCADOR_LANG", "").strip().lower()
    if chosen in ("en", "es"):
        return chosen
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            lang = value.split(".")[0].split("_")[0].lower()
            return lang if lang in ("en", "es") else fallback
    return fallback


def add_lang(p, default="en"):
    p.add_argument("--lang", choices=("en", "es"),
                   default=default_lang(default),
                   help=f"language of the text and its column heads "
                        f"(default: MARCADOR_LANG, else the locale's "
                        f"if English or Spanish, else {default})")


def add_json(p, what="a table"):
    p.add_argument("--json", action="store_true",
                   help=f"print JSON instead of {what}")


def colour(args, stream=None):
    """Whether to colour what goes to stream (stdout by default) under
    --color (host_tools/color.py)."""
    from ..color import wanted
    return wanted(stream or sys.stdout, getattr(args, "color", "auto"))


def lang_of(args):
    return E.ES if getattr(args, "lang", "en") == "es" else E.EN


def say(args, en, es):
    """The English or the Spanish text, as --lang asks."""
    return es if lang_of(args) == E.ES else en


def print_json(data):
    print(clean_json(json.dumps(data, ensure_ascii=False, indent=1)))


# ---------------------------------------------------------------- files

RECORD_LIMIT = 4 << 20    # bytes: a 99-round record is ~20 KB


def read_json(path, what="a game record"):
    """The JSON in path (- for stdin), at most RECORD_LIMIT bytes."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(RECORD_LIMIT + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(RECORD_LIMIT + 1)
    except OSError as ex:
        raise FileProblem(f"cannot read {path}: {ex.strerror or ex}")
    if len(data) > RECORD_LIMIT:
        raise FileProblem(f"{path}: too big for {what} (more than "
                          f"{RECORD_LIMIT >> 20} MB); is it the right file?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as ex:
        raise FileProblem(f"{path} is not UTF-8 text (byte {ex.start}): "
                          f"save the record as UTF-8 JSON")
    try:
        return json.loads(text)
    except json.JSONDecodeError as ex:
        raise FileProblem(f"{path} is not valid JSON: {ex.msg} at line "
                          f"{ex.lineno}, column {ex.colno}")
    except RecursionError:
        raise FileProblem(f"{path} is not {what}: JSON nested too deeply")
    except ValueError as ex:           # an integer of over 4300 digits
        raise FileProblem(f"{path} is not {what}: {ex}")


def read_json_records(path, what="game records"):
    """Yield (index, record) of the JSON in path (- for stdin): each
    element of a top-level list with its index, or the one record with
    None. Any size of file, read record by record; each record at most
    RECORD_LIMIT bytes (host_tools/jsonstream.py)."""
    from ..jsonstream import StreamError, records
    try:
        if path == "-":
            yield from records(sys.stdin.buffer, "-", what, RECORD_LIMIT)
            return
        with open(path, "rb") as f:
            yield from records(f, path, what, RECORD_LIMIT)
    except OSError as ex:
        raise FileProblem(f"cannot read {path}: {ex.strerror or ex}")
    except StreamError as ex:
        raise FileProblem(str(ex))


def check_output(path):
    """FileProblem now if -o path could not be written (- is standard
    output): checked before any work is done."""
    if path == "-":
        return
    from ..outfile import OutputError, check_target
    try:
        check_target(path)
    except OutputError as ex:
        raise FileProblem(str(ex))


def write_atomic(path, write):
    """write(binary file) into path through outfile.write_file (a plain
    file only, replaced whole; its mode kept). - writes to standard output
    (to a terminal as text with control characters escaped; never a
    binary image)."""
    from ..outfile import OutputError, write_file
    if path == "-":
        _write_stdout(write)
        return
    try:
        write_file(path, write)
    except OutputError as ex:
        raise FileProblem(str(ex))


def _write_stdout(write):
    import io
    from ..termsafe import clean_lines
    sys.stdout.flush()
    if not sys.stdout.isatty():
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return
    buf = io.BytesIO()
    write(buf)
    try:
        text = buf.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("will not write a binary file to a terminal: "
                          "redirect it (> FILE) or give -o FILE")
    sys.stdout.write(clean_lines(text))
