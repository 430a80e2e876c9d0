"""CSV dates are ISO 8601 (local time with its UTC offset), not epoch
seconds; a game whose device had no clock set has an empty date."""

import csv
import io
from datetime import datetime, timezone

from marcador import export
from marcador.archive import Archive
from marcador.devicelog import to_entry

REC = {"game": "free", "players": ["Ana", "Beto"],
       "events": [{"e": "round", "scores": [4, 2]}]}


def test_csv_started_is_iso_8601(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    db.add_entry("d1", to_entry(REC, 1, 1_790_000_000))
    db.add_entry("d1", to_entry(REC, 2, 0))
    rows = list(csv.DictReader(io.StringIO(export.write(db, "csv"))))
    assert len(rows) == 4
    stamp = rows[0]["started"]
    when = datetime.fromisoformat(stamp)
    assert when.tzinfo is not None and "T" in stamp
    assert when.astimezone(timezone.utc) == datetime(
        2026, 9, 21, 14, 13, 20, tzinfo=timezone.utc)
    assert rows[2]["started"] == rows[3]["started"] == ""
