"""The PC archive: games from every device in one SQLite file, deduplicated
by stable game id (device id + filesystem nonce + game number), with the
device's raw entry, the JSON game record (GAMES.md) and its scored result.

Besides the games, the archive keeps apart what is not a game (schema 3):
`damaged`, the device's damaged items (fetched raw with `raw`) and entries
the PC could not store as games, each with the reason; `conflicts`, the
bytes of a game whose id the archive already holds with other bytes. Neither
is ever counted by stats or exported.

Read-only commands open the file with SQLite's `mode=ro`: they never create,
upgrade or lock out an archive, so an old one on read-only media reads.
Writers take the write lock first (BEGIN IMMEDIATE) and look again inside
the transaction, so two processes creating the archive or adding the same
game both succeed, one after the other.
"""

import hashlib
import json
import os
import re
import sqlite3
import time
import urllib.parse
from pathlib import Path

from marcador_core import gamefile, record
from marcador_core.games import IDS, game_class

from .devicelog import to_record

SCHEMA = 3
WAIT = 30           # seconds a writer waits for another one

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
# Schema 3: game ids are device-fsid-number (older rows keep theirs), and:
SCHEMA_3 = ("""
    CREATE TABLE damaged (
        device   TEXT NOT NULL,
        fsid     TEXT NOT NULL,
        name     TEXT NOT NULL,      -- aNNNN.OFF.LEN, badN, or a game id
        sha256   TEXT NOT NULL,
        size     INTEGER NOT NULL,
        reason   TEXT NOT NULL,
        raw      BLOB NOT NULL,
        added    INTEGER NOT NULL,
        PRIMARY KEY (device, fsid, name, sha256)
    )""", """
    CREATE TABLE conflicts (
        id       TEXT NOT NULL,      -- a game id already in games
        sha256   TEXT NOT NULL,
        raw      BLOB NOT NULL,      -- the other bytes under that id
        added    INTEGER NOT NULL,
        PRIMARY KEY (id, sha256)
    )""")

GAME_COLUMNS = ("id", "device", "number", "game", "started", "finished",
                "players", "record", "result", "raw")

NEW, SAME, CONFLICT, REFUSED = "new", "same", "conflict", "kept apart"
RECORD_ID = re.compile(r"^([0-9A-Za-z]{1,32}(-[0-9a-f]{8})?-[0-9]{1,10}"
                       r"|json-[0-9a-f]{16})$")


# The orders games are read in (iter_games): SQLite sorts NULL (a game of
# unknown date) before every number.
BY_DEVICE = "device, number"
BY_DATE = "started, device, number"


class ArchiveError(Exception):
    """The archive cannot be opened, read or written; the text says what
    to do."""


def default_path():
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "marcador" / "games.sqlite"


def sha256(raw):
    return hashlib.sha256(raw).hexdigest()


class Archive:
    def __init__(self, path=None, readonly=False):
        self.path = Path(path or default_path())
        self.readonly = readonly
        try:
            if readonly:
                self._open_readonly()
            else:
                self._open_writable()
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    # ------------------------------------------------------------ opening

    def _open_readonly(self):
        if not self.path.is_file():
            raise ArchiveError(
                f"no archive at {self.path}" + (" (a folder)" if
                                                self.path.is_dir() else "")
                + ": check --db, or create one with `marcador sync`")
        uri = ("file:" + urllib.parse.quote(str(self.path.resolve()))
               + "?mode=ro")
        self.db = sqlite3.connect(uri, uri=True, isolation_level=None,
                                  timeout=WAIT)
        self.db.row_factory = sqlite3.Row
        self.version = self._version()
        if self.version == 0:
            raise ArchiveError(f"{self.path} is not a marcador archive "
                               f"(no games table): check --db")
        self._check_games_table()

    def _open_writable(self):
        if self.path.is_dir():
            raise ArchiveError(f"{self.path} is a folder: give --db a file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as ex:
            raise ArchiveError(f"cannot create {self.path.parent}: "
                               f"{ex.strerror or ex}") from None
        self.db = sqlite3.connect(self.path, isolation_level=None,
                                  timeout=WAIT)
        self.db.row_factory = sqlite3.Row
        self.version = self._version()
        if self.version < SCHEMA:
            self._upgrade()
        self._check_games_table()

    def _version(self):
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA:
            raise ArchiveError(f"{self.path} was written by a newer "
                               f"marcador (schema {version}); upgrade "
                               f"marcador")
        return version

    def _upgrade(self):
        # Each step takes the file one schema version up, all in one
        # transaction holding the write lock: an archive of any older
        # version opens, a failed upgrade leaves it as it was, and a second
        # process upgrading at the same time waits and then finds it done.
        self.db.execute("BEGIN IMMEDIATE")
        try:
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0 and self.db.execute(
                    "SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise ArchiveError(f"{self.path} is a database but not a "
                                   f"marcador archive: check --db")
            if version < 1:
                self.db.execute(SCHEMA_1)
            if version < 2:
                self.db.execute("ALTER TABLE games ADD COLUMN added INTEGER")
            if version < 3:
                for statement in SCHEMA_3:
                    self.db.execute(statement)
            if version < SCHEMA:
                self.db.execute(f"PRAGMA user_version = {SCHEMA}")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.version = SCHEMA

    def _check_games_table(self):
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(games)")}
        missing = [c for c in GAME_COLUMNS if c not in cols]
        if missing:
            raise ArchiveError(f"{self.path} is not a marcador archive (its "
                               f"games table lacks {', '.join(missing)}): "
                               f"check --db")

    def _error(self, ex):
        text = str(ex)
        if "readonly" in text or "read-only" in text:
            why = ("is read-only: copy it somewhere writable, or give "
                   "another --db")
        elif "full" in text:
            why = ("could not grow: the disk is full. Nothing was lost; "
                   "free some space and run the command again")
        elif "not a database" in text or "malformed" in text:
            why = (f"is not an archive or is damaged ({text}): check "
                   f"--db, restore a backup, or copy the "
                   f"device's games again into a new archive with "
                   f"`marcador sync --all --db NEW.sqlite`")
        elif "locked" in text or "busy" in text:
            why = (f"is in use by another program for over {WAIT} s; try "
                   f"again when it is done")
        elif "unable to open" in text:
            why = "cannot be opened: check --db and its folder"
        else:
            why = f"failed: {text}"
        return ArchiveError(f"the archive {self.path} {why}")

    def close(self):
        self.db.close()

    # ------------------------------------------------------------ writing

    def _write(self, work):
        # work(db) inside one transaction holding the write lock.
        if self.readonly:
            raise ArchiveError(f"the archive {self.path} was opened "
                               f"read-only")
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                out = work(self.db)
                self.db.execute("COMMIT")
                return out
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    def add_entry(self, device, raw, fsid=None):
        """Store a game from its device entry bytes. Returns NEW, SAME (the
        archive holds these bytes under this id), CONFLICT (it holds other
        bytes under this id: the new ones are kept in `conflicts`) or
        REFUSED (not a game the rules accept: kept in `damaged` with the
        reason). The transaction commits before this returns."""
        raw = bytes(raw)
        try:
            head, log = gamefile.read_entry(raw)
        except (ValueError, IndexError) as ex:
            self.add_damaged(device, fsid or "-", "entry", raw,
                             f"unreadable entry: {ex}")
            return REFUSED
        gid = game_id(device, fsid, head.number)
        try:
            rec, result = _decode(head, log)
            rec["id"] = gid
        except Exception as ex:      # device bytes the rules refuse
            reason = (ex.text() if isinstance(ex, record.RecordError)
                      else f"{type(ex).__name__}: {ex}")
            self.add_damaged(device, fsid or "-", gid, raw,
                             f"not a valid game: {reason}")
            return REFUSED

        def work(db):
            old = db.execute("SELECT raw FROM games WHERE id = ?",
                             (gid,)).fetchone()
            if old is not None:
                if bytes(old[0]) == raw:
                    return SAME
                db.execute("INSERT OR IGNORE INTO conflicts VALUES "
                           "(?,?,?,?)", (gid, sha256(raw), raw,
                                         int(time.time())))
                return CONFLICT
            db.execute(
                "INSERT INTO games (id, device, number, game, started, "
                "finished, players, record, result, raw, added) VALUES "
                "(?,?,?,?,?,?,?,?,?,?,?)",
                (gid, device, head.number, head.gid, head.time or None,
                 int(head.finished), json.dumps(head.names),
                 json.dumps(rec), json.dumps(result), raw,
                 int(time.time())))
            return NEW
        return self._write(work)

    def add_damaged(self, device, fsid, name, raw, reason):
        """Keep bytes that are not a game; True if new (deduplicated by
        device, fsid, name and content)."""
        raw = bytes(raw)

        def work(db):
            cur = db.execute(
                "INSERT OR IGNORE INTO damaged VALUES (?,?,?,?,?,?,?,?)",
                (device, fsid, name, sha256(raw), len(raw), reason, raw,
                 int(time.time())))
            return cur.rowcount == 1
        return self._write(work)

    def merge(self, rows, kept=(), compare="raw"):
        """Import games from elsewhere (`marcador import`), all in one
        transaction: rows are game rows (GAME_COLUMNS); each is NEW, SAME
        (this archive holds it under that id: the same bytes, or with
        compare="record" the same JSON record) or CONFLICT (something else
        under that id: the new bytes are kept in `conflicts`, as sync
        does). kept: another archive's damaged() items, added
        deduplicated. Returns ([(id, status)], new kept items)."""
        now = int(time.time())

        def work(db):
            out = []
            for row in rows:
                gid, raw = row["id"], bytes(row["raw"])
                old = db.execute("SELECT raw, record FROM games WHERE "
                                 "id = ?", (gid,)).fetchone()
                if old is None:
                    db.execute(
                        f"INSERT INTO games ({', '.join(GAME_COLUMNS)}, "
                        f"added) VALUES ({', '.join('?' * 11)})",
                        [row[c] for c in GAME_COLUMNS[:-1]] +
                        [raw, row.get("added") or now])
                    out.append((gid, NEW))
                    continue
                same = (json.loads(old[1]) == json.loads(row["record"])
                        if compare == "record" else bytes(old[0]) == raw)
                if same:
                    out.append((gid, SAME))
                    continue
                db.execute("INSERT OR IGNORE INTO conflicts VALUES "
                           "(?,?,?,?)", (gid, sha256(raw), raw, now))
                out.append((gid, CONFLICT))
            new_kept = 0
            for k in kept:
                raw = bytes(k["raw"])
                if k["kind"] == "conflict":
                    cur = db.execute("INSERT OR IGNORE INTO conflicts "
                                     "VALUES (?,?,?,?)",
                                     (k["name"], sha256(raw), raw,
                                      k["added"]))
                else:
                    cur = db.execute(
                        "INSERT OR IGNORE INTO damaged VALUES "
                        "(?,?,?,?,?,?,?,?)",
                        (k["device"], k["fsid"], k["name"], sha256(raw),
                         len(raw), k["reason"], raw, k["added"]))
                new_kept += cur.rowcount == 1
            return out, new_kept
        return self._write(work)

    # ------------------------------------------------------------ reading

    def _query(self, sql, args=()):
        try:
            return list(self.db.execute(sql, args))
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    def _game_rows(self, where="", args=(), order=BY_DEVICE):
        return list(self.iter_games(where, args, order))

    def iter_games(self, where="", args=(), order=BY_DEVICE):
        """The games one at a time from one cursor, each checked as
        games() does: memory for one row, however big the archive.
        order: BY_DEVICE (device, number) or BY_DATE (started, oldest
        first; games of unknown date before all others)."""
        added = "added" if self.version >= 2 else "NULL AS added"
        try:
            cur = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)}, "
                                  f"{added} FROM games {where} ORDER BY "
                                  f"{order}", args)
            for r in cur:
                yield self._checked(r)
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    def count(self):
        """How many games the archive holds (nothing read but the count)."""
        return self._query("SELECT count(*) FROM games")[0][0]

    def _checked(self, row):
        # A row as a dict, its JSON checked to have the shape every reader
        # relies on: a damaged or foreign row is named, never half-read.
        d = dict(row)
        try:
            _check_row(d)
        except (ValueError, TypeError, KeyError, IndexError,
                RecursionError, record.RecordError) as ex:
            raise ArchiveError(
                f"the archive {self.path} has a damaged game "
                f"{str(d.get('id'))[:60]!r} ({ex}): restore a backup, or "
                f"sync its device again into a new archive with "
                f"`marcador sync --all --db NEW.sqlite`") from None
        return d

    def games(self):
        return self._game_rows()

    def get(self, gid):
        rows = self._game_rows("WHERE id = ?", (gid,))
        if not rows:
            raise KeyError(gid)
        return rows[0]

    def damaged(self):
        """What the archive keeps apart: damaged items and refused entries
        (kind "damaged"), and conflicting bytes (kind "conflict")."""
        if self.version < 3:
            return []
        out = [dict(r, kind="damaged") for r in self._query(
            "SELECT device, fsid, name, sha256, size, reason, raw, added "
            "FROM damaged ORDER BY added, device, name")]
        out += [dict(r, kind="conflict", device="", fsid="",
                     name=r["id"], size=len(r["raw"]),
                     reason="same id, other bytes than the archived game")
                for r in self._query("SELECT id, sha256, raw, added FROM "
                                     "conflicts ORDER BY added, id")]
        return out


def game_id(device, fsid, number):
    return f"{device}-{fsid}-{number}" if fsid else f"{device}-{number}"


def _decode(head, log):
    cls = game_class(head.gid)
    n = len(head.names)
    if not cls.MIN_PLAYERS <= n <= cls.MAX_PLAYERS:
        raise ValueError(f"{n} players")
    rec = to_record(head.gid, head.names, head.opts, log, head.time,
                    head.ended)
    rec["finished"] = head.finished
    return rec, record.score_record(rec)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_row(d):
    if not isinstance(d["id"], str) or d["game"] not in IDS:
        raise ValueError("unknown title")
    for k in ("started", "added"):
        if d[k] is not None and not _is_int(d[k]):
            raise ValueError(k)
    rec = json.loads(d["record"])
    res = json.loads(d["result"])
    if not isinstance(rec, dict) or not isinstance(res, dict):
        raise ValueError("record and result must be objects")
    names = rec["players"]
    if not isinstance(names, list) or not all(isinstance(x, str)
                                               for x in names):
        raise ValueError("players")
    if not isinstance(rec.get("options", {}), dict) or \
            not isinstance(rec["events"], list):
        raise ValueError("record")
    players = res["players"]
    if not isinstance(players, list) or len(players) != len(names):
        raise ValueError("result players")
    for p in players:
        if not isinstance(p["name"], str) or not _is_int(p["total"]) or \
                not isinstance(p["parts"], dict):
            raise ValueError("result player")
    for k in ("winners", "leaders"):
        if not isinstance(res[k], list) or not all(
                _is_int(i) and 0 <= i < len(players) for i in res[k]):
            raise ValueError(k)
    if not isinstance(res["over"], bool) or \
            not isinstance(res.get("status", {}), dict):
        raise ValueError("result")
    # The record replays to its result: the rules core is the judge.
    if record.score_record(rec) != res:
        raise ValueError("the record does not replay to its result")


def record_row(rec):
    """A JSON game record (GAMES.md, e.g. from `marcador export`) as a
    game row for merge(): its id is the record's "id" (DEVICE-...-NUMBER),
    or, without one, "json-" and a hash of the record, so that the same
    record imported twice is one game. Raises record.RecordError (or
    ValueError) if it is not a valid record."""
    if not isinstance(rec, dict):
        raise ValueError("not a JSON object")
    result = record.score_record(rec)
    gid = rec.get("id")
    if gid is None:
        canonical = json.dumps(rec, sort_keys=True, ensure_ascii=False)
        gid = "json-" + sha256(canonical.encode())[:16]
    if not isinstance(gid, str) or not RECORD_ID.match(gid):
        raise ValueError(f"its id {str(gid)[:40]!r} is not DEVICE-NUMBER, "
                         f"DEVICE-FSID-NUMBER or json-HASH")
    device, _, last = gid.rpartition("-")
    number = int(last) if last.isdigit() else 0
    started = rec.get("started")
    if started is not None and not _is_int(started):
        raise ValueError("started is not Unix seconds")
    ended = rec.get("ended")
    if ended is not None and not (_is_int(ended) and 0 <= ended < 1 << 32):
        raise ValueError("ended is not Unix seconds")
    from .devicelog import to_entry
    raw = to_entry(rec, number, started or 0, ended or 0)
    rec = dict(rec, id=gid)
    return {"id": gid, "device": gid.split("-")[0], "number": number,
            "game": rec["game"], "started": started or None,
            "finished": int(bool(rec.get("finished", result["over"]))),
            "players": json.dumps(rec["players"]),
            "record": json.dumps(rec), "result": json.dumps(result),
            "raw": raw}
