"""`marcador score` on malformed records, run as a user runs it: every one
ends with one line on stderr, a documented exit code, nothing on stdout,
never a traceback. Names with control characters are never printed raw."""

import json
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLE = json.loads((ROOT / "examples" / "doggy_rulebook.json").read_text())
EXIT_UNREADABLE, EXIT_INVALID, EXIT_USAGE = 1, 2, 64


def rec(game="free", players=("A", "B"), events=(), **extra):
    d = {"game": game, "players": list(players), "events": list(events)}
    d.update(extra)
    return d


def j(obj):
    return json.dumps(obj).encode()


FREE_ROUND = {"e": "round", "scores": [1, 2]}

# (name, bytes of the file, the exit code it must end with)
CASES = [
    # Not text, not JSON, too big, too deep.
    ("latin1", '{"game": "free", "players": ["Peña"]}'.encode("latin-1"),
     EXIT_UNREADABLE),
    ("utf16", json.dumps(rec()).encode("utf-16"), EXIT_UNREADABLE),
    ("binary", bytes(range(256)), EXIT_UNREADABLE),
    ("empty", b"", EXIT_UNREADABLE),
    ("nul-bytes", b"\0" * 100, EXIT_UNREADABLE),
    ("truncated", j(rec())[:-5], EXIT_UNREADABLE),
    ("deep-lists", b"[" * 100000 + b"]" * 100000, EXIT_UNREADABLE),
    ("deep-objects", b'{"a":' * 50000 + b"1" + b"}" * 50000,
     EXIT_UNREADABLE),
    ("deep-events", b'{"game":"free","players":["A","B"],"events":'
     + b"[" * 60000 + b"]" * 60000 + b"}", EXIT_UNREADABLE),
    ("huge-int-score", b'{"game":"free","players":["A","B"],"events":'
     b'[{"e":"round","scores":[' + b"9" * 5000 + b',1]}]}',
     EXIT_UNREADABLE),
    ("huge-int-target", b'{"game":"free","players":["A","B"],"options":'
     b'{"target":' + b"1" * 4301 + b"}}", EXIT_UNREADABLE),
    ("nan", b'{"game":"free","players":["A","B"],"events":'
     b'[{"e":"round","scores":[NaN,1]}]}', EXIT_INVALID),
    ("infinity-target", b'{"game":"free","players":["A","B"],"options":'
     b'{"target":Infinity}}', EXIT_INVALID),
    ("float-score", j(rec(events=[{"e": "round", "scores": [1.5, 2]}])),
     EXIT_INVALID),
    ("too-big", b'{"game":"free","players":["A","B"],"x":"'
     + b"a" * (5 << 20) + b'"}', EXIT_UNREADABLE),
    ("bom", b"\xef\xbb\xbf" + j(rec(events=[FREE_ROUND])), 0),
    # The record's shape.
    ("top-list", j([rec()]), EXIT_INVALID),
    ("top-string", j("free"), EXIT_INVALID),
    ("top-null", b"null", EXIT_INVALID),
    ("top-number", b"42", EXIT_INVALID),
    ("no-game", j({"players": ["A", "B"]}), EXIT_INVALID),
    ("game-number", j(rec(game=3)), EXIT_INVALID),
    ("game-list", j(rec(game=["free"])), EXIT_INVALID),
    ("unknown-game", j(rec(game="chess")), EXIT_INVALID),
    ("players-string", j(dict(rec(), players="AB")), EXIT_INVALID),
    ("players-null", j(dict(rec(), players=None)), EXIT_INVALID),
    ("players-numbers", j(rec(players=[1, 2])), EXIT_INVALID),
    ("players-none", j(rec(players=[])), EXIT_INVALID),
    ("players-one", j(rec("doggy", ["A"])), EXIT_INVALID),
    ("players-300-free", j(rec(players=["P"] * 300)), EXIT_INVALID),
    ("players-300-dog", j(rec("dog", ["P"] * 300)), EXIT_INVALID),
    ("players-300-dog-dealer", j(rec("dog", ["P"] * 300,
                                     options={"dealer": 250})),
     EXIT_INVALID),
    ("players-300-dog-dealer-299", j(rec("dog", ["P"] * 300,
                                         options={"dealer": 299})),
     EXIT_INVALID),
    ("players-5-dinos-list", j(rec("dinos", list("ABCDE"),
                                   options={"dinos": ["rex", "stego",
                                                      "ceratops", "bronto",
                                                      "rex"]})),
     EXIT_INVALID),
    ("players-5-dinos", j(rec("dinos", list("ABCDE"))), EXIT_INVALID),
    ("players-9-doggy", j(rec("doggy", list("ABCDEFGHI"))), EXIT_INVALID),
    ("players-100-alebrijes", j(rec("alebrijes", ["x"] * 100)),
     EXIT_INVALID),
    ("players-50-duplicon", j(rec("duplicon", ["x"] * 50)), EXIT_INVALID),
    ("events-object", j(rec(events={"e": "end"})), EXIT_INVALID),
    ("events-string", j(dict(rec(), events="round")), EXIT_INVALID),
    ("event-number", j(rec(events=[5])), EXIT_INVALID),
    ("event-no-e", j(rec(events=[{"scores": [1, 2]}])), EXIT_INVALID),
    ("event-e-number", j(rec(events=[{"e": 5}])), EXIT_INVALID),
    ("event-unknown", j(rec(events=[{"e": "win"}])), EXIT_INVALID),
    ("scores-short", j(rec(events=[{"e": "round", "scores": [1]}])),
     EXIT_INVALID),
    ("scores-string", j(rec(events=[{"e": "round", "scores": "12"}])),
     EXIT_INVALID),
    ("scores-bool", j(rec(events=[{"e": "round", "scores": [True, 1]}])),
     EXIT_INVALID),
    ("score-too-big", j(rec(events=[{"e": "round",
                                     "scores": [40000, 1]}])),
     EXIT_INVALID),
    ("100-rounds", j(rec(events=[FREE_ROUND] * 100)), EXIT_INVALID),
    ("400-events", j(rec(events=[FREE_ROUND, {"e": "undo"},
                                 {"e": "redo"}] * 140)), EXIT_INVALID),
    # Options.
    ("options-list", j(rec(options=[1])), EXIT_INVALID),
    ("options-string", j(rec(options="lowest")), EXIT_INVALID),
    ("options-number", j(rec("dog", list("ABCD"), options=7)),
     EXIT_INVALID),
    ("options-list-dinos", j(rec("dinos", list("AB"), options=["rex"])),
     EXIT_INVALID),
    ("target-string", j(rec(options={"target": "100"})), EXIT_INVALID),
    ("target-float", j(rec(options={"target": 1.5})), EXIT_INVALID),
    ("dealer-string", j(rec("dog", list("ABCD"), options={"dealer": "A"})),
     EXIT_INVALID),
    ("dealer-out", j(rec("dog", list("ABCD"), options={"dealer": 4})),
     EXIT_INVALID),
    ("dinos-not-list", j(rec("dinos", list("AB"), options={"dinos": "rex"})),
     EXIT_INVALID),
    ("dinos-short", j(rec("dinos", list("ABC"), options={"dinos": ["rex"]})),
     EXIT_INVALID),
    ("dinos-unknown", j(rec("dinos", list("AB"),
                            options={"dinos": ["rex", "trex"]})),
     EXIT_INVALID),
    ("dinos-trait-list", j(rec("dinos", list("AB"),
                               options={"dinos": ["rex", ["plus"]]})),
     EXIT_INVALID),
    ("dinos-trait-bad", j(rec("dinos", list("AB"),
                              options={"dinos": ["rex", {"plus": 3}]})),
     EXIT_INVALID),
    ("dinos-trait-unhashable", j(rec("dinos", list("AB"),
                                     options={"dinos": ["rex",
                                                        {"plus": [1]}]})),
     EXIT_INVALID),
    # Events of the other titles, wrong types everywhere.
    ("doggy-color-list", j(rec("doggy", list("AB"), events=[
        {"e": "take", "p": 0, "color": ["red"], "points": 1}])),
     EXIT_INVALID),
    ("doggy-color-dict", j(rec("doggy", list("AB"), events=[
        {"e": "order", "p": 0, "color": {"a": 1}}])), EXIT_INVALID),
    ("doggy-p-string", j(rec("doggy", list("AB"), events=[
        {"e": "mario"}, {"e": "reserve", "p": "0", "delta": 1}])),
     EXIT_INVALID),
    ("doggy-assign-dicts", j(rec("doggy", list("AB"), events=[
        {"e": "assign", "p": 0, "colors": [{}]}])), EXIT_INVALID),
    ("duplicon-won-nested", j(rec("duplicon", list("AB"), events=[
        {"e": "round", "won": [[2], 2], "hand": [0, 0], "zone": [0, 0]}])),
     EXIT_INVALID),
    ("alebrijes-high-dict", j(rec("alebrijes", list("ABC"), events=[
        {"e": "round", "out": 0, "high": [{}, {}, {}]}])), EXIT_INVALID),
    ("alebrijes-token-string", j(rec("alebrijes", list("ABC"), events=[
        {"e": "round", "out": 0, "token": "B",
         "high": [[0] * 5] * 3}])), EXIT_INVALID),
    ("dog-victim-big", j(rec("dog", list("ABCD"), events=[
        {"e": "deal"}, {"e": "kill", "p": 0, "victim": 10 ** 30}])),
     EXIT_INVALID),
    ("dinos-disaster-list", j(rec("dinos", list("AB"), events=[
        {"e": "round", "disaster": ["natural"], "cards": [1, 2]}])),
     EXIT_INVALID),
    ("dinos-sudden-strings", j(rec("dinos", list("AB"), events=[
        {"e": "round", "disaster": "natural", "cards": [1, 1],
         "sudden": ["ab"]}])), EXIT_INVALID),
    ("dinos-redirect-string", j(rec("dinos", list("AB"), events=[
        {"e": "round", "disaster": "natural", "cards": [1, 2],
         "redirect": "A"}])), EXIT_INVALID),
    # Names a terminal must not interpret, or that are not text at all.
    ("name-lone-surrogate", b'{"game":"free","players":["A\\ud800","B"],'
     b'"events":[{"e":"round","scores":[1,2]}]}', 0),
    ("name-escape", j(rec(players=["\x1b[2J\x1b]0;pwned\x07", "B"],
                          events=[FREE_ROUND])), 0),
    ("name-controls", j(rec(players=["a\rb\x08\x9b31m", "B\n"],
                            events=[FREE_ROUND])), 0),
    ("bad-name-in-error", j(rec("dinos", list("AB"), options={
        "dinos": ["rex", "\x1b[31m\ud800"]})), EXIT_INVALID),
    ("event-name-escape", j(rec(events=[{"e": "\x1b[2J"}])), EXIT_INVALID),
]


def marcador(*args, stdin=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "marcador", *args],
                          capture_output=True, input=stdin, cwd=ROOT,
                          timeout=timeout)


def _clean_line(err):
    # One line, with no byte a terminal would act on.
    text = err.decode("utf-8")
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert all(c == "\n" or (" " <= c and c != "\x7f" and
                             not "\x80" <= c <= "\x9f") for c in text), text
    return text


@pytest.mark.parametrize("name,data,code", CASES,
                         ids=[c[0] for c in CASES])
@pytest.mark.parametrize("fmt", ["table", "json"])
def test_a_malformed_record_ends_in_one_line_and_its_code(
        tmp_path, name, data, code, fmt):
    path = tmp_path / f"{name}.json"
    path.write_bytes(data)
    proc = marcador("score", str(path), *(["--json"] if fmt == "json"
                                           else []))
    assert b"Traceback" not in proc.stderr, proc.stderr.decode()[-600:]
    assert proc.returncode == code, proc.stderr.decode()[-600:]
    if code:
        assert proc.stdout == b""
        assert _clean_line(proc.stderr).startswith(
            f"marcador score: {path}")
    else:
        out = proc.stdout.decode("utf-8")      # valid UTF-8 even then
        assert "\x1b" not in out and "\r" not in out and "\x08" not in out
        assert not any("\x80" <= c <= "\x9f" for c in out)
        if fmt == "json":
            assert json.loads(out)["game"] == "free"


def test_the_corpus_covers_the_issue():
    # The 15 cases of the issue and more (its probe tried 74).
    assert len(CASES) >= 74


def test_dev_zero_is_refused_at_a_size_limit():
    proc = marcador("score", "/dev/zero", timeout=30)
    assert proc.returncode == EXIT_UNREADABLE and b"Traceback" not in \
        proc.stderr
    assert b"too big" in proc.stderr and proc.stderr.count(b"\n") == 1


def test_stdin_and_a_directory_and_a_missing_file():
    proc = marcador("score", "-", stdin=b"\xff\xfe{")
    assert proc.returncode == EXIT_UNREADABLE and b"UTF-8" in proc.stderr
    for path in ("/", "no/such.json"):
        proc = marcador("score", path)
        assert proc.returncode == EXIT_UNREADABLE, proc.stderr
        assert proc.stderr.count(b"\n") == 1 and b"Traceback" not in \
            proc.stderr


def test_usage_errors_are_not_invalid_records():
    for args in ([], ["score"], ["nope"], ["score", "a", "--lang", "fr"],
                 ["games", "--bogus"]):
        proc = marcador(*args)
        assert proc.returncode == EXIT_USAGE, (args, proc.returncode)
        assert b"usage:" in proc.stderr
    assert marcador("--help").returncode == 0
