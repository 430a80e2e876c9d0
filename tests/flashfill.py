"""A board's flash image holding many archived games, put there by the real
store on the MicroPython VM (bench/mp/prefill.py), for the tests and the
bench rows about growth."""

import subprocess
from pathlib import Path

from marcador import sim
from marcador.devicelog import to_entry

ROOT = Path(__file__).resolve().parent.parent


def small_game(number, t=1_790_000_000):
    """A finished free-pad game of two players and one round, numbered."""
    rec = {"game": "free", "players": ["Ana", "Bea"],
           "options": {"target": 10},
           "events": [{"e": "round", "scores": [number % 9 + 10, 3]}]}
    return to_entry(rec, number, t + 60 * number)


def prefill(img, count, first=1):
    """Games first..first+count-1 archived on a new flash image img (one
    already there is replaced)."""
    Path(img).unlink(missing_ok=True)
    lines = "".join(small_game(n).hex() + "\n"
                    for n in range(first, first + count))
    out = subprocess.run([sim.micropython(), "-X", "heapsize=16m",
                          str(ROOT / "bench" / "mp" / "prefill.py"),
                          str(ROOT / "sim"), str(ROOT / "firmware"),
                          str(img)], input=lines, capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert int(out.split()[-1]) == count
    return img
