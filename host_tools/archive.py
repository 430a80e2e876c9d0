"""The PC archive: games from every device in one SQLite file, deduplicated
by stable game id (device id + filesystem nonce + game number), with the
device's raw entry, the JSON game record (docs/records.md) and its scored result.

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

from marcador_core import gamefile, record, wire
from marcador_core.games import IDS, game_class

from .devicelog import to_record
from .termsafe import clean

SCHEMA = 3
WAIT = 30           # seconds a writer waits for another one
# The times a board can date a game with: its clock is set only within
# these (the protocol's limits, the device's own).
TIME_MIN = wire.TIME_MIN
TIME_MAX = wire.TIME_MAX
NUMBER_MAX = 0xFFFFFFFF  # game numbers: 32 bits in the entry header
# A bound on the work of one query: SQLite virtual machine steps per byte
# of the file (and a floor for small files). Reading the games of an
# archive takes about 0.01 step per byte (28 per game; 8,400 for 300 games
# in 786 KB); a hostile schema (a view that recurses for ever) stops here
# instead of hanging.
STEPS_PER_BYTE = 10
STEPS_MIN = 20_000_000
PROGRESS_EVERY = 10_000

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
# The game id grammar (docs/records.md): DEVICE-FSID-NUMBER (sync),
# DEVICE-NUMBER (games archived before schema 3) or json-HASH (a record
# imported without an id). Every id entering the archive matches it whole.
RECORD_ID = re.compile(r"([0-9A-Za-z]{1,32}(-[0-9a-f]{8})?-[0-9]{1,10}"
                       r"|json-[0-9a-f]{16})")


def check_id(gid):
    """gid, or ValueError unless it is a game id (RECORD_ID): an id is
    never a path, whatever a file or a device sends."""
    if not isinstance(gid, str) or not RECORD_ID.fullmatch(gid):
        raise ValueError(f"its id {str(gid)[:40]!r} is not DEVICE-FSID-"
                         f"NUMBER, DEVICE-NUMBER or json-HASH")
    return gid


def check_ids(rows, kept=()):
    """ValueError unless every game row's id, and every kept conflict's
    (another archive's damaged() items), is a game id."""
    for row in rows:
        check_id(row["id"])
    for k in kept:
        if k["kind"] == "conflict":
            check_id(k["name"])


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
        self.left_out = {}          # what readers skipped: name -> why
        self._steps, self._budget = 0, STEPS_MIN
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
        self._bound_work()
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
        if not self.path.exists():
            self._create()
        self.db = sqlite3.connect(self.path, isolation_level=None,
                                  timeout=WAIT)
        self.db.row_factory = sqlite3.Row
        self._bound_work()
        self.version = self._version()
        if self.version < SCHEMA:
            self._upgrade()
        self._check_games_table()

    def _create(self):
        # A new archive is made whole in a temp file beside it, then linked
        # into place: a full disk or a crash leaves no half-made file that
        # later commands would call "not a marcador archive". Another
        # process that created it first wins; this one then opens theirs.
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.new")
        try:
            self.db = sqlite3.connect(tmp, isolation_level=None,
                                      timeout=WAIT)
            try:
                self._bound_work()
                self._upgrade()
            finally:
                self.db.close()
            try:
                os.link(tmp, self.path)
            except FileExistsError:
                pass
            except OSError:           # no hard links here (FAT): rename
                if not self.path.exists():
                    os.replace(tmp, self.path)
        except OSError as ex:
            raise ArchiveError(f"cannot create the archive {self.path}: "
                               f"{ex.strerror or ex}") from None
        finally:
            for leftover in ("", "-journal", "-wal", "-shm"):
                try:
                    os.unlink(f"{tmp}{leftover}")
                except OSError:
                    pass

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
            if self.db.in_transaction:   # SQLite may have rolled back
                self.db.execute("ROLLBACK")
            raise
        self.version = SCHEMA

    def _bound_work(self):
        # Every statement gets a budget of steps (reset by _query); past
        # it, SQLite interrupts the statement.
        def tick():
            self._steps += PROGRESS_EVERY
            return self._steps > self._budget
        self.db.set_progress_handler(tick, PROGRESS_EVERY)

    def _new_budget(self):
        try:
            size = self.path.stat().st_size
        except OSError:
            size = 0
        self._steps = 0
        self._budget = max(STEPS_MIN, size * STEPS_PER_BYTE)

    def _check_games_table(self):
        # Only real tables are read: a view or a virtual table named games
        # (or damaged, conflicts) would run whatever its author wrote.
        wanted = ("games", "damaged", "conflicts")[:1 if self.version < 3
                                                   else 3]
        kinds = {r[0]: (r[1], r[2] or "") for r in self.db.execute(
            "SELECT name, type, sql FROM sqlite_master WHERE name IN "
            "('games', 'damaged', 'conflicts')")}
        for name in wanted:
            kind, text = kinds.get(name, ("missing", ""))
            if kind != "table" or re.match(r"\s*CREATE\s+VIRTUAL", text,
                                           re.I):
                raise ArchiveError(f"{self.path} is not a marcador archive "
                                   f"(its {name} is a {kind}, not a "
                                   f"table): check --db")
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
        elif "interrupted" in text and self._steps > self._budget:
            why = (f"asks for more work than an archive of its size needs "
                   f"(over {self._budget} steps): it is damaged or not a "
                   f"marcador archive; check --db")
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
        self._steps, self._budget = 0, float("inf")   # our own statements
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
        check_id(game_id(device, fsid, 1))      # never a path
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
        check_ids(rows, kept)

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
        self._new_budget()
        try:
            return list(self.db.execute(sql, args))
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    def _game_rows(self, where="", args=(), verify_raw=False,
                   order=BY_DEVICE):
        return list(self.iter_games(where, args, order, verify_raw))

    def iter_games(self, where="", args=(), order=BY_DEVICE,
                   verify_raw=False, replay=None, checked=()):
        """The rows every reader can trust, one at a time from one cursor:
        memory for one row, however big the archive. A row that fails the
        checks is left out and named in self.left_out (the command reports
        it). order: BY_DEVICE (device, number) or BY_DATE (started, oldest
        first; games of unknown date before all others). replay, if
        given, is a function rec -> (its scored result, anything) that
        checks the record in place of record.score_record: its second
        value goes into the row as "replayed" (the report draws its
        charts from the replay that checks the game: one per game).
        checked: row_digest()s of rows this reader already checked (a
        second pass over the archive): a row still the same is not
        checked again, one that changed is."""
        added = "added" if self.version >= 2 else "NULL AS added"
        self._new_budget()
        try:
            cur = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)}, "
                                  f"{added} FROM games {where} ORDER BY "
                                  f"{order}", args)
            for row in cur:
                d = dict(row)
                if checked and row_digest(d) in checked:
                    yield d
                    continue
                try:
                    replayed = _check_row(d, replay)
                    if replay is not None:
                        d["replayed"] = replayed
                    if verify_raw:
                        _check_raw(d)
                except (ValueError, TypeError, KeyError, IndexError,
                        AttributeError, RecursionError,
                        record.RecordError) as ex:
                    why = ex.text() if isinstance(ex, record.RecordError) \
                        else str(ex)
                    self.left_out[f"game {str(d.get('id'))[:60]}"] = why
                    continue
                yield d
        except sqlite3.Error as ex:
            raise self._error(ex) from None

    def count(self):
        """How many games the archive holds (nothing read but the count)."""
        return self._query("SELECT count(*) FROM games")[0][0]

    def games(self, verify_raw=False):
        """Every game row the readers can use (dicts, GAME_COLUMNS and
        added); the others are left out and named in self.left_out.
        verify_raw: also check that each row's raw bytes are the game
        its record says (for rows from another archive)."""
        return self._game_rows(verify_raw=verify_raw)

    def game_ids(self):
        """[{"id": ...}] of every game row, usable or not (import checks
        them all before it reads any)."""
        return [{"id": r[0]} for r in self._query("SELECT id FROM games")]

    def get(self, gid):
        rows = self._game_rows("WHERE id = ?", (gid,))
        if not rows:
            why = self.left_out.get(f"game {gid[:60]}")
            if why is not None:
                raise ArchiveError(
                    f"the archive {self.path} has a damaged game "
                    f"{clean(gid[:60])!r} ({why}): restore a backup, or "
                    f"sync its device again into a new archive with "
                    f"`marcador sync --all --db NEW.sqlite`")
            raise KeyError(gid)
        return rows[0]

    def damaged(self):
        """What the archive keeps apart: damaged items and refused entries
        (kind "damaged"), and conflicting bytes (kind "conflict")."""
        if self.version < 3:
            return []
        rows = [dict(r, kind="damaged") for r in self._query(
            "SELECT device, fsid, name, reason, raw, added "
            "FROM damaged ORDER BY added, device, name")]
        rows += [dict(r, kind="conflict", device="", fsid="",
                      name=r["id"],
                      reason="same id, other bytes than the archived game")
                 for r in self._query("SELECT id, raw, added FROM "
                                      "conflicts ORDER BY added, id")]
        out = []
        for d in rows:
            # Text where text belongs, bytes as raw, a time as added; the
            # size and hash are the raw bytes' own, never the file's word.
            if not all(isinstance(d[k], str) for k in
                       ("device", "fsid", "name", "reason")):
                why = "its names are not text"
            elif not isinstance(d["raw"], bytes):
                why = f"its raw bytes are {type(d['raw']).__name__}"
            elif not _is_int(d["added"]) or not 0 <= d["added"] <= TIME_MAX:
                why = "its time is not Unix seconds"
            else:
                d["size"], d["sha256"] = len(d["raw"]), sha256(d["raw"])
                out.append(d)
                continue
            self.left_out[f"{d['kind']} {str(d['name'])[:60]}"] = why
        return out


def row_digest(d):
    """A digest of a game row's every column, as iter_games yields it."""
    h = hashlib.sha256()
    for k in sorted(d):
        v = d[k]
        h.update(f"{k}:{type(v).__name__}:{len(str(v))}:".encode())
        h.update(v if isinstance(v, bytes) else
                 str(v).encode("utf-8", "backslashreplace"))
    return h.digest()


def game_id(device, fsid, number):
    return f"{device}-{fsid}-{number}" if fsid else f"{device}-{number}"


def _decode(head, log):
    if not board_time(head.time) or not board_time(head.ended):
        raise ValueError(f"its times ({head.time}, {head.ended}) are not "
                         f"times a board's clock can have")
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


def board_time(v):
    """True if v is a time a board dates games with (Unix seconds, its
    clock's range), or 0/None: unknown."""
    return v is None or (_is_int(v) and (v == 0 or
                                         TIME_MIN <= v <= TIME_MAX))


def _check_row(d, replay=None):
    if not isinstance(d["id"], str) or d["game"] not in IDS:
        raise ValueError("unknown title")
    if not isinstance(d["device"], str) or not _is_int(d["number"]) or \
            not 0 <= d["number"] <= NUMBER_MAX or d["finished"] not in (0, 1) \
            or not isinstance(d["finished"], int):
        raise ValueError("its device, number or finished flag is wrong")
    if not isinstance(d["raw"], bytes):
        raise ValueError("its raw bytes are not bytes")
    if not board_time(d["started"]):
        raise ValueError("started is not a time a board can date a game "
                         "with")
    if d["added"] is not None and not (_is_int(d["added"]) and
                                       0 <= d["added"] <= TIME_MAX):
        raise ValueError("the time it was added is wrong")
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
    if not board_time(rec.get("started")) or \
            not board_time(rec.get("ended")):
        raise ValueError("the record's times are not times a board can "
                         "date a game with")
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
    scored, replayed = ((record.score_record(rec), None) if replay is None
                        else replay(rec))
    if scored != res:
        raise ValueError("the record does not replay to its result")
    return replayed


def _check_raw(d):
    # The row's raw bytes are the game its columns and record say: its
    # number, title, names, options and events, byte for byte.
    head, log = gamefile.read_entry(d["raw"])
    rec = json.loads(d["record"])
    if head.number != d["number"] or head.gid != d["game"] or \
            head.names != rec["players"] or \
            (head.time or None) != (d["started"] or None):
        raise ValueError("its raw bytes are another game's")
    glog = record.load(rec)
    if log != bytes(glog.buf[:glog.used]) or head.opts != \
            record.options_bytes(rec["game"], len(rec["players"]),
                                 rec.get("options")):
        raise ValueError("its raw bytes are not the game its record says")


def record_row(rec):
    """A JSON game record (docs/records.md, e.g. from `marcador export`) as a
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
    check_id(gid)
    device, _, last = gid.rpartition("-")
    number = int(last) if last.isdigit() else 0
    if number > NUMBER_MAX:
        raise ValueError(f"its game number {number} is past what a board "
                         f"numbers ({NUMBER_MAX})")
    started, ended = rec.get("started"), rec.get("ended")
    for name, v in (("started", started), ("ended", ended)):
        if not board_time(v):
            raise ValueError(f"{name} is not a time a board can date a "
                             f"game with (Unix seconds from {TIME_MIN} "
                             f"to {TIME_MAX})")
    from .devicelog import to_entry
    raw = to_entry(rec, number, started or 0, ended or 0)
    rec = dict(rec, id=gid)
    return {"id": gid, "device": gid.split("-")[0], "number": number,
            "game": rec["game"], "started": started or None,
            "finished": int(bool(rec.get("finished", result["over"]))),
            "players": json.dumps(rec["players"]),
            "record": json.dumps(rec), "result": json.dumps(result),
            "raw": raw}
