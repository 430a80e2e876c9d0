"""Whose turn it is, in the rules core (Doggy Style clockwise, DOG
counter-clockwise from the player right of the dealer): derived from the
log alone, so undo, redo and a replay after a power cut give it back.
A `pass` event says "next turn" when a turn has nothing else to record."""

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
