"""Hostile records and archives (issue 23, items 4 and 5): every time and
number is checked where it enters (`import`, sync), an archive row a
reader cannot use is left out and named (never the whole archive failing),
and a hostile SQLite file can neither hang marcador nor smuggle in bytes
of another game."""

import json
import random
import sqlite3
import subprocess
import sys

import pytest

from conftest import ROOT
from gamegen import random_game
from marcador.archive import TIME_MAX, TIME_MIN, Archive
from marcador.cli import main as cli
from test_reliability_archive import DEVICE, FIRST, good_archive, sql

EXIT_FILE, EXIT_RECORD, EXIT_ARCHIVE = 1, 2, 3
SECOND = f"{DEVICE}-2"


def a_record(seed=1, **times):
    rec, _ = random_game(random.Random(seed), "free", steps=20)
    rec.update(times)
    return rec


def test_the_time_range_is_the_boards():
    # The archive takes the times a board can produce: its clock is set
    # only within the protocol's TIME_MIN..TIME_MAX (core/wire.py), the
    # same objects the device's sync reads (tests/device/test_link.py checks no
    # side defines its own).
    from marcador_core import wire
    assert (TIME_MIN, TIME_MAX) == (wire.TIME_MIN, wire.TIME_MAX)
    assert TIME_MIN == 1704067200 and TIME_MAX == 4102444799


BAD_TIMES = [{"started": 99999999999999}, {"started": 2 ** 63},
             {"started": 2 ** 64}, {"started": -1}, {"started": 5},
             {"started": TIME_MAX + 1}, {"started": 1.8e9},
             {"started": True}, {"started": "1800000000"},
             {"ended": 99999999999999}, {"ended": -1},
             {"ended": 2 ** 63}, {"started": 1_800_000_000, "ended": 7}]


@pytest.mark.parametrize("times", BAD_TIMES,
                         ids=[json.dumps(t) for t in BAD_TIMES])
def test_a_record_with_an_impossible_time_is_refused_at_import(
        tmp_path, capsys, times):
    path = tmp_path / "r.json"
    path.write_text(json.dumps([a_record(2), a_record(3, **times)]))
    db = tmp_path / "a.sqlite"
    code = cli(["import", str(path), "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == EXIT_RECORD, (out, err)
    assert err.count("\n") == 1 and "record 1" in err, err
    assert "nothing was imported" in err
    assert cli(["games", "--db", str(db)]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("times", [{}, {"started": TIME_MIN},
                                   {"started": TIME_MAX, "ended": TIME_MAX},
                                   {"ended": 1_800_000_000}])
def test_a_record_with_board_times_imports(tmp_path, capsys, times):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(a_record(2, **times)))
    db = tmp_path / "a.sqlite"
    assert cli(["import", str(path), "--db", str(db)]) == 0
    for args in (["games"], ["export", "--format", "csv"], ["stats"]):
        assert cli(args + ["--db", str(db)]) == 0
    assert capsys.readouterr().err == ""


READERS = [["games"], ["games", "--json"], ["export", "--format", "json"],
           ["export", "--format", "csv"], ["export", "--format", "bgstats"],
           ["stats"], ["report", "-o", "OUT/r.html"]]

ROW_DAMAGES = {
    "started-far-future": "UPDATE games SET started = 99999999999999",
    "started-negative": "UPDATE games SET started = -5",
    "started-text": "UPDATE games SET started = 'yesterday'",
    "started-real": "UPDATE games SET started = 1800000000.5",
    "added-far-future": "UPDATE games SET added = 99999999999999",
    "ended-far-future": "UPDATE games SET record = json_set(record, "
                        "'$.ended', 99999999999999)",
    "number-text": "UPDATE games SET number = 'one'",
    "raw-not-bytes": "UPDATE games SET raw = 'text'",
    "finished-odd": "UPDATE games SET finished = 7",
    "bad-json-record": "UPDATE games SET record = '{not json'",
}


@pytest.mark.parametrize("damage", list(ROW_DAMAGES))
@pytest.mark.parametrize("args", READERS, ids=[" ".join(a[:3])
                                               for a in READERS])
def test_a_reader_leaves_out_a_row_it_cannot_use_and_names_it(
        tmp_path, capsys, damage, args):
    path = good_archive(tmp_path / "a.sqlite", 3)
    sql(path, ROW_DAMAGES[damage] + f" WHERE id = '{SECOND}'")
    (tmp_path / "OUT").mkdir()
    args = [a.replace("OUT", str(tmp_path / "OUT")) for a in args]
    code = cli(args + ["--db", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    notes = [ln for ln in err.splitlines() if "left out" in ln]
    assert len(notes) == 1 and SECOND in notes[0], err
    assert "Traceback" not in err
    if args[0] in ("games", "export"):
        assert FIRST in out and SECOND not in out


def test_show_of_a_damaged_row_is_one_line_naming_it(tmp_path, capsys):
    path = good_archive(tmp_path / "a.sqlite", 3)
    sql(path, "UPDATE games SET started = 99999999999999 WHERE id = "
              f"'{SECOND}'")
    assert cli(["show", SECOND, "--db", str(path)]) == EXIT_ARCHIVE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and SECOND in err and "damaged" in err
    assert cli(["show", FIRST, "--db", str(path)]) == 0


# ------------------------------------------------------------ hostile SQLite

def run(*args, timeout=120):
    """marcador in a child process: (exit code, stdout, stderr), code None
    if it was still running after timeout seconds (a hang)."""
    try:
        r = subprocess.run([sys.executable, "-m", "marcador", *args],
                           cwd=ROOT, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "hung"
    return r.returncode, r.stdout, r.stderr


def recursive_games_view(path):
    # A schema-3 archive whose `games` is a view that never ends.
    good_archive(path, 2)
    cols = "id, device, number, game, started, finished, players, " \
           "record, result, raw, added"
    sql(path, "ALTER TABLE games RENAME TO real_games",
        "CREATE VIEW games AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
        "SELECT i + 1 FROM n) SELECT " + cols +
        " FROM real_games, n ORDER BY i, id")


def test_a_games_view_that_never_ends_is_refused(tmp_path):
    hostile = tmp_path / "hostile.sqlite"
    recursive_games_view(hostile)
    target = tmp_path / "a.sqlite"
    for args in (["import", str(hostile), "--db", str(target)],
                 ["games", "--db", str(hostile)],
                 ["stats", "--db", str(hostile)]):
        code, out, err = run(*args)
        assert code == EXIT_ARCHIVE, (args, code, err)
        assert err.count("\n") == 1 and "not a marcador archive" in err
    assert Archive(target, readonly=True).games() == []


def test_a_query_without_end_is_stopped_by_the_work_bound(tmp_path):
    # Behind the table check, a bound on the work of any one query: an
    # archive never needs more than some steps per byte of its file.
    path = good_archive(tmp_path / "a.sqlite", 2)
    db = Archive(path, readonly=True)
    with pytest.raises(Exception) as ex:
        db._query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                  "FROM n) SELECT count(*) FROM n")
    assert "more work" in str(ex.value)
    assert len(db.games()) == 2        # the next query has its own budget


ODD_RAW = {"text": "'some text'", "real": "1.5",
           "integer": "50000000", "huge-integer": "9223372036854775807",
           "negative": "-3"}


@pytest.mark.parametrize("odd", list(ODD_RAW))
def test_odd_damaged_raw_values_are_left_out(tmp_path, capsys, odd):
    source = good_archive(tmp_path / "s.sqlite", 2)
    db = sqlite3.connect(source)
    for name, raw in (("bad1", ODD_RAW[odd]), ("bad2", "x'0102'")):
        db.execute(f"INSERT INTO damaged VALUES ('d', '-', '{name}', "
                   f"'00', 2, 'why', {raw}, 1800000000)")
    db.execute(f"INSERT INTO conflicts VALUES ('{FIRST}', '00', "
               f"{ODD_RAW[odd]}, 1800000000)")
    db.commit()
    db.close()
    code = cli(["damaged", "--db", str(source)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "bad2" in out and "bad1" not in out
    assert "left out" in err and "bad1" in err
    target = tmp_path / "a.sqlite"
    code = cli(["import", str(source), "--db", str(target)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "LEFT OUT" in out and "bad1" in out, out
    kept = Archive(target, readonly=True).damaged()
    assert [k["name"] for k in kept] == ["bad2"]
    assert kept[0]["raw"] == b"\1\2"
    assert target.stat().st_size < 1 << 20        # no 50 MB of zeros


def test_raw_bytes_of_another_game_are_not_imported(tmp_path, capsys):
    source = good_archive(tmp_path / "s.sqlite", 3)
    sql(source, f"UPDATE games SET raw = (SELECT raw FROM games WHERE id = "
                f"'{FIRST}') WHERE id = '{SECOND}'")
    target = tmp_path / "a.sqlite"
    code = cli(["import", str(source), "--db", str(target)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "LEFT OUT" in out and SECOND in out, out
    ids = [g["id"] for g in Archive(target, readonly=True).games()]
    assert ids == [FIRST, f"{DEVICE}-3"]


def test_raw_bytes_that_decode_to_another_record_are_not_imported(
        tmp_path, capsys):
    # Same number and title, other events: still not the game it claims.
    source = good_archive(tmp_path / "s.sqlite", 3)
    other = good_archive(tmp_path / "o.sqlite", 1)
    rec = json.loads(Archive(other, readonly=True).games()[0]["record"])
    rec["events"] = rec["events"][:-1]
    from marcador.devicelog import to_entry
    raw = to_entry(rec, 1, 1_790_000_001)
    db = sqlite3.connect(source)
    db.execute("UPDATE games SET raw = ? WHERE id = ?", (raw, FIRST))
    db.commit()
    db.close()
    target = tmp_path / "a.sqlite"
    assert cli(["import", str(source), "--db", str(target)]) == 0
    out = capsys.readouterr().out
    assert "LEFT OUT" in out and FIRST in out, out
    ids = [g["id"] for g in Archive(target, readonly=True).games()]
    assert ids == [SECOND, f"{DEVICE}-3"]


def test_a_good_archive_imports_whole(tmp_path, capsys):
    # The checks refuse nothing that marcador itself wrote: device games
    # and games imported from JSON records.
    source = good_archive(tmp_path / "s.sqlite", 6)
    records = tmp_path / "r.json"
    records.write_text(json.dumps([a_record(5, started=1_800_000_000,
                                            ended=1_800_000_600),
                                   a_record(6)]))
    assert cli(["import", str(records), "--db", str(source)]) == 0
    target = tmp_path / "a.sqlite"
    assert cli(["import", str(source), "--db", str(target)]) == 0
    out, err = capsys.readouterr()
    assert "LEFT OUT" not in out and "8 new" in out, out
    assert err == ""


@pytest.mark.parametrize("started,ended", [(5, 0), (2 ** 32 - 1, 0),
                                           (1_800_000_000, 9),
                                           (0, 2 ** 32 - 1)])
def test_a_device_entry_with_an_impossible_time_is_kept_apart(
        tmp_path, started, ended):
    from marcador.archive import REFUSED
    from marcador.devicelog import to_entry
    db = Archive(tmp_path / "a.sqlite")
    raw = to_entry(a_record(4), 1, started, ended)
    assert db.add_entry(DEVICE, raw, "3f9a12c0") == REFUSED
    assert db.games() == [] and db.left_out == {}
    kept = db.damaged()
    assert len(kept) == 1 and "time" in kept[0]["reason"]
    good = to_entry(a_record(4), 2, 1_800_000_000, 1_800_000_100)
    assert db.add_entry(DEVICE, good, "3f9a12c0") == "new"


# ------------------------------------------------------------ a full disk

def fill(folder, leave):
    # Fill the file system of folder but `leave` bytes.
    import os
    st = os.statvfs(folder)
    free = st.f_bavail * st.f_frsize
    with open(folder / "filler", "wb") as f:
        f.write(bytes(max(0, free - leave)))


@pytest.mark.parametrize("leave", [0, 4096, 8192, 12288, 16384])
def test_a_first_sync_on_a_full_disk_leaves_no_file_behind(
        tmp_path, monkeypatch, capsys, leave):
    import serial
    from fakedevice import FakeDevice
    from test_reliability_archive import tmpfs
    from test_reliability_sync import good_entries
    with tmpfs(tmp_path / "full", "128k") as mnt:
        fill(mnt, leave)
        dev = FakeDevice(good_entries(range(1, 4)))
        monkeypatch.setattr(serial, "serial_for_url", lambda *a, **k: dev)
        db = mnt / "new" / "games.sqlite"
        code = cli(["sync", "--port", "fake", "--db", str(db)])
        out, err = capsys.readouterr()
        assert code == EXIT_ARCHIVE, (out, err)
        assert "disk is full" in err.splitlines()[-1], err
        left = sorted(p.name for p in (mnt / "new").iterdir())
        assert left == [] or left == ["games.sqlite"], left
        if left:        # an archive after all: whole, and it reads
            assert Archive(db, readonly=True).games() == []
        assert dev.synced == set()
        # With room again, the same command makes the archive.
        (mnt / "filler").unlink()
        assert cli(["sync", "--port", "fake", "--db", str(db)]) == 0
        assert len(Archive(db, readonly=True).games()) == 3


def _file_size_limit(limit):
    def limited():
        import resource
        import signal
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limited


@pytest.mark.parametrize("limit", [0, 2048, 8192, 16384])
def test_a_new_archive_that_cannot_be_written_leaves_no_file(tmp_path,
                                                             limit):
    # Without root (no tmpfs): a file size limit makes every write past
    # it fail, as a full disk does.
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps(a_record(7, started=1_800_000_000)))
    db = tmp_path / "new" / "games.sqlite"
    r = subprocess.run([sys.executable, "-m", "marcador", "import",
                        str(rec), "--db", str(db)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120,
                       preexec_fn=_file_size_limit(limit))
    assert r.returncode == EXIT_ARCHIVE, r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    left = sorted(p.name for p in db.parent.iterdir())
    assert left in ([], ["games.sqlite"]), left
    if left:
        assert Archive(db, readonly=True).games() == []
    assert cli(["import", str(rec), "--db", str(db)]) == 0
    assert len(Archive(db, readonly=True).games()) == 1


@pytest.mark.parametrize("gid", ["abc-9999999999", "abc-3f9a12c0-4294967296"])
def test_a_record_numbered_past_what_a_board_numbers_is_refused(
        tmp_path, capsys, gid):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(a_record(2, id=gid)))
    db = tmp_path / "a.sqlite"
    assert cli(["import", str(path), "--db", str(db)]) == EXIT_RECORD
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "number" in err, err
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(a_record(2, id="abc-4294967295")))
    assert cli(["import", str(ok), "--db", str(db)]) == 0
    assert cli(["games", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert "abc-4294967295" in out and err == ""
