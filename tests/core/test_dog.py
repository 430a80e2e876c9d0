"""DOG: pawns, kills, goals, the round cycle for 4 and 6 players, teams."""

import pytest

from marcador_core import errors as E
from helpers import score, error


def out(p):
    return {"e": "out", "p": p}


def goal(o, by=None):
    ev = {"e": "goal", "owner": o}
    if by is not None:
        ev["by"] = by
    return ev


def kill(p, v):
    return {"e": "kill", "p": p, "victim": v}


DEAL = {"e": "deal"}


@pytest.mark.parametrize("n,dealer0", [(4, 0), (4, 2), (6, 0), (6, 5)])
def test_deal_cycle_dealer_and_first_player(n, dealer0):
    for r in range(12):
        st = score("dog", n, [DEAL] * r, {"dealer": dealer0})["status"]
        assert st["round"] == r + 1
        assert st["hand"] == [6, 5, 4, 3, 2][r % 5]
        # Counter-clockwise: the dealer's right is seat - 1.
        assert st["dealer"] == (dealer0 - r) % n
        assert st["first"] == (dealer0 - r - 1) % n
        # The first player of a round deals the next one.
        nxt = score("dog", n, [DEAL] * (r + 1), {"dealer": dealer0})
        assert nxt["status"]["dealer"] == st["first"]


def test_pawns_move_home_track_goal_and_kills_send_home():
    ev = [out(0), out(0), out(1), kill(1, 0), out(0), goal(0), kill(0, 1)]
    st = score("dog", 4, ev)["status"]
    assert st["home"][0] == 2 and st["track"][0] == 1 and st["goal"][0] == 1
    assert st["home"][1] == 4 and st["track"][1] == 0
    assert st["kills"] == [1, 1, 0, 0]
    for p in range(4):
        assert st["home"][p] + st["track"][p] + st["goal"][p] == 4


def test_team_of_partners_opposite_wins_with_all_8_pawns():
    ev = []
    for p in (0, 2):
        ev += [out(p), goal(p)] * 4
    res = score("dog", 4, ev)
    assert res["over"] and res["winners"] == [0, 2]
    assert res["status"]["team_goal"] == [8, 0]
    assert [p["total"] for p in res["players"]] == [4, 0, 4, 0]
    assert error("dog", 4, ev + [DEAL]) == (E.GAME_OVER, len(ev))


def test_six_players_three_teams_seats_i_and_i_plus_3():
    ev = []
    for p in (1, 4):
        ev += [out(p), goal(p)] * 4
    res = score("dog", 6, ev)
    assert res["winners"] == [1, 4]
    assert res["status"]["team_goal"] == [0, 8, 0]


def test_partner_moves_pawns_only_when_own_four_are_home():
    ev = [out(0), goal(0)] * 4 + [out(2), goal(2, by=0)]
    res = score("dog", 4, ev)
    assert res["players"][2]["parts"] == {"own": 0, "partner": 1}
    assert res["players"][2]["total"] == 1
    assert error("dog", 4, [out(2), goal(2, by=0)]) == \
        (E.PARTNER_NOT_HOME, 1)
    assert error("dog", 4, [out(2), goal(2, by=1)]) == (E.NOT_PARTNER, 1)


def test_validation():
    assert error("dog", 4, [out(0)] * 5) == (E.HOME_EMPTY, 4)
    assert error("dog", 4, [kill(1, 0)]) == (E.NOT_ON_TRACK, 0)
    # A pawn in the goal cannot be killed.
    assert error("dog", 4, [out(0), goal(0), kill(1, 0)]) == \
        (E.NOT_ON_TRACK, 2)
    assert error("dog", 4, [goal(0)]) == (E.NOT_ON_TRACK, 0)
    assert error("dog", 5, []) == (E.BAD_PLAYER_COUNT, -1)
    assert error("dog", 4, [], {"dealer": 4}) == (E.BAD_PLAYER, -1)


# ---- a kill needs a pawn on the track that made it (docs/rules.md, "DOG")

def test_an_idle_player_with_four_at_home_cannot_kill():
    assert error("dog", 4, [out(1), kill(0, 1)]) == (E.NO_KILLER_PAWN, 1)
    # With one of their own out, the same kill is fine.
    st = score("dog", 4, [out(1), out(0), kill(0, 1)])["status"]
    assert st["kills"] == [1, 0, 0, 0] and st["home"][1] == 4


def test_a_player_whose_pawns_are_all_in_the_goal_kills_with_the_partners():
    four = [out(0), goal(0)] * 4
    # J1 finished; J3 (partner) has nothing on the track: no kill.
    assert error("dog", 4, four + [out(1), kill(0, 1)]) == \
        (E.NO_KILLER_PAWN, 9)
    st = score("dog", 4, four + [out(1), out(2), kill(0, 1)])["status"]
    assert st["kills"][0] == 1 and st["home"][1] == 4


def test_a_player_with_pawns_left_does_not_kill_with_the_partners():
    ev = [out(0), goal(0), out(2), out(1)]
    assert error("dog", 4, ev + [kill(0, 1)]) == (E.NO_KILLER_PAWN, 4)


def test_killing_a_pawn_of_the_movers_owner_needs_two_of_them_out():
    assert error("dog", 4, [out(0), kill(0, 0)]) == (E.OWN_KILL_ONE_PAWN, 1)
    st = score("dog", 4, [out(0), out(0), kill(0, 0)])["status"]
    assert st["track"][0] == 1 and st["home"][0] == 3
    # A finished player moving the partner's pawns: the partner is that
    # owner, so killing a partner's pawn needs two of them out.
    four = [out(0), goal(0)] * 4
    assert error("dog", 4, four + [out(2), kill(0, 2)]) == \
        (E.OWN_KILL_ONE_PAWN, 9)
    st = score("dog", 4, four + [out(2), out(2), kill(0, 2)])["status"]
    assert st["track"][2] == 1
    # Killing the partner's pawn with one's own pawn needs no second one.
    st = score("dog", 4, [out(0), out(2), kill(0, 2)])["status"]
    assert st["home"][2] == 4


# ---- the match tally travels in each game's options (its header)

def test_match_options_round_trip_and_old_records_keep_one_byte():
    from marcador_core import record
    from marcador_core import dog
    opts = {"dealer": 2, "match": {"length": 3, "wins": [1, 0]}}
    b = record.options_bytes("dog", 4, opts)
    assert b == bytes([2, 3, 1, 0])
    assert record.options_dict("dog", 4, b) == opts
    assert dog.match_of(b, 4) == (3, [1, 0])
    assert record.options_bytes("dog", 4, {"dealer": 1}) == bytes([1])
    assert record.options_dict("dog", 4, bytes([1])) == {"dealer": 1}
    assert dog.match_of(bytes([1]), 4) is None
    six = {"dealer": 0, "match": {"length": 5, "wins": [2, 0, 1]}}
    assert record.options_dict(
        "dog", 6, record.options_bytes("dog", 6, six)) == six
    # The rules ignore the match bytes: a game in a match plays the same.
    ev = [out(0), goal(0)] * 4 + [out(2), goal(2)] * 4
    assert score("dog", 4, ev, opts)["winners"] == [0, 2]
    for bad in ({"length": 0, "wins": [0, 0]}, {"length": 3, "wins": [0]},
                {"length": 3, "wins": [4, 0]}, [3]):
        assert error("dog", 4, [], {"dealer": 0, "match": bad})[0] in \
            (E.BAD_OPTION, E.BAD_VALUE)


@pytest.mark.parametrize("length,wins", [
    (3, [2, 2]), (3, [2, 0]), (1, [1, 0]), (5, [3, 1]), (5, [0, 3])])
def test_a_match_tally_its_length_cannot_reach_is_refused(length, wins):
    # A game of a best-of-`length` match is only played while no team has
    # won match_need(length) games: a tally of 2-2 (or 2-0) before a game
    # of a best-of-3 is one no match can reach.
    from marcador_core import record
    from marcador_core import dog
    from marcador_core.games import game_class
    opts = {"dealer": 0, "match": {"length": length, "wins": wins}}
    assert error("dog", 4, [], opts)[0] == E.BAD_OPTION
    # The core refuses the same option bytes (a header on the device).
    g = game_class("dog")()
    assert g.setup(4, dog.match_opts(0, length, wins)) == E.BAD_OPTION
    # The last game a match can still need is accepted.
    need = dog.match_need(length) - 1
    ok = {"dealer": 0, "match": {"length": length, "wins": [need, need]}}
    assert record.options_dict("dog", 4, record.options_bytes(
        "dog", 4, ok)) == ok
    assert g.setup(4, dog.match_opts(0, length, [need, need])) == E.OK


def test_a_six_player_match_tally_is_checked_per_team():
    from marcador_core import dog
    from marcador_core.games import game_class
    g = game_class("dog")()
    assert g.setup(6, dog.match_opts(0, 3, [1, 1, 1])) == E.OK
    assert g.setup(6, dog.match_opts(0, 3, [0, 2, 1])) == E.BAD_OPTION
