"""The commands on the PC archive: games, show, stats, plot, report, export,
damaged, import."""

import json
import os
import sys
from contextlib import closing

from marcador_core import errors as E

from .. import breakdown, titles
from ..counted import counted
from ..termsafe import clean, clean_json, clean_line, clean_lines
from ..outfile import safe_name
from .common import (FileProblem, InvalidRecord, UsageError, add_db,
                     add_json, add_lang, check_output, colour, lang_of,
                     print_json, read_json_records, say, write_atomic)


def _word(en, es, lang):
    return es if lang == E.ES else en


def game_row(state, wanted):
    """The archived game `wanted`: a full id, or a bare game number when
    exactly one archived game has it."""
    archive = state.archive()
    try:
        return archive.get(wanted)
    except KeyError:
        pass
    if wanted.isascii() and wanted.isdigit():
        rows = [r for r in archive.games() if r["number"] == int(wanted)]
        if len(rows) == 1:
            return rows[0]
        if rows:
            ids = ", ".join(clean(r["id"]) for r in rows[:6])
            raise FileProblem(f"game number {wanted} is in the archive "
                              f"{len(rows)} times ({ids}"
                              f"{', ...' if len(rows) > 6 else ''}): give "
                              f"the full id")
    raise FileProblem(f"no game {clean(wanted)} in {archive.path} (see "
                      f"`marcador games`)")


def _id_arg(p):
    p.add_argument("id", help="a game id from `marcador games`, or its "
                              "bare number when only one game has it")


# ------------------------------------------------------------------ games

def args_games(p):
    p.description = ("list the archived games by date, oldest first and "
                     "newest last (games of unknown date first)")
    p.add_argument("--since", metavar="YYYY-MM-DD",
                   help="only games started on that day (local time) or "
                        "later; leaves out games of unknown date")
    p.add_argument("--title", metavar="NAME",
                   help="only games of one title: its id (" +
                        ", ".join(titles.keys()) + ") or its name in "
                        "English or Spanish, any case")
    add_json(p)
    add_lang(p)
    add_db(p)


def _since(text):
    # Unix seconds of local midnight at the start of the day text names.
    from datetime import datetime
    try:
        return int(datetime.strptime(text, "%Y-%m-%d").timestamp())
    except (ValueError, OverflowError, OSError):
        raise UsageError(f"--since {clean(text)[:40]}: give a day as "
                         f"YYYY-MM-DD, e.g. 2026-05-01")


def _title_filter(text):
    """The test a row passes for --title text: the title id or key, or
    either name of one, ignoring case."""
    from .. import titles
    want = text.casefold()
    for key in titles.keys():
        if want in (key.casefold(), titles.name(key, E.EN).casefold(),
                    titles.name(key, E.ES).casefold()):
            if key in titles.IDS:
                return lambda row: row["game"] == key
            return lambda row: titles.key(
                row["game"], json.loads(row["record"])) == key
    raise UsageError(f"--title {clean(text)[:40]}: no such title; give "
                     f"one of {', '.join(titles.keys())} or its name")


def filtered_games(archive, since=None, title=None):
    """The games by date, oldest first, of --since and --title."""
    from ..archive import BY_DATE
    keep = _title_filter(title) if title is not None else None
    where, params = "", ()
    if since is not None:
        where, params = "WHERE started >= ?", (_since(since),)
    for row in archive.iter_games(where, params, order=BY_DATE):
        if keep is None or keep(row):
            yield row


def do_games(state, args):
    lang = lang_of(args)
    rows = filtered_games(state.archive(), args.since, args.title)
    if args.json:
        print_json([_summary(row) for row in rows])
        return
    for row in rows:
        s = _summary(row)
        state_ = (_word("over", "terminada", lang) if s["over"] else
                  _word("unfinished", "sin terminar", lang))
        print(f"{clean(s['id'])}\t{s['game']}\t{_when(row, lang)}\t"
              f"{state_}\t{', '.join(clean(w) for w in s['winners'])}")


def _when(row, lang, long=False):
    # When the game was played, from the device's clock only: never the
    # time the PC archived it. long adds how long it took when known.
    from datetime import datetime
    started = row["started"]
    if not started:
        return _word("date unknown", "fecha desconocida", lang)
    text = datetime.fromtimestamp(started).strftime("%Y-%m-%d %H:%M")
    ended = json.loads(row["record"]).get("ended")
    if long and isinstance(ended, int) and ended >= started:
        text += f" ({round((ended - started) / 60)} min)"
    return text


def _summary(row):
    res = json.loads(row["result"])
    return {"id": row["id"], "game": row["game"], "started": row["started"],
            "ended": json.loads(row["record"]).get("ended"),
            "over": res["over"],
            "players": [p["name"] for p in res["players"]],
            "totals": [p["total"] for p in res["players"]],
            "winners": [res["players"][p]["name"] for p in res["winners"]]}


# ------------------------------------------------------------------ show

def args_show(p):
    _id_arg(p)
    add_json(p, "the breakdown (the id, the record and its scored result)")
    add_lang(p)
    add_db(p)


def do_show(state, args):
    row = game_row(state, args.id)
    if args.json:
        print_json({"id": row["id"], "record": json.loads(row["record"]),
                    "result": json.loads(row["result"])})
        return
    lang = lang_of(args)
    print(f"{_word('played', 'jugada', lang)}: {_when(row, lang, True)}")
    print(breakdown.emphasized(
        clean_lines(breakdown.text(json.loads(row["result"]), lang)), lang,
        colour(args)))


# ------------------------------------------------------------------ stats

def args_stats(p):
    add_json(p)
    add_lang(p)
    add_db(p)


def do_stats(state, args):
    from .. import stats
    s = stats.compute(state.archive())
    if args.json:
        print_json(s)      # C1 controls in names escaped, as everywhere
    else:
        print(stats.text(s, lang_of(args)))


# ------------------------------------------------------------------ plot

def args_plot(p):
    _id_arg(p)
    p.add_argument("-o", "--output", metavar="FILE",
                   help="where to write it (default ID.png or ID.svg; a "
                        "name ending in .svg gives SVG; - for standard "
                        "output)")
    p.add_argument("--format", choices=("png", "svg"),
                   help="png (Pillow) or svg (text: accents need no "
                        "system font); default from the file name, else "
                        "png")
    add_lang(p)
    add_db(p)


def do_plot(state, args):
    from ..plot import plot_row
    fmt = args.format or ("svg" if (args.output or "").lower().endswith(
        ".svg") else "png")
    # Checked before the game is read.
    out = args.output or f"{safe_name(args.id)}.{fmt}"
    if out != "-":
        if os.path.isdir(out):
            raise FileProblem(f"{clean(out)} is a folder: give a file name "
                              f"ending in .{fmt}")
        if not out.lower().endswith((".png", ".svg")):
            raise FileProblem(f"{clean(out)}: the plot is a PNG or an SVG "
                              f"image; give a file name ending in .png or "
                              f".svg")
        if (fmt == "svg") != out.lower().endswith(".svg"):
            raise FileProblem(f"{clean(out)}: an SVG file's name ends in "
                              f".svg, and only an SVG file's")
        check_output(out)
    row = game_row(state, args.id)
    if not args.output:
        # The full id, also for a bare number; never a path, whatever
        # the archive holds.
        out = f"{safe_name(row['id'], 'game')}.{fmt}"
    r = {}
    write_atomic(out, lambda f: r.update(plot_row(row, f, fmt)))
    print(say(args, f"{clean(out)}: {r['events']} events, {r['players']} "
                    f"players",
              f"{clean(out)}: {r['events']} eventos, {r['players']} "
              f"jugadores"), file=sys.stderr if out == "-" else sys.stdout)


# ------------------------------------------------------------------ report

def args_report(p):
    p.add_argument("-o", "--output", metavar="FILE.html",
                   help="where to write the summary page (default "
                        "marcador-report.html); the month pages go in "
                        "the folder beside it, FILE_files; - for one "
                        "page on standard output")
    add_progress(p)
    add_lang(p, default="es")
    add_db(p)


def add_progress(p):
    p.add_argument("--progress", action="store_true",
                   help="show progress on stderr from the start, also "
                        "when it is not a terminal (on a terminal it "
                        "shows after half a second)")


def do_report(state, args):
    from .. import report
    from ..outfile import OutputError, pages_folder, write_pages
    from ..progress import Progress
    archive = state.archive()
    lang = lang_of(args)
    out = args.output or "marcador-report.html"
    check_output(out)
    r = {}
    shown = Progress("report: games", archive.count(), force=args.progress)
    if out == "-":
        write_atomic(out, lambda f: r.update(
            report.write(archive, f, shown, lang)))
        print(f"-: {counted('games', r['games'], lang)}, {r['bytes']} "
              f"bytes",
              file=sys.stderr)
        return
    try:
        write_pages(out, lambda f, pages: r.update(
            report.write(archive, f, shown, lang, pages)))
    except OutputError as ex:
        raise FileProblem(str(ex))
    folder = clean(pages_folder(out))
    games, pages = (counted("games", r["games"], lang),
                    counted("pages", r["pages"], lang))
    print(say(args,
              f"{clean(out)}: {games}, {r['bytes']} bytes; {pages} in "
              f"{folder}, the biggest {r['biggest']} bytes",
              f"{clean(out)}: {games}, {r['bytes']} bytes; {pages} en "
              f"{folder}, la mayor de {r['biggest']} bytes"))


# ------------------------------------------------------------------ export

def args_export(p):
    p.add_argument("--format", choices=("json", "csv", "bgstats"),
                   default="json",
                   help="json: game records (docs/records.md); csv: one row "
                        "per player per game; bgstats: a BG Stats import "
                        "file (default json)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write here instead of stdout (- for stdout; BG "
                        "Stats: name it FILE.bgsplay, the extension the app "
                        "opens)")
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
    p.add_argument("--bom", action="store_true",
                   help="csv: begin with a UTF-8 byte order mark, so that "
                        "Excel reads the accents right (LibreOffice and "
                        "Google Sheets need none)")
    add_db(p)


def do_export(state, args):
    from .. import export
    if args.bom and args.format != "csv":
        raise UsageError("--bom is for --format csv")
    if args.output == "-":
        args.output = None              # standard output, as without -o
    if args.output:
        check_output(args.output)
    archive = state.archive()
    opts = {}
    if args.format == "bgstats":
        from .. import bgstats
        try:
            opts = {"config": bgstats.load_config(args.config),
                    "location": args.location, "me": args.me}
        except bgstats.ConfigError as ex:
            raise FileProblem(str(ex))
        if args.output and not args.output.endswith(".bgsplay"):
            print(f"note: BG Stats opens play files named *.bgsplay; "
                  f"consider renaming {clean(args.output)}", file=sys.stderr)
    left_out = []
    if args.format == "bgstats":
        # A play at a time; the games left out for want of a date are
        # known once the first of its two passes is done.
        out = bgstats.chunks(archive, undated=left_out, **opts)
    else:
        # json and csv a game at a time: memory for one game.
        out = export.chunks(archive, args.format)
        if args.format == "csv" and args.bom:
            import itertools
            out = itertools.chain(["\ufeff"], out)
    if args.format != "csv":
        out = map(clean_json, out)  # the same JSON, C1 codes as \uXXXX
    if args.output:
        def write(f):
            for piece in out:
                f.write(piece.encode("utf-8", "backslashreplace"))
        write_atomic(args.output, write)
        _note_undated(left_out)
        # The rows read, less those the readers left out (named by cli).
        usable = archive.count() - sum(k.startswith("game ")
                                       for k in archive.left_out)
        print(f"{counted('games_written', usable - len(left_out))} to "
              f"{clean(args.output)}", file=sys.stderr)
    else:
        # The file's bytes to a file or a pipe; to a terminal, names with
        # control characters are shown escaped.
        tty = sys.stdout.isatty()
        for piece in out:
            sys.stdout.write(clean_lines(piece) if tty else piece)
        sys.stdout.flush()
        _note_undated(left_out)


def _note_undated(left_out):
    if left_out:
        print(f"note: {counted('games_left_out', len(left_out))}, date "
              f"unknown "
              f"(the device's clock was not set; BG Stats needs a "
              f"date): {clean(', '.join(left_out))[:200]}",
              file=sys.stderr)


# ------------------------------------------------------------------ damaged

def args_damaged(p):
    p.add_argument("--out", metavar="DIR",
                   help="also write each item's raw bytes to a file in DIR "
                        "(created if missing)")
    add_json(p, "a line per item (the raw bytes are not printed)")
    add_lang(p)
    add_db(p)


def do_damaged(state, args):
    """What the archive keeps apart (never games): damaged items fetched
    from devices, entries the rules refused, conflicting bytes."""
    rows = state.archive().damaged()
    if args.out and rows:
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as ex:
            raise FileProblem(f"cannot make the folder {clean(args.out)}: "
                              f"{ex.strerror or ex}")
    items = []
    for i, r in enumerate(rows, 1):
        item = {k: r[k] for k in ("kind", "device", "fsid", "name", "size",
                                  "sha256", "reason")}
        items.append(item)
        line = (f"{i}\t{r['kind']}\t{r['device']}\t{r['fsid']}\t"
                f"{r['name']}\t{r['size']}\t{r['sha256'][:12]}\t"
                f"{r['reason']}")
        if args.out:
            name = "-".join(x for x in (r["kind"], r["device"], r["fsid"],
                                        r["name"], r["sha256"][:12]) if x)
            path = os.path.join(args.out, safe_name(name) + ".bin")
            write_atomic(path, lambda f, raw=r["raw"]: f.write(raw))
            line += f"\t{path}"
            item["file"] = path
        if not args.json:
            print(clean_line(line))
    if args.json:
        print_json(items)
        return
    if not rows:
        print(say(args, "nothing kept apart: no damaged items, refused "
                        "entries or conflicts in the archive",
                  "nada guardado aparte: ni elementos dañados, ni entradas "
                  "rechazadas, ni conflictos en el archivo"))


# ------------------------------------------------------------------ import

SQLITE_MAGIC = b"SQLite format 3\0"


def args_import(p):
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="another marcador archive (SQLite), or JSON game "
                        "records (one record or a list, as `marcador "
                        "export` writes them); - for JSON on stdin")
    add_lang(p)
    add_db(p)


def do_import(state, args):
    """Merge other archives or JSON records into --db: a game already there
    (same id, same bytes or record) is not added again; the same id with
    other contents is a CONFLICT, kept apart and reported as sync does.
    Every file is read and checked before the archive changes; each file's
    games go in in one transaction."""
    from .. import archive as A
    from .device import print_kept
    target = state.archive(write=True)
    batches = [_import_source(path, target) for path in args.files]
    total = {"games": 0, "added": 0, "same": 0, "conflicts": [],
             "kept_apart": [], "kept_new": 0}
    for path, rows, kept, compare, _ in batches:
        done, kept_new = target.merge(rows, kept, compare)
        total["games"] += len(done)
        total["added"] += sum(s == A.NEW for _, s in done)
        total["same"] += sum(s == A.SAME for _, s in done)
        total["conflicts"] += [g for g, s in done if s == A.CONFLICT]
        total["kept_new"] += kept_new
    n, files, where = total["games"], len(args.files), clean(target.path)
    new, same, clash = (total["added"], total["same"],
                        len(total["conflicts"]))
    copied = total["kept_new"]
    lang = lang_of(args)

    def c(key, k):
        return counted(key, k, lang)
    print(say(args,
              f"{c('games_read', n)} from {c('files', files)}: "
              f"{c('new_games', new)} in {where}, {c('already_there', same)},"
              f" {c('conflicts', clash)}",
              f"{c('games_read', n)} de {c('files', files)}: "
              f"{c('new_games', new)} en {where}, {c('already_there', same)},"
              f" {c('conflicts', clash)}")
          + (f"; {c('items_copied', copied)}" if copied else ""))
    print_kept(total, args)
    for path, _, _, _, left_out in batches:
        for what, why in sorted(left_out.items()):
            print(clean_line(say(
                args, f"LEFT OUT: {path}: {what} cannot be used ({why}); "
                      f"not imported",
                f"FUERA: {path}: {what} no se puede usar ({why}); no se "
                f"importa")))


def _import_source(path, target):
    """(path, game rows, kept-apart items, how to compare, {what was left
    out: why}) of one file."""
    from marcador_core import record
    from ..archive import Archive, check_ids, record_row
    if path != "-":
        try:
            with open(path, "rb") as f:
                magic = f.read(len(SQLITE_MAGIC))
        except OSError as ex:
            raise FileProblem(f"cannot read {path}: {ex.strerror or ex}")
        if magic == SQLITE_MAGIC:
            if os.path.realpath(path) == os.path.realpath(target.path):
                raise UsageError(f"{path} is the archive --db names: import "
                                 f"another one")
            with closing(Archive(path, readonly=True)) as source:
                # Every id first, of every row (an id is never a path: a
                # hostile one refuses the whole file); then every row
                # checked, its raw bytes those of the game it claims to be:
                # the rest is left out and reported.
                kept = source.damaged()
                try:
                    check_ids(source.game_ids(), kept)
                except ValueError as ex:
                    raise InvalidRecord(f"{path}: a game: {ex}; nothing "
                                        f"was imported")
                rows = source.games(verify_raw=True)
                return path, rows, kept, "raw", source.left_out
    rows = []
    for i, rec in read_json_records(path):
        where = path if i is None else f"{path}: record {i}"
        try:
            rows.append(record_row(rec))
        except record.RecordError as ex:
            raise InvalidRecord(f"{where}: {ex.text()}; nothing was "
                                f"imported")
        except (ValueError, TypeError, KeyError, RecursionError) as ex:
            raise InvalidRecord(f"{where} is not a game record ({ex}); "
                                f"nothing was imported")
    return path, rows, [], "record", {}
