"""Happy Little Dinosaurs: traits, inversion, sudden death, void rounds,
elimination (meteors, two players) and the race to 50."""

import pytest

from marcador_core import errors as E
from helpers import score, error, totals

PLAIN = {"dinos": [{}, {}, {}, {}]}


def plain(n):
    return {"dinos": [{}] * n}


def rnd(disaster, cards, **kw):
    ev = {"e": "round", "disaster": disaster, "cards": cards}
    ev.update(kw)
    return ev


def take(n, taker, disaster, winner=None, card=1):
    # A round in which `taker` alone is lowest; the winner (default: the
    # next seat) plays `card`, everybody else 0... taker plays 0 and the
    # others `card`, so all but the taker tie for highest.
    cards = [card] * n
    cards[taker] = 0
    return rnd(disaster, cards)


def test_base_dinosaur_traits_apply_against_their_types():
    # Seats: rex, stego, ceratops, bronto (the default).
    res = score("dinos", 4, [rnd("predator", [5, 5, 5, 5])])
    # rex +1 -> 6 runs 6; bronto -1 -> 4 takes it and runs 1 at round end.
    assert totals(res) == [6, 0, 0, 1]
    assert res["status"]["zone"][3] == [0, 1, 0, 0]
    res = score("dinos", 4, [rnd("emotional", [5, 5, 5, 5])])
    # ceratops +1 runs 6, rex -1 takes it.
    assert totals(res) == [1, 0, 6, 0]


def test_meteor_round_only_meteor_traits_apply():
    # stego +1 vs meteor runs 6; rex/ceratops/bronto stay at 5 -> tied
    # lowest, sudden death: bronto plays lowest.
    ev = rnd("meteor", [5, 5, 5, 5], sudden=[[7, None, 8, 2]])
    res = score("dinos", 4, [ev])
    assert totals(res) == [0, 6, 0, 1]
    assert res["status"]["zone"][3] == [0, 0, 0, 1]


def test_custom_trait_and_adjustments():
    opts = {"dinos": [{"plus": "natural", "minus": "meteor"}, {}]}
    res = score("dinos", 2, [rnd("natural", [4, 4], adjust=[0, 2])], opts)
    # J1 4+1 = 5, J2 4+2 = 6: J2 runs 6, J1 takes it.
    assert totals(res) == [1, 6]


def test_inversion_swaps_tied_highest_and_tied_lowest_only():
    ev = rnd("natural", [9, 3, 3, 5], invert=True)
    res = score("dinos", 4, [ev], PLAIN)
    # 9 <-> 3: J2 and J3 get 9 and run 9; J1 gets 3 and takes it alone;
    # J4 keeps 5.
    assert totals(res) == [1, 9, 9, 0]
    assert res["status"]["last_taker"] == 0


def test_inversion_turning_a_single_high_into_a_tied_low_needs_sudden():
    ev = rnd("natural", [9, 9, 3, 5], invert=True)
    assert error("dinos", 4, [ev], PLAIN) == (E.SUDDEN_MISMATCH, 0)
    ev["sudden"] = [[4, 2, None, None]]
    assert totals(score("dinos", 4, [ev], PLAIN)) == [0, 1, 9, 0]


def test_sudden_death_repeats_while_tied():
    ev = rnd("predator", [2, 2, 2, 7],
             sudden=[[3, 3, 6, None], [1, 5, None, None]])
    res = score("dinos", 4, [ev], PLAIN)
    assert totals(res) == [1, 0, 0, 7]


@pytest.mark.parametrize("sudden", [
    None,                                   # missing
    [[3, 3, None, None]],                   # still tied, no next round
    [[3, None, None, None]],                # wrong players
    [[3, 4, 5, None]],                      # an extra player
    [[3, 4, None, None], [1, 2, None, None]],  # one round too many
])
def test_sudden_death_must_match_the_tied_players(sudden):
    ev = rnd("predator", [2, 2, 5, 7])
    if sudden:
        ev["sudden"] = sudden
    assert error("dinos", 4, [ev], PLAIN) == (E.SUDDEN_MISMATCH, 0)


def test_sudden_death_player_without_point_card_takes_it():
    ev = rnd("natural", [2, 2, 5], sudden=[[-1, 0, None]])
    res = score("dinos", 3, [ev], plain(3))
    assert res["status"]["zone"][0] == [1, 0, 0, 0]


def test_sudden_death_several_without_cards_nobody_takes_round_ends():
    first = take(3, 0, "natural", card=1)        # J1 holds one disaster
    ev = rnd("natural", [2, 2, 5], sudden=[[-1, -1, None]])
    res = score("dinos", 3, [first, ev], plain(3))
    assert res["status"]["last_taker"] is None
    assert res["status"]["zone"] == [[1, 0, 0, 0], [0] * 4, [0] * 4]
    # Step 7 still happens: J1 runs 1 step per disaster held, twice.
    assert totals(res) == [2, 1 + 0, 1 + 5]


def test_all_tied_voids_the_round_nobody_moves():
    first = take(2, 0, "natural", card=3)
    res = score("dinos", 2, [first, rnd("natural", [4, 4])], plain(2))
    assert totals(res) == [1, 3]            # unchanged by the void round
    assert res["status"]["rounds"] == 2
    # Also after an inversion that leaves everyone tied.
    res = score("dinos", 2, [rnd("natural", [4, 4], invert=True)], plain(2))
    assert totals(res) == [0, 0]
    assert error("dinos", 2, [rnd("natural", [4, 4], stop=True)],
                 plain(2)) == (E.NOBODY_TAKES, 0)


def test_a_negative_high_score_runs_zero():
    res = score("dinos", 2, [rnd("natural", [0, 0], adjust=[-2, -3])],
                plain(2))
    assert totals(res) == [0, 1]


def test_stop_and_redirect():
    res = score("dinos", 3, [rnd("natural", [0, 5, 3], stop=True)], plain(3))
    assert res["status"]["zone"] == [[0] * 4] * 3
    res = score("dinos", 3, [rnd("natural", [0, 5, 3], redirect=2)],
                plain(3))
    assert res["status"]["zone"][2] == [1, 0, 0, 0]
    assert error("dinos", 3, [rnd("natural", [0, 5, 3], redirect=2,
                                  stop=True)], plain(3)) == \
        (E.BAD_REDIRECT, 0)


def eliminate_seq(n, taker, disasters):
    return [take(n, taker, d) for d in disasters]


@pytest.mark.parametrize("held,out", [
    (["natural", "natural", "natural"], True),
    (["natural", "predator", "emotional"], True),
    (["meteor", "natural", "natural"], True),
    (["natural", "meteor", "predator"], True),
    (["natural", "natural", "predator"], False),
    (["natural", "natural", "predator", "predator"], False),
])
def test_elimination_three_or_more_players(held, out):
    res = score("dinos", 3, eliminate_seq(3, 0, held), plain(3))
    assert (0 not in res["status"]["alive"]) == out


@pytest.mark.parametrize("held,out", [
    (["natural"] * 3, False),
    (["natural"] * 4, True),
    (["natural", "predator", "emotional"], False),
    (["natural", "natural", "predator", "predator", "emotional"], False),
    (["natural", "natural", "predator", "predator", "emotional",
      "emotional"], True),
    (["meteor", "natural", "natural", "natural"], True),
    (["meteor", "natural", "natural", "predator", "predator"], False),
    (["meteor", "natural", "natural", "predator", "predator", "emotional"],
     True),
    (["meteor", "meteor", "natural", "natural"], True),
])
def test_elimination_two_players(held, out):
    ev = eliminate_seq(2, 0, held)
    res = score("dinos", 2, ev, plain(2))
    if out:
        # The last dinosaur standing wins at once.
        assert res["over"] and res["winners"] == [1]
    else:
        assert not res["over"] and res["status"]["alive"] == [0, 1]


def test_eliminated_player_plays_no_card_and_stops_running():
    ev = eliminate_seq(3, 0, ["natural"] * 3)
    res = score("dinos", 3, ev, plain(3))
    pos = totals(res)[0]
    assert error("dinos", 3, ev + [rnd("natural", [1, 2, 3])], plain(3)) == \
        (E.CARD_MISMATCH, 3)
    assert error("dinos", 3, ev + [rnd("natural", [None, None, 3])],
                 plain(3)) == (E.CARD_MISMATCH, 3)
    res = score("dinos", 3, ev + [rnd("natural", [None, 2, 3])], plain(3))
    assert totals(res)[0] == pos
    assert error("dinos", 3, ev + [rnd("natural", [None, 2, 3],
                                       redirect=0)], plain(3)) == \
        (E.BAD_REDIRECT, 3)


def test_high_scorers_reaching_50_win_at_once_without_the_disaster():
    kinds = ["natural", "predator", "natural", "predator", "natural"]
    ev = [rnd(k, [9, 0]) for k in kinds]
    res = score("dinos", 2, ev, plain(2))
    # J1 runs 9 a round; J2 takes each disaster and runs 1+2+3+4+5.
    assert totals(res) == [45, 15] and not res["over"]
    res = score("dinos", 2, ev + [rnd("predator", [9, 0])], plain(2))
    assert res["over"] and res["winners"] == [0]
    assert totals(res) == [54, 15]
    # The winning round's disaster was not taken, and no step 7 happened.
    assert sum(res["status"]["zone"][1]) == 5


def stopped(cards):
    return rnd("natural", cards, stop=True)   # nobody takes the disaster


def test_several_high_scorers_at_50_furthest_wins_else_shared():
    ev = [stopped([9, 1, 0])] * 5 + [stopped([1, 9, 0])] * 4 + \
        [stopped([1, 5, 0])]
    assert totals(score("dinos", 3, ev, plain(3))) == [45, 41, 0]
    res = score("dinos", 3, ev + [stopped([9, 9, 0])], plain(3))
    assert totals(res) == [54, 50, 0]
    assert res["over"] and res["winners"] == [0]
    ev = [stopped([9, 9, 0])] * 5 + [stopped([5, 5, 0])]
    res = score("dinos", 3, ev, plain(3))
    assert totals(res) == [50, 50, 0] and res["winners"] == [0, 1]


def test_reaching_50_by_disasters_at_round_end():
    ev = [stopped([0, 9])] * 5 + [stopped([0, 2]),
                                  rnd("natural", [5, 0])]
    res = score("dinos", 2, ev, plain(2))
    assert totals(res) == [5, 48] and not res["over"]
    res = score("dinos", 2, ev + [rnd("predator", [5, 0])], plain(2))
    # J2 takes the predator and runs 2 (one per disaster held): 50.
    assert totals(res) == [10, 50]
    assert res["over"] and res["winners"] == [1]
    assert res["players"][1]["parts"] == {"rounds": 47, "disasters": 3}


# ---- audit items (docs/rules.md, "Happy Little Dinosaurs": the two-player
# option, records)

def test_two_player_rules_are_an_option_on_by_default():
    held = ["natural"] * 3
    ev = eliminate_seq(2, 0, held)
    # On by default: 3 of one type do not eliminate in a two-player game.
    assert score("dinos", 2, ev, plain(2))["status"]["alive"] == [0, 1]
    on = dict(plain(2), two_player_rules=True)
    assert score("dinos", 2, ev, on)["status"]["alive"] == [0, 1]
    # Off: the usual 3 of one type (or 3 different) eliminate.
    off = dict(plain(2), two_player_rules=False)
    res = score("dinos", 2, ev, off)
    assert res["over"] and res["winners"] == [1]
    three = eliminate_seq(2, 0, ["natural", "predator", "emotional"])
    assert score("dinos", 2, three, off)["winners"] == [1]
    assert score("dinos", 2, three, plain(2))["status"]["alive"] == [0, 1]


def test_two_player_option_survives_the_option_bytes():
    from marcador_core import record
    off = dict(plain(2), two_player_rules=False)
    b = record.options_bytes("dinos", 2, off)
    assert record.options_dict("dinos", 2, b)["two_player_rules"] is False
    assert record.options_dict(
        "dinos", 2, record.options_bytes("dinos", 2, plain(2))
    )["two_player_rules"] is True
    # Records stored before the option (all zero high bits) keep the rule.
    assert record.options_bytes("dinos", 2, plain(2)) == bytes(4)
    assert error("dinos", 2, [], dict(plain(2), two_player_rules=1)) == \
        (E.BAD_OPTION, -1)


def test_adjust_may_hold_null_for_an_eliminated_player():
    from marcador_core import record
    ev = eliminate_seq(3, 0, ["natural"] * 3)
    res = score("dinos", 3, ev + [rnd("natural", [None, 2, 3],
                                      adjust=[None, 2, 0])], plain(3))
    # J2 2+2 = 4 runs 4, J3 takes the disaster.
    assert res["status"]["zone"][2][0] == 1
    log = record.load({"game": "dinos", "players": ["a", "b", "c"],
                       "options": plain(3),
                       "events": ev + [rnd("natural", [None, 2, 3],
                                           adjust=[None, 2, 0])]})
    off = log.event_at(log.n_live - 1)
    back = record.decode_event("dinos", 3, log.buf, off)
    assert back["adjust"] == [None, 2, 0]


def test_reaching_50_in_step_4_needs_no_sudden_stop_or_redirect_data():
    ev = [stopped([9, 1, 0])] * 5           # J1 at 45
    # J2 and J3 tie lowest: no sudden death is needed, J1 wins in step 4.
    res = score("dinos", 3, ev + [rnd("natural", [9, 0, 0])], plain(3))
    assert res["over"] and res["winners"] == [0]
    # Any given is ignored: a sudden death for the wrong players, a stop
    # together with a redirect (refused in any other round).
    res = score("dinos", 3, ev + [rnd("natural", [9, 0, 0],
                                      sudden=[[1, None, None]])], plain(3))
    assert res["over"] and res["winners"] == [0]
    res = score("dinos", 3, ev + [rnd("natural", [9, 0, 0], stop=True,
                                      redirect=1)], plain(3))
    assert res["over"] and res["winners"] == [0]
    assert error("dinos", 3, [rnd("natural", [9, 0, 2], stop=True,
                                  redirect=1)], plain(3)) == \
        (E.BAD_REDIRECT, 0)


def _game(n, opts):
    from marcador_core.dinos import Dinos
    g = Dinos()
    assert g.setup(n, bytes(opts + [0] * (4 - len(opts)))) == 0
    return g


def _round(g, disaster, cards, adjust=None, invert=False, stop=False,
           redirect=-1):
    from marcador_core.dinos import round_event
    buf = bytearray(64)
    round_event(buf, g.n, disaster, cards, adjust, [], invert, stop,
                redirect)
    return g.apply(buf, 0)


def test_a_round_keeps_each_score_and_how_far_each_moved():
    # What the device's round summary shows (app/play/dinos_summary.py):
    # the scores after inversion (last_score) and each one's steps
    # (moved), both kept by the core after the round.
    from marcador_core.dinos import REX, STEGO, CERATOPS, NONE
    g = _game(3, [REX, STEGO, CERATOPS])
    # Predator: Rex 6+1 = 7, Stego 2-1 (adjust) = 1, Ceratops 4 = 4;
    # inverted: Stego 7 runs 7, Rex 1 takes the disaster and runs 1.
    assert _round(g, 1, [6, 2, 4], adjust=[0, -1, 0], invert=True) == 0
    assert list(g.last_score[:3]) == [1, 7, 4]
    assert list(g.moved[:3]) == [1, 7, 0]
    assert g.last_taker == 0
    # Stopped: nobody takes it; Rex runs 1 for the disaster it holds.
    assert _round(g, 0, [3, 5, 1], stop=True) == 0
    assert list(g.last_score[:3]) == [3, 5, 0]     # Ceratops 1-1
    assert list(g.moved[:3]) == [1, 5, 0]
    assert g.last_taker == NONE
    # Everyone tied: nobody moves.
    assert _round(g, 3, [4, 3, 4]) == 0
    assert list(g.last_score[:3]) == [4, 4, 4]
    assert list(g.moved[:3]) == [0, 0, 0]
    g.reset()
    assert list(g.moved) == [0] * 4 and list(g.last_score) == [0] * 4


def test_a_redirect_goes_to_another_player_than_the_taker():
    # docs/rules.md, "Happy Little Dinosaurs", step 5: an instant card
    # redirects the disaster "to
    # another player". Seat 0 plays lowest (0) and takes it: a redirect
    # to seat 0 itself is no redirect, and is refused like any other
    # player who cannot take it; nothing changes.
    ev = [rnd("natural", [0, 5, 3], redirect=0)]
    assert error("dinos", 3, ev, plain(3)) == (E.BAD_REDIRECT, 0)
    # The same after sudden death: seats 0 and 2 tie lowest, 2 loses it.
    sud = [rnd("natural", [1, 5, 1], sudden=[[4, None, 2]], redirect=2)]
    assert error("dinos", 3, sud, plain(3)) == (E.BAD_REDIRECT, 0)
    sud[0]["redirect"] = 0
    assert score("dinos", 3, sud, plain(3))["status"]["zone"][0] == \
        [1, 0, 0, 0]
    # On the device: the core refuses the same bytes, and the game stays
    # as it was (GameLog.add through the core).
    from helpers import fresh_log
    from marcador_core import dinos
    log = fresh_log("dinos", 3, plain(3))
    buf = bytearray(32)
    natural = dinos.DISASTERS.index("natural")
    k = dinos.round_event(buf, 3, natural, [0, 5, 3], None, [],
                          False, False, 0)
    assert log.add(buf, 0, k) == E.BAD_REDIRECT
    assert log.game.rounds == 0 and log.n_live == 0
