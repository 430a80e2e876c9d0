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
from html.parser import HTMLParser
from pathlib import Path

import pytest

from marcador import report, stats
from marcador.archive import BY_DATE, Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry

from test_archive_tools import filled

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


def _report(tmp_path, db):
    out = tmp_path / "r.html"
    assert cli(["report", "--db", str(db.path), "-o", str(out)]) == 0
    return out, out.read_text(encoding="utf-8")


def test_head_to_head_counts_games_one_won_and_the_other_lost(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    games = [  # (totals of Ana, Beto, Sol) in a free pad, highest wins
        [10, 5, 1], [10, 10, 1], [1, 5, 10], [3, 9, 2]]
    for number, scores in enumerate(games, 1):
        rec = {"game": "free", "players": ["Ana", "Beto", "Sol"],
               "options": {"target": 1},
               "events": [{"e": "round", "scores": scores}]}
        assert db.add_entry("d", to_entry(rec, number))
    # One unfinished game counts for nothing.
    db.add_entry("d", to_entry({"game": "free", "players": ["Ana", "Beto"],
                                "events": []}, 9))
    rows = [(r, json.loads(r["record"]), json.loads(r["result"]))
            for r in db.games()]
    h = report.head_to_head(rows)["free"]
    # Ana won games 1 and 2 (2 shared with Beto); Beto 2 and 4; Sol 3.
    assert h[("Ana", "Beto")] == [1, 1, 4]
    assert h[("Ana", "Sol")] == [2, 1, 4]
    assert h[("Beto", "Sol")] == [2, 1, 4]


def test_report_has_every_game_its_chart_and_the_statistics(tmp_path):
    db, recs = filled(tmp_path, 30)
    out, text = _report(tmp_path, db)
    page = Page(text)
    tags = page.tags
    articles = [a for t, a in tags if t == "article"]
    # Oldest first (a game of unknown date before all), grouped by month.
    assert [a["id"] for a in articles] == \
        ["g-" + r["id"] for r in db.iter_games(order=BY_DATE)]
    months = [a["id"] for t, a in tags if t == "details" and
              a.get("class") == "month"]
    assert months == ["m-undated"] + sorted(set(
        "m-" + datetime.fromtimestamp(r["started"]).strftime("%Y-%m")
        for r in db.games() if r["started"]))
    assert sum(t == "details" and a.get("class") == "game"
               for t, a in tags) == len(articles)
    assert sum(t == "svg" for t, _ in tags) == len(articles)
    # Every player's line in every chart.
    lines = sum(t == "polyline" and a.get("class") == "player"
                for t, a in tags)
    assert lines == sum(len(json.loads(r["players"])) for r in db.games())
    body = "".join(page.text)
    s = stats.compute(db)
    for key, t in s.items():
        assert f"t-{key}" in page.by_id
        assert f"{t['plays']} play(s), {t['finished']} finished" in body
    # Per-player rows: name, plays, wins, average, best, in that order.
    cells = re.findall(r"<tr[^>]*>((?:<td>[^<]*</td>){5})</tr>", text)
    rows = {tuple(re.findall(r"<td>([^<]*)</td>", c)) for c in cells}
    for t in s.values():
        for name, p in t["players"].items():
            assert (name, str(p["plays"]), str(p["wins"]),
                    str(p["average"]), str(p["best"])) in rows


def test_report_needs_nothing_from_outside(tmp_path):
    db, _ = filled(tmp_path, 12)
    _, text = _report(tmp_path, db)
    for tag, a in Page(text).tags:
        assert tag not in ("script", "link", "img", "iframe", "object")
        for k in ("src", "href"):
            assert a.get(k) is None or a[k].startswith("#"), (tag, a)
    urls = set(re.findall(r"https?://[^\s\"'<>)]+", text))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls
    assert "@import" not in text and "url(" not in text


def test_an_empty_archive_gives_a_page_too(tmp_path):
    db = Archive(tmp_path / "e.sqlite")
    _, text = _report(tmp_path, db)
    assert "0 game(s)" in text and "No games" in text


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
def test_report_renders_in_chromium_offline_without_errors(tmp_path):
    db, _ = filled(tmp_path, 30)
    out, _ = _report(tmp_path, db)
    seen = render(out)
    assert seen["errors"] == [] and seen["outside"] == [], seen
    n = len(db.games())
    assert seen["games"] == seen["charts"] == n
    # Each player's line is drawn (a game of 0 events has a single point).
    assert seen["lines"] == sum(
        len(json.loads(r["players"])) for r in db.games()
        if json.loads(r["record"])["events"])
    assert seen["summary"].startswith(f"{n} game(s)")
    # Closed, the games are a line a month (and the heading), not 30
    # charts.
    assert 1 <= seen["months"] <= 3
    assert seen["games_closed"] < 100 + 60 * seen["months"] < \
        seen["games_open"], seen
    assert seen["title"] == f"Marcador: {n} games"
