"""Invariants that hold for every game, checked on random games."""

import random

from hypothesis import given, settings, strategies as st, HealthCheck

from marcador_core import record
from marcador_core.games import IDS
from gamegen import random_game
import title_data
from title_data import doggy as doggy_data
from helpers import fresh_log, snapshot, COMMON

GAMES = st.sampled_from(IDS)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def encoded(gid, n, ev):
    try:
        return record.encode_event(gid, n, ev)
    except record.RecordError:
        return None


def live_events(rec):
    """The encoded events still in effect after replaying rec, in order."""
    log = record.load(rec)
    out = []
    for j in range(log.n_live):
        off = log.event_at(j)
        size = log.game.size(log.buf, off, log.used)
        out.append(bytes(log.buf[off:off + size]))
    return out


def replay_log(rec):
    n = len(rec["players"])
    log = fresh_log(rec["game"], n, rec["options"])
    return log, n


@SETTINGS
@given(GAMES, SEEDS)
def test_an_invalid_event_changes_nothing(gid, seed):
    rec, tried = random_game(random.Random(seed), gid, fixes=True)
    log, n = replay_log(rec)
    rejected = 0
    for ev, err in tried:
        b = encoded(gid, n, ev)
        if b is None:
            continue
        before = snapshot(log.game)
        used = log.used
        code = log.add(b)
        assert code == err
        if code:
            rejected += 1
            assert snapshot(log.game) == before
            assert log.used == used
    # Also hit a settled game with every single-byte header and short
    # payloads: whatever is rejected leaves no trace.
    for h in range(256):
        for tail in (b"", b"\x00", b"\xff\xff", bytes(range(40))):
            ev = bytes([h]) + tail
            before = snapshot(log.game)
            used = log.used
            if log.add(ev):
                assert snapshot(log.game) == before and log.used == used
            elif ev[0] & 0x0F not in (13, 14):
                log.undo()     # keep exploring from the same state
                assert snapshot(log.game) == before


@SETTINGS
@given(GAMES, SEEDS)
def test_undo_restores_the_previous_state_exactly(gid, seed):
    rec, _ = random_game(random.Random(seed), gid, fixes=True)
    log, n = replay_log(rec)
    snaps = [snapshot(log.game)]
    for b in live_events(rec):
        assert log.add(b) == 0
        snaps.append(snapshot(log.game))
    # Undo walks back through every state; redo walks forward again.
    for s in reversed(snaps[:-1]):
        assert log.undo() == 0
        assert snapshot(log.game) == s
    assert log.undo() != 0
    for s in snaps[1:]:
        assert log.redo() == 0
        assert snapshot(log.game) == s
    assert log.redo() != 0


@SETTINGS
@given(GAMES, SEEDS)
def test_replay_is_deterministic(gid, seed):
    rec, _ = random_game(random.Random(seed), gid, fixes=True)
    a = record.load(rec)
    b = record.load(rec)
    assert snapshot(a.game) == snapshot(b.game)
    # The raw log (undo/redo bytes included) replays to the same state too.
    c, n = replay_log(rec)
    err, count = c.load(a.buf, a.used)
    assert err == 0 and count == a.count
    assert snapshot(c.game) == snapshot(a.game)
    assert record.score_record(rec) == record.result(c, rec["players"])


@SETTINGS
@given(GAMES, SEEDS)
def test_events_survive_encode_decode(gid, seed):
    rec, _ = random_game(random.Random(seed), gid, fixes=True)
    n = len(rec["players"])
    for ev in rec["events"]:
        b = record.encode_event(gid, n, ev)
        back = record.decode_event(gid, n, b)
        assert record.encode_event(gid, n, back) == b
    opts = record.options_bytes(gid, n, rec["options"])
    assert record.options_bytes(gid, n, record.options_dict(gid, n, opts)) \
        == opts


@SETTINGS
@given(SEEDS)
def test_doggy_parts_add_up_and_majorities_stay_within_0_to_7(seed):
    rnd = random.Random(seed)
    rec, _ = random_game(rnd, "doggy", steps=rnd.randint(20, 150))
    g = record.load(rec).game
    maj = doggy_data.part(g, "maj")
    cnt = doggy_data.part(g, "cnt")
    for p in range(g.n):
        assert g.total[p] == sum(g.part(p, k) for k in range(4))
        for c in range(4):
            assert 0 <= maj[p * 4 + c] <= 7
    for c in range(4):
        assert sum(maj[p * 4 + c] for p in range(g.n)) <= 7
        assert sum(cnt[p * 4 + c] for p in range(g.n)) <= 7 + 3


@SETTINGS
@given(SEEDS)
def test_doggy_cards_left_are_the_deck_less_the_takes_in_effect(seed):
    # Counted again here from the events in effect (as JSON), after each
    # one and back through undo: never below 0, never a card the deck lacks
    # (7 per colour, 6 with two players; no count per value: docs/rules.md,
    # "Doggy Style").
    rnd = random.Random(seed)
    rec, _ = random_game(rnd, "doggy", steps=rnd.randint(20, 150))
    log, n = replay_log(rec)
    deck = 6 if n == 2 else 7
    colours = ("blue", "red", "yellow", "green")
    taken = {}
    seen = []
    for b in live_events(rec):
        ev = record.decode_event("doggy", n, b)
        if ev["e"] == "take" and ev["color"] != "wild":
            taken[ev["color"]] = taken.get(ev["color"], 0) + 1
        assert log.add(b) == 0
        left = [log.game.left(c) for c in range(4)]
        assert left == [deck - taken.get(colours[c], 0) for c in range(4)]
        assert min(left) >= 0
        seen.append(left)
    for left in reversed(seen[:-1]):
        assert log.undo() == 0
        assert [log.game.left(c) for c in range(4)] == left


@SETTINGS
@given(GAMES, SEEDS)
def test_parts_add_up_to_the_total_in_every_game(gid, seed):
    rec, _ = random_game(random.Random(seed), gid, fixes=True)
    res = record.score_record(rec)
    for p in res["players"]:
        assert sum(p["parts"].values()) == p["total"]
    assert set(res["winners"]) <= set(range(len(res["players"])))
    assert res["over"] == bool(res["winners"])


@SETTINGS
@given(SEEDS)
def test_dog_every_player_always_has_four_pawns(seed):
    rnd = random.Random(seed)
    rec, _ = random_game(rnd, "dog", steps=rnd.randint(50, 300))
    log, n = replay_log(rec)
    for ev in rec["events"]:
        log.add(record.encode_event("dog", n, ev))
        g = log.game
        for p in range(n):
            assert g.home[p] + g.track[p] + g.goal[p] == 4


@SETTINGS
@given(SEEDS)
def test_dinos_alive_players_and_positions_never_go_back(seed):
    rnd = random.Random(seed)
    rec, _ = random_game(rnd, "dinos", steps=rnd.randint(20, 80))
    log, n = replay_log(rec)
    last = [0] * n
    for b in live_events(rec):
        assert log.add(b) == 0
        g = log.game
        assert g.alive != 0
        for p in range(n):
            assert g.pos[p] >= last[p]
            last[p] = g.pos[p]


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(IDS), st.integers(min_value=0, max_value=2**32 - 1))
def test_the_state_lists_name_every_attribute_of_a_played_game(gid, seed):
    # The title's STATE (tests/title_data/<id>.py: what snapshot compares)
    # must cover the whole state: an attribute a title adds and the list
    # forgets would let two games that differ compare equal. Scratch ones
    # are named apart (SCRATCH).
    rec, _ = random_game(random.Random(seed), gid, steps=30)
    g = record.load(rec).game
    data = title_data.load(gid)
    known = set(data.STATE) | set(COMMON) | set(data.SCRATCH) | {
        "n", "opts", "bad", "log"}        # setup, the last refusal, the feed
    assert set(vars(g)) == known, sorted(set(vars(g)) ^ known)
