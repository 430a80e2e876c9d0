"""A round entry starts from the last round as it stands in the log: after
a correction of that round, from the corrected values, not the ones first
typed (issue 25 item 1: Duplicon's J2 corrected 22 -> 20 in round 2, round
3 started J2 at 22, and five steps made 32 instead of 30; the free pad the
same). The simulator runs the real firmware."""

from marcador import sim

DUPLICON_2 = "ok\ndown\nok\nup 2\nok\nup\nok\n"          # 2 players
FREE_2 = "ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"    # 2 players, 100
FIX_MENU = "back\nup\nok\n"     # the game menu's last row: correct a round


def test_duplicon_round_after_a_correction_starts_from_the_corrected():
    keys = (DUPLICON_2 +
            "up\nok\nok 6\n"                  # round 1: nobody scores
            "down\nok\nok 3\nup 11\nok 3\n"   # round 2: J2 won 22
            + FIX_MENU +
            "ok\n"                            # round 2 (offered)
            "ok 3\ndown\nok 3\n"              # J2 won 20, not 22
            "wait 1000\nstate\n"
            "up\nok\n"                        # round 3
            "state\n"
            "ok 3\nup 5\nok 3\n"              # J2: 5 steps of 2 more
            "wait 1000\nstate\n")
    states, _ = sim.run_script(keys)
    assert states[0]["session"]["totals"] == [0, 20]
    # The entry's J2 row starts at the corrected 20.
    assert states[1]["grid"]["values"] == [[0, 0, 0], [20, 0, 0]]
    assert states[2]["session"]["totals"] == [0, 50]    # 20 + 30


def test_free_round_after_a_correction_starts_from_the_corrected():
    keys = (FREE_2 +
            "ok\nup 5\nok\nup 3\nok\n"        # round 1: 5, 3
            "ok\nok\nok\n"                    # round 2: 5, 3 again
            + FIX_MENU +
            "ok\n"                            # round 2 (offered)
            "down 2\nok\nok\n"                # J1 5 -> 3
            "wait 1000\nstate\n"
            "ok\nstate\n"                     # round 3
            "up\nok\nok\n"                    # J1 one more: 4, J2 as is
            "wait 1000\nstate\n")
    states, _ = sim.run_script(keys)
    assert states[0]["session"]["totals"] == [8, 6]
    assert states[1]["grid"]["values"] == [[3], [3]]
    assert states[2]["session"]["totals"] == [12, 9]


def test_duplicon_correcting_an_earlier_round_leaves_the_next_entry_alone():
    # Round 1 corrected after round 2: round 3 starts from round 2 as it
    # stands (J2 won 22), not from the correction of round 1 (8).
    keys = (DUPLICON_2 +
            "up\nok\nok 3\nup 5\nok 3\n"      # round 1: J2 won 10
            "down\nok\nok 3\nup 6\nok 3\n"    # round 2: J2 won 22
            + FIX_MENU +
            "up\nok\n"                        # round 1
            "ok 3\ndown\nok 3\n"              # J2 won 8, not 10
            "wait 1000\nstate\n"
            "up\nok\n"                        # round 3
            "state\n")
    states, _ = sim.run_script(keys)
    assert states[0]["session"]["totals"] == [0, 30]
    assert states[1]["grid"]["values"] == [[0, 0, 0], [22, 0, 0]]


def test_free_correcting_an_earlier_round_leaves_the_next_entry_alone():
    keys = (FREE_2 +
            "ok\nup 5\nok\nup 3\nok\n"        # round 1: 5, 3
            "ok\nup 2\nok\ndown 2\nok\n"      # round 2: 7, 1
            + FIX_MENU +
            "up\nok\n"                        # round 1
            "down\nok\nok\n"                  # J1 5 -> 4
            "wait 1000\nstate\n"
            "ok\nstate\n")                    # round 3
    states, _ = sim.run_script(keys)
    assert states[0]["session"]["totals"] == [11, 4]
    assert states[1]["grid"]["values"] == [[7], [1]]
