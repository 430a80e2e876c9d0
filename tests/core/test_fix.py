"""Correcting a past round (the FIX event) in the four titles that play
rounds: the game is what the rounds give with the new content, a correction
that would break a later round is refused naming it and changes nothing,
and it is an event like any other (undo, redo, JSON, `marcador score`)."""

import random

import pytest
from hypothesis import example, given, settings, strategies as st, HealthCheck

from marcador_core import errors as E
from marcador_core.error_texts import message
from marcador_core import record
from marcador_core.game import FIX
import title_data
from gamegen import random_game
from helpers import score, error, totals, log_of, rec, fresh_log, snapshot

# The titles whose every game has rounds to correct.
ROUND_TITLES = title_data.round_titles()


def fix(r, ev):
    """The correction of round r (1-based) to the round event ev."""
    return dict(ev, e="fix", round=r)


def free(*s):
    return {"e": "round", "scores": list(s)}


def dup(won, hand, zone):
    return {"e": "round", "won": won, "hand": hand, "zone": zone}


def ale(out, *high):
    return {"e": "round", "out": out, "high": [list(h) for h in high]}


def dino(d, cards, **kw):
    return dict({"e": "round", "disaster": d, "cards": cards}, **kw)


def refused(gid, n, events, ev, options=None):
    """Add ev to the game of events: its code, the log's bad_round, and
    whether the state and the log stayed exactly as they were."""
    log = log_of(gid, n, events, options)
    before = snapshot(log.game)
    used, count = log.used, log.count
    code = log.add(record.encode_event(gid, n, ev))
    same = (snapshot(log.game) == before and log.used == used and
            log.count == count)
    return code, log.bad_round, same


# ------------------------------------------------------------ free pad

def test_free_correction_recomputes_totals_and_parts():
    ev = [free(5, 3), free(10, 2), free(1, 1)]
    res = score("free", 2, ev + [fix(1, free(0, 7))])
    assert res == score("free", 2, [free(0, 7), free(10, 2), free(1, 1)])
    assert totals(res) == [11, 10]
    assert res["players"][1]["parts"] == {"r1": 7, "r2": 2, "r3": 1}


def test_free_correction_that_reaches_the_target_early_names_the_round():
    ev = [free(5, 3), free(10, 2), free(1, 1)]
    code, bad, same = refused("free", 2, ev, fix(1, free(20, 0)),
                              {"target": 20})
    assert (code, bad, same) == (E.LATER_INVALID, 2, True)
    # Reaching it in the last round ends the game, as that round would.
    res = score("free", 2, ev + [fix(3, free(5, 1))], {"target": 20})
    assert res["over"] and res["winners"] == [0]


def test_free_no_correction_after_the_end_or_of_a_round_not_played():
    ev = [free(5, 3), {"e": "end"}]
    assert error("free", 2, ev + [fix(1, free(0, 0))]) == (E.GAME_OVER, 2)
    assert error("free", 2, [free(1, 1), fix(2, free(0, 0))]) == \
        (E.NO_SUCH_ROUND, 1)
    assert error("free", 2, [fix(1, free(0, 0))]) == (E.NO_SUCH_ROUND, 0)
    assert error("free", 2, [free(1, 1), fix(300, free(0, 0))])[0] == \
        E.NO_SUCH_ROUND


# ------------------------------------------------------------ Duplicon

def test_duplicon_correction_recomputes_totals_and_last_round():
    r1 = dup([20, 10], [0, 1], [0, 0])
    r2 = dup([30, 10], [0, 1], [0, 0])
    new = dup([22, 8], [1, 0], [0, 1])
    res = score("duplicon", 2, [r1, r2, fix(1, new)])
    assert res == score("duplicon", 2, [new, r2])
    assert totals(res) == [50, 13]
    # Correcting the last round changes "last round" too.
    res = score("duplicon", 2, [r1, r2, fix(2, new)])
    assert res["status"]["last_round"] == [20, 5]


def test_duplicon_correction_breaking_a_later_round_is_refused():
    ev = [dup([20, 10], [0, 1], [0, 0]), dup([30, 10], [0, 1], [0, 0]),
          dup([10, 10], [0, 0], [0, 0])]
    # 80 won in round 1: with round 2's 30 the game ends at 110 after
    # round 2, so round 3 becomes invalid.
    code, bad, same = refused("duplicon", 2, ev,
                              fix(1, dup([80, 0], [0, 0], [0, 0])))
    assert (code, bad, same) == (E.LATER_INVALID, 3, True)
    # The corrected round's own rules come first: its own error.
    code, _, same = refused("duplicon", 2, ev,
                            fix(2, dup([31, 10], [0, 1], [0, 0])))
    assert (code, same) == (E.WON_ODD, True)


def test_the_refusal_names_the_round_on_the_pc():
    ev = [dup([20, 10], [0, 1], [0, 0]), dup([30, 10], [0, 1], [0, 0]),
          dup([10, 10], [0, 0], [0, 0])]
    with pytest.raises(record.RecordError) as ex:
        record.score_record(rec("duplicon", 2, ev + [
            fix(1, dup([80, 0], [0, 0], [0, 0]))]))
    assert ex.value.code == E.LATER_INVALID and ex.value.index == 3
    assert ex.value.text() == ("event 3: Round 3 would become invalid: "
                               "nothing changed (fix: round 3: The game is "
                               "over)")
    assert ex.value.text(E.ES).startswith(
        "event 3: La ronda 3 dejaría de ser válida: nada cambió")


# ------------------------------------------------------------ Alebrijes

def test_alebrijes_correction_recomputes_totals_and_next_first():
    r1 = ale(0, [0] * 5, [3, 0, 0, 0, 0], [5, 0, 0, 0, 0])
    r2 = ale(1, [1, 0, 0, 0, 0], [0] * 5, [1, 0, 0, 0, 0])
    new = ale(2, [4, 4, 0, 0, 0], [1, 0, 0, 0, 0], [0] * 5)
    ev = [{"e": "start", "p": 1}, r1, r2]
    res = score("alebrijes", 3, ev + [fix(1, new)])
    assert res == score("alebrijes", 3, [ev[0], new, r2])
    assert totals(res) == [-9, -1, -1]
    assert res["status"]["next_first"] == 0
    assert res["status"]["rounds_won"] == [0, 1, 1]


def test_alebrijes_correction_with_a_broken_round_is_refused():
    r1 = ale(0, [0] * 5, [3, 0, 0, 0, 0], [5, 0, 0, 0, 0])
    # Who went out holds no cards: the corrected round's own rule.
    code, _, same = refused("alebrijes", 3, [r1],
                            fix(1, ale(0, [1, 0, 0, 0, 0], [3, 0, 0, 0, 0],
                                       [5, 0, 0, 0, 0])))
    assert (code, same) == (E.OUT_HOLDS_CARDS, True)
    # After round 3 the game is over: no more corrections.
    ev = [r1, r1, r1]
    assert error("alebrijes", 3, ev + [fix(1, r1)]) == (E.GAME_OVER, 3)


# ------------------------------------------------------------ Dinos

PLAIN = {"dinos": [{}, {}, {}]}     # no traits: the cards are the scores


def test_dinos_correction_recomputes_the_escape_route():
    ev = [dino("natural", [9, 5, 1]), dino("predator", [9, 5, 1])]
    new = dino("natural", [5, 9, 1])
    res = score("dinos", 3, ev + [fix(1, new)], PLAIN)
    assert res == score("dinos", 3, [new, ev[1]], PLAIN)
    # J1 ran 5 (round 1, now) + 9, J2 9 in round 1, J3 1 + 2 for its two
    # disasters after each round.
    assert totals(res) == [9, 9, 3]


def test_dinos_correction_that_eliminates_earlier_is_refused_naming_it():
    ev = [dino("natural", [9, 5, 1]), dino("natural", [9, 5, 1]),
          dino("predator", [9, 1, 5]), dino("natural", [9, 5, 1]),
          dino("emotional", [9, 5, None])]
    assert score("dinos", 3, ev, PLAIN)["status"]["alive"] == [0, 1]
    # A third natural in round 3 eliminates J3 there, and round 4 still
    # has a card for J3.
    code, bad, same = refused("dinos", 3, ev,
                              fix(3, dino("natural", [9, 5, 1])), PLAIN)
    assert (code, bad, same) == (E.LATER_INVALID, 4, True)


def test_dinos_correction_that_needs_sudden_death_asks_for_it():
    ev = [dino("natural", [9, 5, 1])]
    log = log_of("dinos", 3, ev, PLAIN)
    before = snapshot(log.game)
    assert log.add(record.encode_event(
        "dinos", 3, fix(1, dino("natural", [9, 1, 1])))) == \
        E.SUDDEN_MISMATCH
    assert log.game.need == 0b110 and snapshot(log.game) == before
    assert log.add(record.encode_event("dinos", 3, fix(1, dino(
        "natural", [9, 1, 1], sudden=[[None, 2, 4]])))) == E.OK
    assert log.game.zone[4 * 1] == 1


# ------------------------------------------------------------ every title

def test_undo_and_redo_of_a_correction():
    r1, r2 = free(5, 3), free(10, 2)
    log = log_of("free", 2, [r1, r2])
    plain = snapshot(log.game)
    for new in (free(0, 0), free(1, 1)):   # a correction of a correction
        assert log.add(record.encode_event("free", 2, fix(1, new))) == 0
    assert list(log.game.total)[:2] == [11, 3]
    assert log.undo() == 0
    assert list(log.game.total)[:2] == [10, 2]    # the first one again
    assert log.undo() == 0 and snapshot(log.game) == plain
    assert log.redo() == 0 and log.redo() == 0
    assert list(log.game.total)[:2] == [11, 3]
    # A round after it builds on the corrected state; undoing the round
    # keeps the correction.
    assert log.add(record.encode_event("free", 2, free(4, 4))) == 0
    assert list(log.game.total)[:2] == [15, 7]
    assert log.undo() == 0 and list(log.game.total)[:2] == [11, 3]


def test_round_at_gives_each_round_as_it_stands():
    ev = [free(5, 3), free(10, 2), fix(1, free(0, 0)), fix(1, free(1, 1))]
    log = log_of("free", 2, ev)

    def at(r):
        o = log.round_at(r)
        return o if o < 0 else record.decode_event("free", 2, log.buf, o)
    assert at(0) == free(1, 1) and at(1) == free(10, 2) and at(2) == -1
    assert log.undo() == 0 and at(0) == free(0, 0)


def test_a_stored_log_with_corrections_replays_to_the_same_state():
    ev = [free(5, 3), free(10, 2), fix(1, free(0, 0)), {"e": "undo"},
          {"e": "redo"}, free(7, 7), fix(3, free(1, 2))]
    a = log_of("free", 2, ev)
    b = fresh_log("free", 2)
    assert b.load(a.buf, a.used) == (E.OK, a.count)
    assert snapshot(b.game) == snapshot(a.game)
    assert totals(score("free", 2, ev)) == [11, 4]


@pytest.mark.parametrize("gid, n", [("doggy", 2), ("dog", 4)])
def test_titles_without_rounds_have_no_corrections(gid, n):
    assert error(gid, n, [fix(1, {"e": "round"})])[0] == E.BAD_EVENT
    log = fresh_log(gid, n)
    assert log.add(bytes([FIX, 0, 1, 0, 0])) == E.BAD_EVENT


@pytest.mark.parametrize("gid, n, ev", [  # picked: a case a title
    ("free", 3, fix(2, free(-4, 0, 40))),
    ("duplicon", 2, fix(1, dup([2, 4], [1, 0], [0, 3]))),
    ("alebrijes", 3, dict(fix(3, ale(1, [1, 2, 3, 4, 5], [0] * 5,
                                    [5, 0, 0, 0, 1])), token=2)),
    ("dinos", 3, fix(7, dino("meteor", [1, None, 9], adjust=[2, None, -1],
                             invert=True, redirect=0,
                             sudden=[[3, None, -1]]))),
])
def test_codec_round_trip(gid, n, ev):
    b = record.encode_event(gid, n, ev)
    assert b[0] == FIX and b[1] == ev["round"] - 1
    assert record.decode_event(gid, n, b) == ev
    # The same bytes as the round itself, behind the correction's 2.
    assert b[2:] == record.encode_event(gid, n, dict(ev, e="round"))


def test_codec_refuses_bad_corrections_with_a_message():
    with pytest.raises(record.RecordError) as ex:
        record.encode_event("free", 2, {"e": "fix", "scores": [1, 2]})
    assert ex.value.code == E.BAD_EVENT and "round" in ex.value.detail
    with pytest.raises(record.RecordError) as ex:
        record.encode_event("free", 2, fix(0, free(1, 2)))
    assert ex.value.code == E.NO_SUCH_ROUND


def _wrapped(text, width=25):
    lines, cur = [], ""
    for w in text.split(" "):
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    return lines + [cur]


@pytest.mark.parametrize("code", [E.NO_SUCH_ROUND, E.LATER_INVALID])
@pytest.mark.parametrize("lang", [E.ES, E.EN])
def test_the_new_texts_fit_the_message_box(code, lang):
    t = message(code, lang, 256)
    assert "%" not in t and t != "Error %d" % code
    lines = _wrapped(t)
    assert len(lines) <= 3 and all(len(x) <= 25 for x in lines), lines


# ------------------------------------------------------------ property

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _live_json(log, gid, n):
    out = []
    for j in range(log.n_live):
        out.append(record.decode_event(gid, n, log.buf, log.event_at(j)))
    return out


@SETTINGS
@given(st.sampled_from(ROUND_TITLES), st.integers(0, 2**32 - 1))
# Duplicon games with turn events: a correction that ends the game early
# refuses the next turn event (70) or one after the last round (630).
@example("duplicon", 70)
@example("duplicon", 630)
def test_a_correction_scores_as_if_entered_so_in_the_first_place(gid, seed):
    rnd = random.Random(seed)
    game, _ = random_game(rnd, gid, fixes=False)
    n = len(game["players"])
    opts = game["options"]
    log = record.load(game)
    live = _live_json(log, gid, n)
    rounds = [i for i, ev in enumerate(live) if ev["e"] == "round"]
    if not rounds:
        return
    k = rnd.randrange(len(rounds))
    i = rounds[k]
    # New content proposed for the game as it stood before round k.
    before = record.load(rec(gid, n, live[:i], opts))
    new = title_data.load(gid).event(rnd, before.game, n)
    if new["e"] != "round":
        return
    snap, used = snapshot(log.game), log.used
    code = log.add(record.encode_event(gid, n, fix(k + 1, new)))
    direct = live[:i] + [new] + live[i + 1:]
    if code == E.OK:
        assert record.result(log, game["players"]) == \
            score(gid, n, direct, opts)
        return
    # Refused: nothing changed, and entering it so would fail at the same
    # round for the same reason.
    assert snapshot(log.game) == snap and log.used == used
    if code == E.GAME_OVER:
        assert log.game.over
        return
    if code == E.LATER_INVALID:
        # The first later event that fails, entered so; the device names
        # it by the round it is in (a turn event between rounds r and
        # r + 1: round r + 1, core/log.py).
        err, at = error(gid, n, direct, opts)
        assert err == log.bad_err and at > i
        assert log.bad_round == 1 + sum(ev["e"] == "round"
                                        for ev in direct[:at])
        assert log.bad_round > k + 1
    else:
        assert error(gid, n, direct, opts) == (code, i)
