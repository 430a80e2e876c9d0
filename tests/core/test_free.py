"""Free score pad: rounds, highest or lowest wins, target, end."""

from marcador_core import errors as E
from helpers import score, error, totals


def rnd(*s):
    return {"e": "round", "scores": list(s)}


def test_rounds_add_up_per_round_parts_and_negative_scores():
    res = score("free", 3, [rnd(5, -3, 0), rnd(10, 2, -7)])
    assert totals(res) == [15, -1, -7]
    assert res["players"][1]["parts"] == {"r1": -3, "r2": 2}
    assert not res["over"] and res["leaders"] == [0]


def test_target_ends_the_game_highest_wins():
    ev = [rnd(60, 40), rnd(45, 70)]
    res = score("free", 2, ev, {"target": 100})
    assert res["over"] and res["winners"] == [1]
    assert error("free", 2, ev + [rnd(1, 1)], {"target": 100}) == \
        (E.GAME_OVER, 2)


def test_lowest_wins_with_target_like_hearts():
    res = score("free", 3, [rnd(50, 20, 30), rnd(55, 10, 0)],
                {"lowest_wins": True, "target": 100})
    assert totals(res) == [105, 30, 30]
    assert res["over"] and res["winners"] == [1, 2]


def test_end_event_closes_a_game_without_target():
    res = score("free", 1, [rnd(3), {"e": "end"}])
    assert res["over"] and res["winners"] == [0]


def test_limits():
    assert error("free", 2, [rnd(40000, 0)]) == (E.BAD_VALUE, 0)
    assert error("free", 9, []) == (E.BAD_PLAYER_COUNT, -1)
    ev = [rnd(1)] * 99
    assert score("free", 1, ev)["status"]["rounds"] == 99
    assert error("free", 1, ev + [rnd(1)]) == (E.TOO_MANY_ROUNDS, 99)
