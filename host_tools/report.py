"""marcador report: the archive as HTML pages a person reads offline,
Spanish first (--lang en for English; every word from report_texts.py).

The summary page: the standings (each player's finished games, wins and
win percentage over every title), a table of the titles (plays, most
wins, average length), one of the months (games, the month's leader,
links to its pages), and per title its players (plays, wins, win %,
average, best) and rivalries (head to head: how often each of two
players won a game the other lost).

The games go in pages of their own, per month and at most PAGE_GAMES to
a page, oldest first: each page starts with the month's standings, then
one line per game (date, title, players, winner, length) that opens to
its breakdown and its score chart (an inline SVG, plot.py). So the page a
person opens stays small whatever the size of the archive. Written to
standard output (-o -), the report is one page with the months inline.

Self-contained: CSS inline, charts inline SVG, no script, no font, image
or stylesheet from anywhere, links only between its own pages: it reads
the same offline in any browser.
"""

import json
import tempfile
from datetime import datetime
from html import escape
from itertools import combinations

from marcador_core import errors as E

from . import breakdown, plot, stats
from . import report_texts as T
from .archive import BY_DATE
from .counted import counted
from .stats import title_key
from .termsafe import clean
from .titles import name as title_name

PAGE_GAMES = 100        # games on one page of a month, at most
# Data is cleaned (_h) before it reaches a page; should anything escape
# that, a lone surrogate is written as its escape, never an error.
UTF8 = ("utf-8", "backslashreplace")

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
nav.pages a, nav.pages span { margin-right: 1em; }
summary { cursor: pointer; padding: 0.15em 0; }
details.month > summary { font-weight: bold; }
details.month { margin: 0.3em 0; }
details.game { margin-left: 1.2em; }
details.rivals > summary h3 { display: inline; }
"""


def _h(value):
    """Data as HTML text: control characters and lone surrogates (a
    tampered archive) shown as escapes, then HTML-escaped."""
    return escape(clean(str(value)))


def head_to_head(rows):
    """{title key: {(a, b): [a's wins over b, b's over a, games together]}}
    with a < b by name. A finished game counts for a over b when a won it
    and b did not (partners who win together count for neither)."""
    out = {}
    for row, rec, res in rows:
        _add_head_to_head(out, title_key(row["game"], rec), res)
    return out


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


def minutes(row, rec):
    """The game's length in whole minutes, from its start to the end the
    device recorded; None when either is unknown (docs/records.md)."""
    started, ended = row["started"], rec.get("ended")
    if not started or not isinstance(ended, int) or ended < started:
        return None
    return round((ended - started) / 60)


def _month(seconds):
    return (datetime.fromtimestamp(seconds).strftime("%Y-%m") if seconds
            else "")


def _when(seconds, lang, long=False):
    if not seconds:
        return T.text("date_unknown_long" if long else "date_unknown", lang)
    return datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M")


def _table(head, body, row_classes=None, raw=()):
    """A table; the cells of the columns in raw are HTML already."""
    out = ["<div class=\"scroll\"><table><thead><tr>"]
    out += [f"<th>{_h(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for i, cells in enumerate(body):
        cls = row_classes[i] if row_classes else ""
        out.append(f"<tr class=\"{cls}\">" if cls else "<tr>")
        out += [f"<td>{c if k in raw else _h(c)}</td>"
                for k, c in enumerate(cells)]
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _standings(people, lang, titles=None):
    """people {name: [finished games, wins]} as a table, the most wins
    first (then the best rate, then by name); titles {name: [title keys]}
    adds the titles each played."""
    order = sorted(people.items(), key=lambda kv: (
        -kv[1][1], -kv[1][1] / max(kv[1][0], 1), kv[0]))
    head = [T.text(k, lang) for k in ("col_player", "col_games",
                                      "col_wins", "col_win_pct")]
    body = [[n, p[0], p[1], T.percent(p[1], p[0], lang)] for n, p in order]
    if titles is not None:
        head.append(T.text("col_titles", lang))
        for row, (n, _) in zip(body, order):
            row.append(", ".join(title_name(k, lang) for k in titles[n]))
    return _table(head, body)


def _leader(people, lang):
    """The player with the most wins (then the best rate, then by name):
    "Ana (5, 45 %)", or "" when nobody finished a game."""
    best = min(people.items(), default=None, key=lambda kv: (
        -kv[1][1], -kv[1][1] / max(kv[1][0], 1), kv[0]))
    if best is None:
        return ""
    name, (games, wins) = best
    return T.text("leader", lang, name=name, wins=wins,
                  pct=T.percent(wins, games, lang))


def _length_text(total, count, lang):
    return T.length(round(total / count), lang) if count else ""


class _Month:
    """One month's games (HTML, in memory until the month ends) and its
    standings."""

    def __init__(self, key):
        self.key, self.games, self.finished = key, [], 0
        self.people = {}
        self.pages = []

    def add(self, html, res):
        self.games.append(html)
        if not res["over"]:
            return
        self.finished += 1
        for seat, p in enumerate(res["players"]):
            s = self.people.setdefault(p["name"], [0, 0])
            s[0] += 1
            s[1] += seat in res["winners"]


class _Report:
    def __init__(self, lang, pages):
        self.lang, self.pages = lang, pages
        self.tally = stats.Tally()
        self.pairs = {}
        self.lengths = {}           # title key: [sum of minutes, games]
        self.months = []            # (key, games, finished, people, pages)
        self.done = self.finished = 0
        self.first = self.last = None
        self.biggest = 0

    def t(self, key, **fields):
        return T.text(key, self.lang, **fields)

    # ------------------------------------------------------------ a game

    def game(self, row, rec, res, prog):
        key = title_key(row["game"], rec)
        self.tally.add(row["game"], rec, res)
        _add_head_to_head(self.pairs, key, res)
        mins = minutes(row, rec)
        if mins is not None:
            acc = self.lengths.setdefault(key, [0, 0])
            acc[0] += mins
            acc[1] += 1
        self.done += 1
        self.finished += res["over"]
        if row["started"]:
            self.first = self.first or row["started"]
            self.last = row["started"]
        return self._game_details(row, rec, res, prog, key, mins)

    def _game_details(self, row, rec, res, prog, key, mins):
        """A game as one line that opens to its breakdown and chart."""
        L = self.lang
        names = [p["name"] for p in res["players"]]
        title = title_name(key, L)
        if res["over"]:
            state = self.t("winner" if len(res["winners"]) == 1
                           else "winners", names=", ".join(
                               names[p] for p in res["winners"]))
        else:
            state = self.t("unfinished")
        length = T.length(mins, L) if mins is not None else ""
        line = " \u00b7 ".join(x for x in (
            _when(row["started"], L), title, ", ".join(names), state,
            length) if x)
        parts = list(res["players"][0]["parts"]) if res["players"] else []
        body, classes = [], []
        for p, pl in enumerate(res["players"]):
            mark = "\u2605 " if p in res["winners"] else ""
            body.append([mark + pl["name"]]
                        + [pl["parts"][k] for k in parts] + [pl["total"]])
            classes.append("winner" if p in res["winners"] else "")
        c = plot.chart(rec, prog)
        c["names"] = [clean(n) for n in c["names"]]
        chart = plot.inline_svg(c,
                                clean(f"{title}  {row['id']}  {state}"),
                                axis=self.t("axis"))
        meta = " \u00b7 ".join(x for x in (
            row["id"], _when(row["started"], L, long=True), length,
            counted("events", len(rec["events"]), L)) if x)
        head = ([self.t("col_player")]
                + [breakdown.part_head(k, L) for k in parts]
                + [self.t("col_total")])
        return "".join([
            f"<details class=\"game\"><summary>{_h(line)}</summary>",
            f"<article class=\"game\" id=\"g-{_h(row['id'])}\">",
            f"<h3>{_h(title)} \u2014 {_h(state)}</h3>",
            f"<p class=\"meta\">{_h(meta)}</p>",
            _table(head, body, classes), chart, "</article></details>\n"])

    # ----------------------------------------------------------- a month

    def month_done(self, month, spill):
        """The month's games: into its pages, or (one page) as a block
        into spill, the temporary file the page ends with."""
        L = self.lang
        counts = self.t("counts",
                        games=counted("games", len(month.games), L),
                        finished=counted("finished", month.finished, L))
        label = T.month(month.key, self.lang)
        standings = (_standings(month.people, self.lang)
                     if month.people else "")
        if self.pages is None:
            spill.write("".join(
                [f"<details class=\"month\" id=\"m-"
                 f"{month.key or 'undated'}\"><summary>{_h(label)}: "
                 f"{_h(counts)}</summary>", standings]
                + month.games + ["</details>\n"]).encode(*UTF8))
        else:
            self._month_pages(month, label, counts, standings)
        month.games = None
        self.months.append(month)

    def _month_pages(self, month, label, counts, standings):
        stem = month.key or "undated"
        chunks = [month.games[i:i + PAGE_GAMES]
                  for i in range(0, len(month.games), PAGE_GAMES)]
        month.pages = [f"{stem}.html" if i == 0 else f"{stem}-{i + 1}.html"
                       for i in range(len(chunks))]
        for i, games in enumerate(chunks):
            nav = [f"<a href=\"{self.pages.home}\">"
                   f"{_h(self.t('summary_link'))}</a>"]
            if len(chunks) > 1:
                where = self.t("page_of", page=i + 1, pages=len(chunks))
                nav.append(f"<span>{_h(where)}</span>")
                if i:
                    nav.append(f"<a href=\"{month.pages[i - 1]}\">"
                               f"{_h(self.t('previous'))}</a>")
                if i + 1 < len(chunks):
                    nav.append(f"<a href=\"{month.pages[i + 1]}\">"
                               f"{_h(self.t('next'))}</a>")
            title = self.t("month_title", month=label)
            if len(chunks) > 1:
                title += f" ({i + 1}/{len(chunks)})"
            page = "".join(
                [_doc_head(title, self.lang),
                 "<nav class=\"pages\">", " ".join(nav), "</nav>",
                 f"<h1>{_h(label)}</h1><p id=\"summary\">{_h(counts)}</p>"]
                + ([f"<section id=\"standings\"><h2>"
                    f"{_h(self.t('month_standings'))}</h2>{standings}"
                    f"</section>"] if standings else [])
                + [f"<section id=\"games\"><h2>{_h(self.t('games'))}</h2>"]
                + games + ["</section></body></html>\n"]).encode(*UTF8)
            self.pages.add(month.pages[i], page)
            self.biggest = max(self.biggest, len(page))

    # ----------------------------------------------------- the summary

    def summary(self):
        """The summary page's text up to the months' games (one page) or
        whole (pages)."""
        L, s = self.lang, self.tally.result()
        span = (self.t("span", first=T.month(_month(self.first), L),
                       last=T.month(_month(self.last), L))
                if self.first else "")
        title = self.t("page_title", games=counted("games", self.done, L))
        out = [_doc_head(title, L),
               "<h1>Marcador</h1>",
               "<p id=\"summary\">" + _h(self.t(
                   "summary", games=counted("games", self.done, L),
                   finished=counted("finished", self.finished, L),
                   titles=counted("titles", len(s), L)) + span) + "</p>"]
        if not self.done:
            out.append(f"<p>{_h(self.t('empty'))}</p>")
            if self.pages is None:
                out.append("</body></html>\n")
            return "\n".join(out) + "\n"
        out.append("<nav><ul>")
        out.append(f"<li><a href=\"#standings\">{_h(self.t('standings'))}"
                   f"</a></li><li><a href=\"#titles\">"
                   f"{_h(self.t('titles'))}</a></li><li><a href=\"#months\">"
                   f"{_h(self.t('months'))}</a></li>")
        out += [f"<li><a href=\"#t-{_h(k)}\">{_h(title_name(k, L))}"
                f"</a> ({t['plays']})</li>" for k, t in s.items()]
        if self.pages is None:
            out.append(f"<li><a href=\"#games\">"
                       f"{_h(self.t('games_by_month'))}</a></li>")
        out.append("</ul></nav>")
        out.append(f"<section id=\"standings\"><h2>"
                   f"{_h(self.t('standings'))}</h2><p class=\"meta\">"
                   f"{_h(self.t('standings_note'))}</p>"
                   + self._players_table(s) + "</section>")
        out.append(f"<section id=\"titles\"><h2>{_h(self.t('titles'))}"
                   f"</h2>" + self._titles_table(s) + "</section>")
        out.append(f"<section id=\"months\"><h2>{_h(self.t('months'))}"
                   f"</h2><p class=\"meta\">{_h(self.t('months_note'))}</p>"
                   + self._months_table() + "</section>")
        out += [self._title_section(k, t) for k, t in s.items()]
        if self.pages is None:
            out.append(f"<section id=\"games\"><h2>"
                       f"{_h(self.t('games_by_month'))}</h2><p class=\"meta\">"
                       f"{_h(self.t('games_note'))}</p>")
        else:
            out.append("</body></html>")
        return "\n".join(out) + "\n"

    def _players_table(self, s):
        people, titles = {}, {}
        for key, t in s.items():
            for name, p in t["players"].items():
                acc = people.setdefault(name, [0, 0])
                acc[0] += p["plays"]
                acc[1] += p["wins"]
                titles.setdefault(name, []).append(key)
        return _standings(people, self.lang, titles)

    def _titles_table(self, s):
        L, body = self.lang, []
        for key, t in s.items():
            people = {n: [p["plays"], p["wins"]]
                      for n, p in t["players"].items()}
            total, count = self.lengths.get(key, (0, 0))
            body.append([title_name(key, L), t["plays"], t["finished"],
                         _leader(people, L),
                         _length_text(total, count, L)])
        return _table([self.t(k) for k in (
            "col_title", "col_games", "col_finished", "col_most_wins",
            "col_length")], body)

    def _months_table(self):
        L, body = self.lang, []
        for m in self.months:
            label = _h(T.month(m.key, L))
            if self.pages is None:
                link = f"<a href=\"#m-{m.key or 'undated'}\">{label}</a>"
            else:
                link = f"<a href=\"{self.pages.href(m.pages[0])}\">{label}</a>"
            row = [link, m.games_count, m.finished, _h(_leader(m.people, L))]
            if self.pages is not None:
                row.append(" ".join(
                    f"<a href=\"{self.pages.href(p)}\">{i}</a>"
                    for i, p in enumerate(m.pages, 1)))
            body.append(row)
        head = [self.t(k) for k in ("col_month", "col_games", "col_finished",
                                    "col_leader")]
        if self.pages is not None:
            head.append(self.t("col_pages"))
        return _table(head, body, raw=(0, 3, 4))

    def _title_section(self, key, t):
        L = self.lang
        out = [f"<section class=\"title\" id=\"t-{_h(key)}\">",
               f"<h2>{_h(title_name(key, L))}</h2>",
               "<p>" + _h(self.t(
                   "counts", games=counted("games", t["plays"], L),
                   finished=counted("finished", t["finished"], L))) + "</p>"]
        total, count = self.lengths.get(key, (0, 0))
        if count:
            out.append("<p>" + _h(self.t(
                "length_avg", length=_length_text(total, count, L),
                games=counted("games", count, L))) + "</p>")
        if t["players"]:
            order = sorted(t["players"].items(),
                           key=lambda kv: (-kv[1]["wins"], kv[0]))
            out.append(f"<h3>{_h(self.t('players'))}</h3>")
            out.append(_table(
                [self.t(k) for k in (
                    "col_player", "col_games", "col_wins", "col_win_pct",
                    "col_average",
                    "col_best_low" if t["lowest_wins"] else "col_best")],
                [[n, p["plays"], p["wins"],
                  T.percent(p["wins"], p["plays"], L),
                  T.number(p["average"], L), p["best"]]
                 for n, p in order]))
        rivals = sorted(self.pairs.get(key, {}).items())
        if rivals:
            # Closed: n players make n(n-1)/2 rows.
            pairs = counted("pairs", len(rivals), L)
            out.append(f"<details class=\"rivals\"><summary><h3>"
                       f"{_h(self.t('rivals', pairs=pairs))}</h3>"
                       f"</summary><p class=\"meta\">"
                       f"{_h(self.t('rivals_note'))}</p>")
            out.append(_table(
                [self.t(k) for k in ("col_players", "col_wins", "col_wins",
                                     "col_together")],
                [[self.t("vs", a=a, b=b), f"{a} {h[0]}", f"{b} {h[1]}",
                  h[2]] for (a, b), h in rivals]))
            out.append("</details>")
        out.append("</section>")
        return "".join(out)


def _doc_head(title, lang):
    return ("<!DOCTYPE html>\n<html lang=\"" + T.text("lang", lang)
            + "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
            "content=\"width=device-width, initial-scale=1\">"
            f"<title>{_h(title)}</title>"
            f"<style>{CSS}{plot.INLINE_CSS}</style></head><body>\n")


def write(archive, out, progress=None, lang=E.ES, pages=None):
    """The report into out (a binary file: the CLI writes through a temp
    file and renames it, so a full disk keeps the previous report).

    pages: None for one page, the months' games inline after the summary;
    or where the month pages go (outfile.PageFolder: add(name, bytes),
    href(name) from the summary, home from a page back to it).

    One pass over the archive, oldest game first: each game is replayed
    once, to check it against its stored result and for its chart
    (plot.replay_scored), and its statistics are tallied; a month's games
    stay in memory until the month ends, then go to its pages (or to a
    temporary file the one page ends with). Memory holds the tallies and
    one month's games, never the whole archive. progress(done), if given,
    is called after each game, and progress(done, done) at the end when
    the archive left rows out. Returns {"games", "bytes" (the summary's),
    "pages" (how many more), "biggest" (the largest page's bytes)}."""
    total = archive.count()
    r = _Report(lang, pages)
    with tempfile.TemporaryFile() as spill:
        month = None
        for row in archive.iter_games(order=BY_DATE,
                                      replay=plot.replay_scored):
            rec = json.loads(row["record"])
            res = json.loads(row["result"])
            key = _month(row["started"])
            if month is None or key != month.key:
                if month is not None:
                    _close(r, month, spill)
                month = _Month(key)
            month.add(r.game(row, rec, res, row["replayed"]), res)
            if progress:
                progress(r.done)
        if month is not None:
            _close(r, month, spill)
        if progress and r.done < total:
            progress(r.done, r.done)    # rows left out: the end is here
        head = r.summary().encode(*UTF8)
        out.write(head)
        size = len(head)
        if pages is None and r.done:
            spill.seek(0)
            while True:
                chunk = spill.read(1 << 20)
                if not chunk:
                    break
                out.write(chunk)
                size += len(chunk)
            tail = b"</section>\n</body></html>\n"
            out.write(tail)
            size += len(tail)
    return {"games": r.done, "bytes": size,
            "pages": sum(len(m.pages) for m in r.months),
            "biggest": max(size, r.biggest)}


def _close(r, month, spill):
    month.games_count = len(month.games)
    r.month_done(month, spill)


def html(archive, lang=E.ES):
    """The whole report as one page, one str (tests, small archives)."""
    import io
    buf = io.BytesIO()
    write(archive, buf, lang=lang)
    return buf.getvalue().decode("utf-8")
