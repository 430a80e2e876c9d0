"""Duplicon: round scoring, the end at 100 and the validations."""

from marcador_core import errors as E
from helpers import score, error, totals


def rnd(won, hand, zone):
    return {"e": "round", "won": won, "hand": hand, "zone": zone}


def test_rulebook_example_28_won_3_hand_1_zone_is_19():
    res = score("duplicon", 2, [rnd([28, 10], [3, 0], [1, 0])])
    assert res["players"][0]["total"] == 19
    assert res["players"][0]["parts"] == {"won": 28, "hand": -6, "zone": -3}
    assert not res["over"]


def test_running_totals_and_end_after_the_round_reaching_100():
    ev = [rnd([40, 30], [0, 1], [0, 0])] * 2
    res = score("duplicon", 2, ev)
    assert totals(res) == [80, 56] and not res["over"]
    ev.append(rnd([20, 2], [0, 0], [0, 0]))
    res = score("duplicon", 2, ev)
    assert totals(res) == [100, 58] and res["over"] and res["winners"] == [0]
    assert error("duplicon", 2, ev + [rnd([0, 0], [0, 0], [0, 0])]) == \
        (E.GAME_OVER, 3)


def test_several_over_100_highest_wins_and_ties_share():
    ev = [rnd([48, 48], [0, 0], [0, 0])] * 2 + [rnd([4, 4], [0, 1], [0, 0])]
    res = score("duplicon", 2, ev)
    assert totals(res) == [100, 98] and res["winners"] == [0]
    ev[-1] = rnd([4, 4], [0, 0], [0, 0])
    assert score("duplicon", 2, ev)["winners"] == [0, 1]


def test_validation():
    assert error("duplicon", 2, [rnd([3, 0], [0, 0], [0, 0])]) == \
        (E.WON_ODD, 0)
    assert error("duplicon", 2, [rnd([60, 30], [4, 1], [1, 1])]) == \
        (E.TOO_MANY_CARDS, 0)
    assert score("duplicon", 2, [rnd([60, 30], [4, 1], [1, 0])])
    assert error("duplicon", 2, [rnd([2, 0], [-1, 0], [0, 0])]) == \
        (E.NEGATIVE, 0)
    assert error("duplicon", 2, [rnd([2], [0], [0])]) == (E.BAD_VALUE, 0)
    assert error("duplicon", 5, []) == (E.BAD_PLAYER_COUNT, -1)


def test_a_refused_round_names_the_cell_where_the_deck_runs_out():
    # game.bad = player << 3 | field: the screens put the cursor there.
    from marcador_core.duplicon import Duplicon, round_event
    g = Duplicon()
    assert g.setup(3) == 0
    buf = bytearray(48)
    # 40 + 0 + 0, 30 + 2 + 0, 20 + 1 + 4: the 97th card is J3's zone.
    size = round_event(buf, 3, [[40, 0, 0], [30, 2, 0], [20, 1, 4]])
    assert g.apply(buf, 0) == E.TOO_MANY_CARDS and size
    assert g.bad == (2 << 3 | 2)
    size = round_event(buf, 3, [[40, 0, 0], [30, 2, 0], [20, 1, 3]])
    assert g.apply(buf, 0) == E.OK and g.bad == -1
