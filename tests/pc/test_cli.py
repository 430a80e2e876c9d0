"""`marcador score`, run as a user runs it."""

import json
import subprocess
import sys

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "doggy_rulebook.json"


def marcador(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "marcador", *args],
                          capture_output=True, text=True, input=stdin,
                          cwd=ROOT)


def test_score_json_is_one_object_in_the_documented_shape():
    proc = marcador("score", str(EXAMPLE), "--json")
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)          # exactly one JSON document
    assert res["game"] == "doggy" and res["over"] is True
    assert res["winners"] == [0]
    assert res["players"][0] == {
        "name": "Juan Carlos", "total": 41,
        "parts": {"parrandas": 28, "reserve": 2, "sets": 5,
                  "majorities": 6}}


def test_score_prints_a_readable_breakdown():
    proc = marcador("score", str(EXAMPLE))
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines[0] == "Doggy Style (game over)"
    jc = next(line for line in lines if "Juan Carlos" in line)
    assert jc.startswith("* ") and jc.split()[-1] == "41"
    assert "Winner: Juan Carlos" in proc.stdout
    es = marcador("score", str(EXAMPLE), "--lang", "es")
    assert "Ganador: Juan Carlos" in es.stdout


def test_invalid_record_names_the_event_and_prints_no_result(tmp_path):
    rec = json.loads(EXAMPLE.read_text())
    rec["events"].insert(3, {"e": "take", "p": 0, "color": "wild",
                             "points": 5})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    proc = marcador("score", str(bad), "--json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "event 3" in proc.stderr and "wild Parranda" in proc.stderr


def test_unreadable_input_is_reported():
    proc = marcador("score", "no/such/file.json")
    assert proc.returncode == 1 and proc.stdout == ""
    assert "cannot read" in proc.stderr
    proc = marcador("score", "-", stdin="{not json")
    assert proc.returncode == 1 and "not valid JSON" in proc.stderr
    proc = marcador("score", "-", stdin='{"game": "chess", "players": []}')
    assert proc.returncode == 2 and "unknown game" in proc.stderr


def test_stdin_and_every_title_scores():
    for gid, ev in [("duplicon", {"e": "round", "won": [28, 2],  # picked
                                  "hand": [3, 0], "zone": [1, 0]}),
                    ("dog", {"e": "deal"}),
                    ("dinos", {"e": "round", "disaster": "natural",
                               "cards": [3, 5]}),
                    ("free", {"e": "round", "scores": [1, 2]})]:
        n = 4 if gid == "dog" else 2
        rec = {"game": gid, "players": ["A", "B", "C", "D"][:n],
               "events": [ev]}
        proc = marcador("score", "-", "--json", stdin=json.dumps(rec))
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["game"] == gid


def test_duplicon_turn_events_score_the_same_and_a_second_draw_is_named():
    # examples/duplicon.json with a turn's end (next turn, drew a card)
    # between its rounds: the same result, and the text breakdown too.
    path = ROOT / "examples" / "duplicon.json"
    rec = json.loads(path.read_text())
    turns = dict(rec, events=[])
    for ev in rec["events"]:
        turns["events"] += [{"e": "draw", "p": 0}, {"e": "pass", "p": 1},
                            {"e": "pass", "p": 0}, ev]
    for flags in (("--json",), ()):
        plain = marcador("score", str(path), *flags)
        mixed = marcador("score", "-", *flags, stdin=json.dumps(turns))
        assert plain.returncode == mixed.returncode == 0, mixed.stderr
        assert mixed.stdout == plain.stdout
    twice = dict(rec, events=[{"e": "draw", "p": 1}, {"e": "draw", "p": 1}])
    proc = marcador("score", "-", "--json", stdin=json.dumps(twice))
    assert proc.returncode == 2 and proc.stdout == ""
    assert "event 1" in proc.stderr and "drew last turn" in proc.stderr


def test_duplicon_in_progress_reports_whose_turn_and_who_may_not_draw():
    # Three players, round 1 played: round 2 starts one seat right of J1
    # (Sol, seat 2); Sol draws, then Beto passes: Ana's turn, Sol barred.
    rec = {"game": "duplicon", "players": ["Ana", "Beto", "Sol"],
           "events": [{"e": "round", "won": [28, 20, 16],
                       "hand": [3, 0, 2], "zone": [1, 0, 1]},
                      {"e": "draw", "p": 2}, {"e": "pass", "p": 1}]}
    proc = marcador("score", "-", "--json", stdin=json.dumps(rec))
    assert proc.returncode == 0, proc.stderr
    st = json.loads(proc.stdout)["status"]
    assert st["turn"] == 0 and st["no_draw"] == [2]
    text = marcador("score", "-", stdin=json.dumps(rec))
    assert text.returncode == 0, text.stderr
    assert "turn: Ana" in text.stdout and "no draw: Sol" in text.stdout
    es = marcador("score", "-", "--lang", "es", stdin=json.dumps(rec))
    assert "turno: Ana" in es.stdout and "no roba: Sol" in es.stdout


def test_a_doggy_record_with_a_card_the_deck_lacks_is_refused_in_one_line():
    # Eight blue Parrandas: each colour has seven (of values the rulebook
    # does not split, so eight fives are refused for the count only).
    rec = {"game": "doggy", "players": ["A", "B", "C"],
           "events": [{"e": "take", "p": p % 3, "color": "blue",
                       "points": 5} for p in range(8)]}
    proc = marcador("score", "-", "--json", stdin=json.dumps(rec))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "event 7" in proc.stderr
    assert "that colour are already taken" in proc.stderr


def test_the_language_follows_the_locale_and_marcador_lang(monkeypatch):
    """--lang's default: MARCADOR_LANG, else the locale's language (a
    Spanish desktop gets Spanish), else English; --lang wins over both.
    The report is Spanish unless one of them says otherwise."""
    from marcador.commands.common import default_lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE",
                "MARCADOR_LANG"):
        monkeypatch.delenv(var, raising=False)
    assert default_lang() == "en" and default_lang("es") == "es"
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    assert default_lang() == "es"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")      # LC_ALL comes first
    assert default_lang() == "en" and default_lang("es") == "en"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")          # no language in it
    assert default_lang() == "en" and default_lang("es") == "es"
    monkeypatch.setenv("MARCADOR_LANG", "es")
    assert default_lang() == "es"
    monkeypatch.setenv("MARCADOR_LANG", "fr")        # not one of ours
    assert default_lang() == "en"
    monkeypatch.delenv("MARCADOR_LANG")
    monkeypatch.delenv("LC_ALL")
    env = {**__import__("os").environ, "LANG": "es_ES.UTF-8"}
    proc = subprocess.run([sys.executable, "-m", "marcador", "score",
                           str(EXAMPLE)], capture_output=True, text=True,
                          cwd=ROOT, env=env)
    assert "Ganador: Juan Carlos" in proc.stdout, proc.stdout
    proc = subprocess.run([sys.executable, "-m", "marcador", "score",
                           str(EXAMPLE), "--lang", "en"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert "Winner: Juan Carlos" in proc.stdout, proc.stdout
