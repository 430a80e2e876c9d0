"""A sync while `report` or `export` read the same archive, and the other
way round (issue 23, "not yet tried"): SQLite's locks. Whichever has to
wait past the archive's wait (archive.WAIT, cut to 1 s here) ends in one
line that says what happened and what to do, exit 3, and nothing changed:
no game half-written, none marked synced on the device that the archive
does not hold. Once the other program is done, the same command works."""

import sqlite3

import pytest

from marcador import archive
from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.simport import SimDevice
from test_sync import SCRIPT, connect


def one_line(err):
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_a_sync_while_a_report_reads_waits_or_says_so(tmp_path, capsys,
                                                     monkeypatch):
    db = tmp_path / "a.sqlite"
    Archive(db).close()                       # an archive, still empty
    monkeypatch.setattr(archive, "WAIT", 1)
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        c.close()
        # A reader in the middle of its work (report, export): its read
        # transaction holds SQLite's shared lock.
        reader = sqlite3.connect(db, isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM games").fetchall()
        capsys.readouterr()
        assert cli(["sync", "--port", dev.port, "--db", str(db)]) == 3
        line = one_line(capsys.readouterr().err)
        assert "in use by another program" in line and "again" in line
        reader.execute("ROLLBACK")
        reader.close()
        # Nothing was written, nothing marked synced on the device.
        assert Archive(db, readonly=True).db.execute(
            "SELECT count(*) FROM games").fetchone()[0] == 0
        c = connect(dev)
        assert not [g for g in c.games() if g.get("synced")]
        c.close()
        # The reader done: the same sync brings all three.
        assert cli(["sync", "--port", dev.port, "--db", str(db)]) == 0
        assert "3 games received, 3 new" in capsys.readouterr().out
        c = connect(dev)
        assert [g["synced"] for g in c.games()] == [True] * 3
        c.close()


def test_a_sync_waits_for_a_short_read_and_works(tmp_path, capsys,
                                                 monkeypatch):
    import threading
    db = tmp_path / "a.sqlite"
    Archive(db).close()
    monkeypatch.setattr(archive, "WAIT", 20)
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        connect(dev).close()
        reader = sqlite3.connect(db, isolation_level=None,
                                 check_same_thread=False)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM games").fetchall()
        # The reader finishes 1 s into the sync's wait.
        done = threading.Timer(1.0, lambda: reader.execute("ROLLBACK"))
        done.start()
        capsys.readouterr()
        assert cli(["sync", "--port", dev.port, "--db", str(db)]) == 0
        done.join()
        reader.close()
    assert "3 games received, 3 new" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["report"], ["export", "--format",
                                                  "csv"], ["games"]])
def test_a_report_while_a_sync_writes_waits_or_says_so(tmp_path, capsys,
                                                      monkeypatch, command):
    db = tmp_path / "a.sqlite"
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        connect(dev).close()
        assert cli(["sync", "--port", dev.port, "--db", str(db)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(archive, "WAIT", 1)
    monkeypatch.chdir(tmp_path)           # report writes its page here
    # A sync committing: SQLite's exclusive lock, no reader may start.
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")
    assert cli(command + ["--db", str(db)]) == 3
    line = one_line(capsys.readouterr().err)
    assert "in use by another program" in line and "again" in line, line
    writer.execute("ROLLBACK")
    writer.close()
    assert cli(command + ["--db", str(db)]) == 0
