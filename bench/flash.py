"""Flash figures: bytes per event on the flash and games per MB.

Run: .venv/bin/python bench/flash.py   (part of `make bench`)
On the MicroPython VM with real littlefs2 on a 1 MB simulated flash with
4 KB blocks (the rp2 geometry), via bench/mp/flash_figures.py:
- each title's scripted game (sim/scripts/*.keys, 2-4 players) and its
  maximum-player game (sim/scripts/maxplayers.py) played through the keys
  on a fresh flash;
- "record bytes/event": what the journal holds per event (the event's own
  bytes + a 2-byte CRC); "flash bytes/event": what littlefs actually wrote
  to the flash per event (its metadata commits, copy-on-write included);
- games per MB: the maximum-player games archived over and over (the six
  titles in turn) on an empty 1 MB flash,
  as the device does at each game's end, until it refuses a new game
  (keeping its reserve).
"""

import json
import subprocess

from roots import ROOT

import maxplayers
from marcador.sim import micropython
from marcador_core.games import IDS

MP = ROOT / "bench" / "mp" / "flash_figures.py"


def mp(mode, stdin):
    out = subprocess.run([micropython(), "-X", "heapsize=16m", str(MP), mode],
                         input=stdin, capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    return json.loads(out.strip().splitlines()[-1])


def keys(gid):
    return "\n".join(ln for ln in (ROOT / "sim" / "scripts" / f"{gid}.keys")
                     .read_text().splitlines() if not ln.startswith("shot"))


def play_all():
    rows = []
    for kind, script in (("scripted", keys),
                         ("max players", lambda g: maxplayers.start(g) +
                          maxplayers.game(g))):
        for gid in IDS:
            # BACK leaves the final screen: the game is archived then.
            f = mp("play", script(gid) + "\nback\n")
            f["kind"] = kind
            rows.append(f)
    return rows


def main():
    rows = play_all()
    print("| game | players | events | record bytes/event | "
          "flash bytes/event | erases | archive entry |")
    print("|---|---|---|---|---|---|---|")
    tot_ev = tot_rec = tot_flash = 0
    for f in rows:
        rec = (f["event_bytes"] + 2 * f["events"]) / f["events"]
        tot_ev += f["events"]
        tot_rec += f["event_bytes"] + 2 * f["events"]
        tot_flash += f["flash_bytes"]
        print(f"| {f['game']} ({f['kind']}) | {f['players']} | "
              f"{f['events']} | {rec:.1f} | "
              f"{f['flash_bytes'] / f['events']:.0f} | {f['erases']} | "
              f"{f['entry']} B |")
    print(f"| all | | {tot_ev} | {tot_rec / tot_ev:.1f} | "
          f"{tot_flash / tot_ev:.0f} | | |")
    # The bigger (maximum-player) games only: a full fill takes minutes.
    for kind in ("max players",):
        games = [dict(f["record"], game=f["game"]) for f in rows
                 if f["kind"] == kind]
        r = mp("fill", json.dumps(games))
        print(f"\nGames per MB ({kind} games, all six titles in turn): "
              f"{r['games']} games archived in {r['archive_bytes']} bytes "
              f"over {r['segments']} segment files before a new game was "
              f"refused ({r['free_blocks']} blocks free, reserve "
              f"{r['reserve_blocks']}).")
    return rows


if __name__ == "__main__":
    main()
