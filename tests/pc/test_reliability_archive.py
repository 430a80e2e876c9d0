"""The archive tools on damaged, foreign, read-only and full archives, two
processes at once, and a reader that leaves early: every command ends with
one line and its exit code, nothing half-written, never a traceback."""

import json
import multiprocessing
import os
import random
import re
import sqlite3
import subprocess
import sys
from contextlib import contextmanager

import pytest

from conftest import ROOT
from gamegen import random_game
from marcador.archive import SCHEMA_1, Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry
from marcador_core.games import IDS

DEVICE = "511a000000000001"
EXIT_FILE, EXIT_ARCHIVE = 1, 3


def entries(count=6, seed=3):
    rnd = random.Random(seed)
    out = []
    for number in range(1, count + 1):
        gid = IDS[number % len(IDS)]
        rec, _ = random_game(rnd, gid, steps=60)
        out.append(to_entry(rec, number, 1_790_000_000 + number))
    return out


def good_archive(path, count=6):
    db = Archive(path)
    for raw in entries(count):
        db.add_entry(DEVICE, raw)
    db.close()
    return path


FIRST = f"{DEVICE}-1"
READS = [["games"], ["show", FIRST], ["export", "--format", "json"],
         ["export", "--format", "csv"], ["export", "--format", "bgstats"],
         ["stats"], ["plot", FIRST, "-o", "PLOT.png"]]
READ_IDS = ["games", "show", "export-json", "export-csv", "export-bgstats",
            "stats", "plot"]


def sql(path, *statements):
    db = sqlite3.connect(path)
    for s in statements:
        db.execute(s)
    db.commit()
    db.close()


def garbage_after_header(path):
    data = bytearray(path.read_bytes())
    rnd = random.Random(1)
    for i in range(100, len(data)):
        data[i] = rnd.randrange(256)
    path.write_bytes(bytes(data))


def truncated(path):
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def page_zeroed(path):
    data = bytearray(path.read_bytes())
    data[4096:8192] = bytes(4096)       # the games table's first page
    path.write_bytes(bytes(data))


def schema1_file(path, *rows):
    # A schema-1 games table, without its NOT NULL constraints.
    path.unlink()
    sql(path, SCHEMA_1.replace("NOT NULL", ""), *rows,
        "PRAGMA user_version = 1")


DAMAGES = {
    "garbage-after-header": garbage_after_header,
    "truncated": truncated,
    "page-zeroed": page_zeroed,
    "text-file": lambda p: p.write_text("not a database " * 300),
    "empty-file": lambda p: p.write_bytes(b""),
    "newer-schema": lambda p: sql(p, "PRAGMA user_version = 99"),
    "foreign-database": lambda p: (p.unlink(), sql(
        p, "CREATE TABLE notes (x TEXT)", "INSERT INTO notes VALUES ('a')")),
    "wrong-games-table": lambda p: (p.unlink(), sql(
        p, "CREATE TABLE games (id TEXT, title TEXT)",
        f"INSERT INTO games VALUES ('{FIRST}', 'x')",
        "PRAGMA user_version = 2")),
    "no-games-table": lambda p: sql(p, "DROP TABLE games"),
    "bad-json-record": lambda p: sql(
        p, "UPDATE games SET record = '{not json' WHERE number = 1"),
    "bad-json-result": lambda p: sql(
        p, "UPDATE games SET result = '[1, 2' WHERE number = 1"),
    "result-wrong-shape": lambda p: sql(
        p, "UPDATE games SET result = '{\"players\": 3}' WHERE number = 1"),
    "result-bad-winner": lambda p: sql(
        p, "UPDATE games SET result = json_set(result, '$.winners', "
           "json('[7]'), '$.over', json('true')) WHERE number = 1"),
    "record-wrong-shape": lambda p: sql(
        p, "UPDATE games SET record = '[]' WHERE number = 1"),
    "record-bad-event": lambda p: sql(
        p, "UPDATE games SET record = json_set(record, '$.events[0]', "
           "json('{\"e\": 5}')) WHERE number = 1"),
    "null-record": lambda p: schema1_file(
        p, f"INSERT INTO games VALUES ('{FIRST}','d',1,'free',NULL,1,'[]',"
           "NULL,'{}',x'00')"),
    "unknown-title": lambda p: sql(
        p, "UPDATE games SET game = 'chess' WHERE number = 1"),
    "names-not-text": lambda p: sql(
        p, "UPDATE games SET result = json_set(result, "
           "'$.players[0].name', json('[1]')) WHERE number = 1"),
    "huge-int-in-json": lambda p: sql(
        p, "UPDATE games SET result = replace(result, '\"total\": ', "
           "'\"total\": " + "9" * 5000 + "') WHERE number = 1"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
@pytest.mark.parametrize("args", READS, ids=READ_IDS)
def test_a_damaged_archive_gives_one_line_and_code_3(tmp_path, capsys,
                                                     damage, args):
    path = good_archive(tmp_path / "a.sqlite")
    DAMAGES[damage](path)
    before = path.read_bytes()
    args = [a.replace("PLOT", str(tmp_path / "p")) for a in args]
    code = cli(args + ["--db", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, EXIT_FILE, EXIT_ARCHIVE), err
    if code:
        assert err.count("\n") == 1 and err.startswith("marcador "), err
        assert out == ""
    if code == EXIT_FILE:           # only "no game ID" may say so
        assert "no game" in err
    if damage != "empty-file":
        assert path.read_bytes() == before   # read-only: nothing changed
    assert not (tmp_path / "p.png").exists() or code == 0


def test_every_damage_is_reported_by_some_read(tmp_path):
    # The damages above are real: each makes at least `games` or `stats`
    # or `export` refuse (none is silently read as an archive).
    for name, damage in DAMAGES.items():
        path = good_archive(tmp_path / f"{name}.sqlite", 2)
        damage(path)
        codes = {cli(args + ["--db", str(path)]) for args in READS[:6]}
        assert EXIT_ARCHIVE in codes, name


def test_read_commands_never_create_an_archive(tmp_path, capsys):
    typo = tmp_path / "typo" / "x.sqlite"
    for args in READS[:6]:
        assert cli(args + ["--db", str(typo)]) == EXIT_ARCHIVE
        assert "no archive" in capsys.readouterr().err
    assert not typo.parent.exists()
    empty = tmp_path / "e.sqlite"
    assert cli(["games", "--db", str(empty)]) == EXIT_ARCHIVE
    assert not empty.exists()


def test_a_directory_as_archive(tmp_path, capsys):
    assert cli(["games", "--db", str(tmp_path)]) == EXIT_ARCHIVE
    assert capsys.readouterr().err.count("\n") == 1


@contextmanager
def tmpfs(path, size="64k"):
    path.mkdir(exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}",
                        "tmpfs", str(path)], capture_output=True)
    if r.returncode:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=True)


def remount_ro(path):
    subprocess.run(["mount", "-o", "remount,ro", str(path)], check=True)


def test_a_schema_1_archive_on_read_only_media_is_readable(tmp_path,
                                                           capsys):
    with tmpfs(tmp_path / "ro", "1m") as mnt:
        path = mnt / "old.sqlite"
        rec, _ = random_game(random.Random(2), "free", steps=30)
        sql(path, SCHEMA_1,
            "INSERT INTO games VALUES ('d-1','d',1,'free',NULL,1,"
            f"'[]',{sqlite3_quote(json.dumps(rec))},"
            f"{sqlite3_quote(json.dumps(score(rec)))},x'00')",
            "PRAGMA user_version = 1")
        remount_ro(mnt)
        before = path.read_bytes()
        for args in READS[:6]:
            args = [a.replace(FIRST, "d-1") for a in args]
            assert cli(args + ["--db", str(path)]) == 0, \
                capsys.readouterr().err
        out = capsys.readouterr().out
        assert "d-1\tfree" in out
        assert path.read_bytes() == before
        assert sqlite3.connect(f"file:{path}?mode=ro", uri=True).execute(
            "PRAGMA user_version").fetchone()[0] == 1
        # Writing to it is refused in one line.
        with pytest.raises(Exception) as ex:
            Archive(path)
        assert "read-only" in str(ex.value) or "readonly" in str(ex.value)


def sqlite3_quote(text):
    return "'" + text.replace("'", "''") + "'"


def score(rec):
    from marcador_core import record
    return record.score_record(rec)


def test_adding_to_a_read_only_or_full_archive_is_one_line(tmp_path):
    from marcador.archive import ArchiveError
    raws = entries(40)
    with tmpfs(tmp_path / "full", "64k") as mnt:
        db = Archive(mnt / "a.sqlite")
        with pytest.raises(ArchiveError) as ex:
            for raw in raws:
                db.add_entry(DEVICE, raw)
        assert "full" in str(ex.value)
        stored = len(db.games())
        assert 0 < stored < 40
        db.close()
        db = Archive(mnt / "a.sqlite", readonly=True)   # still consistent
        assert len(db.games()) == stored
        db.close()
    with tmpfs(tmp_path / "ro", "1m") as mnt:
        good_archive(mnt / "a.sqlite", 1)
        remount_ro(mnt)
        with pytest.raises(ArchiveError) as ex:
            db = Archive(mnt / "a.sqlite")
            db.add_entry(DEVICE, raws[5])
        assert "read-only" in str(ex.value)


def test_export_to_a_full_disk_keeps_the_previous_export(tmp_path,
                                                         capsys):
    path = good_archive(tmp_path / "a.sqlite", 30)
    with tmpfs(tmp_path / "out", "64k") as mnt:
        out = mnt / "games.json"
        assert cli(["export", "--db", str(path), "-o", str(out),
                    "--format", "csv"]) == 0
        good = out.read_bytes()
        filler = mnt / "filler"
        with open(filler, "wb") as f:
            try:
                f.write(b"x" * (64 << 10))
            except OSError:
                pass
        capsys.readouterr()
        assert cli(["export", "--db", str(path), "-o", str(out)]) == \
            EXIT_FILE
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "No space" in err
        assert out.read_bytes() == good
        assert sorted(p.name for p in mnt.iterdir()) == ["filler",
                                                         "games.json"]
        filler.unlink()
        png = mnt / "p.png"
        png.write_bytes(b"old")
        with open(filler, "wb") as f:
            try:
                f.write(b"x" * (64 << 10))
            except OSError:
                pass
        assert cli(["plot", FIRST, "--db", str(path), "-o", str(png)]) == \
            EXIT_FILE
        assert png.read_bytes() == b"old"


@pytest.mark.parametrize("name", ["x.xyz", "noext", "DIR", "x.PNG.txt"])
def test_plot_to_a_bad_name_is_a_clear_error(tmp_path, capsys, name):
    path = good_archive(tmp_path / "a.sqlite", 2)
    out = tmp_path / name if name != "DIR" else tmp_path
    assert cli(["plot", FIRST, "--db", str(path), "-o", str(out)]) == \
        EXIT_FILE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ".png" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sqlite"]


def _race_worker(path, raw, barrier, queue):
    try:
        barrier.wait()
        db = Archive(path)
        queue.put(("ok", db.add_entry(DEVICE, raw)))
        db.close()
    except BaseException as ex:          # report, never hang the test
        queue.put(("error", f"{type(ex).__name__}: {ex}"))


def test_two_processes_create_an_archive_and_add_the_same_game(tmp_path):
    ctx = multiprocessing.get_context("fork")
    raw = entries(1)[0]
    outcomes = []
    for trial in range(8):
        path = tmp_path / f"race{trial}.sqlite"
        barrier, queue = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=_race_worker,
                             args=(path, raw, barrier, queue))
                 for _ in range(2)]
        for p in procs:
            p.start()
        got = [queue.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(30)
        outcomes += got
        assert [k for k, _ in got] == ["ok", "ok"], got
        assert sorted(v for _, v in got) == ["new", "same"], got
        assert len(Archive(path, readonly=True).games()) == 1


def test_games_into_a_closed_pipe_ends_quietly(tmp_path):
    path = good_archive(tmp_path / "a.sqlite", 1)
    # 3,000 copies of the game under other numbers: more than a pipe holds.
    sql(path, "INSERT INTO games SELECT id || '-' || k, device, number + k, "
              "game, started, finished, players, record, result, raw, added "
              "FROM games, (WITH RECURSIVE c(k) AS (SELECT 1 UNION ALL "
              "SELECT k + 1 FROM c WHERE k < 3000) SELECT k FROM c)")
    proc = subprocess.Popen([sys.executable, "-m", "marcador", "games",
                             "--db", str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    first = proc.stdout.readline()
    proc.stdout.close()                  # `| head -1`
    err = proc.stderr.read()
    code = proc.wait(60)
    assert first.startswith(DEVICE.encode())
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert err == b"" and code == 141


def test_names_with_control_characters_never_reach_a_terminal(tmp_path):
    # A game whose names carry ESC sequences, C1 codes and a lone
    # surrogate (as a tampered archive could): every command's output on a
    # terminal (a pty) shows them escaped; the exports stay valid.
    import pty
    from marcador_core import record
    names = ["\x1b]0;pwned\x07A", "B\x9b2J\r", "C\ud800"]
    rec = {"game": "free", "players": names, "options": {},
           "events": [{"e": "round", "scores": [3, 2, 1]}, {"e": "end"}]}
    res = record.score_record(rec)
    path = tmp_path / "a.sqlite"
    Archive(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO games VALUES ('d-1','d',1,'free',1790000000,1,"
               "?,?,?,x'00',NULL)", (json.dumps(names), json.dumps(rec),
                               json.dumps(res)))
    db.commit()
    db.close()
    for args in (["games"], ["show", "d-1"], ["stats"],
                 ["export", "--format", "csv"], ["export"],
                 ["export", "--format", "bgstats"]):
        master, slave = pty.openpty()
        proc = subprocess.Popen([sys.executable, "-m", "marcador", *args,
                                 "--db", str(path)], stdout=slave,
                                stderr=subprocess.PIPE, cwd=ROOT)
        os.close(slave)
        out = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.close(master)
        assert proc.wait(30) == 0, proc.stderr.read()
        text = out.decode("utf-8")
        # The one escape marcador adds itself on a terminal: the winner
        # line bold (--color auto); what it wraps holds no raw ESC.
        text = re.sub("\x1b\\[1m(Winners?[^\x1b\r\n]*)\x1b\\[0m", r"\1",
                      text)
        assert "A" in text and "\x1b" not in text and "\x9b" not in text
        assert "\x07" not in text and "\r" not in text.replace("\r\n", "")
        assert "\\x1b" in text or "\\u001b" in text, (args, text)
    export = subprocess.run([sys.executable, "-m", "marcador", "export",
                             "--db", str(path)], capture_output=True,
                            cwd=ROOT)
    assert json.loads(export.stdout)[0]["players"][:2] == names[:2]
