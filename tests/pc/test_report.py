"""`marcador report`: one self-contained offline HTML file, checked in
Python and rendered in Debian's Chromium (headless, driven by Playwright).

The browser test fails, with a message that says what to install, when
Chromium or Playwright is missing; set MARCADOR_SKIP_BROWSER=1 to skip it
instead (e.g. on a machine without Chromium).
"""

import json
import os
import re
from datetime import datetime
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from marcador import report, stats
from marcador.archive import BY_DATE, Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry
from marcador_core import errors as E

from test_archive_tools import filled
from marcador_core.games import IDS

CHROMIUM = os.environ.get("MARCADOR_CHROMIUM", "/usr/bin/chromium")


class Page(HTMLParser):
    """The tags, attributes and text of a page, as parsed."""

    def __init__(self, text):
        super().__init__()
        self.tags, self.text, self.stack, self.by_id = [], [], [], {}
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if "id" in a:
            self.by_id[a["id"]] = len(self.tags) - 1

    def handle_data(self, data):
        self.text.append(data)


def _report(tmp_path, db, *more):
    """The report of db with -o r.html: (the summary page's text, {page
    name: its text} of the folder beside it)."""
    out = tmp_path / "r.html"
    assert cli(["report", "--db", str(db.path), "-o", str(out), *more]) == 0
    folder = tmp_path / "r_files"
    pages = {p.name: p.read_text(encoding="utf-8")
             for p in sorted(folder.iterdir()) if p.suffix == ".html"}
    return out.read_text(encoding="utf-8"), pages


def _one_page(tmp_path, db, capfdbinary, *more):
    """The report as one page (-o -)."""
    capfdbinary.readouterr()
    assert cli(["report", "--db", str(db.path), "-o", "-", *more]) == 0
    return capfdbinary.readouterr().out.decode("utf-8")


def _linked(summary):
    """The month pages the summary links, in its order (first pages of
    each month, then their next pages)."""
    hrefs = [a["href"] for t, a in Page(summary).tags
             if t == "a" and "href" in a and not a["href"].startswith("#")]
    return list(dict.fromkeys(h.split("/", 1)[1] for h in hrefs))


def _games_in_order(summary, pages):
    ids = []
    for name in _linked(summary):
        ids += [a["id"] for t, a in Page(pages[name]).tags
                if t == "article"]
    return ids


def test_report_has_every_game_its_chart_and_the_statistics(tmp_path,
                                                              monkeypatch):
    monkeypatch.setattr(report, "PAGE_GAMES", 4)
    db, recs = filled(tmp_path, 30)
    summary, pages = _report(tmp_path, db, "--lang", "en")
    # Oldest first (a game of unknown date before all), grouped by month,
    # at most PAGE_GAMES a page, every page linked from the summary.
    assert _games_in_order(summary, pages) == \
        ["g-" + r["id"] for r in db.iter_games(order=BY_DATE)]
    assert sorted(_linked(summary)) == sorted(pages)
    months = sorted(set(datetime.fromtimestamp(r["started"]).strftime(
        "%Y-%m") for r in db.games() if r["started"]))
    assert [n for n in _linked(summary)
            if re.fullmatch(r"(undated|\d{4}-\d\d)\.html", n)] == \
        ["undated.html"] + [f"{m}.html" for m in months]
    for name, text in pages.items():
        tags = Page(text).tags
        n = sum(t == "article" for t, _ in tags)
        assert 1 <= n <= 4
        assert sum(t == "details" and a.get("class") == "game"
                   for t, a in tags) == n
        assert sum(t == "svg" for t, _ in tags) == n
    # Every player's line in every chart.
    text = "".join(pages.values())
    tags = Page(text).tags
    lines = sum(t == "polyline" and a.get("class") == "player"
                for t, a in tags)
    assert lines == sum(len(json.loads(r["players"])) for r in db.games())
    body = "".join(Page(summary).text)
    s = stats.compute(db)
    for key, t in s.items():
        assert f"t-{key}" in Page(summary).by_id
        assert (f"{t['plays']} game{'s' if t['plays'] != 1 else ''}, "
                    f"{t['finished']} finished") in body
    # Per-title rows: name, plays, wins, win %, average, best.
    cells = re.findall(r"<tr[^>]*>((?:<td>[^<]*</td>){6})</tr>", summary)
    rows = {tuple(re.findall(r"<td>([^<]*)</td>", c)) for c in cells}
    for t in s.values():
        for name, p in t["players"].items():
            pct = f"{round(100 * p['wins'] / p['plays'])}%"
            assert (escape(name), str(p["plays"]), str(p["wins"]), pct,
                    str(p["average"]), str(p["best"])) in rows


def test_one_page_on_standard_output_has_the_months_inline(tmp_path,
                                                          capfdbinary):
    db, _ = filled(tmp_path, 30)
    text = _one_page(tmp_path, db, capfdbinary)
    tags = Page(text).tags
    assert [a["id"] for t, a in tags if t == "article"] == \
        ["g-" + r["id"] for r in db.iter_games(order=BY_DATE)]
    months = [a["id"] for t, a in tags if t == "details" and
              a.get("class") == "month"]
    assert months == ["m-undated"] + sorted(set(
        "m-" + datetime.fromtimestamp(r["started"]).strftime("%Y-%m")
        for r in db.games() if r["started"]))
    # The months table links each month's block on the page.
    hrefs = [a["href"] for t, a in tags if t == "a"]
    assert all(h.startswith("#") for h in hrefs)
    assert {"#" + m for m in months} <= set(hrefs)


def test_report_needs_nothing_from_outside(tmp_path):
    db, _ = filled(tmp_path, 12)
    summary, pages = _report(tmp_path, db)
    for name, text in [("r.html", summary)] + list(pages.items()):
        for tag, a in Page(text).tags:
            assert tag not in ("script", "link", "img", "iframe", "object")
            assert a.get("src") is None
            href = a.get("href")
            if href is None or href.startswith("#"):
                continue
            # Only its own pages, which exist.
            assert ":" not in href and not href.startswith("/"), href
            base = tmp_path if name == "r.html" else tmp_path / "r_files"
            assert (base / href).resolve().is_file(), href
        urls = set(re.findall(r"https?://[^\s\"'<>)]+", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, urls
        assert "@import" not in text and "url(" not in text


def test_an_empty_archive_gives_a_page_too(tmp_path):
    db = Archive(tmp_path / "e.sqlite")
    summary, pages = _report(tmp_path, db, "--lang", "en")
    assert "0 games" in summary and "No games" in summary
    assert pages == {}
    summary, _ = _report(tmp_path, db)
    assert "0 partidas" in summary and "Aún no hay partidas" in summary


def test_the_report_replays_each_game_once(tmp_path, monkeypatch):
    from marcador_core import record
    db, _ = filled(tmp_path, 12)
    calls = []
    real = record.replay

    def counted(rec):
        calls.append(1)
        return real(rec)
    monkeypatch.setattr(record, "replay", counted)
    assert report.html(db).count("<article") == 12
    assert len(calls) == 12


# ------------------------------------------- languages, standings, lengths

NAMES = ["Ana", "Beto", "Peñita", "Íñigo", "Zoë", "Lu", "Sol", "Tere"]


def timed_archive(path, count=40, seed=3):
    """count random games of every title over half a year, some undated,
    most with an end time (a length)."""
    import random
    from gamegen import random_game
    from marcador.archive import record_row
    rnd = random.Random(seed)
    rows = []
    for i in range(count):
        gid = IDS[i % len(IDS)]
        rec, _ = random_game(rnd, gid, steps=rnd.randint(1, 60))
        rec["players"] = rnd.sample(NAMES, len(rec["players"]))
        if i % 7:
            rec["started"] = 1_760_000_000 + rnd.randrange(200 * 86400)
            if i % 3:
                rec["ended"] = rec["started"] + rnd.randrange(60, 9000)
        rec["id"] = f"aa01-{i + 1}"
        rows.append(record_row(rec))
    db = Archive(path)
    db.merge(rows)
    return db


class Visible(HTMLParser):
    """The text a reader sees (no style sheet)."""

    def __init__(self, text):
        super().__init__()
        self.words, self._style = [], False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self._style = tag == "style"

    def handle_endtag(self, tag):
        self._style = False

    def handle_data(self, data):
        if not self._style:
            self.words += re.findall(r"[^\W\d_]+", data)


def vocabulary(lang, db):
    """Every word the report may show in lang: its table's, the titles'
    and parts' names in lang, and the data (names, ids)."""
    from marcador import breakdown, titles
    from marcador import report_texts as T
    i = 1 if lang == "es" else 0
    texts = [pair[i] for pair in T.TEXTS.values()]
    texts += [pair[i] for pair in T.MONTHS]
    from marcador.counted import COUNTED      # the report's counted nouns
    texts += [form for key in ("games", "finished", "titles", "pairs",
                               "events") for form in COUNTED[key][i]]
    code = E.ES if lang == "es" else E.EN
    texts += [titles.name(k, code) for k in titles.keys()]
    for row in db.games():
        res = json.loads(row["result"])
        texts += [breakdown.part_head(k, code)
                  for k in res["players"][0]["parts"]]
        texts += [p["name"] for p in res["players"]] + [row["id"]]
    return {w.casefold() for t in texts
            for w in re.findall(r"[^\W\d_]+", t)}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_word_of_the_other_language_in_the_report(tmp_path, monkeypatch,
                                                    capfdbinary, lang):
    monkeypatch.setattr(report, "PAGE_GAMES", 3)   # page links too
    db = timed_archive(tmp_path / "a.sqlite")
    args = [] if lang == "es" else ["--lang", "en"]  # Spanish by default
    summary, pages = _report(tmp_path, db, *args)
    one = _one_page(tmp_path, db, capfdbinary, *args)
    words = vocabulary(lang, db)
    other = vocabulary("en" if lang == "es" else "es", db) - words
    assert len(other) > 80          # the other language's own words
    for name, text in [("r.html", summary), ("-", one)] + list(
            pages.items()):
        assert f'<html lang="{lang}">' in text
        seen = {w.casefold() for w in Visible(text).words}
        assert seen - words == set(), (name, sorted(seen - words))
    # The headings the issue asks for are there.
    s = "".join(Visible(summary).words)
    for key in ("standings", "col_win_pct", "col_length", "months"):
        from marcador import report_texts as T
        want = T.text(key, E.ES if lang == "es" else E.EN)
        assert "".join(re.findall(r"[^\W\d_]+", want)) in s, key


def _rows(text, section):
    body = text[text.index(f'<section id="{section}">'):]
    body = body[:body.index("</section>")]
    return [[unescape(re.sub("<[^>]+>", "", c))
             for c in re.findall(r"<td>(.*?)</td>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", body) if "<td>" in r]


def _people(rows):
    out = {}
    for row in rows:
        res = json.loads(row["result"])
        if not res["over"]:
            continue
        for seat, p in enumerate(res["players"]):
            s = out.setdefault(p["name"], [0, 0])
            s[0] += 1
            s[1] += seat in res["winners"]
    return out


def test_standings_overall_per_month_and_lengths(tmp_path, monkeypatch):
    from marcador import report_texts as T
    monkeypatch.setattr(report, "PAGE_GAMES", 5)
    db = timed_archive(tmp_path / "a.sqlite", count=48)
    summary, pages = _report(tmp_path, db)
    rows = list(db.iter_games(order=BY_DATE))
    # Overall: every finished game of every title, most wins first.
    people = _people(rows)
    got = _rows(summary, "standings")
    assert {r[0]: [int(r[1]), int(r[2]), r[3]] for r in got} == {
        n: [g, w, f"{round(100 * w / g)} %"] for n, (g, w) in people.items()}
    assert [int(r[2]) for r in got] == sorted((int(r[2]) for r in got),
                                              reverse=True)
    # Per month: the standings on each of its pages; the leader in the
    # summary's table of months.
    months = {}
    for row in rows:
        months.setdefault(report._month(row["started"]), []).append(row)
    table = _rows(summary, "months")
    assert [r[0] for r in table] == [T.month(m, E.ES) for m in months]
    for (key, games), line in zip(months.items(), table):
        want = _people(games)
        assert int(line[1]) == len(games)
        first = pages[f"{key or 'undated'}.html"]
        if want:
            got = _rows(first, "standings")
            assert {r[0]: [int(r[1]), int(r[2])] for r in got} == want
            name = min(want, key=lambda n: (-want[n][1],
                                            -want[n][1] / want[n][0], n))
            assert line[3].startswith(f"{name} ({want[name][1]}, ")
        else:
            assert line[3] == "" and 'id="standings"' not in first
    # Lengths: each game's line, the average per title.
    text = "".join(pages.values())
    lengths = {}
    for row in rows:
        rec = json.loads(row["record"])
        line = re.search(r'<summary>([^<]*)</summary><article class="game" '
                         rf'id="g-{row["id"]}"', text).group(1)
        mins = report.minutes(row, rec)
        if mins is None:
            assert " min" not in line
            continue
        assert line.endswith(" \u00b7 " + T.length(mins, E.ES)), line
        lengths.setdefault(stats.title_key(row["game"], rec), []).append(
            mins)
    assert lengths and any(m >= 60 for v in lengths.values() for m in v)
    titles = {r[0]: r[4] for r in _rows(summary, "titles")}
    from marcador.titles import name
    for key, mins in lengths.items():
        assert titles[name(key, E.ES)] == T.length(
            round(sum(mins) / len(mins)), E.ES)


def test_a_lone_surrogate_in_a_name_is_shown_escaped(tmp_path, capsys):
    # A tampered archive (JSON text allows "\ud800"; UTF-8 does not).
    import sqlite3
    db = timed_archive(tmp_path / "a.sqlite", count=8)
    db.close()
    con = sqlite3.connect(tmp_path / "a.sqlite")
    for col in ("record", "result", "players"):
        con.execute(f"UPDATE games SET {col} = replace({col}, '\"Ana\"', "
                    f"'\"Ana\\ud800\"')")
    con.commit()
    con.close()
    out = tmp_path / "r.html"
    assert cli(["report", "--db", str(tmp_path / "a.sqlite"), "-o",
                str(out)]) == 0
    assert capsys.readouterr().err == ""
    text = out.read_text(encoding="utf-8") + "".join(
        p.read_text(encoding="utf-8")
        for p in (tmp_path / "r_files").iterdir())
    assert "Ana\\ud800" in text


# ----------------------------------------------------------------- browser

def _browser():
    if os.environ.get("MARCADOR_SKIP_BROWSER") == "1":
        pytest.skip("MARCADOR_SKIP_BROWSER=1")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: install Debian's Chromium "
                    f"(apt-get install chromium), point MARCADOR_CHROMIUM "
                    f"at one, or set MARCADOR_SKIP_BROWSER=1 to skip")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is missing: pip install -e '.[dev]' (or "
                    "set MARCADOR_SKIP_BROWSER=1 to skip)")
    return sync_playwright


def render(path):
    """Open a file in headless Chromium with every request that is not
    the file itself refused; what the page logged, asked for and shows."""
    sync_playwright = _browser()
    url = Path(path).resolve().as_uri()
    seen = {"errors": [], "outside": []}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page()

            def route(r):
                if r.request.url == url:
                    return r.continue_()
                seen["outside"].append(r.request.url)
                return r.abort()
            page.route("**/*", route)
            page.on("console", lambda m: m.type in ("error", "warning")
                    and seen["errors"].append(f"{m.type}: {m.text}"))
            page.on("pageerror", lambda e: seen["errors"].append(str(e)))
            page.goto(url, wait_until="load")
            seen["games_closed"] = page.evaluate(
                "() => { const g = document.getElementById('games'); "
                "return g ? g.getBoundingClientRect().height : 0; }")
            seen["months"] = page.locator("details.month").count()
            # Every month and game opened, as a reader would one by one.
            page.evaluate("() => document.querySelectorAll('details')"
                          ".forEach(d => d.open = true)")
            seen["games_open"] = page.evaluate(
                "() => { const g = document.getElementById('games'); "
                "return g ? g.getBoundingClientRect().height : 0; }")
            seen["games"] = page.locator("article.game").count()
            seen["charts"] = page.evaluate(
                "() => Array.from(document.querySelectorAll('article svg'))"
                ".filter(s => s.getBoundingClientRect().width > 300 && "
                "s.getBoundingClientRect().height > 150).length")
            seen["lines"] = page.evaluate(
                "() => Array.from(document.querySelectorAll("
                "'polyline.player')).filter(l => l.getBBox().width > 0)"
                ".length")
            seen["summary"] = page.inner_text("#summary")
            seen["title"] = page.title()
        finally:
            browser.close()
    return seen


@pytest.mark.browser
def test_the_browser_check_can_fail(tmp_path):
    bad = tmp_path / "bad.html"
    bad.write_text("<!DOCTYPE html><html><head><title>x</title></head>"
                   "<body><p id=summary>x</p>"
                   "<img src=\"https://example.invalid/a.png\">"
                   "<script>console.error('broken')</script></body></html>")
    seen = render(bad)
    assert any("broken" in e for e in seen["errors"])
    assert seen["outside"] == ["https://example.invalid/a.png"]


@pytest.mark.browser
def test_report_renders_in_chromium_offline_without_errors(tmp_path,
                                                          capfdbinary):
    db, _ = filled(tmp_path, 30)
    out = tmp_path / "one.html"
    out.write_text(_one_page(tmp_path, db, capfdbinary, "--lang", "en"),
                   encoding="utf-8")
    seen = render(out)
    assert seen["errors"] == [] and seen["outside"] == [], seen
    n = len(db.games())
    assert seen["games"] == seen["charts"] == n
    # Each player's line is drawn (a game of 0 events has a single point).
    assert seen["lines"] == sum(
        len(json.loads(r["players"])) for r in db.games()
        if json.loads(r["record"])["events"])
    assert seen["summary"].startswith(f"{n} games")
    # Closed, the games are a line a month (and the heading), not 30
    # charts.
    assert 1 <= seen["months"] <= 3
    assert seen["games_closed"] < 100 + 60 * seen["months"] < \
        seen["games_open"], seen
    assert seen["title"] == f"Marcador: {n} games"


def test_the_pages_render_in_chromium_too(tmp_path):
    db, _ = filled(tmp_path, 30)
    summary, pages = _report(tmp_path, db)
    seen = render(tmp_path / "r.html")
    assert seen["errors"] == [] and seen["outside"] == [], seen
    assert seen["summary"].startswith("30 partidas")
    assert seen["title"] == "Marcador: 30 partidas"
    drawn = 0
    for name in pages:
        seen = render(tmp_path / "r_files" / name)
        assert seen["errors"] == [] and seen["outside"] == [], seen
        assert seen["games"] == seen["charts"] >= 1
        drawn += seen["games"]
    assert drawn == 30


@pytest.mark.parametrize("lang,one,many", [
    ("es", "Marcador: 1 partida<", "Marcador: 2 partidas<"),
    ("en", "Marcador: 1 game<", "Marcador: 2 games<")])
def test_counts_agree_with_their_number_in_both_languages(tmp_path, lang,
                                                          one, many):
    """One game is "1 partida", never "1 partidas" nor "partida(s)"."""
    for count, title in ((1, one), (2, many)):
        db, _ = filled(tmp_path / str(count), count, seed=7)
        summary, pages = _report(tmp_path / str(count), db, "--lang", lang)
        assert title in summary
        for text in (summary, *pages.values()):
            assert "(s)" not in text
        word = {"es": "partida", "en": "game"}[lang]
        if count == 1:
            assert re.search(rf"\b1 {word}\b(?!s)", summary)
            assert f"1 {word}s" not in summary
