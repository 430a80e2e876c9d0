"""Key scripts for a game of each title at its maximum player count
(doggy 5, duplicon 4, alebrijes 6, dog 6, dinos 4, free 8), played to the
end. Used by the heap test and the benchmark; `python
sim/scripts/maxplayers.py GAME` prints one."""

import sys

START = {  # from home to the first play screen
    "free": "ok\ndown 5\nok\ndown 4\nok\nup\nok\nok\nok\n",
    "duplicon": "ok\ndown\nok\nok\nup\nok\n",
    "alebrijes": "ok\ndown 2\nok\ndown 2\nok\nup\nok\nok\n",
    "dog": "ok\ndown 3\nok\ndown\nok\nup\nok\nok\nok\n",
    "dinos": "ok\ndown 4\nok\nok\nup\nok\nok\nok\nok\nok\n",
    "doggy": "ok\nok\ndown\nok\nup\nok\nok\n",
}


def free():
    # J1 scores 20 a round, the others 0: the grid starts from the last
    # values, so rounds 2-5 are just OK presses. 100 after round 5.
    s = "ok\nup 20\nok\n" + "ok\n" * 7
    for _ in range(4):
        s += "ok\n" + "ok\n" * 8
    return s


def duplicon():
    # Turns first: J1 drew (OK on J1, whose turn it is), J4 next turn (a
    # long OK), J3 drew; the cursor on J2, two rows below the round line.
    # Rounds start with J1, J4, J3: the round line is UP 1, DOWN 1, DOWN 2.
    s = "ok\nlong ok\nok\nup 2\n"
    s += "ok\nup 20\nok\nok\nok\n" + "ok\nok\nok\n" * 3
    for move in ("down", "down 2"):
        s += move + "\nok\n" + "ok\nok\nok\n" * 4   # won starts at 40 again
    return s


def alebrijes():
    s = ""
    for r in range(3):
        s += "ok\nok\n" + "up\nok 5\n" * 5    # the starter went out
        if r < 2:
            s += "ok\n"                       # token holder (tie for worst)
    return s


def dog():
    # The cursor starts on J6 (right of the dealer J1) and returns there
    # after each of J1's events (counter-clockwise); a list of one choice
    # is done at once.
    out, goal = "down 2\nok\n", "down 2\nok\ndown\nok\n"
    s = (out + goal) * 3 + out + "down 2\nok\n"        # J1: 4 in goal
    # J4's pawns, moved in by J1 (out, goal, partner; the last: goal,
    # partner); after J4's out it is J3's turn, after J1's move J6's.
    s += ("up 2\nok\ndown\nok\ndown 2\nok\n") * 3
    s += "up 2\nok\ndown\nok\ndown\nok\n"
    return s          # the final screen (the match score comes after it)


def dinos():
    s = ""
    for r in range(6):
        low = 1 + r % 3                      # J2, J3, J4 take in turn
        # OK on play (round 1) or on the last round's summary, natural
        s += "ok\nok\nup 4\nok\n"            # J1 plays 9
        for p in (1, 2, 3):
            s += "down 5\nok\n" if p == low else "ok\n"  # the last OK saves
    return s                                 # J1 reaches 54 in round 6


def doggy():
    # The cursor is on the player whose turn it is; the list opens on
    # yellow (the middle colour) when the player holds nothing unordered,
    # else on ordering; the points on the value most left of the colour.
    s = "ok\nup 2\nok\nok\n" * 5         # each takes a blue
    s += "ok\nok\n" * 5                    # each orders blue
    # Mario Hugo comes only after a turn in which Parrandas were taken:
    # J5 takes another blue.
    s += "up 2\nok\nup 2\nok\nok\n"
    for _ in range(3):
        s += "up\nok\nwait 1600\n"           # Mario Hugo x3
    return s + "ok\n"                       # play is over: go on


def script(gid):
    body = {"free": free, "duplicon": duplicon, "alebrijes": alebrijes,
            "dog": dog, "dinos": dinos, "doggy": doggy}[gid]()
    return START[gid] + body + "shot final\n"


if __name__ == "__main__":
    print(script(sys.argv[1]))
