"""The BG Stats file against the real format, not against the exporter's
own idea of it.

SCHEMA below is ../shared/BGSTATS.md written as data (that document comes
from a real export by the app, iOS 6.8.2, and from two importers whose
files the app accepts). It is kept apart from marcador/bgstats.py on
purpose: nothing here is imported from the exporter.
"""

import json
import random
import re
import time

import pytest

from marcador import bgstats, export
from marcador.archive import Archive
from marcador.cli import build_parser, main as cli
from marcador.devicelog import to_entry
from marcador_core import record

from conftest import ROOT
from gamegen import random_game
from test_archive_tools import DEVICE, NAMES, filled
from marcador_core.games import IDS

# --------------------------------------------------------------- the format

DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-"
                  r"[0-9A-F]{12}$")

# Types: "int" and "bool" are told apart (JSON true is not 1); "date" is a
# str "YYYY-MM-DD HH:MM:SS"; "json" is a str holding JSON (metaData,
# playImages); "uuid" an upper-case uuid str. A field is (type, required):
# required where every known writer sets it (BGSTATS.md, "common core"
# and the app's own export); optional where the format allows leaving it.
REQ, OPT = True, False
SCHEMA = {
    "top": {"about": ("str", REQ), "games": ("list", REQ),
            "players": ("list", REQ), "locations": ("list", REQ),
            "plays": ("list", REQ), "userInfo": ("dict", REQ)},
    "userInfo": {"meRefId": ("int", REQ), "appVersion": ("str", OPT),
                 "device": ("str", OPT), "exportDate": ("date", OPT)},
    "games": {"id": ("int", REQ), "uuid": ("uuid", REQ), "name": ("str", REQ),
              "bggId": ("int", REQ), "bggName": ("str", REQ),
              "bggYear": ("int", REQ), "highestWins": ("bool", REQ),
              "noPoints": ("bool", REQ), "cooperative": ("bool", REQ),
              "usesTeams": ("bool", REQ), "modificationDate": ("date", REQ),
              "isBaseGame": ("01", REQ), "isExpansion": ("01", REQ),
              "metaData": ("json", REQ)},
    "players": {"id": ("int", REQ), "uuid": ("uuid", REQ),
                "name": ("str", REQ), "isAnonymous": ("bool", REQ),
                "modificationDate": ("date", REQ), "metaData": ("json", REQ)},
    "locations": {"id": ("int", REQ), "uuid": ("uuid", REQ),
                  "name": ("str", REQ), "modificationDate": ("date", REQ)},
    "plays": {"uuid": ("uuid", REQ), "gameRefId": ("int", REQ),
              "playDate": ("date", REQ), "playDateYmd": ("int", REQ),
              "entryDate": ("date", REQ), "modificationDate": ("date", REQ),
              # Always there, as in the app's own files: 0 when the
              # archive has no end time.
              "durationMin": ("int", REQ),
              "ignored": ("bool", REQ), "manualWinner": ("bool", REQ),
              "rounds": ("int", REQ), "usesTeams": ("bool", REQ),
              "scoringSetting": ("int", REQ), "rating": ("zero", REQ),
              "nemestatsId": ("zero", REQ), "importPlayId": ("zero", REQ),
              "bggId": ("zero", REQ), "playImages": ("json", REQ),
              "expansionPlays": ("list", REQ),
              "locationRefId": ("int", REQ), "board": ("str", OPT),
              "comments": ("str", OPT), "playerScores": ("list", REQ)},
    "playerScores": {"playerRefId": ("int", REQ), "score": ("str", REQ),
                     "winner": ("bool", REQ), "rank": ("int", REQ),
                     "seatOrder": ("int", REQ), "newPlayer": ("bool", REQ),
                     "startPlayer": ("bool", REQ), "team": ("str", REQ),
                     "role": ("str", REQ)},
}


def _type_ok(kind, v):
    if kind == "int":
        return type(v) is int
    if kind == "zero":
        return type(v) is int and v == 0
    if kind == "01":
        return type(v) is int and v in (0, 1)
    if kind == "bool":
        return type(v) is bool
    if kind == "str":
        return type(v) is str
    if kind == "list":
        return type(v) is list
    if kind == "dict":
        return type(v) is dict
    if kind == "date":
        return type(v) is str and bool(DATE.match(v))
    if kind == "uuid":
        return type(v) is str and bool(UUID.match(v))
    if kind == "json":
        if type(v) is not str:
            return False
        try:
            json.loads(v)
        except ValueError:
            return False
        return True
    raise AssertionError(kind)


def check_object(obj, kind, where):
    fields = SCHEMA[kind]
    assert type(obj) is dict, where
    unknown = set(obj) - set(fields)
    assert not unknown, f"{where}: fields the format does not have: {unknown}"
    for name, (t, required) in fields.items():
        if name not in obj:
            assert not required, f"{where}: {name} missing"
            continue
        assert _type_ok(t, obj[name]), \
            f"{where}: {name} = {obj[name]!r} is not {t}"


def check_file(doc):
    """Every object of a BG Stats file against SCHEMA, plus the meaning
    the format gives some fields (references, dates, playImages)."""
    check_object(doc, "top", "file")
    check_object(doc["userInfo"], "userInfo", "userInfo")
    for kind in ("games", "players", "locations", "plays"):
        ids = [x.get("id") for x in doc[kind]]
        for i, obj in enumerate(doc[kind]):
            check_object(obj, kind, f"{kind}[{i}]")
        if kind != "plays":
            assert len(set(ids)) == len(ids), f"{kind}: ids repeat"
    games = {g["id"] for g in doc["games"]}
    players = {p["id"] for p in doc["players"]}
    locations = {x["id"] for x in doc["locations"]}
    assert locations, "both importers write a location; the app's plays " \
                      "reference one"
    if doc["plays"]:
        assert doc["userInfo"]["meRefId"] in players
    uuids = [x["uuid"] for k in ("games", "players", "locations", "plays")
             for x in doc[k]]
    assert len(set(uuids)) == len(uuids)
    for i, play in enumerate(doc["plays"]):
        where = f"plays[{i}]"
        assert play["gameRefId"] in games, where
        assert play["locationRefId"] in locations, where
        assert play["playDateYmd"] == int(play["playDate"][:10].replace(
            "-", "")), where
        assert play["modificationDate"] >= play["entryDate"], where
        assert play["playImages"] == "[]", where
        assert play["playerScores"], where
        for j, s in enumerate(play["playerScores"]):
            check_object(s, "playerScores", f"{where}.playerScores[{j}]")
            assert s["playerRefId"] in players
            assert s["rank"] >= 0 and s["seatOrder"] >= 0
            assert s["team"] == "0" or play["usesTeams"]
    return doc


def export_doc(db, **kw):
    return check_file(json.loads(export.write(db, "bgstats", **kw)))


def add(db, rec, number, t=1_790_000_000, ended=0):
    assert db.add_entry(DEVICE, to_entry(rec, number, t, ended))


# ------------------------------------------------------------------- tests

def test_the_schema_checker_rejects_what_the_format_forbids():
    # The checker must be able to fail: one wrong field each.
    good = {"playerRefId": 1, "score": "3", "winner": True, "rank": 1,
            "seatOrder": 1, "newPlayer": False, "startPlayer": False,
            "team": "0", "role": ""}
    check_object(good, "playerScores", "ok")
    for key, bad in (("score", 3), ("winner", 1), ("rank", True),
                     ("team", 0)):
        with pytest.raises(AssertionError):
            check_object(dict(good, **{key: bad}), "playerScores", key)
    with pytest.raises(AssertionError):
        check_object({k: v for k, v in good.items() if k != "startPlayer"},
                     "playerScores", "missing")
    with pytest.raises(AssertionError):
        check_object(dict(good, extra=1), "playerScores", "unknown")
    assert not _type_ok("json", []) and not _type_ok("json", "[")


def test_every_field_of_every_object_has_the_real_type(tmp_path):
    db, _ = filled(tmp_path, 40)
    doc = export_doc(db)
    # Every 4th game of filled() has no date (clock not set): left out.
    assert len(doc["plays"]) == 30
    assert doc["locations"][0]["name"] == "Marcador"
    for play in doc["plays"]:
        assert json.loads(play["playImages"]) == []
        assert play["rating"] == 0 and play["scoringSetting"] == 0


def _top(res, lowest):
    totals = [p["total"] for p in res["players"]]
    best = min(totals) if lowest else max(totals)
    return {i for i, t in enumerate(totals) if t == best}


def _finished(gid, count, seed):
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        rec, _ = random_game(rnd, gid, steps=600)
        if record.score_record(rec)["over"]:
            out.append(rec)
    return out


def test_manual_winner_exactly_when_the_winners_are_not_the_top_score(
        tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    recs = (_finished("dog", 12, 1) + _finished("dinos", 12, 2)
            + _finished("alebrijes", 6, 3) + _finished("free", 6, 4))
    for number, rec in enumerate(recs, 1):
        add(db, rec, number)
    doc = export_doc(db)
    manual = {"dog": 0, "dinos": 0}
    for rec, play in zip(recs, doc["plays"]):
        res = record.score_record(rec)
        lowest = rec.get("options", {}).get("lowest_wins", False)
        expect = set(res["winners"]) != _top(res, lowest)
        assert play["manualWinner"] is expect
        assert [s["winner"] for s in play["playerScores"]] == \
            [i in res["winners"] for i in range(len(rec["players"]))]
        if expect and rec["game"] in manual:
            manual[rec["game"]] += 1
    # The rules decide these winners: both titles have such plays here.
    assert manual["dog"] > 0 and manual["dinos"] > 0, manual


def test_start_player_is_what_the_device_knows(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    ale = {"game": "alebrijes", "players": ["Ana", "Beto", "Sol"],
           "events": [{"e": "start", "p": 2}]}
    dog = {"game": "dog", "players": ["Ana", "Beto", "Sol", "Lu"],
           "options": {"dealer": 1}, "events": []}
    doggy = {"game": "doggy", "players": ["Ana", "Beto"], "events": []}
    dup = {"game": "duplicon", "players": ["Ana", "Beto", "Sol"],
           "events": []}
    for number, rec in enumerate((ale, dog, doggy, dup), 1):
        add(db, rec, number)
    plays = export_doc(db)["plays"]
    starts = [[s["startPlayer"] for s in p["playerScores"]] for p in plays]
    assert starts[0] == [False, False, True]
    # DOG: the player to the dealer's right (dealer - 1) starts.
    assert starts[1] == [True, False, False, False]
    assert starts[2] == [False, False]          # not known: nobody
    assert starts[3] == [True, False, False]    # Duplicon: J1 starts


def test_board_names_the_variant(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    free = {"game": "free", "players": ["Ana", "Beto"],
            "options": {"lowest_wins": True, "target": 50},
            "events": [{"e": "round", "scores": [3, 9]}]}
    plain = {"game": "free", "players": ["Ana", "Beto"], "events": []}
    dinos = {"game": "dinos", "players": ["Ana", "Beto"],
             "options": {"dinos": ["rex", {"plus": "natural",
                                           "minus": "emotional"}]},
             "events": []}
    for number, rec in enumerate((free, plain, dinos), 1):
        add(db, rec, number)
    plays = export_doc(db)["plays"]
    assert "target 50" in plays[0]["board"]
    assert "lowest wins" in plays[0]["board"]
    assert "board" not in plays[1]
    assert "+natural" in plays[2]["board"]
    assert "-emotional" in plays[2]["board"]
    assert "Rex" in plays[2]["board"]


def _dog_game(dealer, seed):
    rnd = random.Random(seed)
    while True:
        rec, _ = random_game(rnd, "dog", steps=600, n=4)
        rec["options"] = {"dealer": dealer}
        rec["players"] = ["Ana", "Beto", "Sol", "Lu"]
        try:
            if record.score_record(rec)["over"]:
                return rec
        except record.RecordError:
            continue


def test_board_numbers_the_games_of_a_dog_match(tmp_path):
    # The device starts a match's next game with the same names and the
    # dealer one seat to the right (app/play/dog.py).
    db = Archive(tmp_path / "a.sqlite")
    add(db, _dog_game(2, 1), 1)
    add(db, _dog_game(1, 2), 2)
    add(db, _dog_game(3, 3), 3)     # dealer not rotated: a new match
    plays = export_doc(db)["plays"]
    assert [p["board"] for p in plays] == ["DOG match, game 1",
                                           "DOG match, game 2",
                                           "DOG match, game 1"]


def test_dates_and_duration(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        db = Archive(tmp_path / "a.sqlite")
        rec = {"game": "free", "players": ["Ana", "Beto"],
               "events": [{"e": "round", "scores": [1, 2]}]}
        add(db, rec, 1, t=1_790_000_000)     # 2026-09-21 14:13:20 UTC
        add(db, rec, 2, t=0)                 # device clock not set
        add(db, rec, 3, t=0, ended=1_790_000_900)   # set during the game
        add(db, rec, 4, t=1_790_000_000, ended=1_790_000_000 + 47 * 60 + 20)
        add(db, rec, 5, t=1_790_000_000, ended=1_789_999_000)  # clock back
        doc = export_doc(db)
        # No sync time stands in for a missing date: 2 and 3 are left out.
        assert bgstats.undated(db) == [f"{DEVICE}-2", f"{DEVICE}-3"]
        p1, p4, p5 = doc["plays"]
        assert [p["comments"] for p in doc["plays"]] == [
            f"Marcador {DEVICE}-{n}" for n in (1, 4, 5)]
        assert p1["playDate"] == "2026-09-21 14:13:20"
        assert p1["playDateYmd"] == 20260921
        assert p1["durationMin"] == 0        # the entry has no end time
        # The end time comes from the device's entry, through the record.
        assert json.loads(db.games()[3]["record"])["ended"] == \
            1_790_000_000 + 47 * 60 + 20
        assert p4["durationMin"] == 47
        assert p5["durationMin"] == 0        # ended before it started
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_location_me_and_bgg_ids_from_the_config(tmp_path, capsys):
    db, _ = filled(tmp_path, 20)
    cfg = tmp_path / "config.ini"
    cfg.write_text("[bgstats]\nme = Zoë\nlocation = Casa de Ana\n\n"
                   "[doggy]\nbgg_id = 123\nbgg_year = 2020\n"
                   "bgg_name = Doggy Style (BGG)\n", encoding="utf-8")
    doc = export_doc(db, config=bgstats.load_config(cfg))
    me = [p for p in doc["players"] if p["id"] == doc["userInfo"]["meRefId"]]
    assert me[0]["name"] == "Zoë"
    assert [x["name"] for x in doc["locations"]] == ["Casa de Ana"]
    g = {x["name"]: x for x in doc["games"]}
    assert (g["Doggy Style"]["bggId"], g["Doggy Style"]["bggYear"],
            g["Doggy Style"]["bggName"]) == (123, 2020, "Doggy Style (BGG)")
    # No id is guessed for a title the config does not name.
    assert all(x["bggId"] == 0 for x in doc["games"]
               if x["name"] != "Doggy Style")
    # The CLI: --config, and --location over the config's.
    out = tmp_path / "m.bgsplay"
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "--config", str(cfg), "--location", "Club", "-o",
                str(out)]) == 0
    doc = check_file(json.loads(out.read_text(encoding="utf-8")))
    assert [x["name"] for x in doc["locations"]] == ["Club"]
    assert any(x["bggId"] == 123 for x in doc["games"])


def test_a_bad_config_is_one_line_and_writes_nothing(tmp_path, capsys):
    db, _ = filled(tmp_path, 3)
    cfg = tmp_path / "config.ini"
    cfg.write_text("[doggy]\nbgg_id = twelve\n")
    out = tmp_path / "m.bgsplay"
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "--config", str(cfg), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "bgg_id" in err and "doggy" in err and len(
        err.strip().splitlines()) == 1
    assert not out.exists()
    cfg.write_text("no section header\n")
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "--config", str(cfg), "-o", str(out)]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "--config", str(tmp_path / "none.ini")]) == 1
    assert "none.ini" in capsys.readouterr().err


def test_the_default_config_is_read_when_present(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    db, _ = filled(tmp_path, 3)
    (tmp_path / "cfg" / "marcador").mkdir(parents=True)
    (tmp_path / "cfg" / "marcador" / "config.ini").write_text(
        "[bgstats]\nlocation = Mesa\n")
    out = tmp_path / "m.bgsplay"
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "-o", str(out)]) == 0
    assert json.loads(out.read_text())["locations"][0]["name"] == "Mesa"


def test_the_suggested_name_is_bgsplay(tmp_path, capsys):
    parser = build_parser()
    sub = parser._subparsers._group_actions[0].choices["export"]
    assert ".bgsplay" in sub.format_help()
    readme = (ROOT / "docs" / "pc-tools.md").read_text(encoding="utf-8")
    assert "--format bgstats -o" in readme
    assert not re.search(r"--format bgstats -o \S+\.json", readme)
    db, _ = filled(tmp_path, 2)
    out = tmp_path / "x.json"
    assert cli(["export", "--format", "bgstats", "--db", str(db.path),
                "-o", str(out)]) == 0
    assert ".bgsplay" in capsys.readouterr().err


def test_reexport_is_stable_and_updates_by_uuid(tmp_path):
    db, _ = filled(tmp_path, 25)
    first = export_doc(db)
    assert export_doc(db) == first
    rec, _ = random_game(random.Random(9), "duplicon", steps=400)
    rec["players"] = NAMES[:len(rec["players"])]
    add(db, rec, 99)
    second = export_doc(db)
    old = {p["uuid"]: p for p in first["plays"]}
    # 6 of filled()'s 25 games have no date (clock not set): left out.
    assert len(old) == 19 and len(second["plays"]) == 20
    for p in second["plays"]:
        if p["uuid"] in old:
            assert p["modificationDate"] == old[p["uuid"]]["modificationDate"]
    assert len(set(old) & {p["uuid"] for p in second["plays"]}) == 19
    assert {g["uuid"] for g in first["games"]} <= \
        {g["uuid"] for g in second["games"]}


def test_examples_manual_winner_and_start_player(tmp_path):
    # Worked out by hand (tests/core/test_records_examples.py): DOG's winners
    # Ana + Sol while Beto also has 4 home; Alebrijes' tie on -8 broken
    # for Sol; Dinos' Ana reaches 50 with the top score.
    db = Archive(tmp_path / "a.sqlite")
    names = ["dog", "alebrijes", "dinos", "duplicon", "free"]  # picked
    for number, name in enumerate(names, 1):
        rec = json.loads((ROOT / "examples" / f"{name}.json").read_text(
            encoding="utf-8"))
        add(db, rec, number)
    plays = export_doc(db)["plays"]
    assert [p["manualWinner"] for p in plays] == [True, True, False, False,
                                                  False]
    assert [s["startPlayer"] for s in plays[0]["playerScores"]] == \
        [False, False, False, True]       # dealer Ana (0): Lu (3) starts
    assert [s["startPlayer"] for s in plays[1]["playerScores"]] == \
        [False, True, False]              # `start` Beto
    # Competition ranking: two share rank 1, the next is 3.
    assert [s["rank"] for s in plays[0]["playerScores"]] == [1, 3, 1, 3]
    assert [s["rank"] for s in plays[1]["playerScores"]] == [2, 3, 1]
    assert [s["rank"] for s in plays[4]["playerScores"]] == [1, 3, 2]
    assert plays[4]["board"] == "target 30, lowest wins"
    assert plays[2]["board"] == ("Ana: Rex; Beto: Stego; Sol: custom "
                                 "+natural")


def test_the_documented_config_example_reads(tmp_path):
    readme = (ROOT / "docs" / "pc-tools.md").read_text(encoding="utf-8")
    block = re.search(r"```ini\n(.*?)```", readme, re.S).group(1)
    cfg = tmp_path / "config.ini"
    cfg.write_text(block, encoding="utf-8")
    c = bgstats.load_config(cfg)
    assert (c["me"], c["location"]) == ("Ana", "Casa")
    assert c["titles"]["doggy"] == {"bgg_id": 0, "bgg_year": 0,
                                    "bgg_name": "Doggy Style"}


def test_new_player_is_the_first_play_of_a_title_by_a_name(tmp_path):
    # newPlayer: a name's first play of a title in the archive, by date
    # (not by the order the games were synced in); a later play of it is
    # not new, nor a first play of another title by an old hand... which
    # is new for that title.
    db = Archive(tmp_path / "a.sqlite")
    free = {"game": "free", "players": ["Ana", "Beto"],
            "events": [{"e": "round", "scores": [1, 2]}]}
    free3 = dict(free, players=["Ana", "Beto", "Sol"],
                 events=[{"e": "round", "scores": [1, 2, 3]}])
    doggy = {"game": "doggy", "players": ["Ana", "Sol"], "events": []}
    add(db, free3, 1, t=1_790_000_300)     # synced first, played second
    add(db, free, 2, t=1_790_000_000)      # played first
    add(db, doggy, 3, t=1_790_000_600)
    plays = {p["comments"]: p for p in export_doc(db)["plays"]}
    new = {c: [s["newPlayer"] for s in p["playerScores"]]
           for c, p in plays.items()}
    assert new[f"Marcador {DEVICE}-2"] == [True, True]
    assert new[f"Marcador {DEVICE}-1"] == [False, False, True]
    assert new[f"Marcador {DEVICE}-3"] == [True, True]


def _effective(events):
    # The events in effect, worked out apart from the core: an undo takes
    # the newest back onto a redo stack, a redo brings it back, any other
    # event empties the redo stack.
    done, redo = [], []
    for e in events:
        if e["e"] == "undo":
            redo.append(done.pop())
        elif e["e"] == "redo":
            done.append(redo.pop())
        else:
            done.append(e)
            redo = []
    return done


def test_alebrijes_start_player_is_who_started_round_one():
    # A held-out check saw one Alebrijes play whose startPlayer seemed not
    # to be round 1's first player. Worked out independently over random
    # games with undo, redo and corrections: the first player of round 1
    # is the last `start` in effect before it (J1 without one), and the
    # exporter's start_player agrees on every game.
    import random
    from gamegen import random_game
    checked = 0
    for seed in range(600):
        rec, _ = random_game(random.Random(seed), "alebrijes", fixes=True)
        events = _effective(rec["events"])
        if not any(e["e"] == "round" for e in events):
            continue
        first = 0
        for e in events:
            if e["e"] == "round":
                break
            first = e["p"]
        assert bgstats.start_player("alebrijes", rec) == first, seed
        checked += 1
    assert checked > 300


# ------------------------------------------------ streamed, same bytes

def test_the_streamed_file_is_byte_for_byte_the_whole_one(tmp_path):
    """export --format bgstats writes the file a play at a time
    (bgstats.chunks); it is json.dumps of the whole document, the same
    bytes, whatever the archive: empty, undated games, DOG matches, an
    owner named or not, one who never played."""
    import random
    from gamegen import random_game
    from marcador.archive import Archive, record_row

    def whole(db, **kw):
        return json.dumps(bgstats.build(db, **kw), ensure_ascii=False,
                          indent=1) + "\n"

    def streamed(db, **kw):
        pieces = list(bgstats.chunks(db, **kw))
        return pieces, "".join(pieces)

    empty = Archive(tmp_path / "e.sqlite")
    assert streamed(empty)[1] == whole(empty) == export.write(empty,
                                                              "bgstats")
    rnd = random.Random(26)
    rows = []
    for i in range(60):
        gid = IDS[i % len(IDS)]
        rec, _ = random_game(rnd, gid, steps=rnd.randint(0, 30))
        rec["players"] = rnd.sample(["Ana", "Beto", "Peñita", "Zoë",
                                     "Lu", "Sol", "Tere", "Íñigo"],
                                    len(rec["players"]))
        if i % 5:
            rec["started"] = 1_760_000_000 + rnd.randrange(90 * 86400)
            if i % 2:
                rec["ended"] = rec["started"] + rnd.randrange(60, 5000)
        rec["id"] = f"{['aa01', 'bb02'][i % 2]}-{i + 1}"
        rows.append(record_row(rec))
    db = Archive(tmp_path / "a.sqlite")
    db.merge(rows)
    for kw in ({}, {"me": "Zoë", "location": "Casa"}, {"me": "Nadie"}):
        pieces, text = streamed(db, **kw)
        assert text == whole(db, **kw), kw
        assert len(pieces) == 1 + len(json.loads(text)["plays"]) > 40
        check_file(json.loads(text))
