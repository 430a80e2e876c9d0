"""The round-event readers (core: alebrijes round_out/round_token/
round_highs, duplicon round_row, dinos round_disaster/round_card/
round_extras) are the inverse of the title's builders, on CPython and on
MicroPython alike. The correction screens prefill from them, so a screen
never decodes event bytes itself."""

import json
import random
import sys

from hypothesis import given, settings, strategies as st

from conftest import FIRMWARE, MP_SCRIPTS, json_lines, run_micropython

sys.path.insert(0, str(MP_SCRIPTS))
import event_readers_check as check  # noqa: E402


@st.composite
def cases(draw):
    t = draw(st.sampled_from(["alebrijes", "duplicon", "dinos"]))
    if t == "alebrijes":
        n = draw(st.integers(2, 6))
        return {"title": t, "n": n, "out": draw(st.integers(0, n - 1)),
                "token": draw(st.integers(-1, n - 1)),
                "highs": [draw(st.lists(st.integers(0, 5), min_size=5,
                                        max_size=5)) for _ in range(n)]}
    if t == "duplicon":
        n = draw(st.integers(2, 6))
        return {"title": t, "n": n,
                "rows": [draw(st.lists(st.integers(0, 99), min_size=3,
                                       max_size=3)) for _ in range(n)]}
    n = draw(st.integers(2, 4))
    cards = [draw(st.one_of(st.none(), st.integers(0, 9)))
             for _ in range(n)]
    adjust = draw(st.one_of(st.none(), st.lists(
        st.integers(-128, 127), min_size=n, max_size=n)))
    return {"title": t, "n": n, "disaster": draw(st.integers(0, 3)),
            "cards": cards, "adjust": adjust,
            "invert": draw(st.booleans()), "stop": draw(st.booleans()),
            "redirect": draw(st.integers(-1, n - 1))}


def random_case(rng):
    # A case like the strategy's, from a seeded generator (the MicroPython
    # run repeats exactly).
    t = rng.choice(["alebrijes", "duplicon", "dinos"])
    n = rng.randint(2, 4 if t == "dinos" else 6)
    if t == "alebrijes":
        return {"title": t, "n": n, "out": rng.randrange(n),
                "token": rng.randint(-1, n - 1),
                "highs": [[rng.randint(0, 5) for _ in range(5)]
                          for _ in range(n)]}
    if t == "duplicon":
        return {"title": t, "n": n,
                "rows": [[rng.randint(0, 99) for _ in range(3)]
                         for _ in range(n)]}
    adjust = None if rng.random() < 0.5 else [
        rng.randint(-128, 127) for _ in range(n)]
    return {"title": t, "n": n, "disaster": rng.randint(0, 3),
            "cards": [None if rng.random() < 0.2 else rng.randint(0, 9)
                      for _ in range(n)],
            "adjust": adjust, "invert": rng.random() < 0.5,
            "stop": rng.random() < 0.5, "redirect": rng.randint(-1, n - 1)}


def expected(c):
    t = c["title"]
    if t == "alebrijes":
        return [c["out"], c["token"], c["highs"]]
    if t == "duplicon":
        return c["rows"]
    cards = [-1 if v is None else v for v in c["cards"]]
    return [c["disaster"], cards, c["invert"], c["stop"], c["redirect"],
            c["adjust"]]


@settings(max_examples=300, deadline=None)
@given(cases())
def test_the_readers_give_back_what_the_builders_wrote(c):
    assert check.run(c)["back"] == expected(c)


def test_micropython_reads_the_same_bytes_the_same_way():
    # The same cases on the MicroPython VM: the same bytes, read back the
    # same (a fixed sample from the strategy, so the run repeats).
    rng = random.Random(27)
    sample = [random_case(rng) for _ in range(90)]
    sample += [{"title": "dinos", "n": 3, "disaster": 3,
                "cards": [None, 9, 0], "adjust": [-128, 0, 127],
                "invert": True, "stop": False, "redirect": 2}]
    out = run_micropython(MP_SCRIPTS / "event_readers_check.py",
                          stdin=json_lines(sample), path=(FIRMWARE,))
    got = [json.loads(x) for x in out]
    assert len(got) == len(sample)
    for c, g in zip(sample, got):
        assert g == json.loads(json.dumps(check.run(c)))
        assert g["back"] == json.loads(json.dumps(expected(c)))
