"""Exports of the archive: the JSON game records of docs/records.md (one list),
CSV with one row per player per game (text that a spreadsheet would run
as a formula gets a leading ': csv_cell), or a BG Stats import file
(bgstats.py)."""

import csv
import io
import json
from datetime import datetime

CSV_FIELDS = ("id", "game", "started", "finished", "player", "seat",
              "total", "winner")
# A text cell starting with one of these is run as a formula by
# spreadsheets (OWASP, "CSV Injection"): the CSV gets it with a leading '.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """value for a CSV cell: text that a spreadsheet would run as a formula
    ("=HYPERLINK(...)" as a player's name) gets a leading ', as OWASP
    advises; numbers (a negative total) are left alone."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def records(archive):
    return [json.loads(row["record"]) for row in archive.games()]


def iso_date(seconds):
    """Unix seconds -> ISO 8601 local time with its UTC offset
    ("2026-09-21T22:53:20+02:00"); "" when unknown (0 or None: the
    device's clock was not set)."""
    if not seconds:
        return ""
    return datetime.fromtimestamp(seconds).astimezone().isoformat(
        timespec="seconds")


def write(archive, fmt, **bgstats_options):
    """The archive as text in `fmt`; bgstats_options (config, location,
    me) go to bgstats.write."""
    if fmt == "bgstats":
        from . import bgstats
        return bgstats.write(archive, **bgstats_options)
    return "".join(chunks(archive, fmt))


def chunks(archive, fmt):
    """The json or csv export as pieces of text, one game at a time (the
    archive read through one cursor): memory for one game, whatever the
    archive's size. Joined, the text write() gives."""
    return _json_chunks(archive) if fmt == "json" else _csv_chunks(archive)


def _json_chunks(archive):
    # json.dumps(records, ensure_ascii=False, indent=1) + "\n", a record
    # at a time: each record is the list's element, one level deeper
    # (JSON text has no raw newline inside a string).
    first = True
    for row in archive.iter_games():
        text = json.dumps(json.loads(row["record"]), ensure_ascii=False,
                          indent=1)
        yield ("[\n " if first else ",\n ") + text.replace("\n", "\n ")
        first = False
    yield "[]\n" if first else "\n]\n"


def _csv_chunks(archive):
    out = io.StringIO()
    w = csv.DictWriter(out, CSV_FIELDS)
    w.writeheader()
    for row in archive.iter_games():
        res = json.loads(row["result"])
        for seat, p in enumerate(res["players"]):
            cells = {"id": row["id"], "game": row["game"],
                     "started": iso_date(row["started"]),
                     "finished": row["finished"], "player": p["name"],
                     "seat": seat, "total": p["total"],
                     "winner": int(seat in res["winners"])}
            w.writerow({k: csv_cell(v) for k, v in cells.items()})
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    if out.tell():
        yield out.getvalue()
