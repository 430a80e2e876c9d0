"""Sync end to end with no hardware: the real firmware on the MicroPython VM
(the simulator), its serial port on a pty, `marcador sync` talking to it
through pyserial into a SQLite archive."""

import csv
import io
import json
import random
import time

import pytest

from conftest import ROOT
from marcador import export
from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.link import Client, LinkError, frame, parse
from marcador.simport import SimDevice
from marcador.sync import sync
from marcador_core import record


def keys(name):
    return "\n".join(ln for ln in (ROOT / "sim" / "scripts" / f"{name}.keys")
                     .read_text().splitlines()
                     if not ln.startswith("shot")) + "\n"


# Three finished games, then the device keeps running for the PC.
SCRIPT = (keys("free") + "back\n" + keys("duplicon") + "back\n" +
          keys("dinos") + "back\nstate\nserve\n")


def device_state(dev):
    out = dev.proc.stdout.read()
    return [json.loads(ln[6:]) for ln in out.splitlines()
            if ln.startswith("STATE ")][-1]


def connect(dev, timeout=5.0, games=3):
    # The link answers from the first step; wait until the key script has
    # played its games (the device then serves in real time).
    # A simulator that stopped (a boot that fails) is reported at once
    # with what it printed, not waited on.
    c = Client(dev.port, timeout=timeout)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if dev.proc.poll() is not None:
            raise AssertionError("the simulated device stopped: "
                                 + dev.proc.stdout.read()[-2000:])
        try:
            if len(c.games()) >= games:
                return c
        except LinkError:
            pass
        time.sleep(0.1)
    raise AssertionError("the simulated device never had its games")


def test_games_played_on_the_device_arrive_exactly(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        fsid = c.hello()["fsid"]
        t = time.time()
        r = sync(c, db, progress=lambda s: None)
        took = time.time() - t
        listed = c.games()
        again = sync(c, db, progress=lambda s: None)
    state = device_state(dev)
    assert r["games"] == 3 and r["added"] == 3
    assert again["added"] == 0 and len(db.games()) == 3
    assert all(g["synced"] for g in listed)
    data = sum(g["size"] for g in listed)
    print(f"\nsync of {data} bytes of games: {r['sent'] + r['received']} "
          f"bytes on the wire ({(r['sent'] + r['received']) / data:.2f} per "
          f"byte of game data) in {took * 1000:.0f} ms")
    # The last game as the device shows it = its replay in the archive.
    last = db.games()[-1]
    res = json.loads(last["result"])
    dev_last = state["last_past"]
    assert last["game"] == dev_last["game"] == "dinos"
    assert [p["total"] for p in res["players"]] == dev_last["totals"]
    assert record.score_record(json.loads(last["record"])) == res
    assert last["id"] == "511a000000000001-%s-%d" % (fsid,
                                                      dev_last["number"])


@pytest.mark.parametrize("most,cut", [(60, 250), (4096, 200)],
                         ids=["between-frames", "mid-frame"])
def test_a_cable_pulled_mid_transfer_then_a_new_sync_completes(
        tmp_path, most, cut):
    # One game per frame and the cable gone after the first, or all games
    # in one frame and the cable gone inside it.
    db = Archive(tmp_path / "a.sqlite")
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev, timeout=1.0)
        dev.cut_after = dev.to_pc + cut
        with pytest.raises(LinkError):
            sync(c, db, progress=lambda s: None, most=most)
        part = len(db.games())
        dev.plug()
        c.ser.reset_input_buffer()
        r = sync(c, db, progress=lambda s: None, most=most)
        listed = c.games()
    # Games whose frame arrived whole are kept; the cut one is not.
    assert (0 < part < 3) if most == 60 else part == 0
    assert len(db.games()) == 3 and r["added"] == 3 - part
    assert len({g["id"] for g in db.games()}) == 3
    assert all(g["synced"] for g in listed)


def test_sync_all_copies_synced_games_into_a_new_archive(tmp_path):
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        first = sync(c, Archive(tmp_path / "a.sqlite"), lambda s: None)
        other = Archive(tmp_path / "b.sqlite")
        plain = sync(c, other, lambda s: None)
        every = sync(c, other, lambda s: None, every=True)
    assert first["added"] == 3
    assert plain["games"] == 0 and every["added"] == 3


def fuzz_frames(n, seed=1):
    rnd = random.Random(seed)
    good = frame(["list"]).encode()
    for i in range(n):
        k = i % 5
        if k == 0:                  # random printable garbage
            yield bytes(rnd.randrange(32, 127) for _ in
                        range(rnd.randrange(1, 80))) + b"\n"
        elif k == 1:                # a good frame, truncated or bit-flipped
            b = bytearray(good)
            i = rnd.randrange(len(b) - 1)
            b[i] ^= 1 << rnd.randrange(7)
            if b[i] in (3, 4, 10, 13):        # one line, one answer
                b[i] = ord("?")
            yield bytes(b)
        elif k == 2:                # oversized
            yield b"#" + b"A" * rnd.randrange(321, 2000) + b"\n"
        elif k == 3:                # valid CRC, bad or unknown command
            words = rnd.choice([["fetch", "x"], ["mark", "-1"],
                                ["fetch", "999", "0"], ["nope"],
                                ["roster", "set", "!!"], ["time", "5"],
                                ["fetch", "1", "-5"], ["roster"],
                                ["../etc/passwd"], ["mark", "1e9"],
                                ["pull", "x"], ["pull", "1", "0"],
                                ["pull", "1", "10", "some"], ["mark"],
                                ["mark", "5-2"], ["mark", "900-990"],
                                ["settings", "set", "lang", "fr"],
                                ["settings", "set", "dim_s", "7"],
                                ["settings", "set", "lang"],
                                ["settings", "put"]])
            yield frame(words).encode()
        else:                       # random bytes, no Ctrl-C/Ctrl-D
            yield bytes(rnd.choice([b for b in range(256) if b not in
                                    (3, 4, 10, 13)])
                        for _ in range(rnd.randrange(1, 60))) + b"\n"


def fuzz(tmp_path, n):
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        before = c.games()
        raws = {g["number"]: c.fetch(g["number"], g["size"])
                for g in before}
        errors = 0
        for data in fuzz_frames(n):
            c.ser.write(data)
            words = c._read_frame()
            assert words[0] == "err", (data, words)
            errors += 1
        after = c.games()
        raws2 = {g["number"]: c.fetch(g["number"], g["size"])
                 for g in after}
        alive = dev.proc.poll() is None
    assert alive and errors == n
    assert before == after and raws == raws2
    return errors


def test_malformed_frames_get_an_error_and_change_nothing(tmp_path):
    assert fuzz(tmp_path, 500) == 500


@pytest.mark.slow
def test_ten_thousand_malformed_frames(tmp_path):
    assert fuzz(tmp_path, 10_000) == 10_000


def test_frames_are_printable_and_checked():
    f = frame(["data", "1", "0", "41", "AQUAAwABAA=="])
    assert f.isascii() and "\x03" not in f and "\x04" not in f
    assert parse(f.strip()) == ["data", "1", "0", "41", "AQUAAwABAA=="]
    assert parse(f.strip().replace("data", "dbta")) is None


def test_roster_set_on_the_device_and_exports(tmp_path, capsys):
    db_path = tmp_path / "a.sqlite"
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        connect(dev).close()
        assert cli(["roster", "--port", dev.port, "Ana", "Beto",
                    "Peñita"]) == 0
        assert capsys.readouterr().out.strip() == "Ana Beto Peñita"
        assert cli(["sync", "--port", dev.port, "--db", str(db_path)]) == 0
    assert "3 games received, 3 new" in capsys.readouterr().out
    db = Archive(db_path)
    recs = json.loads(export.write(db, "json"))
    assert [r["game"] for r in recs] == ["free", "duplicon", "dinos"]
    for r in recs:                   # every export replays with the core
        assert record.score_record(r)["over"]
    rows = list(csv.DictReader(io.StringIO(export.write(db, "csv"))))
    assert len(rows) == sum(len(r["players"]) for r in recs)
    assert {(row["id"], row["player"]) for row in rows} == {
        (r["id"], p) for r in recs for p in r["players"]}
    assert cli(["show", recs[0]["id"], "--db", str(db_path)]) == 0
    assert "J1" in capsys.readouterr().out
    assert cli(["show", "nope-1", "--db", str(db_path)]) == 1


def test_settings_over_the_link(tmp_path, capsys):
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        before = c.settings()
        after = c.settings(lang="en", dim_s=30)
        c.close()
        assert cli(["settings", "--port", dev.port]) == 0
        shown = capsys.readouterr().out
        assert cli(["settings", "--port", dev.port, "off_s=7"]) == 64
        err = capsys.readouterr().err
    assert before == {"lang": "es", "dim_s": 60, "off_s": 300}
    assert after == {"lang": "en", "dim_s": 30, "off_s": 300}
    assert "lang=en" in shown and "dim_s=30" in shown
    assert "off_s" in err and "600" in err     # says which values it takes


def test_a_pc_that_writes_without_reading_never_blocks_the_device(tmp_path):
    # 3000 requests (answers far beyond any buffer) written without reading a
    # byte: the device must keep reading them (so the PC's write ends)
    # and keep running; then the PC reads whole frames and is answered.
    import threading
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        data = b"".join(frame(["list"]).encode() for _ in range(3000))
        t = threading.Thread(target=c.ser.write, args=(data,), daemon=True)
        t.start()
        t.join(60)
        wrote = not t.is_alive()
        running = dev.proc.poll() is None
        got = []
        if wrote:
            c.ser.timeout = 0.5
            while True:
                raw = c.ser.readline()
                if not raw:
                    break
                got.append(raw)
            c.ser.timeout = 5.0
            after = c.games()
    assert wrote, "the device stopped reading: the PC's write never ended"
    assert running
    assert got and all(raw.endswith(b"\n") for raw in got)
    assert all(32 <= b < 127 for raw in got for b in raw[:-1])
    words = [parse(raw.decode().strip()) for raw in got]
    assert None not in words
    assert {w[0] for w in words} <= {"ok", "err"}
    assert all(w[1] == "7" for w in words if w[0] == "err")
    print(f"\n3000 unread requests: {len(got)} frames kept for the PC, "
          f"{sum(w[0] == 'err' for w in words)} of them err 7")
    assert len(after) == 3


def test_the_documented_walk_through_is_what_the_commands_print(
        tmp_path, monkeypatch, capsys):
    # docs/pc-tools.md "Without a board": sim/scripts/club.keys on the simulator,
    # then sync, games, show, stats, plot, report and export as shown
    # there. Only what differs per run is normalised: the filesystem
    # nonce, the dates (the PC's clock) and the minutes a game took.
    import re
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.chdir(tmp_path)
    readme = (ROOT / "docs" / "pc-tools.md").read_text(encoding="utf-8")
    part = readme[readme.index("## Without a board"):
                  readme.index("Several boards at a club night")]
    blocks = re.findall(r"```\n(.*?)```", part, re.S)
    shown = {}
    for block in blocks:
        cmd = None
        for ln in block.splitlines():
            if ln.startswith("$ marcador "):
                cmd = ln[len("$ marcador "):]
                shown[cmd] = []
            elif cmd is not None:
                shown[cmd].append(ln)
    assert "sync --port out/sim-serial --db games.sqlite" in shown
    assert len(shown) == 10             # sim, sync, games ... export

    def norm(lines):
        out = []
        for ln in lines:
            ln = re.sub(r"-[0-9a-f]{8}-", "-FSID-", ln)
            ln = re.sub(r"filesystem [0-9a-f]{8}", "filesystem FSID", ln)
            ln = re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d\+00:00)?",
                        "DATE", ln)
            out.append(re.sub(r"\(\d+ min\)", "(N min)", ln))
        return out

    script = (ROOT / "sim" / "scripts" / "club.keys").read_text() + "serve\n"
    try:
        with SimDevice(tmp_path / "board1.img", script) as dev:
            connect(dev, games=2).close()
            for cmd, want in shown.items():
                if cmd.startswith("sim "):
                    continue
                argv = cmd.replace("out/sim-serial", dev.port).split()
                assert cli(argv) == 0, cmd
                got = capsys.readouterr()
                assert norm((got.err + got.out).splitlines()) == norm(want), \
                    cmd
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_roster_of_names_the_device_cannot_show_is_refused(tmp_path):
    # A name with a control character, or MicroPython's lone surrogate
    # for a \ud800 escape: refused over the link (the roster as it was),
    # as boot drops them from a damaged settings file (app/settings.py).
    import base64
    from marcador.link import DeviceError
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev)
        c.roster(["Ana"])
        for raw in (json.dumps(["a\x00b"]).encode(), b'["\\ud800"]',
                    json.dumps(["ok", "J\n2"]).encode()):
            with pytest.raises(DeviceError):
                c.request("roster", "set", base64.b64encode(raw).decode())
        assert c.roster() == ["Ana"]
        c.close()


def test_the_first_answer_may_take_longer_than_the_rest(monkeypatch):
    """The device loads its link module when the first frame arrives (a
    board's heap holds it only while a PC talks), so hello waits up to
    link.FIRST_TIMEOUT; every later answer the ordinary timeout."""
    import serial

    from fakedevice import FakeDevice
    from marcador import link

    class Timed(FakeDevice):
        def readline(self, size=-1):
            self.seen.append((self.requests[-1][0], self.timeout))
            return super().readline(size)
    dev = Timed([])
    dev.seen = []

    def open_port(port, baudrate, timeout):
        dev.timeout = timeout
        return dev
    monkeypatch.setattr(serial, "serial_for_url", open_port)
    client = Client("fake", timeout=2.0)
    client.hello()
    client.games()
    assert link.FIRST_TIMEOUT > 2.0
    assert {t for cmd, t in dev.seen if cmd == "hello"} == \
        {link.FIRST_TIMEOUT}
    assert {t for cmd, t in dev.seen if cmd == "list"} == {2.0}
