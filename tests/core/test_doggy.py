"""Doggy Style: scoring, majorities, Mario Hugo, two-player limits and every
validation of docs/rules.md, "Doggy Style"."""

import json
from pathlib import Path

import pytest

from marcador_core import errors as E
from helpers import score, error, totals, log_of, snapshot

ROOT = Path(__file__).resolve().parents[2]


def take(p, color, points=1):
    return {"e": "take", "p": p, "color": color, "points": points}


def order(p, color):
    return {"e": "order", "p": p, "color": color}


MARIO3 = [{"e": "mario"}] * 3


def ordered(p, color, k, points=None):
    # k Parrandas of a colour taken and ordered, worth 1 each unless points
    # says (the deck has 7 per colour, of values the rulebook does not
    # split: docs/rules.md, "Doggy Style").
    points = points or [1] * k
    assert len(points) == k
    return [take(p, color, v) for v in points] + [order(p, color)]


# The values the players of a test take one after another (7, the
# Parrandas of one colour).
DECK = (1, 1, 1, 3, 3, 5, 5)


def test_rulebook_example_juan_carlos_scores_41():
    rec = json.loads((ROOT / "examples/doggy_rulebook.json").read_text())
    from marcador_core import record
    res = record.score_record(rec)
    jc = res["players"][0]
    assert jc["name"] == "Juan Carlos"
    assert jc["total"] == 41
    assert jc["parts"] == {"parrandas": 28, "reserve": 2, "sets": 5,
                           "majorities": 6}
    assert res["over"] and res["winners"] == [0]


def majorities(res):
    return [p["parts"]["majorities"] for p in res["players"]]


def test_single_first_and_single_second_majority():
    ev = ordered(0, "red", 3, [5, 5, 3]) + ordered(1, "red", 2, [3, 1]) + \
        ordered(2, "red", 1)
    assert majorities(score("doggy", 3, ev)) == [5, 2, 0]


@pytest.mark.parametrize("k,each", [(2, 3), (3, 2), (4, 1), (5, 1)])
def test_tied_first_majority_splits_7_and_gives_no_second(k, each):
    ev = []
    for p in range(k):
        ev += ordered(p, "blue", 1, [DECK[p]])
    n = max(k, 3)
    if k < n:
        ev += [take(k, "yellow")] + [order(k, "yellow")]  # no blue for k
    res = score("doggy", n, ev)
    blue = [each] * k + [0] * (n - k)
    if k < n:
        blue[k] = 5  # yellow alone
    assert majorities(res) == blue


def test_tied_first_majority_no_second_even_with_a_lower_count():
    ev = ordered(0, "green", 2, [1, 1]) + ordered(1, "green", 2, [3, 3]) + \
        ordered(2, "green", 1)
    assert majorities(score("doggy", 3, ev)) == [3, 3, 0]


@pytest.mark.parametrize("k,each", [(1, 2), (2, 1), (3, 0), (4, 0)])
def test_second_majority_split_2_rounding_down(k, each):
    # Two players have one red 5: J1 takes none.
    ev = ordered(0, "red", 3, [3, 3, 1])
    for p in range(1, k + 1):
        ev += ordered(p, "red", 1, [(1, 1, 5, 5)[p - 1]])
    assert majorities(score("doggy", k + 1, ev)) == [5] + [each] * k


def test_a_colour_needs_one_card_to_place():
    ev = ordered(0, "red", 1)
    assert majorities(score("doggy", 3, ev)) == [5, 0, 0]


def test_unordered_parrandas_score_nothing():
    ev = [take(0, "red", 5), take(0, "red", 3)] + MARIO3
    # The third Mario orders the last one taken (3 points) only.
    res = score("doggy", 2, ev)
    assert res["players"][0]["parts"]["parrandas"] == 3


def test_mario_orders_only_the_last_parranda_taken():
    ev = [take(0, "blue", 5), take(0, "red", 3), {"e": "mario"}]
    st = score("doggy", 2, ev)["status"]
    assert st["ordered"][0] == [0, 1, 0, 0, 0]
    assert st["unordered"][0] == [1, 0, 0, 0, 0]
    assert st["mario"] == 1


def test_second_mario_in_same_refill_orders_nothing_more():
    ev = [take(0, "blue", 5), take(1, "red", 3), {"e": "mario"},
          {"e": "mario"}]
    st = score("doggy", 2, ev)["status"]
    assert st["ordered"][1][1] == 1 and st["ordered"][0][0] == 0
    assert st["unordered"][0][0] == 1


def test_mario_cannot_come_once_the_last_parranda_taken_was_ordered():
    # Before the refill rule this Mario Hugo ordered nothing; now ordering
    # is a turn without a take, so no refill and no Mario Hugo.
    ev = [take(0, "blue", 5), take(1, "red", 3), order(1, "red")]
    st = score("doggy", 2, ev)["status"]
    assert st["unordered"][0][0] == 1 and st["ordered"][1][1] == 1
    assert error("doggy", 2, ev + [{"e": "mario"}]) == \
        (E.MARIO_NO_REFILL, 3)


def test_third_mario_ends_the_game_after_the_auto_order():
    ev = [take(0, "red", 5), {"e": "mario"}, take(1, "blue", 3),
          {"e": "mario"}, take(0, "green", 1), {"e": "mario"}]
    res = score("doggy", 2, ev)
    assert res["over"]
    assert [p["parts"]["parrandas"] for p in res["players"]] == [6, 3]
    assert error("doggy", 2, ev + [take(1, "red", 5)]) == (E.GAME_OVER, 6)
    assert error("doggy", 2, ev + [{"e": "mario"}]) == (E.GAME_OVER, 6)


def test_two_player_limits_six_per_colour_two_wilds():
    ev = [take(0, "red", v) for v in (5, 3, 3, 1, 1, 1)]
    score("doggy", 2, ev)
    for v in (5, 3, 1):
        assert error("doggy", 2, ev + [take(1, "red", v)]) == \
            (E.COLOR_EXHAUSTED, 6)
    assert score("doggy", 3, ev + [take(1, "red", 5)])["players"]
    assert error("doggy", 3, ev + [take(1, "red", 5), take(1, "red", 1)]) \
        == (E.COLOR_EXHAUSTED, 7)
    w = [take(0, "wild")] * 2
    assert error("doggy", 2, w + [take(1, "wild")]) == (E.WILD_EXHAUSTED, 2)
    assert error("doggy", 4, w * 2) == (E.WILD_EXHAUSTED, 3)


def test_validation_errors():
    assert error("doggy", 2, [take(0, "wild", 5)]) == (E.WILD_POINTS, 0)
    assert error("doggy", 2, [take(0, "red", 4)]) == (E.BAD_VALUE, 0)
    assert error("doggy", 2, [take(0, "purple", 5)]) == (E.BAD_VALUE, 0)
    assert error("doggy", 2, [take(2, "red", 5)]) == (E.BAD_PLAYER, 0)
    assert error("doggy", 2, [{"e": "reserve", "p": 0, "delta": -1}]) == \
        (E.RESERVE_NEGATIVE, 0)
    assert error("doggy", 2, [{"e": "reserve", "p": 0, "delta": 2}]) == \
        (E.BAD_VALUE, 0)
    assert error("doggy", 2, [take(0, "red"), order(0, "blue")]) == \
        (E.NOTHING_TO_ORDER, 1)
    assert error("doggy", 2, [take(0, "red"), order(0, "red"),
                              order(0, "red")]) == (E.NOTHING_TO_ORDER, 2)
    assert error("doggy", 2, [{"e": "mario"}]) == (E.MARIO_EARLY, 0)
    assert error("doggy", 2, [{"e": "dance"}]) == (E.BAD_EVENT, 0)


def wild_game():
    # Three players: J1 has two ordered wilds, J2 one unordered wild.
    return [take(0, "wild"), take(0, "wild"), order(0, "wild"),
            take(1, "wild"), take(1, "red", 5)] + MARIO3


def assign(p, *colors):
    return {"e": "assign", "p": p, "colors": list(colors)}


def test_wild_assignment_counts_towards_colours_sets_and_majorities():
    base = [take(0, "blue"), order(0, "blue"), take(0, "yellow"),
            order(0, "yellow"), take(0, "red"), order(0, "red"),
            take(0, "wild"), order(0, "wild"), take(1, "red")] + MARIO3
    before = score("doggy", 2, base)["players"][0]["parts"]
    assert before["sets"] == 0
    # J2's red (ordered by Mario Hugo) ties red: 3 + blue 5 + yellow 5.
    assert before["majorities"] == 13
    after = score("doggy", 2, base + [assign(0, "green"), assign(1)])
    parts = after["players"][0]["parts"]
    assert parts["sets"] == 5
    assert parts["parrandas"] == 4      # a wild is worth 1 whatever colour
    assert parts["majorities"] == 18    # green joins the majorities


def test_assignment_validation():
    ev = wild_game()
    assert error("doggy", 3, ev + [assign(0, "red")]) == (E.ASSIGN_COUNT, 8)
    assert error("doggy", 3, ev + [assign(0, "red", "red", "red")]) == \
        (E.ASSIGN_COUNT, 8)
    assert error("doggy", 3, ev + [assign(0, *["red"] * 4)]) == \
        (E.ASSIGN_COUNT, 8)
    # J2's wild was never ordered: nothing to assign.
    assert error("doggy", 3, ev + [assign(1, "red")]) == (E.ASSIGN_COUNT, 8)
    assert error("doggy", 3, ev + [assign(0, "red", "wild")]) == \
        (E.BAD_VALUE, 8)
    ok = ev + [assign(0, "red", "blue")]
    res = score("doggy", 3, ok)
    # Mario Hugo ordered J2's red 5, so red is tied (7 // 2 = 3 each) and
    # J1 has blue alone (5).
    assert res["players"][0]["parts"]["majorities"] == 3 + 5
    assert res["players"][1]["parts"]["majorities"] == 3
    assert error("doggy", 3, ok + [assign(0, "red", "blue")]) == \
        (E.ALREADY_ASSIGNED, 9)
    assert error("doggy", 3, [take(0, "wild"), order(0, "wild"),
                              assign(0, "red")]) == (E.NOT_OVER, 2)


def test_live_score_if_the_game_ended_now():
    ev = ordered(0, "red", 2) + [take(1, "red", 5)]
    res = score("doggy", 2, ev)
    assert not res["over"] and res["winners"] == []
    assert res["leaders"] == [0]
    assert totals(res) == [2 + 5, 0]
    assert res["status"]["unordered"][1] == [0, 1, 0, 0, 0]


def test_tied_totals_share_the_win():
    ev = ordered(0, "red", 1) + [take(1, "blue")] + MARIO3
    res = score("doggy", 2, ev)
    assert totals(res) == [6, 6] and res["winners"] == [0, 1]


def test_undo_restores_the_unordered_card_after_mario():
    log = log_of("doggy", 2, [take(0, "red", 5), {"e": "mario"},
                              {"e": "undo"}])
    assert log.game.unordered(0, 1) == 1 and log.game.mario == 0


# ---- audit items (docs/rules.md, "Doggy Style", points 5 and the Mario Hugo
# refill)

def test_not_over_and_no_winner_until_every_ordered_wild_is_assigned():
    # J1 has two ordered wilds; J2 and J3 none ("debe asignar qué color
    # tendrán para la puntuación" comes before the count).
    ev = wild_game()
    res = score("doggy", 3, ev)
    assert not res["over"] and res["winners"] == []
    assert res["status"]["to_assign"] == [0]
    done = score("doggy", 3, ev + [assign(0, "red", "blue")])
    assert done["over"] and done["winners"] != []
    assert done["status"]["to_assign"] == []


def test_play_events_are_refused_while_wilds_wait_for_assignment():
    ev = wild_game()
    assert error("doggy", 3, ev + [take(2, "red", 5)]) == (E.GAME_OVER, 8)
    assert error("doggy", 3, ev + [{"e": "mario"}]) == (E.GAME_OVER, 8)
    assert error("doggy", 3, ev + [order(1, "wild")]) == (E.GAME_OVER, 8)


def test_over_at_once_when_nobody_has_ordered_wilds():
    res = score("doggy", 2, [take(0, "red")] + MARIO3)
    assert res["over"] and res["status"]["to_assign"] == []


def test_every_player_with_wilds_must_assign_before_the_end():
    ev = [take(0, "wild"), order(0, "wild"), take(1, "wild"),
          order(1, "wild"), take(1, "red")] + MARIO3
    res = score("doggy", 3, ev + [assign(1, "green")])
    assert not res["over"] and res["status"]["to_assign"] == [0]
    res = score("doggy", 3, ev + [assign(1, "green"), assign(0, "red")])
    assert res["over"] and res["winners"]


def test_undoing_an_assignment_reopens_the_end():
    log = log_of("doggy", 3, wild_game() + [assign(0, "red", "blue")])
    assert log.game.over
    assert log.undo() == 0
    assert not log.game.over and log.game.winners == 0


def test_mario_only_right_after_a_turn_in_which_parrandas_were_taken():
    # The supply refills only then: take, order, mario is invalid.
    assert error("doggy", 2, [take(0, "red"), order(0, "red"),
                              {"e": "mario"}]) == (E.MARIO_NO_REFILL, 2)
    # Another player's ordering turn in between is a turn without a take.
    assert error("doggy", 2, [take(0, "red"), take(1, "blue"),
                              order(1, "blue"), {"e": "mario"}]) == \
        (E.MARIO_NO_REFILL, 3)
    # Reserve dogs and other Mario Hugos in between are fine.
    ok = [take(0, "red"), {"e": "reserve", "p": 1, "delta": 1},
          {"e": "mario"}, {"e": "mario"}]
    assert score("doggy", 2, ok)["status"]["mario"] == 2
    # A take after the ordering turn makes the next Mario Hugo valid.
    ok = [take(0, "red"), order(0, "red"), take(1, "blue"), {"e": "mario"}]
    assert score("doggy", 2, ok)["status"]["mario"] == 1


def test_undo_of_the_order_makes_mario_valid_again():
    log = log_of("doggy", 2, [take(0, "red"), order(0, "red"),
                              {"e": "undo"}, {"e": "mario"}])
    assert log.game.mario == 1 and log.game.ordered(0, 1) == 1


def test_the_pc_breakdown_says_who_still_has_to_assign():
    from marcador import breakdown
    from marcador_core import errors as Er
    res = score("doggy", 3, wild_game())
    assert "Still to assign their wilds: J1" in breakdown.text(res)
    assert "Aún deben asignar sus comodines: J1" in \
        breakdown.text(res, Er.ES)
    assert "(in progress)" in breakdown.text(res)
    done = score("doggy", 3, wild_game() + [assign(0, "red", "blue")])
    assert "assign" not in breakdown.text(done)


# ---- the deck per colour: 7 Parrandas (6 with two players) worth 5, 3 or
# 1; the rulebook does not say how many of each value (docs/rules.md, "Doggy
# Style",
# "Decision (card values)"), so no take is refused for a per-value count:
# only a colour with all its Parrandas taken is.

@pytest.mark.parametrize("n,values", [
    (3, [5, 5, 5, 3, 3, 3, 1]), (5, [5] * 7), (4, [1] * 7), (3, [3] * 7),
    (2, [5] * 6), (2, [3, 3, 3, 3, 1, 1])])
def test_any_split_of_values_within_a_colour_is_accepted(n, values):
    ev = [take(j % n, "blue", v) for j, v in enumerate(values)]
    res = score("doggy", n, ev)
    assert res["status"]["unordered"][0][0] == \
        len([v for j, v in enumerate(values) if j % n == 0])
    # One more of that colour, of any value, is one the deck lacks.
    for v in (5, 3, 1):
        assert error("doggy", n, ev + [take(0, "blue", v)]) == \
            (E.COLOR_EXHAUSTED, len(ev))
    log = log_of("doggy", n, ev)
    before = snapshot(log.game)
    assert log.add(bytes([1, 0 | 5 << 4])) == E.COLOR_EXHAUSTED
    assert snapshot(log.game) == before


def test_cards_left_per_colour_follow_takes_and_undo():
    log = log_of("doggy", 3, [take(0, "red", 5), take(1, "red", 1),
                              take(2, "green", 3)])
    g = log.game
    assert [g.left(c) for c in range(4)] == [7, 5, 7, 6]
    assert log.undo() == 0
    assert [g.left(c) for c in range(4)] == [7, 5, 7, 7]
    two = log_of("doggy", 2, []).game
    assert [two.left(c) for c in range(4)] == [6, 6, 6, 6]
