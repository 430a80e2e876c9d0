"""Which events of a game erase flash, and why (littlefs on the rp2 port).

Run: .venv/bin/python bench/flash_erases.py [ROUNDS]   (default 90:
prints the section), or bench/run.py --erases-only (keeps the figures in
out/bench/erases.json and renders the section into docs/benchmarks.md).
On the MicroPython VM with real littlefs2 in the rp2 port's geometry (352
blocks of 4 KB, progsize=256, as its _boot.py mounts it; a fresh
filesystem), the firmware's own store (bench/mp/erase_count.py): a free
game of 2 and of 4 players, one round an event, Session.add as a key's
step does it, then 300 ms of quiet steps (app/app.py step: the file
"next" after a start; littlefs's compaction of the games folder when the
next event's commit would not fit, drivers/lfs_meta.py). Per game: the
erases and 256 B page programs of its start, its events (in their key
steps and in the quiet steps after) and its archiving, the events whose
key step erases, and the journal's
size (games/cur) when every event starts to erase: littlefs keeps a file
inline in its directory's metadata up to block_size/8 (512 B), rewriting
it whole at each commit (1 page while it is small), and compacts the
metadata block into its pair's other block (1 erase) when a commit does
not fit; past 512 B the file is moved to its own blocks (a CTZ list) and
every append after an open copies its last block to a freshly erased one
(lfs_ctz_extend). The firmware keeps the journal in files under
drivers/store.py's CHUNK (cur, cur1, cur2...); "one file" is the journal
as it was before (CHUNK made huge), for comparison.
The counts for a short game agree with the emulated Pico's (bench/rp2.py,
the bootrom's calls intercepted): the same pages at the start, the same
page an event and the first erase at the same event.
"""

import json
import subprocess
import sys

from roots import ROOT

from marcador.sim import micropython

MP = ROOT / "bench" / "mp" / "erase_count.py"


def game(rounds, players, chunk=0):
    out = subprocess.run(
        [micropython(), "-X", "heapsize=16m", str(MP),
         str(ROOT / "firmware"), str(rounds), str(players), str(chunk)],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return json.loads(out.strip().splitlines()[-1])


ROUNDS = 90
HEAD = "### Flash erases per event"


def measure(rounds=ROUNDS):
    """The figures, as the "erases" section of out/bench keeps them:
    {"rounds", "games": [{"players", "chunk", "game": game()'s}]}."""
    games = []
    for players in (2, 4):
        for chunk in (0, 1 << 20):
            print(f"erases: {players} players, "
                  f"{'one file' if chunk else 'firmware'}...",
                  file=sys.stderr)
            games.append({"players": players, "chunk": chunk,
                          "game": game(rounds, players, chunk)})
    return {"rounds": rounds, "games": games}


def section(data):
    """The section, as markdown lines, from measure()'s data."""
    lines = [HEAD, "",
             f"`bench/run.py --erases-only` (bench/flash_erases.py): a free "
             f"game of {data['rounds']} rounds (one event each) through the "
             f"firmware's own store on the MicroPython VM, on littlefs2 as "
             f"the rp2 port mounts it (352 blocks of 4 KB, progsize=256); "
             f"a sector erase takes 45 ms of a Pico's core (docs/"
             f"architecture.md, Performance rules). Each event is a key's "
             f"step, then 300 ms of quiet steps, where littlefs's "
             f"compaction of the games folder is done when the next "
             f"event's commit would not fit (drivers/lfs_meta.py). "
             f"\"one file\" is the "
             f"journal as it was before drivers/store.py's CHUNK split it, "
             f"for comparison.", "",
             "| journal | players | events | start: erases / pages | "
             "events, key steps: erases / pages | events, quiet steps: "
             "erases / pages | archive: erases / pages | events whose key "
             "step erases | every event erases from (journal) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for g in data["games"]:
        lines.append(row(data["rounds"], g["players"], g["chunk"],
                         g["game"]))
    return lines


def row(rounds, players, chunk=0, g=None):
    g = g or game(rounds, players, chunk)
    ev = g["events"]
    erasing = [i + 1 for i, e in enumerate(ev) if e[0]]
    quiet = [e[3:5] if len(e) > 3 else [0, 0] for e in ev]
    # The first event from which every event erases, 3 at least (None:
    # never).
    every = next((i + 1 for i in range(len(ev) - 2)
                  if all(e[0] for e in ev[i:])), None)
    design = "one file (before)" if chunk else "firmware (files < CHUNK)"
    sq = g.get("start_quiet", [0, 0])
    return (f"| {design} | {players} | {rounds} | {g['start'][0]} / "
            f"{g['start'][1]} (quiet: {sq[0]} / {sq[1]}) | {sum(e[0] for e in ev)} / "
            f"{sum(e[1] for e in ev)} | {sum(q[0] for q in quiet)} / "
            f"{sum(q[1] for q in quiet)} | {g['close'][0]} / {g['close'][1]} | "
            f"{', '.join(map(str, erasing[:8])) or '-'}"
            f"{'...' if len(erasing) > 8 else ''} | "
            f"{f'{every} ({ev[every - 1][2]} B)' if every else '-'} |")


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    print("\n".join(section(measure(rounds))))


if __name__ == "__main__":
    main()
