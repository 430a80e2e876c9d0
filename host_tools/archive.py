"""The PC archive: games from every device in one SQLite file, deduplicated
by stable game id (device id + game number), with the device's raw entry,
the JSON game record (GAMES.md) and its scored result."""

import json
import os
import sqlite3
import time
from pathlib import Path

from marcador_core import gamefile, record

from .devicelog import to_record

SCHEMA = 2

SCHEMA_1 = """
    CREATE TABLE games (
        id       TEXT PRIMARY KEY,   -- device-number
        device   TEXT NOT NULL,
        number   INTEGER NOT NULL,
        game     TEXT NOT NULL,
        started  INTEGER,            -- Unix seconds, NULL unknown
        finished INTEGER NOT NULL,
        players  TEXT NOT NULL,      -- JSON list of names
        record   TEXT NOT NULL,      -- JSON game record
        result   TEXT NOT NULL,      -- JSON scored result
        raw      BLOB NOT NULL       -- the device's entry bytes
    );
"""
# Schema 2 adds: added INTEGER  -- Unix seconds the PC archived the game


def default_path():
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "marcador" / "games.sqlite"


class Archive:
    def __init__(self, path=None):
        self.path = Path(path or default_path())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.row_factory = sqlite3.Row
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            raise ValueError(f"{self.path} was written by a newer marcador "
                             f"(schema {version}); upgrade marcador")
        if version < SCHEMA:
            # Each step takes the file one schema version up, all in one
            # transaction: an archive of any older version opens, and a
            # failed upgrade leaves it as it was.
            self.db.execute("BEGIN")
            try:
                if version < 1:
                    self.db.execute(SCHEMA_1)
                if version < 2:
                    self.db.execute(
                        "ALTER TABLE games ADD COLUMN added INTEGER")
                self.db.execute(f"PRAGMA user_version = {SCHEMA}")
                self.db.commit()
            except sqlite3.Error:
                self.db.rollback()
                raise

    def close(self):
        self.db.close()

    def has(self, gid):
        return self.db.execute("SELECT 1 FROM games WHERE id = ?",
                               (gid,)).fetchone() is not None

    def add_entry(self, device, raw):
        """Store a game from its device entry bytes; False if already
        there. The transaction commits before this returns."""
        head, log = gamefile.read_entry(raw)
        gid = f"{device}-{head.number}"
        if self.has(gid):
            return False
        rec = to_record(head.gid, head.names, head.opts, log)
        rec["id"] = gid
        if head.time:
            rec["started"] = head.time
        rec["finished"] = head.finished
        result = record.score_record(rec)
        with self.db:
            self.db.execute(
                "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (gid, device, head.number, head.gid, head.time or None,
                 int(head.finished), json.dumps(head.names),
                 json.dumps(rec), json.dumps(result), raw,
                 int(time.time())))
        return True

    def games(self):
        return list(self.db.execute(
            "SELECT * FROM games ORDER BY device, number"))

    def get(self, gid):
        row = self.db.execute("SELECT * FROM games WHERE id = ?",
                              (gid,)).fetchone()
        if row is None:
            raise KeyError(gid)
        return row
