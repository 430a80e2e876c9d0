"""Key presses per number entered, for a typical round of each title.

Run: .venv/bin/python bench/keypresses.py
Each case starts a game on the simulator (a setup prefix, and a previous
round where the device remembers last values), then plays the typical
round; the figure counts only that round's presses (a hold is one press)
and the simulator must have accepted it (checked against the game log).
"""

import roots  # noqa: F401  (maxplayers on the path)

from marcador import sim
from marcador.devicelog import to_record
from marcador_core import record

FOUR = {  # setup for 4 players
    "free": "ok\ndown 5\nok\nok\nup\nok\nok\nok\n",
    "duplicon": "ok\ndown\nok\nok\nup\nok\n",
    "alebrijes": "ok\ndown 2\nok\nok\nup\nok\nok\n",
    "dog": "ok\ndown 3\nok\nok\nup\nok\nok\nok\n",
    "dinos": "ok\ndown 4\nok\nok\nup\nok\nok\nok\nok\nok\n",
    "doggy": "ok\nok\nok\nup\nok\nok\n",
}

CASES = [
    # (title, what, previous round, typical round, numbers entered)
    ("free", "round: 10, 9, 0, 20 after 12, 7, 0, 15",
     "ok\nup 12\nok\nup 7\nok\nok\nup 15\nok\n",
     "ok\ndown 2\nok\nup 2\nok\nok\nup 5\nok\n", 4),
    ("duplicon", "round: won 18/16/12/4, hand 1/0/2/0, zone 0/1/0/0 "
     "after won 20/14/8/6",
     "up\nok\nup 10\nok 3\nup 7\nok 3\nup 4\nok 3\nup 3\nok 3\n",
     # J4 starts round 2: the round line is DOWN from J4's row.
     "down\nok\ndown\nok\nup\nok\nok\nup\nok\nok\nup\nok\nup 2\nok\nup 2\n"
     "ok\nok\ndown\nok\nok\nok\n", 12),
    ("alebrijes", "round: J2 out; 3 players x 5 suit highs, dialled",
     "ok\nok\nup\nok 5\nup\nok 5\nup\nok 5\nok\n",   # (token: J1)
     "ok\nok\n"                             # who went out: J2 (it starts)
     # a suit is dialled: held, it steps at once, pauses (its first repeat
     # at 0.4 s), then steps at 0.55, 0.7, 0.85 s...; let go, next suit
     "hold up 780\nok\nhold down 480\nok\nhold up 620\n"   # J1 3 0 5 0 2
     "hold up 480\nhold down 620\nlong ok\n"       # J3 1 4 (0 0 0)
     "ok\nok\nhold up 620\nhold up 780\nhold down 480\n",  # J4 0 0 2 3 5
     16),
    ("dinos", "round: predator; cards 7, 3, 5, 9, dialled",
     "",
     # OK (on play, or on the last round's summary), the disaster and the
     # cards dialled: held, let go (J4's 9: the hold stops at 9)
     "ok\nhold down 480\nhold up 620\nhold down 620\nok\nhold up 1200\n",
     5),
    ("doggy", "event: J2 took a red 3",
     "long ok\n",                          # J1 passed: J2's turn
     "ok\nup\nok\nup\nok\n", 1),
    ("dog", "event: J3's pawn enters the goal",
     "up\nok\nlong ok\nlong ok\nlong ok\n",   # J3 out; J2, J1, J4 pass
     "ok\ndown\nok\n", 1),
]


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
    for gid, what, before, round_, numbers in CASES:
        st, _ = sim.run_script(FOUR[gid] + before + "state\n" + round_ +
                               "state\n")
        before_ev, after_ev = events_in(st[0]), events_in(st[1])
        if after_ev != before_ev + 1:
            raise SystemExit(f"{gid}: the typical round was not accepted")
        p = presses(round_)
        print(f"| {gid} | {what} | {numbers} | {p} | {p / numbers:.1f} |")


if __name__ == "__main__":
    main()
