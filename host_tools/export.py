"""Exports of the archive: the JSON game records of GAMES.md (one list),
CSV with one row per player per game, or a BG Stats import file
(bgstats.py)."""

import csv
import io
import json

CSV_FIELDS = ("id", "game", "started", "finished", "player", "seat",
              "total", "winner")


def records(archive):
    return [json.loads(row["record"]) for row in archive.games()]


def write(archive, fmt):
    if fmt == "bgstats":
        from . import bgstats
        return bgstats.write(archive)
    if fmt == "json":
        return json.dumps(records(archive), ensure_ascii=False, indent=1) \
            + "\n"
    out = io.StringIO()
    w = csv.DictWriter(out, CSV_FIELDS)
    w.writeheader()
    for row in archive.games():
        res = json.loads(row["result"])
        for seat, p in enumerate(res["players"]):
            w.writerow({"id": row["id"], "game": row["game"],
                        "started": row["started"] or "",
                        "finished": row["finished"], "player": p["name"],
                        "seat": seat, "total": p["total"],
                        "winner": int(seat in res["winners"])})
    return out.getvalue()
