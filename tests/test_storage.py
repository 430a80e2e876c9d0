"""Games kept in flash (drivers/store.py) on the MicroPython VM with real
littlefs2: resume after a power-off, damaged files found and reported,
a full filesystem, synced marks (tests/mp/store_check.py does the work;
the power-cut sweep is in test_power_cut.py)."""

import json

from conftest import MP_SCRIPTS, run_micropython
from host_tools import sim


def check(*args):
    out = run_micropython(MP_SCRIPTS / "store_check.py", heapsize="16m",
                          path=(), args=args, timeout=600)
    return json.loads(out[-1])


def test_a_game_resumes_where_it_stood_with_undo_and_redo():
    r = check("resume")
    assert r["resumed"] and r["totals"] == [7, 8, 9]
    assert r["note"] == ["Partida recuperada", "6 eventos guardados",
                         "0 perdidos"]
    assert r["screen_below"] == "Play"
    # The log is the truth: redo was cleared by the last round, undo works.
    assert r["can_undo"] and not r["can_redo"]
    assert r["finished_archived"] and r["archived_log"]
    assert r["game_id"] == "511a000000000001-1"


def test_damaged_files_are_found_reported_and_never_crash_the_boot():
    r = check("corrupt")
    flip = r["last_record_flip"]
    assert flip["resumed"] and flip["lost"] == 1
    assert flip["events"] == flip["want_bytes"]
    assert r["after_rewrite"] == {"same": True, "lost": 0}
    assert r["truncated_journal"] == {"same": True, "lost": 1}
    a = r["archive_flip"]
    assert a["damaged"] == 1 and a["intact"] == 2
    assert a["history_rows"][2].startswith("? Datos dañados")
    assert a["history_rows"][0].startswith("3 Marcador libre")
    assert r["archive_truncated"]["readable"] == 1
    assert r["archive_truncated"]["problems"]
    bad = r["bad_header"]
    assert not bad["session"] and "cur" in bad["problems"]
    assert any(f.startswith("bad") for f in bad["files"])   # kept for a PC
    assert bad["new_game"]            # a new number, never one reused
    assert "synced" in r["bad_synced"]["problems"]


def test_random_damage_never_crashes_and_never_shows_a_wrong_game():
    r = check("flips", 300)
    print(f"\n{r['tried']} damaged flashes: {r['crashes']} crashes, "
          f"{r['wrong']} wrong games, {r['damaged_reported']} reported")
    assert r["crashes"] == 0 and r["wrong"] == 0
    assert r["damaged_reported"] > 0


def test_full_flash_finishes_the_game_and_refuses_a_new_one():
    r = check("full")
    assert r["games_played"] > 10 and r["all_finished"]
    assert r["warned"] > 0
    assert r["refused"] == ["Memoria llena", "Sincroniza con el PC",
                            "para una partida nueva"]
    assert r["free_blocks_at_refusal"] < r["reserve"]
    assert r["archive_intact"]
    # Filled by another file under a game in progress: refused writes
    # change nothing, and the game goes on once there is room.
    assert r["errors_when_full"] == [r["NOT_SAVED"]] * 3
    assert r["unchanged_when_full"] and r["resumed_after_full"]
    assert r["last"] == 0 and r["finished"]


def test_synced_marks_survive_a_boot_and_only_synced_games_are_deleted():
    r = check("room")
    assert r["numbers"] == list(range(1, 13))
    assert r["segments"] >= 3 and all(r["marked"])
    assert r["synced_file"] == "1-7"
    assert r["synced_after_boot"] == list(range(1, 8))
    # Whole segments of synced games went, oldest first; no unsynced game.
    assert set(range(8, 13)) <= set(r["left"])
    assert len(r["left"]) < 12
    assert r["segments_left"] < r["segments"]


def test_the_simulator_keeps_a_game_across_power_offs(tmp_path):
    # Two runs of the real simulator on one flash image: the second boots
    # into the game the first left, with the same log.
    img = tmp_path / "flash.img"
    first = ("ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"     # free, 2 players
             "ok\nup 5\nok\nup 3\nok\nstate\n")
    states, _ = sim.run_script(first, flash=img)
    before = states[-1]["session"]
    assert before and before["totals"] == [5, 3]
    states, _ = sim.run_script("state\nok\nstate\n", flash=img)
    boot, after = states[0], states[1]
    assert boot["screen"] == "Note" and boot["session"] == before
    assert after["screen"] == "Play"
