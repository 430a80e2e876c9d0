"""bench/presses.py: realistic rounds, valid for the core, entered on the
simulator by a person who reads the screen, every game accepted; the
counts are consistent. Not a timing or target test."""

import re

import pytest

import presses
from marcador_core import record

ROUNDS = 6


@pytest.fixture(scope="module")
def played():
    return {gid: presses.play(gid, 3, ROUNDS) for gid in presses.TITLES}


def test_generated_games_are_valid_and_realistic():
    # Core only (no VM): several seeds, every game a finished, valid record.
    for seed in range(5):
        for gid in presses.TITLES:
            games = presses.draw(gid, seed, 30)
            for kind in presses.KINDS[gid]:
                if kind in presses.TARGETS:
                    assert sum(g.counts.get(kind, 0) for g in games) >= 30
            for game in games:
                res = record.score_record(game.record())   # raises if invalid
                assert res["over"], (gid, seed)
                for ev in game.events:
                    if gid == "free" and ev["e"] == "round":
                        assert all(0 <= s <= 40 for s in ev["scores"])
                    if gid == "duplicon" and ev["e"] == "round":
                        assert all(w % 2 == 0 for w in ev["won"])
                        assert sum(ev["won"] + ev["hand"] + ev["zone"]) <= 96
                    if gid == "alebrijes" and ev["e"] == "round":
                        assert sum(map(sum, ev["high"])) > 0


def test_every_title_played_and_accepted(played):
    # play() raises unless every finished game on the device equals the
    # generated one byte for byte (its events in effect, with the core's
    # totals).
    for gid, r in played.items():
        kinds = presses.KINDS[gid]
        assert r["units"].get(kinds[0]), gid
        for k in kinds:
            if k in presses.TARGETS:
                assert len(r["units"][k]) >= ROUNDS, (gid, k)
        for kind, units in r["units"].items():
            for numbers, p in units:
                assert numbers > 0 and p > 0, (gid, kind)
        mean, p90, numbers, count = presses.figures(r["units"][kinds[0]])
        assert 0 < mean and 0 < p90 and numbers >= count > 0


def test_cells_cost_what_their_distance_asks(played):  # picked titles
    # A value equal to the start costs no adjust press; any other at
    # least one; and a cell is reported for every number in a table.
    for gid, r in played.items():
        cells = r["cells"]
        for start, target, p in cells:
            assert (p == 0) == (start == target), (gid, start, target, p)
        tables = sum(n for kind, units in r["units"].items()
                     for n, _ in units if kind in (gid,))
        if gid in ("free", "duplicon"):
            assert len(cells) == tables
        elif gid == "alebrijes":          # less who went out and the token
            assert len(cells) == 15 * len(r["units"]["alebrijes"])
        elif gid == "dinos":              # less the disaster
            assert len(cells) == tables - len(r["units"]["dinos"])
    assert any(s == t for s, t, _ in played["free"]["cells"]) or \
        any(s == t for s, t, _ in played["duplicon"]["cells"])


def test_a_hold_beats_tapping_far_values():
    # The same free-pad rounds by a person who only taps cost more.
    games = presses.draw("free", 3, ROUNDS)
    hold = presses.run("free", games, 3)
    tap = presses.run("free", games, 3, holds=False)
    h = presses.figures(hold["units"]["free"])[0]
    t = presses.figures(tap["units"]["free"])[0]
    assert h < t
    for (s, g, p) in tap["cells"]:
        assert p == min(abs(g - s), 10 ** 6)      # -9999..9999: no wrap


def test_a_round_the_device_did_not_get_is_caught():
    # The check can fail: the plan enters one score off by one.
    games = presses.draw("free", 3, 2)
    plan = games[0].plan
    i = next(k for k, line in enumerate(plan) if line.startswith("G "))
    nums = plan[i].split()
    nums[1] = str(int(nums[1]) + 1)
    plan[i] = " ".join(nums)
    with pytest.raises(RuntimeError, match="differs"):
        presses.run("free", games, 3)


def test_a_plan_the_screens_do_not_follow_is_reported():
    games = presses.draw("duplicon", 3, 1)
    plan = games[0].plan
    i = plan.index("U duplicon 12") + 1   # the round line: M 0
    plan[i] = "T back"                    # the round table never opens
    with pytest.raises(RuntimeError, match=re.compile("ERR|failed")):
        presses.run("duplicon", games, 3)


def test_steps_say_where_every_press_of_a_unit_goes(played):
    # Doggy's and DOG's plans mark each line with its step (#player,
    # #colour...): the steps' presses add up to the units' presses.
    for gid, kinds in (("doggy", ("take", "order", "pass")),
                       ("dog", ("pawn",))):
        steps = played[gid]["steps"]
        for kind in kinds:
            units = played[gid]["units"][kind]
            assert steps[kind]["player"] >= len(units)     # an OK at least
            assert sum(steps[kind].values()) == sum(p for _, p in units)
    assert set(played["doggy"]["steps"]["take"]) == {"player", "colour",
                                                     "points"}
    lines = presses.step_lines(played)
    assert any(line.strip().startswith("doggy take: player") for line in lines)


def test_a_card_or_suit_is_dialled_in_one_press():
    # Dial and go (app/ui.py Grid): a held key walks a small-range cell one
    # step at a time and letting go moves on, so a card or a suit's high
    # away from its start costs one press, however far, unless the release
    # slipped (then BACK and fix it: 3 or more).
    for gid in ("dinos", "alebrijes"):
        games = presses.draw(gid, 3, ROUNDS)
        dial = presses.run(gid, games, 3)
        far = [p for s, t, p in dial["cells"] if abs(t - s) >= 2]
        assert far and far.count(1) >= 0.9 * len(far), (gid, far)
        tap = presses.run(gid, games, 3, holds=False)
        assert presses.figures(dial["units"][gid])[0] < \
            presses.figures(tap["units"][gid])[0]


def test_a_slipped_dial_is_fixed_and_the_games_still_match():
    # A clumsier person (timing error 10% of the hold, twice the bench's):
    # releases land on the wrong value, mid-table (BACK, fix) and on the
    # last card, whose release saves the round (undo it, enter the round
    # again); every game on the device is still the generated one, in its
    # events in effect.
    games = presses.draw("dinos", 3, 20)
    r = presses.run("dinos", games, 3, slip=0.1)
    slips = [p for s, t, p in r["cells"] if s != t and p > 1]
    assert len(slips) >= 3 and r["undone"] >= 1
    units = r["units"]["dinos"]
    assert len(units) == sum(g.counts["dinos"] for g in games)


def test_the_end_count_games_are_the_live_games_tables():
    # doggy_count enters the final table of the very games doggy plays
    # live: the same number of games, the same Parrandas taken, the same
    # totals and breakdown (the pad read back from the live events).
    for seed in range(3):
        live = presses.draw("doggy", seed, 30)
        count = presses.draw("doggy_count", seed, 30)
        assert len(live) == len(count)
        for a, b in zip(live, count):
            assert a.counted == b.counted > 0
            assert b.options == {"mode": "count"}
            ra = record.score_record(a.record())
            rb = record.score_record(b.record())
            assert ra["players"] == rb["players"], seed
            assert rb["over"]
        assert any(ev["reserve"] for g in count for ev in g.events)
        assert any(ev["wilds"] for g in count for ev in g.events)


def test_doggy_both_ways_and_dog_are_reported_per_game(played):
    for gid in ("doggy", "doggy_count", "dog"):
        r = played[gid]
        assert len(r["per_game"]) == r["games"]
        total = sum(p for units in r["units"].values() for _, p in units)
        assert sum(p for p, _ in r["per_game"]) == total
    # DOG's games are reported over their pawn events (deals' presses in).
    assert sum(c for _, c in played["dog"]["per_game"]) == \
        len(played["dog"]["units"]["pawn"])
    table = presses.game_table(played)
    for row in ("| Doggy Style, live tracking |",
                "| Doggy Style, end count |", "| DOG |"):
        assert row in table


def test_dog_breakdown_tags_every_pawn_event_and_its_floor_holds(played):
    # Each DOG pawn event carries its tag (event, turns late, moves to the
    # player, rows of the list): the player is one press away however far
    # (OK on the turn's row, else a hold let go on theirs: the rows dial,
    # app/play/dial.py), and so is any row of the list (when it has more
    # than one); no event costs less than its floor, and a tap is never
    # chosen where a hold costs less.
    r = played["dog"]
    units = r["units"]["pawn"]
    tagged = r["tagged"]["pawn"]
    assert [(n, p) for _, n, p, _ in tagged] == units
    far = []
    for tag, n, p, steps in tagged:
        ev, late, moves, rows = tag.split(".")
        assert ev in presses.DOG_EVENTS and 0 <= int(late) < presses.N
        assert 1 <= steps["player"] <= 1 + int(moves), tag
        assert steps.get("action", 0) >= (int(rows) > 1), tag
        assert p >= 1 + (int(rows) > 1), tag
        if int(moves) >= 1:
            far.append(steps["player"])
    assert far and far.count(1) >= 0.9 * len(far), far
    rows = {label: (count, mean, fl, taps) for label, count, mean, _, _, fl,
            taps in presses.dog_rows(r)}
    assert rows["all"][0] == len(units)
    assert sum(rows[e][0] for e in presses.DOG_EVENTS if e in rows) == \
        len(units)
    assert rows["all"][1] >= rows["all"][2] > 0
    assert rows["all"][3] > rows["all"][2]


def test_dog_by_taps_pays_the_moves_to_the_player():
    # A person who never holds a key moves to the player and presses OK:
    # their player step is the moves the tag says and an OK.
    games = presses.draw("dog", 3, ROUNDS)
    r = presses.run("dog", games, 3, holds=False)
    for tag, _, p, steps in r["tagged"]["pawn"]:
        moves, rows = int(tag.split(".")[2]), int(tag.split(".")[3])
        assert steps["player"] == 1 + moves, tag
        assert p >= 1 + moves + (rows > 1), tag


def test_a_slipped_dog_dial_is_undone_and_the_games_still_match():
    # A clumsier person (timing error 10% of the hold, twice the bench's):
    # a release lands on another player (BACK from their list, or a long
    # BACK undoes their only choice) or another row of the list (recorded:
    # a long BACK, and the event again); every game on the device is
    # still the generated one, in its events in effect.
    games = presses.draw("dog", 3, 40)
    r = presses.run("dog", games, 3, slip=0.1)
    assert len(r["units"]["pawn"]) == sum(g.counts["pawn"] for g in games)
    assert r["undone"] >= 1
    assert any(p > 1 + (int(t.split(".")[3]) > 1)
               for t, _, p, _ in r["tagged"]["pawn"])
