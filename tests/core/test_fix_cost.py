"""A correction costs in proportion to the game, whatever the corrections
before it: the log finds each round's newest correction in one pass
(core/log.py). Counted, not timed: the bytes of the log buffer the core
reads while it takes a correction (each read is a step of the replay), and
while it replays the whole stored log (boot, `marcador score`)."""

from marcador_core import record
from helpers import fresh_log


class Counted(bytearray):
    reads = 0

    def __getitem__(self, i):
        Counted.reads += 1
        return bytearray.__getitem__(self, i)


def free(*s):
    return {"e": "round", "scores": list(s)}


def game(rounds, n=4):
    log = fresh_log("free", n)
    log.buf = Counted(log.buf)
    for r in range(rounds):
        assert log.add(record.encode_event("free", n, free(*[r % 7] * n))) \
            == 0
    return log


def correction_reads(log, r, n=4):
    ev = record.encode_event("free", n, dict(free(*[1] * n), e="fix",
                                             round=r + 1))
    Counted.reads = 0
    assert log.add(ev) == 0
    return Counted.reads


def test_the_40th_correction_costs_about_what_the_first_did():
    log = game(90)
    costs = [correction_reads(log, (7 * k) % 90) for k in range(40)]
    assert costs[-1] <= 2 * costs[0], costs


def test_a_correction_costs_in_proportion_to_the_rounds():
    small, big = game(10), game(90)
    for k in range(5):
        correction_reads(small, k)
        correction_reads(big, k)
    c10, c90 = correction_reads(small, 5), correction_reads(big, 5)
    # 9x the rounds: about 9x the reads, not 81x.
    assert c90 <= 12 * c10, (c10, c90)


def test_replaying_a_stored_log_with_corrections_stays_linear_per_correction():
    log = game(90)
    for k in range(40):
        correction_reads(log, (7 * k) % 90)
    plain = game(90)
    again, again_plain = fresh_log("free", 4), fresh_log("free", 4)
    again.buf, again_plain.buf = Counted(again.buf), Counted(again_plain.buf)
    Counted.reads = 0
    assert again_plain.load(Counted(plain.buf), plain.used)[0] == 0
    base = Counted.reads
    Counted.reads = 0
    assert again.load(Counted(log.buf), log.used)[0] == 0
    # 40 corrections, each a replay of about 90 rounds: within 40 replays.
    assert Counted.reads <= 45 * base, (base, Counted.reads)


def test_restoring_a_stored_log_replays_it_once():
    # Boot (the journal) and a past game (its entry) take a stored log in
    # with one replay, whatever its corrections, undos and redos.
    log = game(90)
    for k in range(40):
        correction_reads(log, (7 * k) % 90)
    assert log.undo() == 0 and log.undo() == 0 and log.redo() == 0
    plain = game(90)
    a, b = fresh_log("free", 4), fresh_log("free", 4)
    a.buf, b.buf = Counted(a.buf), Counted(b.buf)
    Counted.reads = 0
    assert a.load(Counted(plain.buf), plain.used)[0] == 0
    base = Counted.reads
    Counted.reads = 0
    assert b.restore(Counted(log.buf), log.used) == (0, log.count)
    assert Counted.reads <= 3 * base, (base, Counted.reads)
