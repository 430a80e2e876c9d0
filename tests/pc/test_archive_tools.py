"""The archive and what users do with it, without a device: games built as
a board stores them (device entries from random records), then stats, the
BG Stats export, CSV, plots and schema upgrades."""

import csv
import io
import json
import random
import re
import sqlite3
from collections import Counter

import pytest
from PIL import Image

from marcador import bgstats, export, stats
from marcador.archive import SCHEMA, SCHEMA_1, Archive, ArchiveError
from marcador.cli import SETTINGS, main as cli
from marcador.devicelog import to_entry
from marcador.plot import COLOURS, progression
from marcador_core import record

from conftest import firmware_module
from gamegen import random_game
from marcador_core.games import IDS

NAMES = ["Ana", "Beto", "Peñita", "Íñigo", "Zoë", "Lu", "Sol", "Tere"]
DEVICE = "511a000000000001"


def filled(tmp_path, count=40, seed=5):
    db = Archive(tmp_path / "a.sqlite")
    rnd = random.Random(seed)
    recs = []
    for number in range(1, count + 1):
        gid = rnd.choice(IDS)
        rec, _ = random_game(rnd, gid, steps=rnd.choice([5, 400]))
        rec["players"] = rnd.sample(NAMES, len(rec["players"]))
        t = 1_790_000_000 + 3600 * number if number % 4 else 0
        assert db.add_entry(DEVICE, to_entry(rec, number, t))
        recs.append(rec)
    return db, recs


def test_entries_round_trip_into_the_archive(tmp_path):
    db, recs = filled(tmp_path, 12)
    rows = db.games()
    for row, rec in zip(rows, recs):
        assert record.score_record(json.loads(row["record"])) == \
            record.score_record(rec) == json.loads(row["result"])
    same = to_entry(recs[0], 1, 1_790_000_000 + 3600)
    assert db.add_entry(DEVICE, same) == "same"        # deduplicated
    other = to_entry(recs[0], 1)     # same number, other bytes (no time)
    assert db.add_entry(DEVICE, other) == "conflict"
    assert db.add_entry(DEVICE, other) == "conflict"
    assert len(db.games()) == 12 and db.get(f"{DEVICE}-1")["raw"] == same
    kept = db.damaged()
    assert [(k["kind"], k["name"], k["raw"]) for k in kept] == [
        ("conflict", f"{DEVICE}-1", other)]


def test_stats_agree_with_the_csv_export(tmp_path):
    db, _ = filled(tmp_path)
    s = stats.compute(db)
    rows = list(csv.DictReader(io.StringIO(export.write(db, "csv"))))
    results = {r["id"]: json.loads(r["result"]) for r in db.games()}
    records = {r["id"]: json.loads(r["record"]) for r in db.games()}
    wins, plays, totals = Counter(), Counter(), {}
    for row in rows:
        if not results[row["id"]]["over"]:
            continue
        key = (stats.title_key(row["game"], records[row["id"]]),
               row["player"])
        wins[key] += int(row["winner"])
        plays[key] += 1
        totals.setdefault(key, []).append(int(row["total"]))
    assert sum(t["plays"] for t in s.values()) == len(results)
    for title, t in s.items():
        assert t["finished"] <= t["plays"]
        # Every finished game has at least one winner.
        assert sum(p["wins"] for p in t["players"].values()) >= t["finished"]
        for name, p in t["players"].items():
            k = (title, name)
            assert (p["plays"], p["wins"]) == (plays[k], wins[k])
            assert p["average"] == round(sum(totals[k]) / len(totals[k]), 1)
            best = min if t["lowest_wins"] else max
            assert p["best"] == best(totals[k])
    assert sum(plays.values()) == sum(p["plays"] for t in s.values()
                                      for p in t["players"].values())


def test_csv_round_trips_the_results(tmp_path):
    db, _ = filled(tmp_path, 15)
    rows = list(csv.DictReader(io.StringIO(export.write(db, "csv"))))
    back = {}
    for row in rows:
        back.setdefault(row["id"], {})[int(row["seat"])] = (
            row["player"], int(row["total"]), row["winner"] == "1")
    for r in db.games():
        res = json.loads(r["result"])
        assert [back[r["id"]][i] for i in range(len(res["players"]))] == [
            (p["name"], p["total"], i in res["winners"])
            for i, p in enumerate(res["players"])]


UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-"
                  r"[0-9A-F]{12}$")


def check_bgstats(doc):
    # The fields the BG Stats app reads from an import file, with types,
    # and every reference resolving.
    assert set(doc) >= {"games", "players", "plays", "locations"}
    games = {g["id"]: g for g in doc["games"]}
    players = {p["id"]: p for p in doc["players"]}
    for g in doc["games"]:
        assert isinstance(g["name"], str) and g["name"]
        assert isinstance(g["highestWins"], bool)
        assert isinstance(g["usesTeams"], bool) and UUID.match(g["uuid"])
    for p in doc["players"]:
        assert isinstance(p["name"], str) and UUID.match(p["uuid"])
    uuids = [x["uuid"] for k in ("games", "players", "plays")
             for x in doc[k]]
    assert len(set(uuids)) == len(uuids)
    for play in doc["plays"]:
        assert UUID.match(play["uuid"]) and play["gameRefId"] in games
        assert re.match(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$",
                        play["playDate"])
        assert isinstance(play["ignored"], bool)
        assert play["playerScores"]
        for s in play["playerScores"]:
            assert s["playerRefId"] in players
            assert isinstance(s["score"], str) and int(s["score"]) is not None
            assert isinstance(s["winner"], bool) and s["rank"] >= 0
        if not play["ignored"]:
            assert any(s["winner"] for s in play["playerScores"])
            assert all(s["rank"] == 1 for s in play["playerScores"]
                       if s["winner"])


def test_bgstats_file_loads_and_reimport_does_not_duplicate(tmp_path):
    db, recs = filled(tmp_path, 30)
    first = json.loads(export.write(db, "bgstats"))
    check_bgstats(first)
    # Every 4th game of filled() has no date (clock not set): left out.
    assert len(first["plays"]) == 23
    results = [json.loads(r["result"]) for r in db.games() if r["started"]]
    for play, res in zip(first["plays"], results):
        names = {p["id"]: p["name"] for p in first["players"]}
        assert [names[s["playerRefId"]] for s in play["playerScores"]] == \
            [p["name"] for p in res["players"]]
        assert [s["winner"] for s in play["playerScores"]] == \
            [i in res["winners"] for i in range(len(res["players"]))]
        assert play["ignored"] == (not res["over"])
    # Same archive, same file; one more game: the old uuids are unchanged.
    assert json.loads(export.write(db, "bgstats")) == first
    rec, _ = random_game(random.Random(9), "duplicon", steps=400)
    db.add_entry(DEVICE, to_entry(rec, 99, 1_790_500_000))
    second = json.loads(export.write(db, "bgstats"))
    check_bgstats(second)
    old = {p["uuid"] for p in first["plays"]}
    new = {p["uuid"] for p in second["plays"]}
    assert old < new and len(new - old) == 1
    by_name = {p["name"]: p["uuid"] for p in second["players"]}
    assert all(by_name[p["name"]] == p["uuid"] for p in first["players"])


def test_bgstats_dog_plays_use_teams(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    rnd = random.Random(2)
    for k in range(20):
        rec, _ = random_game(rnd, "dog", steps=500)
        if record.score_record(rec)["over"]:
            break
    db.add_entry(DEVICE, to_entry(rec, 1, 1_790_000_000))
    play = bgstats.build(db)["plays"][0]
    n = len(rec["players"])
    teams = [s["team"] for s in play["playerScores"]]
    assert play["usesTeams"] and len(set(teams)) == n // 2
    # Partners (sitting opposite) share a team and its result.
    for p in range(n // 2):
        a, b = play["playerScores"][p], play["playerScores"][p + n // 2]
        assert a["team"] == b["team"] and a["winner"] == b["winner"]


def test_plot_draws_every_player_and_ends_at_the_result(tmp_path):
    db, recs = filled(tmp_path, 12)
    row = next(r for r in db.games()
               if json.loads(r["result"])["over"] and r["game"] == "free")
    out = tmp_path / "p.png"
    assert cli(["plot", row["id"], "--db", str(db.path), "-o",
                str(out)]) == 0
    rec = json.loads(row["record"])
    totals, rounds = progression(rec)
    assert totals[0] == [0] * len(rec["players"])
    assert totals[-1] == [p["total"] for p in
                          json.loads(row["result"])["players"]]
    assert rounds == sorted(rounds) and rounds[-1] > rounds[0]
    img = Image.open(out).convert("RGB")
    assert img.size == (960, 540)
    colours = {c for _, c in img.getcolors(1 << 20)}
    for p in range(len(rec["players"])):
        c = COLOURS[p]
        assert tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) in colours


def test_cli_stats_and_plot_errors(tmp_path, capsys):
    db, _ = filled(tmp_path, 10)
    assert cli(["stats", "--db", str(db.path)]) == 0
    out = capsys.readouterr().out
    assert " plays" in out and "average" in out
    assert cli(["plot", "nope-3", "--db", str(db.path)]) == 1
    assert "no game nope-3" in capsys.readouterr().err
    empty = tmp_path / "e.sqlite"
    assert cli(["stats", "--db", str(empty)]) == 3     # never created
    assert "no archive" in capsys.readouterr().err and not empty.exists()
    Archive(empty).close()
    assert cli(["stats", "--db", str(empty)]) == 0
    assert "no games" in capsys.readouterr().out


def test_archive_schema_upgrades_in_place(tmp_path):
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.execute(SCHEMA_1)
    rec = {"game": "free", "players": ["A"],
           "events": [{"e": "round", "scores": [3]}]}
    old.execute("INSERT INTO games VALUES ('d-1','d',1,'free',NULL,1,'[]',"
                "?,?,x'00')", (json.dumps(rec),
                               json.dumps(record.score_record(rec))))
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    db = Archive(path)
    assert db.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA
    row = db.get("d-1")
    assert row["added"] is None and row["game"] == "free"
    assert db.damaged() == []        # schema 3's tables, empty
    db.close()
    newer = sqlite3.connect(path)
    newer.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    newer.commit()
    newer.close()
    with pytest.raises(ArchiveError, match="newer marcador"):
        Archive(path)


def test_a_file_that_is_not_an_archive_is_refused(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database, just text " * 100)
    assert cli(["games", "--db", str(bad)]) == 3
    assert "is not an archive" in capsys.readouterr().err
    assert bad.read_text().startswith("not a database")


def test_settings_help_matches_the_firmware():
    S = firmware_module("app/settings.py")
    for key, choices in (("dim_s", S.DIM_CHOICES), ("off_s", S.OFF_CHOICES)):
        assert [int(x) for x in re.findall(r"\d+", SETTINGS[key])] == \
            list(choices)
