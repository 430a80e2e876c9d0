"""The PC tools as the archive grows (issue 24): import streams a JSON
file of any size (the bound on one record and on nesting stays), the
per-game chart comes from one replay, `games` lists by date with
filters, and the report's progress never reaches stdout."""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from marcador.archive import Archive, record_row
from marcador.cli import main as cli
from marcador.commands.common import RECORD_LIMIT

from gamegen import random_game
from marcador_core.games import IDS

DEVICE = "511a000000000001"


def big_archive(path, over_bytes):
    """An archive whose JSON export is over over_bytes: copies of one long
    game under other ids (cheap to build, each a valid game)."""
    rnd = random.Random(24)
    rec, _ = random_game(rnd, "free", steps=300)
    one = len(json.dumps(rec, indent=1))
    count = over_bytes // one + 2
    db = Archive(path)
    db.merge([record_row(dict(rec, id=f"{DEVICE}-{i}", started=1_790_000_000
                              + 3600 * i)) for i in range(1, count + 1)])
    return db, count


def test_an_export_of_over_4_mb_imports_again(tmp_path, capsys):
    db, count = big_archive(tmp_path / "a.sqlite", RECORD_LIMIT)
    out = tmp_path / "a.json"
    assert cli(["export", "--db", str(db.path), "-o", str(out)]) == 0
    assert out.stat().st_size > RECORD_LIMIT
    capsys.readouterr()
    b = tmp_path / "b.sqlite"
    assert cli(["import", str(out), "--db", str(b)]) == 0, \
        capsys.readouterr().err
    assert f"{count} new" in capsys.readouterr().out
    got = Archive(b, readonly=True)
    assert [json.loads(g["record"]) for g in got.games()] == \
        [json.loads(g["record"]) for g in db.games()]


# ------------------------------------------------------- the JSON stream

def stream(data, limit=1000, chunk=7, monkeypatch=None):
    import io
    from marcador import jsonstream
    if monkeypatch:
        monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    return list(jsonstream.records(io.BytesIO(data), "f.json", limit=limit))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) |
    st.dictionaries(st.text(max_size=4), kids, max_size=4), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(values=st.lists(JSON_VALUES, max_size=6),
       indent=st.sampled_from([None, 0, 1, 3]),
       chunk=st.integers(1, 40), bom=st.booleans())
def test_a_list_streams_record_by_record_at_any_chunk_size(
        values, indent, chunk, bom):
    import pytest
    data = (b"\xef\xbb\xbf" if bom else b"") + json.dumps(
        values, indent=indent, ensure_ascii=False).encode()
    with pytest.MonkeyPatch.context() as mp:
        got = stream(data, limit=10_000, chunk=chunk, monkeypatch=mp)
    assert got == list(enumerate(values))
    one = json.dumps({"a": values}).encode()
    with pytest.MonkeyPatch.context() as mp:
        assert stream(one, 10_000, chunk, mp) == [(None, {"a": values})]


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"[1, 2", "cut short"),
    (b"[1, 2,", "not valid JSON"),
    (b"[1 2]", "expected ',' or ']' after record 0"),
    (b"[{\"a\": 1}, {\"a\": }]", "not valid JSON"),
    (b"[1] [2]", "extra data"),
    (b"{} x", "extra data"),
    (b"[\"\xff\"]", "not UTF-8"),
    (b"[1, " + b"[" * 100000 + b"]" * 100000 + b"]", "record 1 is not "
     "game records: JSON nested too deeply"),
    (b"[" + b"9" * 5000 + b"]", "record 0 is not game records"),
    (b"[1, \"" + b"a" * 20000 + b"\"]", "record 1 is too big"),
    # Just over the bound, whole in the buffer at once: refused too.
    (b"[1, \"" + b"a" * 10_030 + b"\", 2]", "record 1 is too big"),
    (b"\0" * 30000, "too big"),
])
def test_what_is_not_json_or_too_big_is_named(data, words, monkeypatch):
    from marcador.jsonstream import StreamError
    with pytest.raises(StreamError) as ex:
        stream(data, limit=10_000, chunk=64, monkeypatch=monkeypatch)
    assert words in str(ex.value) and str(ex.value).startswith("f.json")
    assert str(ex.value).count("f.json") == 1


def test_import_of_a_bad_json_file_is_one_line_and_changes_nothing(
        tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'[{"game": "free", "players": ["A", "B"]}, {"game": ')
    b = tmp_path / "b.sqlite"
    assert cli(["import", str(bad), "--db", str(b)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not valid JSON" in err, err
    assert Archive(b, readonly=True).games() == []


# ------------------------------------------------------- one-pass charts

def progression_by_prefixes(rec):
    """The chart's data as it was computed before: each prefix of the
    events scored on its own (quadratic per game), the oracle."""
    from marcador_core import record
    totals, rounds = [], []
    for k in range(len(rec["events"]) + 1):
        res = record.score_record(dict(rec, events=rec["events"][:k]))
        totals.append([p["total"] for p in res["players"]])
        st = res.get("status", {})
        if "rounds" in st:
            rounds.append(st["rounds"] + (0 if res["over"] else 1))
        else:
            rounds.append(st.get("round", 0))
    return totals, rounds


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1),
       gid=st.sampled_from(IDS),
       steps=st.integers(0, 120), fixes=st.booleans())
def test_the_one_pass_chart_equals_scoring_every_prefix(seed, gid, steps,
                                                        fixes):
    from marcador import plot
    rec, _ = random_game(random.Random(seed), gid, steps=steps or None,
                         fixes=fixes)
    assert plot.progression(rec) == progression_by_prefixes(rec)


# ------------------------------------------------------- report progress

def dated_archive(path, count=24, seed=7):
    """count random games over about a year, in random order, of several
    titles, from two devices; some of unknown date."""
    rnd = random.Random(seed)
    rows = []
    for i in range(count):
        gid = IDS[i % len(IDS)]
        rec, _ = random_game(rnd, gid, steps=rnd.randint(1, 40))
        if i % 7:
            rec["started"] = 1_760_000_000 + rnd.randrange(365 * 86400)
        rec["id"] = f"{['aa01', 'bb02'][i % 2]}-{i + 1}"
        rows.append(record_row(rec))
    db = Archive(path)
    db.merge(rows)
    return db


def test_report_progress_goes_to_stderr_only_when_asked(tmp_path, capfd):
    db = dated_archive(tmp_path / "a.sqlite")
    out = tmp_path / "r.html"
    assert cli(["report", "--db", str(db.path), "-o", str(out),
                "--lang", "en"]) == 0
    got = capfd.readouterr()
    assert got.err == ""                 # stderr is not a terminal here
    assert got.out.count("\n") == 1 and "24 games" in got.out
    first = out.read_bytes()
    assert cli(["report", "--db", str(db.path), "-o", str(out),
                "--progress", "--lang", "en"]) == 0
    got = capfd.readouterr()
    assert got.out.count("\n") == 1 and "24 games" in got.out
    lines = got.err.splitlines()
    assert lines[-1] == "report: games: 24 / 24" and len(lines) == 10
    assert out.read_bytes() == first     # the same report either way


def test_progress_on_a_terminal_redraws_one_line():
    import io
    from marcador.progress import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True
    clock = [0.0]
    tty = Tty()
    p = Progress("report: games", 5, stream=tty, clock=lambda: clock[0])
    p(1)                                 # quick so far: nothing shown
    assert tty.getvalue() == ""
    for i, t in ((2, 0.6), (3, 0.7), (4, 0.9), (5, 0.95)):
        clock[0] = t
        p(i)
    # Shown from 0.5 s on, redrawn at most every 0.2 s, and the end.
    assert tty.getvalue() == ("\rreport: games: 2 / 5\rreport: games: "
                              "4 / 5\rreport: games: 5 / 5\n")
    quick = Tty()                        # all done within half a second
    p = Progress("x", 3, stream=quick, clock=lambda: 0.0)
    for i in range(1, 4):
        p(i)
    assert quick.getvalue() == ""
    asked = Tty()                        # --progress: from the start
    p = Progress("x", 2, stream=asked, force=True, clock=lambda: 0.0)
    p(1)
    p(2)
    assert asked.getvalue() == "\rx: 1 / 2\rx: 2 / 2\n"
    quiet = io.StringIO()             # not a terminal, not asked: nothing
    Progress("x", 3, stream=quiet)(3)
    assert quiet.getvalue() == ""


# ------------------------------------------------------- games by date

def listed(capsys, db, *args):
    assert cli(["games", "--db", str(db.path), "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_games_are_listed_by_date_oldest_first(tmp_path, capsys):
    db = dated_archive(tmp_path / "a.sqlite")
    got = listed(capsys, db)
    assert len(got) == 24
    starts = [g["started"] for g in got]
    undated = [s for s in starts if s is None]
    # Games of unknown date first, then oldest to newest.
    assert undated and starts[:len(undated)] == undated
    assert starts[len(undated):] == sorted(starts[len(undated):])
    assert starts != [json.loads(r["record"]).get("started")
                      for r in db.games()]     # the device order differs
    # The text lists the same games in the same order.
    assert cli(["games", "--db", str(db.path)]) == 0
    ids = [ln.split("\t")[0] for ln in capsys.readouterr().out.splitlines()]
    assert ids == [g["id"] for g in got]


def test_games_since_a_date_and_of_a_title(tmp_path, capsys):
    from datetime import datetime
    db = dated_archive(tmp_path / "a.sqlite")
    every = listed(capsys, db)
    day = datetime.fromtimestamp(every[12]["started"]).strftime("%Y-%m-%d")
    midnight = datetime.strptime(day, "%Y-%m-%d").timestamp()
    since = listed(capsys, db, "--since", day)
    assert since == [g for g in every if g["started"] and
                     g["started"] >= midnight]
    assert 0 < len(since) < len(every)
    dog = listed(capsys, db, "--title", "dog")
    assert dog and dog == [g for g in every if g["game"] == "dog"]
    # A title's name, in any case, or in Spanish, means the same.
    assert listed(capsys, db, "--title", "Score Pad") == \
        listed(capsys, db, "--title", "marcador libre") == \
        [g for g in every if g["game"] == "free"]
    both = listed(capsys, db, "--title", "dog", "--since", day)
    assert both == [g for g in since if g["game"] == "dog"]


@pytest.mark.parametrize("args, words", [
    (["--since", "2026-13-01"], "--since"),
    (["--since", "yesterday"], "YYYY-MM-DD"),
    (["--title", "chess"], "doggy"),
])
def test_games_filters_that_mean_nothing_are_usage_errors(
        tmp_path, capsys, args, words):
    db = dated_archive(tmp_path / "a.sqlite", count=3)
    assert cli(["games", "--db", str(db.path), *args]) == 64
    got = capsys.readouterr()
    assert got.out == "" and words in got.err


# ------------------------------------------------------- streamed export

def test_the_streamed_export_is_the_whole_list_as_before(tmp_path, capfd):
    from marcador import export
    db = dated_archive(tmp_path / "a.sqlite")
    records = [json.loads(r["record"]) for r in db.games()]
    whole = json.dumps(records, ensure_ascii=False, indent=1) + "\n"
    assert export.write(db, "json") == whole
    out = tmp_path / "a.json"
    assert cli(["export", "--db", str(db.path), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == whole
    assert "24 games written" in capfd.readouterr().err
    assert cli(["export", "--db", str(db.path)]) == 0
    assert capfd.readouterr().out == whole
    empty = Archive(tmp_path / "e.sqlite")
    assert export.write(empty, "json") == "[]\n"
    assert export.write(empty, "csv").splitlines() == [
        ",".join(export.CSV_FIELDS)]
    lines = export.write(db, "csv").splitlines()
    assert len(lines) == 1 + sum(len(r) for r in
                                 (json.loads(g["players"])
                                  for g in db.games()))


# ------------------------------------------------------- report summary

def test_report_summary_tables_agree_with_the_statistics(tmp_path):
    import re
    from marcador import report, stats
    from marcador_core import errors as E
    db = dated_archive(tmp_path / "a.sqlite", count=36)
    text = report.html(db, lang=E.EN)
    s = stats.compute(db)

    def rows_of(section):
        body = text[text.index(f'<section id="{section}">'):]
        body = body[:body.index("</section>")]
        return [re.findall(r"<td>([^<]*)</td>", r)
                for r in re.findall(r"<tr>(.*?)</tr>", body)
                if "<td>" in r]
    titles = rows_of("titles")
    assert [r[:3] for r in titles] == [
        [stats.title_name(k), str(t["plays"]), str(t["finished"])]
        for k, t in s.items()]
    for r, t in zip(titles, s.values()):
        if t["players"]:
            best = max(p["wins"] for p in t["players"].values())
            first = min((n for n, p in t["players"].items()
                         if p["wins"] == best),
                        key=lambda n: (-best / t["players"][n]["plays"], n))
            assert r[3].startswith(f"{first} ({best}, ")
    people = {}
    for t in s.values():
        for name, p in t["players"].items():
            got = people.setdefault(name, [0, 0])
            got[0] += p["plays"]
            got[1] += p["wins"]
    players = rows_of("standings")
    assert {r[0]: [int(r[1]), int(r[2])] for r in players} == people
    assert [int(r[2]) for r in players] == sorted(
        (int(r[2]) for r in players), reverse=True)
    # Every game once, each in the month it began.
    months = re.findall(r'<details class="month" id="m-([^"]+)">', text)
    assert months[0] == "undated" and months[1:] == sorted(months[1:])
    assert text.count('<details class="game">') == 36


def test_report_progress_ends_when_rows_are_left_out(tmp_path, capfd):
    import sqlite3
    db = dated_archive(tmp_path / "a.sqlite", count=12)
    db.close()
    con = sqlite3.connect(tmp_path / "a.sqlite")
    con.execute("UPDATE games SET result = '{}' WHERE id = 'aa01-3'")
    con.commit()
    con.close()
    out = tmp_path / "r.html"
    assert cli(["report", "--db", str(tmp_path / "a.sqlite"), "-o",
                str(out), "--progress", "--lang", "en"]) == 0
    got = capfd.readouterr()
    assert "11 games" in got.out
    # The last progress line says the work is done; the row is named.
    shown = [ln for ln in got.err.splitlines() if ln.startswith("report:")]
    assert shown[-1] == "report: games: 11 / 11", got.err
    assert "left out: game aa01-3" in got.err
