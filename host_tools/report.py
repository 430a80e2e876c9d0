"""marcador report: the whole archive as one self-contained HTML file.

Per title: plays, wins per player, average and best (stats.py), and
rivalries: head to head, how often each of two players won a game the
other lost. Then every game: its breakdown (the parts of each total, the
winners) and its score progression as an inline SVG chart (plot.py).

Self-contained: one file, CSS inline, charts inline SVG, no script, no
font, image or stylesheet from anywhere: it reads the same offline in any
browser.
"""

import json
from datetime import datetime
from html import escape
from itertools import combinations

from . import plot, stats
from .stats import title_key, title_name

CSS = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif;
       margin: 1.5em auto; max-width: 1000px; padding: 0 1em;
       color: #222; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 2px solid #0072B2; padding-bottom: 0.2em;
     margin-top: 2em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f0f4f8; }
tr.winner td { font-weight: bold; background: #fff6dd; }
.scroll { overflow-x: auto; }
article { border-top: 1px solid #ddd; padding-top: 0.6em;
          margin-top: 1.2em; }
article h3 { margin: 0.2em 0; }
.meta { color: #666; font-size: 0.9em; }
svg { max-width: 100%; height: auto; }
nav ul { columns: 2; }
"""


def head_to_head(rows):
    """{title key: {(a, b): [a's wins over b, b's over a, games together]}}
    with a < b by name. A finished game counts for a over b when a won it
    and b did not (partners who win together count for neither)."""
    out = {}
    for row, rec, res in rows:
        if not res["over"]:
            continue
        key = title_key(row["game"], rec)
        names = [p["name"] for p in res["players"]]
        won = {names[p] for p in res["winners"]}
        pairs = out.setdefault(key, {})
        for a, b in combinations(sorted(set(names)), 2):
            h = pairs.setdefault((a, b), [0, 0, 0])
            h[0] += a in won and b not in won
            h[1] += b in won and a not in won
            h[2] += 1
    return out


def _date(seconds):
    if not seconds:
        return "date unknown (the device's clock was not set)"
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def _table(head, body, row_classes=None):
    out = ["<div class=\"scroll\"><table><thead><tr>"]
    out += [f"<th>{escape(str(h))}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for i, cells in enumerate(body):
        cls = row_classes[i] if row_classes else ""
        out.append(f"<tr class=\"{cls}\">" if cls else "<tr>")
        out += [f"<td>{escape(str(c))}</td>" for c in cells]
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _title_section(key, t, h2h):
    out = [f"<section class=\"title\" id=\"t-{escape(key)}\">",
           f"<h2>{escape(title_name(key))}</h2>",
           f"<p>{t['plays']} play(s), {t['finished']} finished</p>"]
    if t["players"]:
        order = sorted(t["players"].items(),
                       key=lambda kv: (-kv[1]["wins"], kv[0]))
        out.append("<h3>Players</h3>")
        out.append(_table(
            ["player", "plays", "wins", "average",
             "best (lowest)" if t["lowest_wins"] else "best"],
            [[n, s["plays"], s["wins"], s["average"], s["best"]]
             for n, s in order]))
    rivals = [(a, b, h) for (a, b), h in sorted(h2h.items())]
    if rivals:
        out.append("<h3>Rivalries: head to head</h3>")
        out.append("<p class=\"meta\">Games one of the two won and the "
                   "other did not.</p>")
        out.append(_table(
            ["players", "wins", "wins", "games together"],
            [[f"{a} vs {b}", f"{a} {h[0]}", f"{b} {h[1]}", h[2]]
             for a, b, h in rivals]))
    out.append("</section>")
    return "".join(out)


def _game_article(row, rec, res):
    names = [p["name"] for p in res["players"]]
    title = title_name(title_key(row["game"], rec))
    if res["over"]:
        state = "winner: " + ", ".join(names[p] for p in res["winners"])
    else:
        state = "unfinished"
    parts = list(res["players"][0]["parts"]) if res["players"] else []
    body, classes = [], []
    for p, pl in enumerate(res["players"]):
        mark = "\u2605 " if p in res["winners"] else ""
        body.append([mark + pl["name"]] + [pl["parts"][k] for k in parts]
                    + [pl["total"]])
        classes.append("winner" if p in res["winners"] else "")
    chart = plot.svg(rec, f"{title}  {row['id']}  {state}")
    return "".join([
        f"<article class=\"game\" id=\"g-{escape(row['id'])}\">",
        f"<h3>{escape(title)} \u2014 {escape(state)}</h3>",
        f"<p class=\"meta\">{escape(row['id'])} \u00b7 "
        f"{escape(_date(row['started']))} \u00b7 "
        f"{len(rec['events'])} events</p>",
        _table(["player"] + parts + ["total"], body, classes),
        chart, "</article>"])


def html(archive):
    rows = [(row, json.loads(row["record"]), json.loads(row["result"]))
            for row in archive.games()]
    s = stats.compute(archive)
    h2h = head_to_head(rows)
    finished = sum(res["over"] for _, _, res in rows)
    out = ["<!DOCTYPE html>\n<html lang=\"en\"><head>"
           "<meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, "
           "initial-scale=1\">",
           f"<title>Marcador: {len(rows)} games</title>",
           f"<style>{CSS}</style></head><body>",
           "<h1>Marcador</h1>",
           f"<p id=\"summary\">{len(rows)} game(s), {finished} finished, "
           f"{len(s)} title(s).</p>"]
    if not rows:
        out.append("<p>No games in the archive yet: `marcador sync` "
                   "copies them from a device.</p>")
    else:
        out.append("<nav><ul>")
        out += [f"<li><a href=\"#t-{escape(k)}\">{escape(title_name(k))}"
                f"</a> ({t['plays']})</li>" for k, t in s.items()]
        out.append("<li><a href=\"#games\">Every game</a></li></ul></nav>")
        out += [_title_section(k, t, h2h.get(k, {})) for k, t in s.items()]
        out.append("<section id=\"games\"><h2>Every game</h2>")
        out += [_game_article(*r) for r in rows]
        out.append("</section>")
    out.append("</body></html>\n")
    return "\n".join(out)


def write(archive, out):
    """The report into out (a binary file: the CLI writes through a temp
    file and renames it, so a full disk keeps the previous report)."""
    data = html(archive).encode("utf-8")
    out.write(data)
    return {"games": len(archive.games()), "bytes": len(data)}
