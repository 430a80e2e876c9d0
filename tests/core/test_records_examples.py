"""Every example record in examples/ is scored with `marcador score` and
must give the result worked out by hand from the rules (docs/rules.md), as
written below; docs/records.md describes the format they follow."""

import json

import pytest

from marcador.cli import main as cli

from conftest import ROOT
from marcador_core.games import IDS

EXAMPLES = ROOT / "examples"

# file: (totals, winners, parts per player), worked out by hand.
EXPECTED = {
    # The rulebook's worked example: Juan Carlos 28 + 2 + 5 + 5 + 1 = 41.
    # The others hold cards the deck can have left (7 per colour):
    # Patana yellow 1 1, red 1, 3 + yellow second 1 + red
    # second 2 = 6; Corchetis yellow 5 3 1, blue 1 1 1, green 3 1 1 = 17
    # + three majorities of 5 = 32; Tulio blue 3 5, green 3 5 = 16 + two
    # second majorities of 2 = 20.
    "doggy_rulebook.json": ([41, 6, 32, 20], [0], None),
    # The same table as the end count (the pads: Juan Carlos red 5 5 3 3,
    # yellow 5 3, blue 3, green 1 = 28, 2 dogs): the same totals.
    "doggy_count.json": ([41, 6, 32, 20], [0],
                         [{"parrandas": 28, "reserve": 2, "sets": 5,
                           "majorities": 6},
                          {"parrandas": 3, "reserve": 0, "sets": 0,
                           "majorities": 3},
                          {"parrandas": 17, "reserve": 0, "sets": 0,
                           "majorities": 15},
                          {"parrandas": 16, "reserve": 0, "sets": 0,
                           "majorities": 4}]),
    # won - 2 x hand - 3 x zone per round; the rulebook's round is Ana's
    # first (28, 3, 1 -> 19). Ana 19+30+32+22 = 103 passes 100 first with
    # the most; Beto 20+22+23+36 = 101; Sol 9+12+18+14 = 53.
    "duplicon.json": ([103, 101, 53], [0],
                      [{"won": 114, "hand": -8, "zone": -3},
                       {"won": 106, "hand": -2, "zone": -3},
                       {"won": 68, "hand": -6, "zone": -9}]),
    # The rulebook's hands: 2 pink + 2 and 5 orange -> -7; 2, 5, 5 blue
    # (highest 5) -> -5; 3 green + 3 wild -> -6. Ana and Sol tie on -8;
    # Sol went out in two rounds, Ana in one: Sol wins the tie-break.
    "alebrijes.json": ([-8, -12, -8], [2],
                       [{"round1": -7, "round2": -1, "round3": 0},
                        {"round1": -5, "round2": -6, "round3": -1},
                        {"round1": 0, "round2": 0, "round3": -8}]),
    # Ana + Sol get all 8 pawns home (Ana's last moved in by Sol, who had
    # all 4 of hers in): their team wins, though Beto has 4 home as well.
    "dog.json": ([4, 4, 4, 1], [0, 2],
                 [{"own": 3, "partner": 1}, {"own": 4, "partner": 0},
                  {"own": 4, "partner": 0}, {"own": 1, "partner": 0}]),
    # Traits: Rex (predator +1, emotional -1), Stego (meteor +1), Sol a
    # custom natural +1. Round by round (positions Ana, Beto, Sol):
    # 1 natural 7/5/6+1: Ana, Sol +7, Beto takes it, +1: 7, 1, 7
    # 2 predator 8+1/9/4: Ana, Beto +9, Sol takes it, +1 each: 16, 11, 8
    # 3 emotional 6-1/2/2: Ana +5; sudden death 3 vs 6: Beto: 21, 13, 9
    # 4 meteor 9/8+1/9: all tie, void: nobody moves: 21, 13, 9
    # 5 natural 9/3/8+1 inverted: Beto 9 +9; Ana, Sol 3, sudden death
    #   5 vs 2: Sol takes it; +2, +2: 21, 24, 11
    # 6 predator 9+1+2/7/1: Ana +12, Sol takes it: 33, 26, 14
    # 7 emotional 9-1/5/6: Ana +8; Beto's disaster redirected to Sol, who
    #   then holds three types: out. Beto +2: 41, 28, 14
    # 8 natural 9/4/-: Ana +9 reaches 50 in step 4 and wins: 50, 28, 14
    "dinos.json": ([50, 28, 14], [0],
                   [{"rounds": 50, "disasters": 0},
                    {"rounds": 18, "disasters": 10},
                    {"rounds": 7, "disasters": 7}]),
    # Lowest wins, target 30: Beto reaches 31 in round 3, the game ends,
    # Ana has the fewest (5 + 10 + 3 = 18).
    "free.json": ([18, 31, 23], [0],
                  [{"r1": 5, "r2": 10, "r3": 3}, {"r1": 12, "r2": 4,
                                                   "r3": 15},
                   {"r1": 8, "r2": 9, "r3": 6}]),
}


def test_every_title_has_an_example_and_every_example_a_result():
    files = sorted(p.name for p in EXAMPLES.glob("*.json"))
    assert files == sorted(EXPECTED)
    games = {json.loads((EXAMPLES / f).read_text())["game"] for f in files}
    assert games == set(IDS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_scores_as_worked_out_by_hand(name, capsys):
    assert cli(["score", "--json", str(EXAMPLES / name)]) == 0
    res = json.loads(capsys.readouterr().out)
    totals, winners, parts = EXPECTED[name]
    assert res["over"] is True
    assert [p["total"] for p in res["players"]] == totals
    assert res["winners"] == winners
    if parts is not None:
        assert [p["parts"] for p in res["players"]] == parts


def test_records_doc_names_every_example():
    doc = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"examples/{name}" in doc
