"""Whose turn it is, in the rules core (Doggy Style clockwise, DOG
counter-clockwise from the player right of the dealer, Duplicon
counter-clockwise with who may not draw): derived from the log alone, so
undo, redo and a replay after a power cut give it back. A `pass` event
says "next turn" when a turn has nothing else to record."""

from hypothesis import given, settings, strategies as st

from marcador_core import record
from marcador_core import errors as E
from helpers import fresh_log, log_of, score, error


def enc(gid, n, ev):
    return record.encode_event(gid, n, ev)


# --- Doggy Style
def doggy_turn_of(events, n):
    # The reference: the player after the last one who took, ordered or
    # passed; 0 before any (the table chooses who starts).
    t = 0
    for ev in events:
        if ev["e"] in ("take", "order", "pass"):
            t = (ev["p"] + 1) % n
    return t


def test_doggy_turns_go_clockwise_and_pass_is_recorded():
    ev = [{"e": "take", "p": 1, "color": "red", "points": 3}]
    log = log_of("doggy", 3, ev)
    assert log.game.turn == 2
    assert log.add(enc("doggy", 3, {"e": "pass", "p": 2})) == E.OK
    assert log.game.turn == 0
    # A Mario Hugo after the refill leaves the turn where it is, also
    # after a pass.
    assert log.add(enc("doggy", 3, {"e": "mario"})) == E.OK
    assert log.game.turn == 0
    assert log.add(enc("doggy", 3, {"e": "order", "p": 1,
                                    "color": "red"})) == E.NOTHING_TO_ORDER
    assert log.game.turn == 0      # a refused event changes nothing
    # JSON both ways, and a pass scores nothing.
    res = score("doggy", 2, [{"e": "pass", "p": 1}])
    assert [p["total"] for p in res["players"]] == [0, 0]
    assert record.decode_event("doggy", 2, enc("doggy", 2, {
        "e": "pass", "p": 1})) == {"e": "pass", "p": 1}


def test_doggy_pass_refused_for_an_unknown_player_and_after_the_end():
    assert error("doggy", 2, [{"e": "pass", "p": 2}])[1] == 0
    ev = [{"e": "take", "p": 0, "color": "red", "points": 5}] + \
        [{"e": "mario"}] * 3
    assert error("doggy", 2, ev + [{"e": "pass", "p": 0}]) == \
        (E.GAME_OVER, 4)


@st.composite
def doggy_events(draw):
    # A valid event stream: players act in any order (the turn is advice,
    # not a rule), the rules core picks what it accepts.
    n = draw(st.integers(2, 5))
    kinds = draw(st.lists(st.sampled_from(
        ("take", "take", "order", "pass", "mario", "reserve")),
        min_size=1, max_size=30))
    out = []
    for k in kinds:
        p = draw(st.integers(0, n - 1))
        if k == "take":
            ev = {"e": "take", "p": p, "color": draw(st.sampled_from(
                ("blue", "red", "yellow", "green"))),
                "points": draw(st.sampled_from((5, 3, 1)))}
        elif k == "order":
            ev = {"e": "order", "p": p, "color": draw(st.sampled_from(
                ("blue", "red", "yellow", "green")))}
        elif k == "reserve":
            ev = {"e": "reserve", "p": p, "delta": 1}
        elif k == "mario":
            ev = {"e": "mario"}
        else:
            ev = {"e": "pass", "p": p}
        out.append(ev)
    return n, out


@settings(max_examples=150, deadline=None)
@given(doggy_events())
def test_doggy_turn_is_the_logs_and_undo_gives_it_back(case):
    n, events = case
    log = fresh_log("doggy", n)
    kept = []
    for ev in events:
        before = log.game.turn
        if log.add(enc("doggy", n, ev)) != E.OK:
            assert log.game.turn == before
            continue
        kept.append(ev)
        assert log.game.turn == doggy_turn_of(kept, n)
        # Undo: the turn before the event; redo: the turn after it.
        after = log.game.turn
        assert log.undo() == E.OK
        assert log.game.turn == before
        assert log.redo() == E.OK
        assert log.game.turn == after
    # A replay from the bytes (a power cut) gives the same turn.
    again = log_of("doggy", n, kept)
    assert again.game.turn == log.game.turn


# --- DOG
def test_dog_turns_go_counter_clockwise_from_right_of_the_dealer():
    opts = {"dealer": 2}
    log = fresh_log("dog", 4, opts)
    assert log.game.turn == 1              # right of the dealer starts
    assert log.add(enc("dog", 4, {"e": "out", "p": 1})) == E.OK
    assert log.game.turn == 0
    assert log.add(enc("dog", 4, {"e": "pass", "p": 0})) == E.OK
    assert log.game.turn == 3
    assert log.add(enc("dog", 4, {"e": "deal"})) == E.OK
    # Round 2: dealt by player 1, started by player 0.
    assert log.game.turn == log.game.first_player() == 0
    assert log.add(bytes([5 | 4 << 4])) == E.BAD_PLAYER     # PASS, p 4
    assert record.decode_event("dog", 4, enc("dog", 4, {
        "e": "pass", "p": 3})) == {"e": "pass", "p": 3}


def dog_turn_of(events, n, dealer):
    rnd = 1
    t = (dealer - 1) % n
    for ev in events:
        e = ev["e"]
        if e == "deal":
            rnd += 1
            t = (dealer - (rnd - 1) - 1) % n
        elif e in ("out", "pass", "kill"):
            t = (ev["p"] - 1) % n
        elif e == "goal":
            t = (ev.get("by", ev["owner"]) - 1) % n
    return t


@st.composite
def dog_events(draw):
    n = draw(st.sampled_from((4, 6)))
    dealer = draw(st.integers(0, n - 1))
    out = []
    for _ in range(draw(st.integers(1, 40))):
        k = draw(st.sampled_from(("out", "out", "goal", "kill", "pass",
                                  "deal")))
        p = draw(st.integers(0, n - 1))
        q = draw(st.integers(0, n - 1))
        if k == "goal":
            ev = {"e": "goal", "owner": p}
        elif k == "kill":
            ev = {"e": "kill", "p": p, "victim": q}
        elif k == "deal":
            ev = {"e": "deal"}
        else:
            ev = {"e": k, "p": p}
        out.append(ev)
    return n, dealer, out


@settings(max_examples=150, deadline=None)
@given(dog_events())
def test_dog_turn_is_the_logs_and_undo_gives_it_back(case):
    n, dealer, events = case
    opts = {"dealer": dealer}
    log = fresh_log("dog", n, opts)
    kept = []
    for ev in events:
        before = log.game.turn
        if log.add(enc("dog", n, ev)) != E.OK:
            assert log.game.turn == before
            continue
        kept.append(ev)
        assert log.game.turn == dog_turn_of(kept, n, dealer)
        after = log.game.turn
        assert log.undo() == E.OK
        assert log.game.turn == before
        assert log.redo() == E.OK
        assert log.game.turn == after
    assert log_of("dog", n, kept, opts).game.turn == log.game.turn


# --- Duplicon
def test_duplicon_turns_go_counter_clockwise_and_a_draw_blocks_the_next():
    log = fresh_log("duplicon", 4)
    g = log.game
    assert g.turn == 0 and g.nodraw == 0     # J1 starts round 1
    assert log.add(enc("duplicon", 4, {"e": "draw", "p": 0})) == E.OK
    assert g.turn == 3 and g.nodraw == 0b0001   # to J1's right: J4
    assert log.add(enc("duplicon", 4, {"e": "pass", "p": 3})) == E.OK
    assert g.turn == 2
    assert log.add(enc("duplicon", 4, {"e": "draw", "p": 2})) == E.OK
    assert log.add(enc("duplicon", 4, {"e": "pass", "p": 1})) == E.OK
    assert g.turn == 0 and g.nodraw == 0b0101
    # J1 drew last turn: may not draw now (refused, nothing changes) ...
    assert log.add(enc("duplicon", 4, {"e": "draw", "p": 0})) == \
        E.DREW_LAST_TURN
    assert g.turn == 0 and g.nodraw == 0b0101
    # ... any other way to end the turn lifts it for the turn after.
    assert log.add(enc("duplicon", 4, {"e": "pass", "p": 0})) == E.OK
    assert g.turn == 3 and g.nodraw == 0b0100
    # A round ends the deal: round 2 starts one seat to the right of
    # round 1's first player (the deal passes counter-clockwise too), and
    # nobody is barred from drawing in a new round.
    rnd = {"e": "round", "won": [10, 8, 6, 4], "hand": [0, 1, 2, 3],
           "zone": [0, 0, 1, 0]}
    assert log.add(enc("duplicon", 4, rnd)) == E.OK
    assert g.turn == 3 and g.nodraw == 0
    assert log.add(enc("duplicon", 4, rnd)) == E.OK
    assert g.turn == 2
    assert log.add(bytes([2 | 4 << 4])) == E.BAD_PLAYER       # PASS, p 4
    for e in ("pass", "draw"):
        assert record.decode_event("duplicon", 4, enc("duplicon", 4, {
            "e": e, "p": 3})) == {"e": e, "p": 3}


def test_duplicon_turn_events_score_nothing_and_end_with_the_game():
    rnd = {"e": "round", "won": [40, 30], "hand": [0, 1], "zone": [0, 0]}
    turns = [{"e": "draw", "p": 0}, {"e": "pass", "p": 1},
             {"e": "pass", "p": 0}, {"e": "draw", "p": 1}]
    plain = [rnd, rnd, rnd]
    mixed = turns + [rnd] + turns + [rnd] + turns + [rnd]
    assert score("duplicon", 2, mixed) == score("duplicon", 2, plain)
    assert score("duplicon", 2, plain)["over"]
    assert error("duplicon", 2, mixed + [{"e": "pass", "p": 0}]) == \
        (E.GAME_OVER, len(mixed))
    assert error("duplicon", 2, turns[:1] + turns[:1]) == \
        (E.DREW_LAST_TURN, 1)


def duplicon_turn_of(events, n):
    # The reference: (turn, players barred from drawing). Round r (from 0)
    # starts with the player r seats to the right of J1; the player after
    # whoever ended a turn (pass or draw) plays next; a draw bars its
    # player until their next turn ends; a round lifts every bar.
    t, bar, rounds = 0, set(), 0
    for ev in events:
        if ev["e"] == "round":
            rounds += 1
            t, bar = -rounds % n, set()
        elif ev["e"] in ("pass", "draw"):
            t = (ev["p"] - 1) % n
            if ev["e"] == "draw":
                bar.add(ev["p"])
            else:
                bar.discard(ev["p"])
    return t, sum(1 << p for p in bar)


@st.composite
def duplicon_events(draw):
    n = draw(st.integers(2, 4))
    out = []
    for _ in range(draw(st.integers(1, 40))):
        k = draw(st.sampled_from(("pass", "pass", "draw", "draw", "round",
                                  "fix")))
        if k in ("round", "fix"):
            ev = {"e": "round",
                  "won": [2 * draw(st.integers(0, 6)) for _ in range(n)],
                  "hand": [draw(st.integers(0, 3)) for _ in range(n)],
                  "zone": [draw(st.integers(0, 1)) for _ in range(n)]}
            if k == "fix":
                ev = dict(ev, e="fix", round=draw(st.integers(1, 3)))
        else:
            ev = {"e": k, "p": draw(st.integers(0, n - 1))}
        out.append(ev)
    return n, out


@settings(max_examples=150, deadline=None)
@given(duplicon_events())
def test_duplicon_turn_and_no_draw_are_the_logs_and_undo_gives_them_back(
        case):
    n, events = case
    log = fresh_log("duplicon", n)
    g = log.game
    kept = []
    for ev in events:
        before = (g.turn, g.nodraw)
        if log.add(enc("duplicon", n, ev)) != E.OK:
            assert (g.turn, g.nodraw) == before
            continue
        kept.append(ev)
        assert (g.turn, g.nodraw) == duplicon_turn_of(kept, n)
        # Undo: the turn and the bars before the event; redo: after it.
        after = (g.turn, g.nodraw)
        assert log.undo() == E.OK
        assert (g.turn, g.nodraw) == before
        assert log.redo() == E.OK
        assert (g.turn, g.nodraw) == after
    # A replay from the bytes (a power cut) gives the same.
    again = log_of("duplicon", n, kept).game
    assert (again.turn, again.nodraw) == (g.turn, g.nodraw)
    # The turn events change no score: the rounds alone score the same.
    rounds_only = [ev for ev in kept if ev["e"] not in ("pass", "draw")]
    assert score("duplicon", n, kept)["players"] == \
        score("duplicon", n, rounds_only)["players"]
