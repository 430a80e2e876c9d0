"""The whole firmware (and the simulated board) from .mpy files, in a
board-sized heap, playing a game of each title at its maximum player count.

The heap is `-X heapsize=64wk`: 64 KB as the unix port scales it for its
word size (the `w` suffix: 64 KB on a 32-bit board, 128 KB = 129,536 bytes
of GC heap here on x86-64, where every pointer and GC block is twice as
big). The live peak in plain bytes is printed too: 106-114 KB on this
64-bit port, so a literal `-X heapsize=64k` is not met here (see README,
"Memory"). On a board the firmware is frozen (boards/*/manifest.py): its
bytecode and strings then stay in flash instead of the heap."""

import sys

import pytest

from conftest import ROOT
from host_tools import sim
from host_tools.devicelog import to_record
from marcador_core import record
from marcador_core.games import IDS

sys.path.insert(0, str(ROOT / "sim" / "scripts"))
import maxplayers  # noqa: E402

HEAP = "64wk"
HEAP_BYTES = 64 * 1024 * 2          # what 64wk gives on a 64-bit port


@pytest.mark.parametrize("gid", IDS)
def test_max_player_game_from_mpy_in_a_64wk_heap(gid):
    states, _ = sim.run_script(maxplayers.script(gid), compiled=True,
                               heapsize=HEAP)
    final = states[-1]
    dev = final["last_past"]
    assert final["screen"] == "Breakdown" and dev["over"]
    assert len(dev["names"]) == maxplayers_count(gid)
    rec = to_record(gid, dev["names"], bytes.fromhex(dev["opts"]),
                    bytes.fromhex(dev["log"]))
    res = record.score_record(rec)
    assert [p["total"] for p in res["players"]] == dev["totals"]
    print(f"{gid}: peak live heap {final['heap_peak']} bytes in {HEAP}")
    assert 0 < final["heap_peak"] < HEAP_BYTES


def test_a_heap_too_small_fails_loudly():
    # The control: the same run in half that heap cannot complete, and the
    # failure is reported (not a silent pass).
    with pytest.raises(RuntimeError, match="MemoryError"):
        sim.run_script(maxplayers.script("dinos"), compiled=True,
                       heapsize="32wk")


def maxplayers_count(gid):
    return {"doggy": 5, "duplicon": 4, "alebrijes": 6, "dog": 6, "dinos": 4,
            "free": 8}[gid]
