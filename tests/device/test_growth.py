"""Many games on the flash: past games open and page in a Pico's heap
(192 KB, as the bench runs the keys), and a MemoryError in the app loop
ends in a message and the home screen, never in a stopped device."""


import json

import pytest

from conftest import FIRMWARE, ROOT, printed, run_micropython
from marcador import sim
from flashfill import prefill
from screen import read_header, read_row

PICO_HEAP = "192wk"      # bench/run.py KEY_HEAP


@pytest.fixture(scope="module")
def full_flash(tmp_path_factory):
    return prefill(tmp_path_factory.mktemp("flash") / "flash.img", 4000)


def test_past_games_open_and_page_with_thousands_of_games(full_flash):
    states, shots = sim.run_script(
        "down\nok\nshot top\ndown 9\nshot paged\nup 10\nshot wrapped\n"
        "ok\nstate\n", compiled=True, heapsize=PICO_HEAP, flash=full_flash,
        heap_stats=False)
    assert read_header(shots["top"])[0] == "Partidas jugadas"
    assert read_row(shots["top"], 0)[0].startswith("4000 ")
    assert read_row(shots["paged"], 6)[0].startswith("3991 ")
    # UP from the first row wraps to the oldest game (the first segment).
    assert read_row(shots["wrapped"], 6)[0].startswith("1 ")
    # ... and OK opens its breakdown.
    assert states[-1]["screen"] == "Breakdown"


def test_a_memory_error_in_the_app_loop_ends_home_with_a_message():
    import maxplayers
    out = run_micropython(ROOT / "tests" / "mp" / "memory_error_check.py",
                          stdin=maxplayers.start("free"),
                          path=(ROOT / "sim", FIRMWARE))
    r = printed(out[-1])
    assert r["start"] == "Play"
    for where in ("key", "draw"):
        c = r[where]
        assert not c["escaped"], (where, c)
        assert c["screen"] == "Home" and c["depth"] == 1, (where, c)
        assert c["toast"] in ("Falta RAM: de vuelta al inicio",), (where, c)
        assert c["session"], (where, c)       # the game is kept
        # Home's first row (resume) opens the game again: keys work.
        assert c["after_key"] == "Play", (where, c)
        assert c["depth_after_key"] == 2, (where, c)    # home, then play


def test_the_summary_answers_as_the_full_walks_whatever_its_file_says():
    from flashfill import small_game
    # Numbers with a gap (21-24 never archived): mark must name 21.
    nums = list(range(1, 21)) + list(range(25, 60))
    stdin = "".join(small_game(n).hex() + "\n" for n in nums)
    out = run_micropython(ROOT / "tests" / "mp" / "seg_index_check.py",
                          stdin=stdin, path=())
    r = printed(out[-1])
    assert set(r) == {"first", "appended", "no_offsets", "bad_offsets",
                      "garbage_offsets", "garbage", "too_big",
                      "missing_file", "deleted", "damaged", "unordered"}
    for case, c in r.items():
        assert c["from"] and c["find"] and c["missing"] and c["past"], \
            (case, c)
        assert c["segs"], (case, c)          # the store's kept list
    # The newest game asked for: its segment's heads walked from the
    # line's last offset (one every 4 entries in this check), not from the
    # segment's start; untrue offsets are not used (the whole segment).
    # A segment of 4 entries or fewer, or an irregular one (-1), is walked
    # whole, as before.
    for case, c in r.items():
        if c["newest"] > 4 and case != "bad_offsets":
            assert c["walked"] <= 4, (case, c)
        else:
            assert c["walked"] == c["newest"], (case, c)
    assert r["appended"]["newest"] > 8
    # Offsets missing, untrue or garbage lose no game.
    for case in ("no_offsets", "bad_offsets", "garbage_offsets"):
        assert r[case]["games"] == 50, (case, r[case])
    assert r["first"]["games"] == 40 and r["appended"]["games"] == 50
    # The summary file damaged, untrue or gone loses no game.
    for case in ("garbage", "too_big", "missing_file"):
        assert r[case]["games"] == 50, (case, r[case])
    assert r["deleted"]["games"] < 50            # a segment went
    assert r["damaged"]["games"] < r["deleted"]["games"] + len(nums) - 50
    # Three older numbers archived again: three more games, listed.
    assert r["unordered"]["games"] == r["damaged"]["games"] + 3


def test_make_room_deletes_from_the_summary_without_walking_segments():
    # Games 1-20 and 25-59 in segments of 512 B (tests/mp/room_check.py),
    # the summary made: make_room deletes every segment but the newest
    # whose games are all synced (also when two spans cover it), keeps the
    # others, and reads no segment whose line settles it (a walk of each,
    # its CRCs and headers, cost much per game on the unix port and ran
    # at every new game while the flash was low).
    from flashfill import small_game
    nums = list(range(1, 21)) + list(range(25, 60))
    stdin = "".join(small_game(n).hex() + "\n" for n in nums)
    out = run_micropython(ROOT / "tests" / "mp" / "room_check.py",
                          stdin=stdin, path=())
    r = json.loads(out[-1])
    for name, c in r.items():
        assert len(c["before"]) >= 4, (name, c)
        assert c["left"] == c["want"], (name, c)
    assert r["all"]["left"] == r["all"]["before"][-1:]
    assert r["none"]["left"] == r["none"]["before"]
    assert r["oldest_unsynced"]["left"][0] == 1
    assert len(r["oldest_unsynced"]["left"]) == 2
    # No walk where one span covers the segment's numbers, or its first
    # or last game is not synced; only the segment two spans cover.
    assert r["all"]["walks"] == 0 and r["none"]["walks"] == 0
    assert r["oldest_unsynced"]["walks"] == 0
    assert r["two_spans"]["walks"] == 1
