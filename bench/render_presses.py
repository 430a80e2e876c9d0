"""docs/benchmarks.md's last section, key presses per number on realistic
rounds, from the "presses" section's data: {"seed", "rounds", "held" and
"taps" (bench/presses.py's measure(), holding keys or tapping only),
"seconds" (both measured)}. The tables are bench/presses.py's (its
targets: presses.TARGETS, GAME_TARGET)."""

import presses

HEAD = "### Key presses per number, realistic rounds"


def section(d):
    held, taps = d["held"], d["taps"]
    games = sum(r["games"] for r in held.values())
    return (f"{HEAD}\n\n"
            f"`bench/presses.py --seed {d['seed']}`: seeded realistic rounds "
            f"({d['rounds']}+ units per title, 4 players, {games} games), "
            "entered "
            "on the simulator by a person who reads the screen and taps or "
            "holds (a hold is one press; its release off by 5% of its "
            "length); every game on the device equals the generated one. "
            "Mean: all presses / all numbers; p90: of a unit's presses per "
            "number; taps only: the same rounds by a person who never "
            f"holds a key ({d['seconds']:.0f} s).\n\n" +
            presses.table(held, taps) + "\n\n" +
            "Per game: Doggy Style both ways of playing it on the same "
            "games, live tracking (every take, order, reserve dog, pass, "
            "Mario Hugo and wild entered as it happens) and the end count "
            "(the final table entered player by player, as the paper pad "
            "is filled); DOG (its pawn events and deals). A game's "
            "presses: all of its units' (setup and going home aside); per "
            "counted one: all the games' presses over the Parrandas taken "
            "(the pawn events) in them.\n\n" +
            presses.game_table(held, taps) + "\n\n" +
            "Where DOG's presses per pawn event go (`--steps`): by event, "
            "and by the turns gone by since the one the device shows (a "
            "turn with no event is not entered, so the cursor waits on a "
            "player who may have had none). Floor: what any person pays on "
            "this screen, from the same events: a press on the player (OK "
            "on the turn's row; on any other a hold let go there: the rows "
            "dial) and one in the list when it has more than one row. By "
            "taps: OK on the player, the moves from the turn's row to "
            "theirs (the shorter way round the deal line and the players) "
            "and an OK in the list when it has more than one row.\n\n" +
            presses.dog_table(held["dog"])
            ).split("\n")
