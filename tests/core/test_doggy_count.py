"""Doggy Style's end count (docs/rules.md, "Doggy Style", the end count):
a game scored from what the paper pad holds at the end. The same final
table scores the same as the live game that led to it; impossible counts
are refused, changing nothing; corrections and undo work as for the titles
with rounds."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from marcador_core import errors as E
from marcador_core import record
from marcador_core import doggy as D
from helpers import score, error, snapshot, log_of
from title_data.doggy import PARTS, part

ROOT = Path(__file__).resolve().parents[2]
COLORS = D.COLORS[:4]
COUNT = {"mode": "count"}


def count(p, blue=(0, 0, 0), red=(0, 0, 0), yellow=(0, 0, 0),
          green=(0, 0, 0), wilds=(), reserve=0):
    return {"e": "count", "p": p, "blue": list(blue), "red": list(red),
            "yellow": list(yellow), "green": list(green),
            "wilds": list(wilds), "reserve": reserve}


# --- a live game played to its end, and the pad it leaves

def live_game(rnd, n):
    """A whole live game drawn as the bench draws them (the deck, Mario
    Hugo in its bottom half, turns of takes or an order), reserve dogs
    coming and going, wilds assigned at the end. Returns the events and
    the paper pad of the final table: per player, per colour the ordered
    Parrandas worth 5, 3, 1, the wilds' colours, the reserve (kept by a
    model of the rules written here, apart from the core)."""
    two = n == 2
    cards = [(c, v) for c in range(4)
             for v in ((5, 3, 3, 1, 1, 1) if two else (5, 5, 3, 3, 1, 1, 1))]
    cards += [(D.WILD, 1)] * (2 if two else 3)
    rnd.shuffle(cards)
    half = len(cards) // 2
    bottom = cards[half:] + [None] * 4
    rnd.shuffle(bottom)
    deck = cards[:half] + bottom
    supply = [deck.pop(0) for _ in range(4)]
    unord = [[[] for _ in range(5)] for _ in range(n)]   # values, per colour
    pad = [[[0, 0, 0] for _ in range(4)] for _ in range(n)]
    wilds = [0] * n
    reserve = [0] * n
    last = None                   # (p, c, v) the last Parranda taken
    marios = 0
    events = []
    p = rnd.randrange(n)
    refill = False

    def keep(q, c, v):
        if c == D.WILD:
            wilds[q] += 1
        else:
            pad[q][c][(5, 3, 1).index(v)] += 1

    while marios < 3:
        if rnd.random() < 0.15:
            d = -1 if reserve[p] and rnd.random() < 0.3 else 1
            reserve[p] += d
            events.append({"e": "reserve", "p": p, "delta": d})
        mine = [c for c in range(5) if unord[p][c]]
        if mine and rnd.random() < 0.35:
            c = rnd.choice(mine)
            for v in unord[p][c]:
                keep(p, c, v)
            unord[p][c] = []
            if last and last[:2] == (p, c):
                last = None
            events.append({"e": "order", "p": p, "color": D.COLORS[c]})
            refill = False
        else:
            took = min(rnd.choice((0, 1, 1, 2)), len(supply))
            if not took:
                events.append({"e": "pass", "p": p})
            for _ in range(took):
                c, v = supply.pop(rnd.randrange(len(supply)))
                unord[p][c].append(v)
                last = (p, c, v)
                refill = True
                events.append({"e": "take", "p": p, "color": D.COLORS[c],
                               "points": v})
            while took and len(supply) < 4 and deck and marios < 3:
                card = deck.pop(0)
                if card is None:
                    assert refill
                    events.append({"e": "mario"})
                    marios += 1
                    if last:
                        q, c, v = last
                        unord[q][c].remove(v)
                        keep(q, c, v)
                        last = None
                else:
                    supply.append(card)
        p = (p + 1) % n
    colors = []
    for q in range(n):
        cols = [rnd.randrange(4) for _ in range(wilds[q])]
        colors.append(cols)
        if cols:
            events.append({"e": "assign", "p": q,
                           "colors": [COLORS[c] for c in cols]})
    counts = [count(q, *[pad[q][c] for c in range(4)],
                    wilds=[COLORS[c] for c in colors[q]],
                    reserve=reserve[q]) for q in range(n)]
    return events, counts


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=5),
       st.integers(min_value=0, max_value=2**32 - 1))
def test_a_live_game_and_the_end_count_of_its_table_score_the_same(n, seed):
    events, counts = live_game(random.Random(seed), n)
    live = score("doggy", n, events)
    counted = score("doggy", n, counts, COUNT)
    assert live["over"] and counted["over"]
    assert counted["players"] == live["players"]
    assert counted["winners"] == live["winners"]
    # The cards themselves, not only the totals.
    a = log_of("doggy", n, events).game
    b = log_of("doggy", n, counts, COUNT).game
    for name in ("ord_n", "ord_pts", "assigned", "reserve", "cnt", "maj"):
        assert part(a, name) == part(b, name), name
    for name in ("total", "parts"):
        assert list(getattr(a, name)) == list(getattr(b, name)), name


def test_the_rulebook_example_as_an_end_count_scores_41():
    # examples/doggy_rulebook.json's table, entered as the pad holds it.
    rec = json.loads((ROOT / "examples/doggy_rulebook.json").read_text())
    live = record.score_record(rec)
    n = len(rec["players"])
    g = record.load(rec).game
    counts = []
    # Rebuild each player's pad from the live record's takes and orders
    # (the example orders all it takes, one value per take).
    taken = [[[0, 0, 0] for _ in range(4)] for _ in range(n)]
    for ev in rec["events"]:
        if ev["e"] == "take" and ev["color"] != "wild":
            c = COLORS.index(ev["color"])
            taken[ev["p"]][c][(5, 3, 1).index(ev["points"])] += 1
    for p in range(n):
        for c in range(4):
            assert sum(taken[p][c]) == g.ordered(p, c)  # all were ordered
    wild_cols = {ev["p"]: ev["colors"] for ev in rec["events"]
                 if ev["e"] == "assign"}
    for p in range(n):
        counts.append(count(p, *taken[p], wilds=wild_cols.get(p, []),
                            reserve=g.reserve_dogs(p)))
    res = score("doggy", rec["players"], counts, COUNT)
    assert res["players"] == live["players"]
    assert res["players"][0]["total"] == 41


def test_scored_with_the_same_breakdown():
    ev = [count(0, blue=(1, 0, 2), red=(2, 1, 0), wilds=["red"], reserve=2),
          count(1, yellow=(1, 1, 1)),
          count(2, green=(1, 0, 0), wilds=["green"])]
    res = score("doggy", 3, ev, COUNT)
    # A: 5 + 2 + 13 + 1 (the wild) = 21; the most blue and red, alone
    # (5 + 5; the wild counts red). B: yellow alone. C: green 1 and the
    # wild as green, alone: 5.
    assert res["players"][0]["parts"] == {"parrandas": 21, "reserve": 2,
                                          "sets": 0, "majorities": 10}
    assert res["players"][1]["parts"]["majorities"] == 5
    assert res["players"][2]["parts"] == {"parrandas": 6, "reserve": 0,
                                          "sets": 0, "majorities": 5}
    assert res["over"] and res["winners"] == [0]
    assert res["status"]["mode"] == "count"
    assert res["status"]["counted"] == 3


def test_not_over_until_every_player_is_counted():
    res = score("doggy", 3, [count(0, red=(1, 0, 0)), count(1)], COUNT)
    assert not res["over"] and res["winners"] == []
    assert res["status"]["counted"] == 2


def test_the_record_keeps_the_mode_and_round_trips():
    ev = [count(0, blue=(1, 2, 3), wilds=["red", "red"], reserve=4),
          count(1, green=(0, 0, 1))]
    rec = {"game": "doggy", "players": ["A", "B"], "options": COUNT,
           "events": ev}
    log = record.load(rec)
    back = record.record_of("doggy", ["A", "B"], log.game.opts,
                            bytes(log.buf[:log.used]))
    assert back["options"] == COUNT
    assert back["events"] == ev
    # A live game keeps no option (as every game before the option).
    assert record.options_bytes("doggy", 2, {}) == b""
    assert record.options_bytes("doggy", 2, {"mode": "live"}) == b""
    assert record.options_bytes("doggy", 2, COUNT) == b"\x01"


# --- refused counts, and nothing changed

def refused(n, events, bad, opts=COUNT):
    # The core's error for `bad` after `events`, and the state unchanged.
    log = log_of("doggy", n, events, opts)
    before = snapshot(log.game)
    err = log.add(record.encode_event("doggy", n, bad))
    if err:
        assert snapshot(log.game) == before
    return err


@pytest.mark.parametrize("n,blue,code", [
    (3, (3, 2, 3), E.COLOR_COUNT),       # 8 blue of 7
    (2, (2, 2, 3), E.COLOR_COUNT),       # 7 of the 6 two players use
    (3, (2, 2, 3), 0),
    (2, (2, 2, 2), 0),
])
def test_a_colour_holds_7_parrandas_6_with_two_players(n, blue, code):
    assert refused(n, [], count(0, blue=blue)) == code


def test_the_colour_limit_counts_every_player():
    ev = [count(0, red=(2, 2, 0))]
    assert refused(3, ev, count(1, red=(0, 1, 3))) == E.COLOR_COUNT
    assert refused(3, ev, count(1, red=(0, 1, 2))) == 0


def test_the_refused_cell_is_named():
    log = log_of("doggy", 3, [], COUNT)
    err = log.add(record.encode_event("doggy", 3, count(0, yellow=(3, 3, 3))))
    assert err == E.COLOR_COUNT and log.game.bad == D.YELLOW << 3 | 2
    err = log.add(record.encode_event("doggy", 3, count(0, reserve=65)))
    assert err == E.DOG_COUNT and log.game.bad == D.RESERVE_ROW << 3


@pytest.mark.parametrize("n,wilds,code", [
    (3, ["red"] * 4, E.WILD_COUNT), (2, ["red", "blue", "green"],
                                     E.WILD_COUNT),
    (3, ["red", "blue", "green"], 0), (2, ["red", "red"], 0)])
def test_wilds_3_in_the_deck_2_with_two_players(n, wilds, code):
    assert refused(n, [], count(0, wilds=wilds)) == code


def test_wilds_are_counted_across_players():
    assert refused(3, [count(0, wilds=["red", "red"])],
                   count(1, wilds=["blue", "blue"])) == E.WILD_COUNT


def test_reserve_dogs_at_most_the_64_of_the_deck():
    assert refused(2, [count(0, reserve=60)], count(1, reserve=5)) == \
        E.DOG_COUNT
    assert refused(2, [count(0, reserve=60)], count(1, reserve=4)) == 0


def test_each_player_once_in_seat_order():
    assert refused(3, [], count(1)) == E.COUNT_ORDER
    assert refused(3, [count(0)], count(0)) == E.COUNT_ORDER
    # A player past the count, in bytes (a record cannot name one).
    log = log_of("doggy", 3, [], COUNT)
    b = bytearray(D.COUNT_SIZE)
    D.count_event(b, 3, [[0] * 4] * 4, 0)
    assert log.add(b) == E.BAD_PLAYER
    assert error("doggy", 3, [count(3)], COUNT) == (E.BAD_PLAYER, 0)


def test_no_count_once_over_and_no_play_events_in_an_end_count():
    done = [count(0), count(1)]
    assert refused(2, done, count(1)) == E.GAME_OVER
    for ev in ({"e": "take", "p": 0, "color": "red", "points": 5},
               {"e": "order", "p": 0, "color": "red"}, {"e": "mario"},
               {"e": "reserve", "p": 0, "delta": 1}, {"e": "pass", "p": 0},
               {"e": "assign", "p": 0, "colors": []}):
        assert refused(2, [], ev) == E.COUNT_ONLY
    # ... and no count in a live game.
    assert refused(2, [], count(0), {}) == E.LIVE_ONLY


@pytest.mark.parametrize("opts", [b"\x02", b"\x01\x00"])
def test_an_unknown_mode_byte_is_refused(opts):
    from marcador_core.log import GameLog
    log = GameLog(D.Doggy())
    assert log.begin(3, opts) == E.BAD_OPTION


@pytest.mark.parametrize("ev,code", [
    (dict(count(0), blue=[1, 2]), E.BAD_VALUE),
    (dict(count(0), blue=[1, 2, -1]), E.NEGATIVE),
    (dict(count(0), red=[16, 0, 0]), E.BAD_VALUE),
    (dict(count(0), wilds=["wild"]), E.BAD_VALUE),
    (dict(count(0), reserve=256), E.BAD_VALUE),
    ({"e": "count"}, E.BAD_EVENT),
])
def test_malformed_counts_in_a_record_name_the_event(ev, code):
    assert error("doggy", 2, [ev], COUNT) == (code, 0)


def test_an_unknown_mode_in_a_record():
    with pytest.raises(record.RecordError) as ex:
        record.options_bytes("doggy", 2, {"mode": "paper"})
    assert ex.value.code == E.BAD_VALUE


# --- corrections and undo

def test_a_correction_replaces_a_players_count():
    ev = [count(0, red=(1, 0, 0)), count(1, red=(0, 1, 0)),
          {"e": "fix", "round": 1, "p": 0, "red": [2, 0, 0]}]
    res = score("doggy", 3, ev, COUNT)
    assert res["players"][0]["parts"]["parrandas"] == 10
    assert res["status"]["counted"] == 2


def test_a_correction_that_breaks_a_later_count_is_refused():
    ev = [count(0, red=(1, 0, 0)), count(1, red=(3, 3, 0))]
    log = log_of("doggy", 3, ev, COUNT)
    before = snapshot(log.game)
    fix = {"e": "fix", "round": 1, "p": 0, "red": [2, 0, 0]}
    assert log.add(record.encode_event("doggy", 3, fix)) == E.LATER_INVALID
    assert log.bad_round == 2 and log.bad_err == E.COLOR_COUNT
    assert snapshot(log.game) == before


def test_a_correction_keeps_the_player_of_its_round():
    ev = [count(0), count(1)]
    fix = {"e": "fix", "round": 1, "p": 1}
    assert refused(3, ev, fix) == E.COUNT_ORDER


def test_undo_takes_back_the_last_count():
    ev = [count(0, red=(1, 0, 0)), count(1, red=(0, 1, 0))]
    log = log_of("doggy", 2, ev, COUNT)
    assert log.game.over
    assert log.undo() == 0
    assert not log.game.over and log.game.rounds == 1
    assert log.game.total[1] == 0
    assert log.redo() == 0 and log.game.over


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_the_tests_parts_of_st_are_where_the_rules_keep_them(seed):
    # title_data.doggy.PARTS (the tests' copy of core/doggy.py's private
    # offsets) against what the game's own accessors read, in a game
    # played part way, and the parts fill st exactly.
    events, _ = live_game(random.Random(seed), 5)
    g = log_of("doggy", 5, events[:len(events) // 2]).game
    assert sum(n for _, n in PARTS) == len(g.st)
    unord, ordn, res = (part(g, k) for k in ("unord_n", "ord_n", "reserve"))
    # a game with cards of both kinds by then (the reserve may be empty);
    # some random games have no ordered card yet at their half
    assume(any(unord) and any(ordn))
    for p in range(5):
        assert res[p] == g.reserve_dogs(p)
        for c in range(5):
            assert unord[p * 5 + c] == g.unordered(p, c)
            assert ordn[p * 5 + c] == g.ordered(p, c)
