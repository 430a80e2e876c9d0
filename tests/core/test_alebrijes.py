"""Alebrijes: round scoring, next first player, tie-breaks, validation."""

from marcador_core import errors as E
from helpers import score, error, totals

Z = [0, 0, 0, 0, 0]


def hand(blue=0, green=0, pink=0, orange=0, wild=0):
    return [blue, green, pink, orange, wild]


def rnd(out, high, token=None):
    ev = {"e": "round", "out": out, "high": high}
    if token is not None:
        ev["token"] = token
    return ev


def test_rulebook_examples_minus_7_minus_5_minus_6():
    # Ana out; Adrián 2 pink, 2 and 5 orange; Cris 2, 5, 5 blue;
    # Neus 3 green and 3 wild.
    res = score("alebrijes", ["Ana", "Adrián", "Cris", "Neus"],
                [rnd(0, [Z, hand(pink=2, orange=5), hand(blue=5),
                         hand(green=3, wild=3)])])
    assert totals(res) == [0, -7, -5, -6]
    assert res["players"][1]["parts"] == {"round1": -7, "round2": 0,
                                          "round3": 0}


def test_worst_total_starts_next_round():
    res = score("alebrijes", 3, [rnd(0, [Z, hand(blue=1), hand(blue=4)])])
    assert res["status"]["next_first"] == 2
    assert res["status"]["cards_to_deal"] == 10
    assert score("alebrijes", 5, [])["status"]["cards_to_deal"] == 8


def test_tied_worst_nearest_clockwise_from_token_holder():
    # J2 and J4 tied worst. Token with J3: clockwise J3, J4 -> J4.
    high = [Z, hand(blue=3), hand(blue=1), hand(green=3)]
    assert score("alebrijes", 4, [rnd(0, high, token=2)])["status"][
        "next_first"] == 3
    # Token with J4 itself: the holder counts as nearest.
    assert score("alebrijes", 4, [rnd(0, high, token=3)])["status"][
        "next_first"] == 3
    # Token with J1: J1, J2 -> J2.
    assert score("alebrijes", 4, [rnd(0, high, token=0)])["status"][
        "next_first"] == 1
    # No token given: the round's first player (start) holds it.
    ev = [{"e": "start", "p": 2}, rnd(0, high)]
    assert score("alebrijes", 4, ev)["status"]["next_first"] == 3


def test_three_rounds_then_least_negative_wins():
    ev = [rnd(0, [Z, hand(blue=2), hand(blue=3)]),
          rnd(1, [hand(wild=5), Z, hand(pink=1)]),
          rnd(2, [hand(orange=1), hand(green=1), Z])]
    res = score("alebrijes", 3, ev)
    assert totals(res) == [-6, -3, -4]
    assert res["over"] and res["winners"] == [1]
    assert error("alebrijes", 3, ev + [ev[0]]) == (E.GAME_OVER, 3)


def test_tie_broken_by_rounds_won_then_shared():
    ev = [rnd(0, [Z, hand(blue=2), hand(blue=1)]),
          rnd(0, [Z, hand(blue=2), hand(blue=5)]),
          rnd(1, [hand(blue=4), Z, hand(blue=1)])]
    res = score("alebrijes", 3, ev)
    assert totals(res) == [-4, -4, -7]
    assert res["winners"] == [0]       # two rounds won against one
    ev = [rnd(0, [Z, hand(blue=2), hand(blue=5)]),
          rnd(1, [hand(blue=2), Z, hand(blue=5)]),
          rnd(2, [hand(blue=1), hand(green=1), Z])]
    res = score("alebrijes", 3, ev)
    assert totals(res) == [-3, -3, -10]
    assert res["winners"] == [0, 1]    # one round won each: shared


def test_start_only_before_round_one():
    ev = [rnd(0, [Z, hand(blue=1), hand(blue=1)])]
    assert error("alebrijes", 3, ev + [{"e": "start", "p": 1}]) == \
        (E.ALREADY_STARTED, 1)


def test_validation():
    assert error("alebrijes", 3, [rnd(0, [hand(blue=1), hand(blue=1),
                                          hand(blue=1)])]) == \
        (E.OUT_HOLDS_CARDS, 0)
    assert error("alebrijes", 3, [rnd(0, [Z, Z, hand(blue=1)])]) == \
        (E.NO_CARDS_LEFT, 0)
    assert error("alebrijes", 3, [rnd(0, [Z, hand(blue=6), hand(blue=1)])]) \
        == (E.BAD_VALUE, 0)
    assert error("alebrijes", 3, [rnd(3, [Z, Z, Z])]) == (E.BAD_PLAYER, 0)
    assert error("alebrijes", 2, []) == (E.BAD_PLAYER_COUNT, -1)


def test_a_refused_round_names_the_player_left_at_zero():
    # game.bad = player << 3 (first suit): the screens put the cursor there.
    from marcador_core.alebrijes import Alebrijes, event, ROUND
    g = Alebrijes()
    assert g.setup(3) == 0
    buf = bytearray(48)
    vals = [[3, 0, 0, 0, 0], [0] * 5, [0] * 5]
    event(buf, ROUND, 1, 3, -1, vals)
    assert g.apply(buf, 0) == E.NO_CARDS_LEFT and g.bad == 2 << 3
    vals[2][4] = 1
    event(buf, ROUND, 1, 3, -1, vals)
    assert g.apply(buf, 0) == E.OK and g.bad == -1
