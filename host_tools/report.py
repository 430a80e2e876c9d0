"""marcador report: the whole archive as one self-contained HTML file.

A summary first: a table of the titles and one of the players (finished
games, wins, win rate over every title). Per title: plays, wins per
player, average and best (stats.py), and rivalries: head to head, how
often each of two players won a game the other lost. Then the games by
month, oldest first, each month a <details> that opens to one line per
game, each game a <details> that opens to its breakdown (the parts of
each total, the winners) and its score progression as an inline SVG chart
(plot.py): at 10,000 games the page is a few screens tall until opened.

Self-contained: one file, CSS inline, charts inline SVG, no script, no
font, image or stylesheet from anywhere: it reads the same offline in any
browser.
"""

import json
import tempfile
from datetime import datetime
from html import escape
from itertools import combinations

from . import plot, stats
from .archive import BY_DATE
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
summary { cursor: pointer; padding: 0.15em 0; }
details.month > summary { font-weight: bold; }
details.month { margin: 0.3em 0; }
details.game { margin-left: 1.2em; }
details.rivals > summary h3 { display: inline; }
"""


def head_to_head(rows):
    """{title key: {(a, b): [a's wins over b, b's over a, games together]}}
    with a < b by name. A finished game counts for a over b when a won it
    and b did not (partners who win together count for neither)."""
    out = {}
    for row, rec, res in rows:
        _add_head_to_head(out, title_key(row["game"], rec), res)
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
        # Closed: n players make n(n-1)/2 rows.
        out.append(f"<details class=\"rivals\"><summary><h3>Rivalries: "
                   f"head to head ({len(rivals)} pair(s))</h3></summary>")
        out.append("<p class=\"meta\">Games one of the two won and the "
                   "other did not.</p>")
        out.append(_table(
            ["players", "wins", "wins", "games together"],
            [[f"{a} vs {b}", f"{a} {h[0]}", f"{b} {h[1]}", h[2]]
             for a, b, h in rivals]))
        out.append("</details>")
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
    chart = plot.inline_svg(plot.chart(rec),
                            f"{title}  {row['id']}  {state}")
    return "".join([
        f"<article class=\"game\" id=\"g-{escape(row['id'])}\">",
        f"<h3>{escape(title)} \u2014 {escape(state)}</h3>",
        f"<p class=\"meta\">{escape(row['id'])} \u00b7 "
        f"{escape(_date(row['started']))} \u00b7 "
        f"{len(rec['events'])} events</p>",
        _table(["player"] + parts + ["total"], body, classes),
        chart, "</article>"])


def _month(seconds):
    return (datetime.fromtimestamp(seconds).strftime("%Y-%m") if seconds
            else "")


def _month_block(month, articles, finished):
    mid = f"m-{month or 'undated'}"
    label = month or "date unknown"
    return "".join(
        [f"<details class=\"month\" id=\"{mid}\"><summary>"
         f"{escape(label)}: {len(articles)} game(s), {finished} finished"
         f"</summary>"] + articles + ["</details>\n"])


def _game_details(row, rec, res):
    """A game as one line that opens to its breakdown and chart."""
    names = [p["name"] for p in res["players"]]
    title = title_name(title_key(row["game"], rec))
    win = (", ".join(names[p] for p in res["winners"]) if res["over"]
           else "unfinished")
    when = (datetime.fromtimestamp(row["started"]).strftime(
        "%Y-%m-%d %H:%M") if row["started"] else "date unknown")
    return (f"<details class=\"game\"><summary>{escape(when)} \u00b7 "
            f"{escape(title)} \u00b7 {escape(', '.join(names))} \u00b7 "
            f"{escape(win)}</summary>" + _game_article(row, rec, res)
            + "</details>\n")


def _players_table(tally):
    """Every player over every title: finished games, wins, titles."""
    people = {}
    for key, t in tally.items():
        for name, s in t["players"].items():
            p = people.setdefault(name, [0, 0, []])
            p[0] += s["plays"]
            p[1] += s["wins"]
            p[2].append(title_name(key))
    order = sorted(people.items(), key=lambda kv: (-kv[1][1], kv[0]))
    return _table(["player", "finished games", "wins", "win rate",
                   "titles"],
                  [[n, p[0], p[1], f"{round(100 * p[1] / p[0])}%",
                    ", ".join(p[2])] for n, p in order])


def _titles_table(tally):
    body = []
    for key, t in tally.items():
        # The most wins; on a tie, the first name in order.
        top = min(t["players"].items(), key=lambda kv: (-kv[1]["wins"],
                                                        kv[0]),
                  default=None)
        body.append([title_name(key), t["plays"], t["finished"],
                     f"{top[0]} ({top[1]['wins']})" if top else ""])
    return _table(["title", "plays", "finished", "most wins"], body)


def write(archive, out, progress=None):
    """The report into out (a binary file: the CLI writes through a temp
    file and renames it, so a full disk keeps the previous report).

    One pass over the archive, oldest game first: each game is scored once
    for its chart (plot.progression) and its statistics are tallied; the
    games, grouped by month, go to a temporary file while the tallies
    grow, and the page is the summary and then that file. Memory holds
    the tallies and one month's games, never the whole archive.
    progress(done), if given, is called after each game, and
    progress(done, done) at the end when the archive left rows out."""
    total = archive.count()
    tally = stats.Tally()
    pairs = {}
    finished = done = 0
    first = last = None
    with tempfile.TemporaryFile() as games:
        month, articles, month_finished = None, [], 0
        for row in archive.iter_games(order=BY_DATE):
            rec = json.loads(row["record"])
            res = json.loads(row["result"])
            tally.add(row["game"], rec, res)
            _add_head_to_head(pairs, title_key(row["game"], rec), res)
            m = _month(row["started"])
            if m != month:
                if articles:
                    games.write(_month_block(month, articles,
                                             month_finished).encode())
                month, articles, month_finished = m, [], 0
            articles.append(_game_details(row, rec, res))
            month_finished += res["over"]
            finished += res["over"]
            if row["started"]:
                first = first or row["started"]
                last = row["started"]
            done += 1
            if progress:
                progress(done)
        if articles:
            games.write(_month_block(month, articles,
                                     month_finished).encode())
        if progress and done < total:
            progress(done, done)    # rows left out: the end is here
        s = tally.result()
        head = _page_head(done, finished, s, first, last, pairs)
        out.write(head.encode("utf-8"))
        size = len(head.encode("utf-8"))
        games.seek(0)
        while True:
            chunk = games.read(1 << 20)
            if not chunk:
                break
            out.write(chunk)
            size += len(chunk)
    tail = ("</section>\n" if done else "") + "</body></html>\n"
    out.write(tail.encode())
    return {"games": done, "bytes": size + len(tail)}


def _add_head_to_head(out, key, res):
    if not res["over"]:
        return
    names = [p["name"] for p in res["players"]]
    won = {names[p] for p in res["winners"]}
    pairs = out.setdefault(key, {})
    for a, b in combinations(sorted(set(names)), 2):
        h = pairs.setdefault((a, b), [0, 0, 0])
        h[0] += a in won and b not in won
        h[1] += b in won and a not in won
        h[2] += 1


def _page_head(n, finished, s, first, last, h2h):
    span = (f" From {_month(first)} to {_month(last)}." if first else "")
    out = ["<!DOCTYPE html>\n<html lang=\"en\"><head>"
           "<meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, "
           "initial-scale=1\">",
           f"<title>Marcador: {n} games</title>",
           f"<style>{CSS}{plot.INLINE_CSS}</style></head><body>",
           "<h1>Marcador</h1>",
           f"<p id=\"summary\">{n} game(s), {finished} finished, "
           f"{len(s)} title(s).{span}</p>"]
    if not n:
        out.append("<p>No games in the archive yet: `marcador sync` "
                   "copies them from a device.</p>")
        return "\n".join(out) + "\n"
    out.append("<nav><ul>")
    out.append("<li><a href=\"#titles\">Titles</a></li>"
               "<li><a href=\"#players\">Players</a></li>")
    out += [f"<li><a href=\"#t-{escape(k)}\">{escape(title_name(k))}"
            f"</a> ({t['plays']})</li>" for k, t in s.items()]
    out.append("<li><a href=\"#games\">Games by month</a></li></ul></nav>")
    out.append("<section id=\"titles\"><h2>Titles</h2>"
               + _titles_table(s) + "</section>")
    out.append("<section id=\"players\"><h2>Players</h2>"
               "<p class=\"meta\">Finished games of every title.</p>"
               + _players_table(s) + "</section>")
    out += [_title_section(k, t, h2h.get(k, {})) for k, t in s.items()]
    out.append("<section id=\"games\"><h2>Games by month</h2>"
               "<p class=\"meta\">Oldest first. Open a month for its "
               "games, a game for its breakdown and chart.</p>")
    return "\n".join(out) + "\n"


def html(archive):
    """The whole report as one str (for tests and small archives)."""
    import io
    buf = io.BytesIO()
    write(archive, buf)
    return buf.getvalue().decode("utf-8")
