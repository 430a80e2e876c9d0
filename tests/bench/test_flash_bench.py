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


def test_the_erase_bench_counts_a_long_journal_and_renders_it():
    # bench/flash_erases.py through the firmware's store: with the journal
    # in one file, a long game's events all erase once it passes
    # littlefs's inline limit; in files under CHUNK they never all do.
    import flash_erases
    data = flash_erases.measure(rounds=70)
    lines = flash_erases.section(data)
    assert lines[0] == flash_erases.HEAD
    rows = {(g["players"], g["chunk"]): g["game"] for g in data["games"]}
    one_file = rows[(4, 1 << 20)]["events"]
    chunks = rows[(4, 0)]["events"]
    assert len(one_file) == len(chunks) == 70
    assert all(e[0] for e in one_file[-10:])       # every event erases
    assert sum(e[0] for e in chunks) < sum(e[0] for e in one_file) / 3
    # The firmware's compactions fall in the quiet steps after a key
    # (drivers/lfs_meta.py), none in a key's step.
    assert not any(e[0] for e in chunks) and any(e[3] for e in chunks)
    table = [ln for ln in lines if ln.startswith("| firmware")]
    assert len(table) == 2 and all(ln.endswith("| - |") for ln in table)
