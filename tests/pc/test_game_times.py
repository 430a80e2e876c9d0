"""A game's start and end times from the device's header to every PC view:
the end time is in the header only with the ENDED flag (older entries,
without it, still read); a game whose device clock was never set has no
date anywhere (games, show, CSV, report, BG Stats), never the time the PC
archived it."""

import csv
import io
import json
import struct
import time

import pytest

from marcador_core import gamefile as F
from marcador_core.games import IDS
from marcador import bgstats, export, report
from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry

REC = {"game": "free", "players": ["Ana", "Beto"],
       "events": [{"e": "round", "scores": [4, 2]}, {"e": "end"}]}
T0 = 1_790_000_000                  # 2026-09-21 14:13:20 UTC
DEV = "511a000000000001"


def old_entry(number, t, opts, log):
    # An archive entry as devices wrote it before the end time, built
    # from the layout in core/gamefile.py (not from gamefile.header).
    head = struct.pack("<IIBBBB", number, t, F.FINISHED, 0b01,
                       IDS.index("free"), 2)
    head += b"\x03Ana\x04Beto" + bytes([len(opts)]) + opts
    body = head + struct.pack("<H", len(log)) + log
    return b"G" + struct.pack("<H", len(body)) + body + \
        struct.pack("<I", F.crc(body))


def test_old_entries_read_and_the_end_time_is_4_bytes_behind_a_flag():
    raw = to_entry(REC, 5, T0)
    h, log = F.read_entry(raw)
    old = old_entry(5, T0, h.opts, log)
    oh, olog = F.read_entry(old)
    assert (oh.number, oh.time, oh.ended, oh.flags) == (5, T0, 0, 1)
    assert olog == log and oh.names == ["Ana", "Beto"]
    new = to_entry(REC, 5, T0, T0 + 600)
    nh, nlog = F.read_entry(new)
    assert (nh.time, nh.ended, nh.flags) == (T0, T0 + 600,
                                             F.FINISHED | F.ENDED)
    assert nlog == log and len(new) - len(old) == 4
    # With ended 0 the writer leaves the flag and the 4 bytes out.
    assert to_entry(REC, 5, T0, 0) == old == raw


def test_a_flag_without_its_bytes_is_refused_and_kept_apart(tmp_path):
    h, log = F.read_entry(to_entry(REC, 5, T0))
    head = bytearray(F.header(5, T0, F.FINISHED, 1, "free", h.names, h.opts))
    head[8] |= F.ENDED                           # says 4 bytes follow
    body = bytes(head) + struct.pack("<H", len(log)) + log
    raw = b"G" + struct.pack("<H", len(body)) + body + \
        struct.pack("<I", F.crc(body))
    db = Archive(tmp_path / "a.sqlite")
    assert db.add_entry(DEV, raw, "0badcafe") == "kept apart"
    assert db.games() == [] and len(db.damaged()) == 1


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


def archive_with_clockless_game(path):
    db = Archive(path)
    db.add_entry(DEV, to_entry(REC, 1, T0, T0 + 47 * 60 + 20), "0badcafe")
    db.add_entry(DEV, to_entry(REC, 2, 0, 0), "0badcafe")   # never set
    return db


def test_no_clock_means_date_unknown_in_every_view(tmp_path, utc, capsys):
    db = archive_with_clockless_game(tmp_path / "a.sqlite")
    one, two = f"{DEV}-0badcafe-1", f"{DEV}-0badcafe-2"
    added = time.strftime("%Y-%m-%d", time.gmtime(db.games()[1]["added"]))
    assert added != "2026-09-21"             # the sync time differs
    d = ["--db", str(db.path)]
    assert cli(["games", *d]) == 0
    lines = capsys.readouterr().out.splitlines()
    # By date: the game of unknown date first (docs/pc-tools.md).
    assert lines == [f"{two}\tfree\tdate unknown\tover\tAna",
                     f"{one}\tfree\t2026-09-21 14:13\tover\tAna"]
    assert cli(["games", "--lang", "es", *d]) == 0
    assert "fecha desconocida" in capsys.readouterr().out
    assert cli(["games", "--json", *d]) == 0
    g = json.loads(capsys.readouterr().out)
    assert [(x["started"], x["ended"]) for x in g] == [
        (None, None), (T0, T0 + 2840)]
    assert cli(["show", one, *d]) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "played: 2026-09-21 14:13 (47 min)"
    assert cli(["show", two, *d]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "played: date unknown" and added not in out
    rows = list(csv.DictReader(io.StringIO(export.write(db, "csv"))))
    assert [r["started"] for r in rows] == [
        "2026-09-21T14:13:20+00:00"] * 2 + [""] * 2
    page = io.BytesIO()
    report.write(db, page)
    html = page.getvalue().decode()
    assert "fecha desconocida" in html and added not in html  # es first
    doc = json.loads(export.write(db, "bgstats"))
    assert [p["comments"] for p in doc["plays"]] == [f"Marcador {one}"]
    assert doc["plays"][0]["durationMin"] == 47
    assert doc["plays"][0]["playDate"] == "2026-09-21 14:13:20"
    assert bgstats.undated(db) == [two]
    out_file = tmp_path / "x.bgsplay"
    assert cli(["export", "--format", "bgstats", "-o", str(out_file),
                *d]) == 0
    err = capsys.readouterr().err
    assert "1 game left out, date unknown" in err and two in err
    assert "1 game written" in err
