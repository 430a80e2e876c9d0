"""The `marcador` command: a table of subcommands, in mpremote's shape.

Each command is a function taking the parsed arguments and returning the
process exit code. Errors a user can cause are reported on stderr as one
line saying what went wrong; nothing is printed to stdout as a result then.
"""

import argparse
import json
import os
import sqlite3
import sys

from marcador_core import errors as E
from marcador_core import record

from . import breakdown
from .archive import ArchiveError
from .termsafe import clean, clean_json, clean_line, clean_lines

# Exit codes (README, "Reliability"). argparse's own usage errors are
# moved from 2 to EXIT_USAGE so that 2 always means an invalid record.
EXIT_OK = 0
EXIT_FILE = 1       # a file named cannot be read or written, no such game
EXIT_INVALID = 2    # the record breaks a rule of its game or the format
EXIT_ARCHIVE = 3    # the archive cannot be opened, read or written
EXIT_DEVICE = 4     # the device did not answer, or answered wrongly
EXIT_USAGE = 64     # the command line itself (as sysexits' EX_USAGE)
EXIT_INTERNAL = 70  # a bug in marcador (one line, no traceback)
EXIT_PIPE = 141     # stdout was closed early (as a shell's SIGPIPE)

RECORD_LIMIT = 4 << 20    # bytes: a 99-round record is ~20 KB


class UserError(Exception):
    """A problem the user can fix; the message says how."""

    def __init__(self, message, code=EXIT_FILE):
        super().__init__(message)
        self.code = code


def read_record(path):
    try:
        if path == "-":
            data = sys.stdin.buffer.read(RECORD_LIMIT + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(RECORD_LIMIT + 1)
    except OSError as ex:
        raise UserError(f"cannot read {path}: {ex.strerror or ex}")
    if len(data) > RECORD_LIMIT:
        raise UserError(f"{path}: too big for a game record (more than "
                        f"{RECORD_LIMIT >> 20} MB); is it the right file?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as ex:
        raise UserError(f"{path} is not UTF-8 text (byte {ex.start}): "
                        f"save the record as UTF-8 JSON")
    try:
        return json.loads(text)
    except json.JSONDecodeError as ex:
        raise UserError(f"{path} is not valid JSON: {ex.msg} at line "
                        f"{ex.lineno}, column {ex.colno}")
    except RecursionError:
        raise UserError(f"{path} is not a game record: JSON nested too "
                        f"deeply")
    except ValueError as ex:           # an integer of over 4300 digits
        raise UserError(f"{path} is not a game record: {ex}")


def cmd_score(args):
    rec = read_record(args.file)
    lang = E.ES if args.lang == "es" else E.EN
    try:
        res = record.score_record(rec)
    except record.RecordError as ex:
        raise UserError(f"{args.file}: {ex.text(lang)}", EXIT_INVALID)
    except RecursionError:
        raise UserError(f"{args.file}: record: nested too deeply",
                        EXIT_INVALID)
    if args.json:
        print(clean_json(json.dumps(res, ensure_ascii=False)))
    else:
        print(clean_lines(breakdown.text(res, lang)))
    return EXIT_OK


def cmd_sim(args):
    from . import sim
    try:
        if not args.script:
            return sim.interactive(args.sh1106, args.flash or sim.FLASH)
        try:
            if args.script == "-":
                text = sys.stdin.read()
            else:
                with open(args.script, encoding="utf-8") as f:
                    text = f.read()
        except OSError as ex:
            raise UserError(f"cannot read {args.script}: {ex.strerror}")
        states, shots = sim.run_script(text, args.shots, args.sh1106,
                                       flash=args.flash)
    except (FileNotFoundError, RuntimeError) as ex:
        raise UserError(str(ex))
    last = states[-1] if states else {}
    print(f"{len(shots)} screenshot(s)"
          + (f" in {args.shots}" if args.shots and shots else "")
          + f"; simulated {last.get('t', 0) / 1000:.1f} s, "
          f"{last.get('frames', 0)} frames, screen {last.get('screen')}")
    return EXIT_OK


def _archive(args, write=False):
    """The archive --db names; read-only unless write (then created or
    upgraded as needed)."""
    from .archive import Archive
    return Archive(args.db, readonly=not write)


def write_atomic(path, write):
    """write(binary file) into a temp file beside path, then rename it over
    path: the previous file stays whole if anything fails (a full disk)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise UserError(f"{path} is a folder: give a file name")
    folder = os.path.dirname(path) or "."
    tmp = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}"
                               f".tmp")
    try:
        with open(tmp, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as ex:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        kept = " (the previous file is unchanged)" if os.path.exists(path) \
            else ""
        raise UserError(f"cannot write {path}: {ex.strerror or ex}{kept}")


def _client(args):
    from .link import Client, LinkError
    try:
        return Client(args.port)
    except LinkError as ex:
        raise UserError(str(ex), EXIT_DEVICE)


def _game(args):
    # The archived game args.id, or an error naming the archive.
    archive = _archive(args)
    try:
        return archive.get(args.id)
    except KeyError:
        raise UserError(f"no game {args.id} in {archive.path} (see "
                        f"`marcador games`)")


def cmd_sync(args):
    from .link import LinkError
    from .sync import sync
    archive = _archive(args, write=True)
    client = _client(args)
    try:
        r = sync(client, archive, every=args.all,
                 progress=lambda s: print(clean(s), file=sys.stderr))
    except LinkError as ex:
        text = str(ex).rstrip(".")
        raise UserError(f"{text}{'' if text.endswith('?') else '.'} "
                        f"Nothing was lost: run `marcador sync` again to "
                        f"finish.", EXIT_DEVICE)
    finally:
        client.close()
    wire = r["sent"] + r["received"]
    print(f"device {r['device']} (filesystem {r['fsid']}): {r['games']} "
          f"game(s) received, {r['added']} new in {clean(archive.path)} "
          f"({r['bytes']} bytes of games, {wire} on the wire)")
    for gid in r["conflicts"]:
        print(f"CONFLICT: {gid} is archived with other bytes; the new "
              f"ones are kept apart (`marcador damaged`)")
    for what in r["kept_apart"]:
        print(f"KEPT APART: {clean(what)} could not be stored as a game; "
              f"its bytes are kept (`marcador damaged`), the device keeps "
              f"it unsynced")
    if r["unmarked"]:
        print(f"NOT MARKED: the device refused to mark "
              f"{len(r['unmarked'])} archived game(s) synced; the next "
              f"sync finds them archived")
    if r["damaged"]:
        print(f"{r['damaged']} damaged item(s) on the device, "
              f"{r['damaged_new']} new in the archive (`marcador damaged`)")
    if r["games"] == 0 and not args.all:
        print("(every game on the device is marked synced already; "
              "`marcador sync --all` copies them again, e.g. into a new "
              "archive)")
    return EXIT_OK


def cmd_games(args):
    archive = _archive(args)
    for row in archive.games():
        res = json.loads(row["result"])
        win = ", ".join(clean(res["players"][p]["name"])
                        for p in res["winners"])
        print(f"{clean(row['id'])}\t{row['game']}\t"
              f"{'over' if res['over'] else 'unfinished'}\t{win}")
    return EXIT_OK


def cmd_show(args):
    row = _game(args)
    lang = E.ES if args.lang == "es" else E.EN
    print(clean_lines(breakdown.text(json.loads(row["result"]), lang)))
    return EXIT_OK


def cmd_export(args):
    from . import export
    archive = _archive(args)
    opts = {}
    if args.format == "bgstats":
        from . import bgstats
        try:
            opts = {"config": bgstats.load_config(args.config),
                    "location": args.location, "me": args.me}
        except bgstats.ConfigError as ex:
            raise UserError(str(ex))
        if args.output and not args.output.endswith(".bgsplay"):
            print(f"note: BG Stats opens play files named *.bgsplay; "
                  f"consider renaming {clean(args.output)}", file=sys.stderr)
    out = export.write(archive, args.format, **opts)
    if args.format != "csv":
        out = clean_json(out)     # the same JSON, C1 codes as \uXXXX
    if args.output:
        data = out.encode("utf-8", "backslashreplace")
        write_atomic(args.output, lambda f: f.write(data))
        print(f"{len(archive.games())} game(s) written to "
              f"{clean(args.output)}", file=sys.stderr)
    else:
        # The file's bytes to a file or a pipe; to a terminal, names with
        # control characters are shown escaped.
        sys.stdout.write(clean_lines(out) if sys.stdout.isatty() else out)
    return EXIT_OK


def cmd_stats(args):
    from . import stats
    s = stats.compute(_archive(args))
    if args.json:
        print(json.dumps(s, ensure_ascii=False, indent=1))
    else:
        print(stats.text(s))
    return EXIT_OK


def cmd_plot(args):
    from .plot import plot_row
    fmt = args.format or ("svg" if (args.output or "").lower().endswith(
        ".svg") else "png")
    out = args.output or f"{args.id}.{fmt}"
    if os.path.isdir(out):
        raise UserError(f"{clean(out)} is a folder: give a file name "
                        f"ending in .{fmt}")
    if not out.lower().endswith((".png", ".svg")):
        raise UserError(f"{clean(out)}: the plot is a PNG or an SVG image; "
                        f"give a file name ending in .png or .svg")
    if (fmt == "svg") != out.lower().endswith(".svg"):
        raise UserError(f"{clean(out)}: an SVG file's name ends in .svg, "
                        f"and only an SVG file's")
    row = _game(args)
    r = {}
    write_atomic(out, lambda f: r.update(plot_row(row, f, fmt)))
    print(f"{clean(out)}: {r['events']} events, {r['players']} players")
    return EXIT_OK


def cmd_report(args):
    from . import report
    archive = _archive(args)
    out = args.output or "marcador-report.html"
    r = {}
    write_atomic(out, lambda f: r.update(report.write(archive, f)))
    print(f"{clean(out)}: {r['games']} game(s), {r['bytes']} bytes")
    return EXIT_OK


def cmd_damaged(args):
    """What the archive keeps apart (never games): damaged items fetched
    from devices, entries the rules refused, conflicting bytes."""
    rows = _archive(args).damaged()
    for i, r in enumerate(rows, 1):
        line = (f"{i}\t{r['kind']}\t{r['device']}\t{r['fsid']}\t"
                f"{r['name']}\t{r['size']}\t{r['sha256'][:12]}\t"
                f"{r['reason']}")
        if args.out:
            name = "-".join(x for x in (r["kind"], r["device"], r["fsid"],
                                        r["name"], r["sha256"][:12]) if x)
            path = os.path.join(args.out, _file_name(name) + ".bin")
            write_atomic(path, lambda f, raw=r["raw"]: f.write(raw))
            line += f"\t{path}"
        print(clean_line(line))
    if not rows:
        print("nothing kept apart: no damaged items, refused entries or "
              "conflicts in the archive")
    return EXIT_OK


def _file_name(text):
    # Device words are checked by sync; still, no path ever comes from them.
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_.")
                   else "_" for c in text)[:120]


def cmd_roster(args):
    from .link import LinkError
    client = _client(args)
    try:
        if args.names:
            client.roster(args.names)
        print(clean(" ".join(client.roster())))
    except LinkError as ex:
        raise UserError(str(ex), EXIT_DEVICE)
    finally:
        client.close()
    return EXIT_OK


def cmd_settings(args):
    from .link import LinkError
    new = {}
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or key not in SETTINGS:
            raise UserError(f"{item!r}: settings are given as KEY=VALUE "
                            f"with KEY one of {', '.join(SETTINGS)}",
                            EXIT_USAGE)
        new[key] = value
    client = _client(args)
    try:
        try:
            now = client.settings(**new)
        except LinkError as ex:
            if "error 4" in str(ex):
                raise UserError("the device refused these settings; it "
                                "takes " + "; ".join(
                                    f"{k} = {v}" for k, v in
                                    SETTINGS.items()), EXIT_USAGE)
            raise UserError(str(ex), EXIT_DEVICE)
    finally:
        client.close()
    print(" ".join(f"{k}={v}" for k, v in now.items()))
    return EXIT_OK


# What the device's settings menu offers (firmware/app/settings.py; a test
# checks the two agree).
SETTINGS = {
    "lang": "es or en",
    "dim_s": "15, 30, 60, 120, 300 or 0 (never), seconds before the screen "
             "dims",
    "off_s": "60, 120, 300, 600, 1800 or 0 (never), seconds before it "
             "turns off",
}


def cmd_flash(args):
    from mpremote.transport import TransportError
    from . import flash
    try:
        r = flash.flash(args.board, args.port, wait=args.wait,
                        progress=lambda s: print(s, file=sys.stderr))
    except flash.FlashError as ex:
        raise UserError(str(ex))
    except (OSError, TransportError) as ex:   # the cable went mid-copy
        raise UserError(f"the board stopped answering ({ex}). It boots to "
                        f"the REPL until flashed again: run the same "
                        f"command again")
    print(f"{args.board} on {args.port}: {r['copied']} of {r['files']} "
          f"file(s) copied ({r['bytes']} bytes), {r['removed']} removed, "
          f"{r['unchanged']} unchanged; board reset")
    return EXIT_OK


COMMANDS = {
    "flash": (cmd_flash, "put the firmware on a board (mpremote)"),
    "score": (cmd_score, "replay a JSON game record and print the scores"),
    "sim": (cmd_sim, "run the device simulator (no board needed)"),
    "sync": (cmd_sync, "copy a device's games into the archive"),
    "games": (cmd_games, "list the archived games"),
    "show": (cmd_show, "the final breakdown of an archived game"),
    "export": (cmd_export, "export the archive (json, csv, bgstats)"),
    "stats": (cmd_stats, "plays, wins, average and best score per title"),
    "plot": (cmd_plot, "a PNG or SVG of a game's score progression"),
    "report": (cmd_report, "one offline HTML file: every game, charts, "
                           "statistics per title"),
    "damaged": (cmd_damaged, "list (or --out DIR: save) what the archive "
                             "keeps apart: damaged items, conflicts"),
    "roster": (cmd_roster, "get or set the player names on a device"),
    "settings": (cmd_settings, "get or set a device's settings"),
}


def build_parser():
    parser = _Parser(
        prog="marcador",
        description="Marcador PC tools: score game records with the same "
                    "rules core the board runs.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("score", help=COMMANDS["score"][1])
    p.add_argument("file", metavar="FILE.json",
                   help="a game record (GAMES.md format); - for stdin")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object instead of a table")
    p.add_argument("--lang", choices=("en", "es"), default="en",
                   help="language of messages and the table (default en)")
    p = sub.add_parser("sim", help=COMMANDS["sim"][1])
    p.add_argument("--script", metavar="FILE",
                   help="play a key script instead of the terminal (- for "
                        "stdin); see sim/README.md")
    p.add_argument("--shots", metavar="DIR",
                   help="save the script's screenshots as PNG files here")
    p.add_argument("--sh1106", action="store_true",
                   help="simulate the SH1106 display instead of SSD1306")
    p.add_argument("--flash", metavar="IMG",
                   help="the board's flash image (littlefs, 1 MB); "
                        "scripts get an empty one unless given, the "
                        "interactive simulator keeps out/flash.img")

    def db(p):
        p.add_argument("--db", metavar="FILE",
                       help="the archive (SQLite; default "
                            "~/.local/share/marcador/games.sqlite)")

    def port(p):
        p.add_argument("--port", required=True,
                       help="the board's serial port, e.g. /dev/ttyACM0")
    p = sub.add_parser("flash", help=COMMANDS["flash"][1])
    p.add_argument("--board", required=True,
                   help="a folder of boards/: pico_ssd1306, pico_sh1106, "
                        "esp32_ssd1306")
    port(p)
    p.add_argument("--wait", type=float, default=10, metavar="SECONDS",
                   help="how long the board may take to answer (default "
                        "10)")
    p = sub.add_parser("sync", help=COMMANDS["sync"][1])
    port(p)
    db(p)
    p.add_argument("--all", action="store_true",
                   help="also the games the device has marked synced "
                        "(e.g. into a new archive)")
    p = sub.add_parser("games", help=COMMANDS["games"][1])
    db(p)
    p = sub.add_parser("show", help=COMMANDS["show"][1])
    p.add_argument("id", help="a game id from `marcador games`")
    p.add_argument("--lang", choices=("en", "es"), default="en")
    db(p)
    p = sub.add_parser("export", help=COMMANDS["export"][1])
    p.add_argument("--format", choices=("json", "csv", "bgstats"),
                   default="json",
                   help="json: the game records of GAMES.md; csv: one row "
                        "per player per game; bgstats: a BG Stats import "
                        "file (default json)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write here instead of stdout (BG Stats: name it "
                        "FILE.bgsplay, the extension the app opens)")
    p.add_argument("--config", metavar="FILE",
                   help="bgstats: settings (owner, location, BGG ids per "
                        "title; default ~/.config/marcador/config.ini)")
    p.add_argument("--location", metavar="NAME",
                   help="bgstats: where the games were played (default "
                        "the config's, else Marcador)")
    p.add_argument("--me", metavar="NAME",
                   help="bgstats: the device's owner (userInfo.meRefId; "
                        "default the config's, else the most frequent "
                        "player)")
    db(p)
    p = sub.add_parser("stats", help=COMMANDS["stats"][1])
    p.add_argument("--json", action="store_true")
    db(p)
    p = sub.add_parser("plot", help=COMMANDS["plot"][1])
    p.add_argument("id", help="a game id from `marcador games`")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="where to write it (default ID.png or ID.svg; a "
                        "name ending in .svg gives SVG)")
    p.add_argument("--format", choices=("png", "svg"),
                   help="png (Pillow) or svg (text: accents need no "
                        "system font); default from the file name, else "
                        "png")
    db(p)
    p = sub.add_parser("report", help=COMMANDS["report"][1])
    p.add_argument("-o", "--output", metavar="FILE.html",
                   help="where to write it (default marcador-report.html)")
    db(p)
    p = sub.add_parser("damaged", help=COMMANDS["damaged"][1])
    p.add_argument("--out", metavar="DIR",
                   help="also write each item's raw bytes to a file in DIR")
    db(p)
    p = sub.add_parser("settings", help=COMMANDS["settings"][1])
    port(p)
    p.add_argument("set", nargs="*", metavar="KEY=VALUE",
                   help="lang=es|en, dim_s=SECONDS, off_s=SECONDS")
    p = sub.add_parser("roster", help=COMMANDS["roster"][1])
    port(p)
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="set these names (up to 12, 12 characters each)")
    return parser


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # Usage errors exit with EXIT_USAGE, not argparse's 2 (which
        # marcador keeps for an invalid record).
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {clean(message)}\n")


def _one_line(text):
    return clean(" ".join(str(text).split()))


def main(argv=None):
    args = build_parser().parse_args(argv)
    func = COMMANDS[args.command][0]
    try:
        sys.stdout.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError):
        pass
    try:
        code = func(args)
        sys.stdout.flush()
        return code
    except UserError as ex:
        print(f"marcador {args.command}: {_one_line(ex)}", file=sys.stderr)
        return ex.code
    except KeyboardInterrupt:
        return 130
    except ArchiveError as ex:
        print(f"marcador {args.command}: {_one_line(ex)}", file=sys.stderr)
        return EXIT_ARCHIVE
    except BrokenPipeError:
        # `marcador games | head`: the reader left. Say nothing more and
        # keep Python from complaining when it flushes stdout at exit.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_PIPE
    except sqlite3.Error as ex:
        print(f"marcador {args.command}: the archive failed: "
              f"{_one_line(ex)}; nothing was changed",
              file=sys.stderr)
        return EXIT_ARCHIVE
    except Exception as ex:        # a bug: still one line, no traceback
        print(f"marcador {args.command}: internal error "
              f"({type(ex).__name__}: {_one_line(ex)}); please report it "
              f"with the command that caused it", file=sys.stderr)
        return EXIT_INTERNAL
