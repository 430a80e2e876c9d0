"""The board and the cable (issue 23, items 6 and 7): a board unplugged in
the middle of any request ends `sync`, `roster` and `settings` in one line
and the device exit code, with nothing lost; a device that sends a game
twice cannot keep a sync running."""

import serial
import pytest

from fakedevice import FakeDevice
from marcador.archive import Archive
from marcador.cli import main as cli
from test_reliability_sync import good_entries, lines, run_sync

EXIT_DEVICE = 4

COMMANDS = {
    "sync": ["sync", "--port", "fake", "--db", "DB"],
    "sync-all": ["sync", "--all", "--port", "fake", "--db", "DB"],
    "roster": ["roster", "--port", "fake"],
    "roster-set": ["roster", "--port", "fake", "Cris", "Dani"],
    "settings": ["settings", "--port", "fake"],
    "settings-set": ["settings", "--port", "fake", "lang=en"],
}


def requests_of(name, tmp_path, monkeypatch, capsys):
    # How many requests the command makes when the cable stays.
    dev = FakeDevice(good_entries(range(1, 13)))
    monkeypatch.setattr(serial, "serial_for_url", lambda *a, **kw: dev)
    args = [a.replace("DB", str(tmp_path / "whole.sqlite"))
            for a in COMMANDS[name]]
    assert cli(args) == 0
    capsys.readouterr()
    return len(dev.requests)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_board_unplugged_in_any_request_is_one_line(tmp_path, monkeypatch,
                                                      capsys, name):
    games = good_entries(range(1, 13))
    total = requests_of(name, tmp_path, monkeypatch, capsys)
    assert total >= 2
    for k in range(1, total + 1):
        dev = FakeDevice(games, mode=f"unplug-{k}")
        monkeypatch.setattr(serial, "serial_for_url", lambda *a, **kw: dev)
        db = tmp_path / f"a{k}.sqlite"
        args = [a.replace("DB", str(db)) for a in COMMANDS[name]]
        code = cli(args)
        out, err = capsys.readouterr()
        assert code == EXIT_DEVICE, (k, err)
        # sync notes each game on stderr; then one line says what ended it
        last = lines(err, "marcador ")
        assert len(last) == 1 and "unplugged" in last[0], (k, err)
        assert err.endswith(last[0] + "\n") and "Traceback" not in err
        assert last[0].startswith(f"marcador {args[0]}: "), err
        if name.startswith("sync"):
            assert "Nothing was lost" in last[0]
            # Every game marked synced on the device is in the archive.
            stored = ({g["number"] for g in
                       Archive(db, readonly=True).games()}
                      if db.exists() else set())
            assert dev.synced <= stored, k
    # And with the cable back, the command completes.
    dev = FakeDevice(games)
    monkeypatch.setattr(serial, "serial_for_url", lambda *a, **kw: dev)
    assert cli([a.replace("DB", str(db)) for a in COMMANDS[name]]) == 0


@pytest.mark.parametrize("after", [0, 50, 200, 320, 340])
def test_a_simulated_board_unplugged_mid_sync_is_one_line(tmp_path, after):
    # The real firmware on the simulator: the port vanishes (the pty's
    # other end closes) after `after` more bytes to the PC: in the answer
    # to `time` (29 bytes), `hello` (53), the pull (227), `mark` (22) or
    # `damaged` (19).
    from test_sync import SCRIPT, connect
    from marcador.simport import SimDevice
    from marcador.sync import sync
    from marcador.link import LinkError
    db = Archive(tmp_path / "a.sqlite")
    with SimDevice(tmp_path / "flash.img", SCRIPT) as dev:
        c = connect(dev, timeout=5.0)
        dev.unplug_after = dev.to_pc + after
        with pytest.raises(LinkError) as ex:
            sync(c, db, progress=lambda s: None)
        c.close()
    assert "unplugged" in str(ex.value)
    # The games' frame arrived whole (all 3 archived) or not (none).
    assert len(db.games()) == (3 if after >= 320 else 0)


class RepeatingDevice(FakeDevice):
    # Sends the same game for every pull, with a NEXT that keeps advancing.
    def do_pull(self, a):
        import base64
        first = int(a[0])
        raw = self.games[min(self.games)]
        self.send("ok", "pull", first + 1, 1,
                  base64.b64encode(raw).decode())


def test_a_device_that_sends_a_game_twice_cannot_keep_a_sync_running(
        tmp_path):
    dev = RepeatingDevice(good_entries([1, 2, 3]))
    code, text, state = run_sync(dev, tmp_path / "a.sqlite", limit=60)
    assert code == EXIT_DEVICE, text[-600:]
    err = lines(text, "marcador sync:")
    assert len(err) == 1 and "twice" in err[0], text[-600:]
    assert state["synced"] == [1]
    assert [g["number"] for g in
            Archive(tmp_path / "a.sqlite", readonly=True).games()] == [1]


class BackwardsDevice(FakeDevice):
    # Each pull sends games numbered before the FROM it was asked for.
    def do_pull(self, a):
        import base64
        first = int(a[0])
        raw = self.games[sorted(self.games)[(first - 1) % len(self.games)]]
        nxt = first + 1 if first < 50 else 0
        self.send("ok", "pull", nxt, 1, base64.b64encode(raw).decode())


def test_a_device_that_sends_games_out_of_order_is_stopped(tmp_path):
    dev = BackwardsDevice(good_entries([1, 2, 3]))
    code, text, state = run_sync(dev, tmp_path / "a.sqlite", limit=60)
    assert code == EXIT_DEVICE, text[-600:]
    assert len(lines(text, "marcador sync:")) == 1, text[-600:]
    assert len(dev.requests) < 20
