"""bench/flash.py (part of `make bench`) plays a game on littlefs and
archives it: one title through the same path as the bench, so that a
firmware change that breaks the bench's hooks fails here, not only in a
`make bench` run."""

import flash


def test_the_flash_bench_plays_and_archives_a_game():
    f = flash.mp("play", flash.keys("free") + "\nback\n")
    assert f["game"] == "free" and f["events"] > 0
    assert f["event_bytes"] > 0 and f["flash_bytes"] > f["event_bytes"]
    assert f["entry"] > 0 and f["archive_flash_bytes"] > 0
