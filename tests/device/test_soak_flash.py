"""A soak that fills the flash (issue 23, "not yet tried"): rounds of games
played on the real simulator, on a small flash (48 blocks of 4 KB, small
archive segments) so that it fills in minutes, with `marcador sync` after
most rounds and none after some. Boot, new games and the sync make room by
deleting synced segments (drivers/seg_index.py make_room). After every
round: no game lost (every number the device gave is on the device or in
the PC's archive, and the archive's copy is the device's), and no game
that was not synced is ever deleted."""

import json
import time

import pytest

from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.link import Client
from marcador.simport import SimDevice
from test_sync import keys

# A free game of 2 players to its end, archived (BACK from the final
# screen); after the first one the player count opens on 2 already.
FIRST = keys("free") + "back\n"
GAME = FIRST.replace("up 2\n", "", 1)
SMALL = ["--blocks", "48", "--seg-bytes", "400"]


def wait_state(dev, limit=300):
    # The STATE line the script prints after its games (then it serves).
    end = time.monotonic() + limit
    while time.monotonic() < end:
        line = dev.proc.stdout.readline()
        if not line:
            raise AssertionError("the simulated device stopped: "
                                 + dev.proc.stderr.read()[-2000:])
        if line.startswith("STATE "):
            return json.loads(line[6:])
    raise AssertionError("no state from the device")


def device_games(dev):
    c = Client(dev.port, timeout=5.0)
    try:
        return {g["number"]: g for g in c.games()}
    finally:
        c.close()


def archived(db):
    if not db.exists():
        return {}
    a = Archive(db, readonly=True)
    try:
        return {r["number"]: bytes(r["raw"]) for r in
                a.db.execute("SELECT number, raw FROM games")}
    finally:
        a.close()


def soak(tmp_path, rounds, per_round, capsys):
    img = tmp_path / "flash.img"
    db = tmp_path / "a.sqlite"
    unsynced = set()        # numbers on the device not yet synced
    gone = set()            # numbers deleted from the device (synced)
    top = 0
    for r in range(rounds):
        sync = r % 4 != 3
        games = (FIRST + GAME * (per_round - 1)) if r == 0 else \
            GAME * per_round
        with SimDevice(img, games + "state\nserve\n",
                       extra=SMALL) as dev:
            wait_state(dev)
            on = device_games(dev)
            if sync:
                code = cli(["sync", "--port", dev.port, "--db", str(db)])
                out = capsys.readouterr()
                assert code == 0, out.err
                after = device_games(dev)
                assert after.keys() == on.keys()
                assert all(g["synced"] for g in after.values())
        pc = archived(db)
        top = max([top] + list(on))
        # Nothing lost: every number given is on the device or on the PC.
        missing = [n for n in range(1, top + 1) if n not in on and
                   n not in pc]
        assert not missing, (r, missing)
        # Nothing unsynced deleted.
        assert unsynced <= on.keys(), (r, unsynced - on.keys())
        gone |= {n for n in range(1, top + 1) if n not in on}
        unsynced = set() if sync else {n for n, g in on.items()
                                      if not g["synced"]}
    return top, gone, archived(db), on


@pytest.mark.slow
def test_a_flash_filled_with_games_between_syncs(tmp_path, capsys):
    top, gone, pc, on = soak(tmp_path, rounds=24, per_round=12,
                             capsys=capsys)
    print(f"\n{top} games given, {len(gone)} deleted from the device "
          f"after their sync, {len(pc)} in the archive, {len(on)} on the "
          f"device")
    # The flash filled and synced segments made room (the device holds
    # about 140 of these games at once), every deleted game is on the PC.
    assert top == 24 * 12 and len(gone) > 100 and gone <= pc.keys()
    assert pc.keys() | on.keys() == set(range(1, top + 1))
