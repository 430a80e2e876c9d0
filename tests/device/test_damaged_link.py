"""Damaged games over the real link: the simulator on a pty, its flash
with one damaged archive entry, the PC's frame parser (host_tools/link.py)
asking `hello`, `damaged`, `raw` and `mark` (protocol 3, firmware 0.6)."""

import base64

import pytest

from conftest import MP_SCRIPTS, printed, run_micropython
from marcador.link import LinkError
from marcador.simport import SimDevice
from marcador_core import gamefile
from marcador_core.version import VERSION
from test_sync import SCRIPT, connect


def test_a_damaged_entry_is_listed_and_fetched_raw_and_never_a_game(
        tmp_path):
    img = tmp_path / "flash.img"
    with SimDevice(img, SCRIPT) as dev:
        c = connect(dev)
        before = c.games()
        fs = c.request("hello")[4]
    sizes = {g["number"]: g["size"] for g in before}
    assert sorted(sizes) == [1, 2, 3]
    out = run_micropython(MP_SCRIPTS / "store_check.py", path=(),
                          args=("damage_newest", img, 0))
    damaged = printed(out[-1])
    off = damaged["offset"]
    # The three games in the first segment; the newest after the other two.
    assert damaged["segment"] == "a0001" and off == sizes[1] + sizes[2]
    with SimDevice(img, "serve\n") as dev:
        c = connect(dev, games=2)
        hello = c.request("hello")
        listed = c.request("damaged", many=True)
        name = listed[0][1]
        got = bytearray()
        while True:
            r = c.request("raw", name, len(got))
            assert r[:4] == ["raw", name, str(len(got)), str(sizes[3])]
            if r[4] == "-":
                break
            got += base64.b64decode(r[4])
        with pytest.raises(LinkError, match="no such item"):
            c.request("raw", "a0001.0.10", 0)
        with pytest.raises(LinkError, match="no game 3"):
            c.request("mark", "1-3")
        games = c.games()
        c.request("mark", "1-2")
        marked = c.games()
    assert hello == ["hello", "511a000000000001", VERSION, "3", fs]
    assert listed == [["damaged", f"a0001.{off}.{sizes[3]}",
                       str(sizes[3])], ["end", "1"]]
    # The damaged entry as stored: its head says a shorter length, so its
    # CRC fails; every byte of the span arrives.
    assert len(got) == sizes[3] and got[0] == ord("G")
    with pytest.raises(ValueError):
        gamefile.read_entry(bytes(got))
    assert [g["number"] for g in games] == [1, 2]
    assert all(g["synced"] for g in marked)
