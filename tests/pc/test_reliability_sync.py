"""`marcador sync` against a misbehaving device (tests/fakedevice.py): every
mode ends in one line and exit code 4, or with the game it cannot store
reported and kept apart (and the next sync works): never a traceback, never
an endless loop (each run is a child process killed after a time limit).
Also protocol 3's PC side: FSID ids, exact marks, damaged items, conflicts.
"""

import json
import multiprocessing
import os
import random
import sys
import tempfile

import pytest

from fakedevice import DEVICE, FSID, FakeDevice
from gamegen import random_game
from marcador.archive import Archive
from marcador.devicelog import to_entry
from marcador_core import gamefile, record

EXIT_DEVICE = 4
LIMIT = 30          # seconds a sync may take before it counts as endless


def good_entries(numbers, seed=4):
    rnd = random.Random(seed)
    out = []
    for n in numbers:
        rec, _ = random_game(rnd, ["free", "duplicon", "dog"][n % 3],
                             steps=40)
        out.append(to_entry(rec, n, 1_790_000_000 + n))
    return out


def entry(number, gid, names, opts=b"", log=b"", title=None):
    head = gamefile.header(number, 0, 0, 0, gid, names, opts)
    if title is not None:
        head[10] = title
    return bytes(gamefile.entry(head, log, len(log)))


def doggy_wild_five():
    return record.encode_event("doggy", 2, {"e": "take", "p": 0,
                                            "color": "wild", "points": 5})


BAD_ENTRIES = {
    "zero-players": lambda: entry(3, "free", [], b"\0\0\0"),
    "200-players": lambda: entry(3, "dinos", ["P"] * 200, bytes(4)),
    "rules-refuse": lambda: entry(3, "doggy", ["A", "B"],
                                  log=doggy_wild_five()),
    "undecodable-log": lambda: entry(3, "free", ["A", "B"], b"\3\0\0",
                                     log=b"\x0b\x0b"),
    "unknown-title": lambda: entry(3, "free", ["A", "B"], b"\0\0\0",
                                   title=9),
    "bad-entry-crc": lambda: (lambda e: e[:-1] + bytes([e[-1] ^ 1]))(
        good_entries([3])[0]),
    "bad-name-utf8": lambda: (lambda e: fix_crc(e.replace(b"\x02J1",
                                                          b"\x02\xff\xfe")))(
        entry(3, "free", ["J1", "J2"], b"\0\0\0")),
}

DEVICE_MODES = ["bad-crc", "bad-crc-pull", "short-hello", "short-pull",
                "bad-base64", "non-integer-next", "non-integer-count",
                "negative-count", "protocol-word", "huge-protocol",
                "count-mismatch", "next-never-advances", "next-goes-back",
                "silent", "garbage-lines", "endless-line", "protocol-2",
                "wrong-answer", "bad-device-id", "busy", "internal-error",
                "endless-damaged", "raw-never-advances", "raw-wrong-offset"]
KEPT_MODES = list(BAD_ENTRIES) + ["truncated-entries", "mark-refused",
                                  "conflict"]


def fix_crc(e):
    body = e[3:-4]
    return e[:3] + body + gamefile.crc(body).to_bytes(4, "little")


def device_for(mode):
    games = good_entries([1, 2, 4])
    damaged = {"a0002.120.40": bytes(range(40)), "bad1": b"J" + bytes(300)}
    if mode in BAD_ENTRIES:
        games.append(BAD_ENTRIES[mode]())
        return FakeDevice(games, damaged=damaged)
    return FakeDevice(games, mode=mode, damaged=damaged)


def _child(dev, args, out, conn):
    import serial
    from marcador import link
    from marcador.cli import main
    serial.serial_for_url = lambda *a, **k: dev
    link.BUSY_WAIT = 0.01
    fd = os.open(out, os.O_WRONLY | os.O_CREAT)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
    code = main(args)
    sys.stdout.flush()
    sys.stderr.flush()
    conn.send({"marked": dev.marked, "synced": sorted(dev.synced)})
    os._exit(code if isinstance(code, int) else 99)


def run_sync(dev, db, *extra, limit=LIMIT):
    """`marcador sync` in a child process against dev: (exit code, stdout
    and stderr text, the device's marks); code None if it never ended."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    with tempfile.NamedTemporaryFile(suffix=".txt") as out:
        p = ctx.Process(target=_child, args=(
            dev, ["sync", "--port", "fake", "--db", str(db), *extra],
            out.name, send))
        p.start()
        p.join(limit)
        if p.is_alive():
            p.kill()
            p.join()
            return None, open(out.name).read(), None
        text = open(out.name, errors="replace").read()
    state = recv.recv() if recv.poll(1) else None
    if state:                   # what the device kept, as after a real run
        dev.synced = set(state["synced"])
    return p.exitcode, text, state


def lines(text, prefix):
    return [ln for ln in text.splitlines() if ln.startswith(prefix)]


@pytest.mark.parametrize("mode", DEVICE_MODES)
def test_a_misbehaving_device_ends_in_one_line(tmp_path, mode):
    code, text, _ = run_sync(device_for(mode), tmp_path / "a.sqlite")
    assert code is not None, f"{mode}: never ended"
    assert "Traceback" not in text, text[-800:]
    assert code == EXIT_DEVICE, text[-800:]
    errs = lines(text, "marcador sync:")
    assert len(errs) == 1, text
    assert all(" " <= c <= "~" or c == "\n" for c in text), text
    if mode == "protocol-2":
        assert "marcador flash" in errs[0] and "protocol 2" in errs[0]
    # The archive is whole: the games that arrived before are readable.
    db = Archive(tmp_path / "a.sqlite", readonly=True)
    assert all(json.loads(g["result"]) for g in db.games())


@pytest.mark.parametrize("mode", KEPT_MODES)
def test_a_game_that_cannot_be_stored_is_kept_apart(tmp_path, mode):
    path = tmp_path / "a.sqlite"
    dev = device_for(mode)
    if mode == "conflict":
        other = FakeDevice(good_entries([1], seed=99))   # same id 1
        assert run_sync(other, path)[0] == 0
    code, text, state = run_sync(dev, path)
    assert "Traceback" not in text, text[-800:]
    assert code == 0, text[-800:]
    db = Archive(path, readonly=True)
    ids = [g["id"] for g in db.games()]
    kept = db.damaged()
    if mode == "mark-refused":
        assert "NOT MARKED" in text and state["synced"] == []
        assert ids == [f"{DEVICE}-{FSID}-{n}" for n in (1, 2, 4)]
    elif mode == "conflict":
        assert lines(text, "CONFLICT:") == [
            f"CONFLICT: {DEVICE}-{FSID}-1 is archived with other bytes; "
            f"the new ones are kept apart (`marcador damaged`)"]
        assert [k["name"] for k in kept if k["kind"] == "conflict"] == \
            [f"{DEVICE}-{FSID}-1"]
        conflict = next(k for k in kept if k["kind"] == "conflict")
        assert conflict["raw"] == dev.games[1]
        assert db.get(f"{DEVICE}-{FSID}-1")["raw"] != dev.games[1]
        assert state["synced"] == [1, 2, 4]     # both copies on the PC
    else:
        assert len(lines(text, "KEPT APART:")) == 1, text
        assert ids == [f"{DEVICE}-{FSID}-{n}" for n in
                       ((1, 2) if mode == "truncated-entries" else
                        (1, 2, 4))]
        refused = [k for k in kept if k["kind"] == "damaged" and
                   k["reason"] != "reported damaged by the device"]
        assert len(refused) == 1 and refused[0]["raw"]
        # Exactly the games received and stored are marked.
        assert state["synced"] == ([1, 2] if mode == "truncated-entries"
                                   else [1, 2, 4])
        # The next sync is not blocked: a new game arrives, the kept-apart
        # one is reported again and stored once.
        dev.games[5] = good_entries([5])[0]
        dev.mode = "ok"
        code, text, state = run_sync(dev, path)
        assert code == 0, text
        db = Archive(path, readonly=True)
        assert f"{DEVICE}-{FSID}-5" in [g["id"] for g in db.games()]
        assert len([k for k in db.damaged() if k["kind"] == "damaged" and
                    k["reason"] != "reported damaged by the device"]) == 1
    # The device's damaged items arrived, raw, never as games.
    items = {k["name"]: k["raw"] for k in kept
             if k["reason"] == "reported damaged by the device"}
    assert items == {"a0002.120.40": bytes(range(40)),
                     "bad1": b"J" + bytes(300)}


def test_the_modes_cover_the_issue():
    assert len(DEVICE_MODES) + len(KEPT_MODES) >= 20


def test_a_good_sync_builds_fsid_ids_marks_exactly_and_fetches_damaged(
        tmp_path):
    path = tmp_path / "a.sqlite"
    numbers = [1, 2, 3, 5, 6, 9, 10, 11, 14]
    dev = FakeDevice(good_entries(numbers),
                     damaged={"a0001.4000.96": os.urandom(96),
                              "bad2": os.urandom(120),
                              "bad2-1": os.urandom(117)})
    code, text, state = run_sync(dev, path)
    assert code == 0, text
    assert f"device {DEVICE} (filesystem {FSID}): 9 games received, " \
        f"9 new" in text
    assert "3 damaged items on the device, 3 new" in text
    assert sorted(state["marked"]) == numbers
    db = Archive(path, readonly=True)
    assert [g["id"] for g in db.games()] == [
        f"{DEVICE}-{FSID}-{n}" for n in numbers]
    kept = {k["name"]: k["raw"] for k in db.damaged()}
    assert kept == dev.damaged_items
    # Again: nothing new, nothing stored twice.
    code, text, _ = run_sync(dev, path)
    assert code == 0 and "0 games received" in text
    assert "3 damaged items on the device, 0 new" in text
    assert len(Archive(path, readonly=True).damaged()) == 3


def test_mark_sends_only_consecutive_spans_and_at_most_16():
    from marcador.link import Client
    dev = FakeDevice(good_entries(range(1, 60, 1), seed=1))
    c = Client.__new__(Client)
    c.ser, c.sent, c.received = dev, 0, 0
    numbers = [1, 2, 3, 5, 7, 8, 9] + list(range(11, 59, 2))
    c.mark(*numbers)
    marks = [w[1:] for w in dev.requests if w[0] == "mark"]
    assert marks[0][:4] == ["1-3", "5", "7-9", "11"]
    assert all(len(m) <= 16 for m in marks) and len(marks) == 2
    assert sorted(dev.synced) == sorted(numbers)


def test_damaged_cli_lists_and_writes_raw_bytes(tmp_path, capsys):
    from marcador.cli import main as cli
    path = tmp_path / "a.sqlite"
    items = {"a0003.10.20": os.urandom(20), "bad7": os.urandom(500)}
    dev = FakeDevice(good_entries([1]) + [BAD_ENTRIES["rules-refuse"]()],
                     damaged=items)
    assert run_sync(dev, path)[0] == 0
    out = tmp_path / "out"
    out.mkdir()
    assert cli(["damaged", "--db", str(path), "--out", str(out)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 3
    files = {p.name: p.read_bytes() for p in out.iterdir()}
    assert len(files) == 3
    for name, raw in items.items():
        assert [v for k, v in files.items() if name in k] == [raw]
    refused = [ln for ln in listed if "not a valid game" in ln]
    assert len(refused) == 1 and "wild Parranda" in refused[0]
    # Never a game, never counted.
    assert cli(["games", "--db", str(path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1


def test_sync_into_a_read_only_or_full_archive_is_one_line(tmp_path):
    from test_reliability_archive import remount_ro, tmpfs
    many = good_entries(range(1, 121), seed=8)
    with tmpfs(tmp_path / "full", "64k") as mnt:
        dev = FakeDevice(many)
        code, text, state = run_sync(dev, mnt / "a.sqlite")
        assert code == 3 and "Traceback" not in text, text[-600:]
        err = lines(text, "marcador sync:")
        assert len(err) == 1 and "disk is full" in err[0]
        stored = {g["number"] for g in
                  Archive(mnt / "a.sqlite", readonly=True).games()}
        # Only games the archive holds were marked synced.
        assert 0 < len(stored) < 120 and set(state["synced"]) <= stored
    with tmpfs(tmp_path / "ro", "1m") as mnt:
        Archive(mnt / "a.sqlite").close()
        remount_ro(mnt)
        code, text, state = run_sync(FakeDevice(many[:3]), mnt / "a.sqlite")
        assert code == 3 and "Traceback" not in text, text[-600:]
        err = lines(text, "marcador sync:")
        assert len(err) == 1 and "read-only" in err[0]
        assert state["synced"] == []


def test_randomly_corrupted_pulls_never_end_in_a_traceback(tmp_path,
                                                           monkeypatch,
                                                           capsys):
    # 150 seeded corruptions of the games' bytes inside well-formed frames
    # (in process, for speed): every sync ends in exit 0 with the bad
    # entries kept apart, or in one line; the archive stays readable and
    # holds only intact games.
    import serial
    from marcador.cli import main as cli
    games = good_entries([1, 2, 3, 4, 5, 6], seed=5)
    codes = {}
    for k in range(150):
        dev = FakeDevice(games, mode=f"mutate-{k}")
        monkeypatch.setattr(serial, "serial_for_url", lambda *a, **kw: dev)
        path = tmp_path / f"a{k}.sqlite"
        code = cli(["sync", "--port", "fake", "--db", str(path)])
        out, err = capsys.readouterr()
        codes[code] = codes.get(code, 0) + 1
        assert code in (0, EXIT_DEVICE), err
        if code:
            assert len(lines(err, "marcador sync:")) == 1, err
        db = Archive(path, readonly=True)
        stored = {g["number"] for g in db.games()}
        assert dev.synced <= stored
        assert all(g["raw"] in games for g in db.games())
        if code == 0 and len(stored) < len(games):
            assert "KEPT APART" in out, out
        db.close()
    print(f"\n150 corrupted pulls: exit codes {codes}")


def test_a_dash_after_pulled_data_is_tolerated(tmp_path):
    # The simulated firmware streams "-" after data whose length is a
    # multiple of 3; strict base64 would refuse every such pull.
    dev = FakeDevice(good_entries([1, 2, 3]), mode="trailing-dash")
    code, text, state = run_sync(dev, tmp_path / "a.sqlite")
    assert code == 0, text
    assert state["synced"] == [1, 2, 3]
