"""Key presses per number entered, for a typical round of each title.

Run: .venv/bin/python bench/keypresses.py
Each case starts a game on the simulator (a setup prefix, and a previous
round where the device remembers last values), then plays the typical
round; the figure counts only that round's presses (a hold is one press)
and the simulator must have accepted it (checked against the game log).
"""

import roots  # noqa: F401  (tests/ on the path: title_data)

import title_data
from marcador import sim
from marcador.devicelog import to_record
from marcador_core import record
from marcador_core.games import IDS


def presses(script):
    n = 0
    for line in script.splitlines():
        w = line.split("#")[0].split()
        if not w:
            continue
        if w[0] in ("up", "down", "ok", "back"):
            n += int(w[1]) if len(w) > 1 else 1
        elif w[0] in ("long", "hold"):
            n += 1
    return n


def events_in(state):
    dev = state["session"] or state["last_past"]
    rec = to_record(dev["game"], dev["names"], bytes.fromhex(dev["opts"]),
                    bytes.fromhex(dev["log"]))
    record.score_record(rec)          # the log replays without error
    return len(rec["events"])


def main():
    print("| title | typical input | numbers | presses | per number |")
    print("|---|---|---|---|---|")
    for gid in IDS:      # each title's case: tests/title_data/<id>.py
        what, before, round_, numbers = title_data.load(gid).KEYPRESS
        st, _ = sim.run_script(title_data.start_keys(gid, 4) + before +
                               "state\n" + round_ + "state\n")
        before_ev, after_ev = events_in(st[0]), events_in(st[1])
        if after_ev != before_ev + 1:
            raise SystemExit(f"{gid}: the typical round was not accepted")
        p = presses(round_)
        print(f"| {gid} | {what} | {numbers} | {p} | {p / numbers:.1f} |")


if __name__ == "__main__":
    main()
