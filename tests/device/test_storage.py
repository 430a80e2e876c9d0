"""Games kept in flash (drivers/store.py) on the MicroPython VM with real
littlefs2: resume after a power-off, damaged files found and reported,
a full filesystem, synced marks (tests/mp/store_check.py does the work;
the power-cut sweep is in test_power_cut.py)."""

import json

from conftest import MP_SCRIPTS, printed, run_micropython, unchecked
from marcador import sim
from marcador_core.version import VERSION


def check(*args):
    out = run_micropython(MP_SCRIPTS / "store_check.py", heapsize="16m",
                          path=(), args=args, timeout=600)
    return printed(out[-1])


def test_a_game_resumes_where_it_stood_with_undo_and_redo():
    r = check("resume")
    assert r["resumed"] and r["totals"] == [7, 8, 9]
    assert r["note"] == ["Partida recuperada", "6 eventos guardados",
                         "0 perdidos"]
    assert r["screen_below"] == "Play"
    # The log is the truth: redo was cleared by the last round, undo works.
    assert r["can_undo"] and not r["can_redo"]
    assert r["finished_archived"] and r["archived_log"]
    dev, fs, number = r["game_id"].split("-")
    assert dev == "511a000000000001" and len(fs) == 8 and number == "1"


def test_a_new_games_journal_head_is_the_one_gamefile_writes():
    # drivers/game_files.py makes it without core/gamefile.py (a game's
    # start): the same bytes, names cut at 255 bytes as there.
    r = check("head")["head"]
    # "J", version, length; the header (12 bytes, the names, the
    # options); its CRC
    names = ([0, 1, 1], [6, 3, 3, 4, 4, 3, 3], [1, 7, 7, 255, 0],
             [255, 255, 255])                  # options, each name's bytes
    sizes = [4 + 12 + sum(1 + k for k in n[1:]) + 1 + n[0] + 4
             for n in names]
    assert r == [[True, size, True, True] for size in sizes], r


def test_damaged_files_are_found_reported_and_never_crash_the_boot():
    r = check("corrupt")
    flip = r["last_record_flip"]
    assert flip["resumed"] and flip["lost"] == 1
    assert flip["events"] == flip["want_bytes"]
    assert flip["note"] == "Note"            # the loss is reported
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
    assert r["bad_synced"]["synced_1"] is False      # no mark read into it


def test_a_long_games_journal_stays_inline_and_its_events_seldom_erase():
    # store_check.py chunks: 90 rounds of 4 players on the simulator's
    # littlefs. Past littlefs's inline limit a journal in one file would
    # erase a block at every event (a key's step on a board); kept in
    # small files, an erase is only the folder's metadata compaction,
    # which leaves a fresh block: never two events in a row.
    r = check("chunks")
    assert r["erasing_in_a_row"] == 0, r["erasing"]
    # A commit is a page or two and a metadata block holds many.
    assert 0 < r["erasing"] < 90 // 4
    assert len(r["files"]) > 3 and max(r["sizes"]) < 128, r["sizes"]
    assert r["resumed"] == [True, 0]               # nothing lost
    assert r["middle_flip"] == [True, True, r["middle_flip"][2]]
    assert r["middle_flip"][2] >= 1                # reported lost
    assert r["after_rewrite"] == [True, 0]
    assert r["appended_after"] == [True, 0, True]
    # Archived: no journal file but cur, kept empty (no game) for the
    # next start, whose open then commits nothing (game_files.py
    # empty_journal).
    assert r["archived"] == [True, ["cur"], 0, True]
    assert r["stale_gone"] == ["cur"]              # boot removed cur1
    assert r["stale"] == [True, 0]


def test_littlefs_compacts_the_games_folder_in_quiet_steps_only():
    # store_check.py quiet: 90 rounds of 4 players, each in a key's step
    # then 300 ms of quiet steps, on littlefs as a Pico mounts it (4 KB
    # blocks, progsize=256) and as the simulator does. A commit that does
    # not fit in the games folder's metadata block makes littlefs compact
    # it (a 4 KB erase, 45 ms of a Pico's core); drivers/lfs_meta.py
    # reads how full the block is in a quiet step and compacts it then,
    # so that no key's step erases. The game is whole after it.
    for prog in (256, 0):
        r = check("quiet", prog)
        assert r["key"] == [], (prog, r)
        assert len(r["quiet"]) >= 3, (prog, r)     # it did compact
        assert r["resumed"] == [True, 0], (prog, r)


def test_the_metadata_reader_on_damaged_flash_does_nothing_it_is_not_sure_of():
    # store_check.py meta_fuzz: bytes of the metadata blocks changed at
    # random; the reader gives a state or none and never raises, and the
    # quiet step's compaction changes no file's bytes.
    r = check("meta_fuzz", 200)
    assert r["tried"] == 200 and r["raised"] == 0 and r["changed"] == 0, r
    assert 0 < r["none"] < 200, r         # both damaged and readable ones
    assert r["rewrites"] > 0, r           # (its write was tried too)

def test_random_damage_never_crashes_and_never_shows_a_wrong_game():
    r = check("flips", 300)
    shown = unchecked(r)
    print(f"\n{shown['tried']} damaged flashes: {shown['crashes']} crashes, "
          f"{shown['wrong']} wrong games, {shown['damaged_reported']} "
          "reported")
    assert r["tried"] == 300
    assert r["crashes"] == 0 and r["wrong"] == 0
    assert r["damaged_reported"] > 0
    # A bit flipped in an archive segment costs that one game, no other.
    assert r["hidden"] == 0


def test_full_flash_finishes_the_game_and_refuses_a_new_one():
    r = check("full")
    assert r["games_played"] > 10 and r["all_finished"]
    assert r["warned"] > 0
    assert r["refused"] == ["Memoria llena", "Sincroniza con el PC",
                            "para una partida nueva"]
    assert r["free_blocks_at_refusal"] < r["reserve"]
    assert r["archive_intact"]
    # The other file took the room, and a round was refused before the
    # scenario's cap of 300 (the full flash was reached).
    assert r["junk_bytes"] > 0 and 0 <= r["rounds_after_junk"] < 300
    # Filled by another file under a game in progress: refused writes
    # change nothing, and the game goes on once there is room.
    assert r["errors_when_full"] == [r["NOT_SAVED"]] * 3
    # The play screen's undo names the flash's refusal, as every refused
    # event does (it said "nothing to undo").
    said, not_saved = r["screen_undo_when_full"]
    assert said == not_saved
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


# --- protocol 3 (firmware 0.6): ids unique for the life of the board,
# exact marks, damaged data resynchronised and reachable from the PC.

def test_a_filesystem_nonce_makes_game_ids_unique_after_an_erase():
    r = check("fsid")
    fs = r["fs_id"]
    assert len(fs) == 8 and int(fs, 16) >= 0 and fs == fs.lower()
    assert r["file"] == fs and r["again"] == fs        # written once, kept
    assert r["hello"] == [["ok", "hello", "511a000000000001", VERSION, "3",
                           fs]]
    assert r["first_id"] == f"511a000000000001-{fs}-1"
    # The flash formatted again: game numbers restart at 1, ids do not.
    erased = r["after_erase"]
    assert erased["number"] == 1 and erased["fs_id"] != fs
    assert erased["id"] != r["first_id"]
    # A damaged nonce file is replaced by a new nonce and reported.
    dmg = r["damaged"]
    assert dmg["fs_id"] not in (fs, erased["fs_id"])
    assert len(dmg["fs_id"]) == 8 and dmg["file"] == dmg["fs_id"]
    assert "fsid" in dmg["problems"] and r["after_repair"] == []


def test_mark_only_takes_archived_games_and_otherwise_changes_nothing():
    r = check("marks")
    assert r["refused"] == [
        ["err", "5", "no_game_4"],      # 1-1000000: 4.. do not exist yet
        ["err", "5", "no_game_4"],      # the game in progress
        ["err", "5", "no_game_5"],      # 2 exists, 5 not: nothing marked
        ["err", "4", "bad_arguments"],  # reversed span
        ["err", "4", "bad_arguments"],  # zero
        ["err", "4", "bad_arguments"],  # not a number
        ["err", "4", "bad_arguments"],  # more than 16 spans
        ["err", "4", "bad_arguments"],
        ["err", "4", "bad_arguments"]]
    assert r["synced_after_refused"] == [] and not r["file_after_refused"]
    assert r["ok"] == [["ok", "mark", "1", "3"]]
    assert r["synced"] == [[1, 1], [3, 3]]
    assert r["again"] == [["ok", "mark", "1-1"]]
    assert r["list"] == ["1:1", "2:0", "3:1"]
    # make_room after a refused "mark 1-1000000": every unsynced game stays.
    assert r["room_kept"] == list(range(4, 14))
    assert 2 in r["room_left"]                   # never synced: it stays


def test_a_damaged_entry_hides_no_other_game_and_is_reachable():
    r = check("resync")
    offs, sizes = r["offsets"], r["sizes"]
    assert len(offs) == 6
    span = f"a0001.{offs[1]}.{sizes[1]}"
    for case in ("head_G", "len_high", "len_low_small", "len_bigger",
                 "len_swallows"):
        v = r[case]
        # Only the damaged game is missing; the 4 after it are found.
        assert v["catalog"] == [1, 3, 4, 5, 6], case
        assert v["damaged"][0][:2] == ["ok", "damaged"], case
        assert v["damaged"][-1] == ["ok", "end", "1"], case
        assert any(p.startswith("a0001@") for p in v["problems"]), case
        # Five games and the damaged one in the history, newest first.
        assert len(v["history"]) == 6, case
        assert sum(h.startswith("? ") for h in v["history"]) == 1, case
        # The damaged segment takes no new entry: the next game opens a0002.
        assert v["new_game"] == 7 and v["new_game_in"] == [2], case
        assert v["catalog_after"] == [1, 3, 4, 5, 6, 7], case
        assert v["segments"] == [1], case
    # The span runs from the damaged entry to the next valid head.
    assert r["head_G"]["damaged"][0] == ["ok", "damaged", span,
                                         str(sizes[1])]
    body = r["body"]
    assert body["catalog"] == [1, 2, 4, 5, 6]
    assert body["damaged"] == [["ok", "damaged",
                                f"a0001.{offs[2]}.{sizes[2]}",
                                str(sizes[2])], ["ok", "end", "1"]]
    assert body["problems"] == [f"a0001@{offs[2]}"]
    assert body["segments"] == [1] and body["history"][3].startswith("? ")
    assert len(body["history"]) == 6
    assert sum(h.startswith("? ") for h in body["history"]) == 1
    assert body["new_game"] == 7 and body["new_game_in"] == [2]
    assert body["catalog_after"] == [1, 2, 4, 5, 6, 7]
    raw = r["raw"]
    assert raw["same"] and raw["frames"] >= 2
    assert raw["first"] == ["ok", "raw", raw["name"], "0", str(sizes[1])]
    assert raw["beyond"] == ["err", "4", "bad_arguments"]
    assert raw["neg"] == ["err", "4", "bad_arguments"]
    assert raw["unknown"] == ["err", "5", "no_such_item"]
    assert raw["path"] == ["err", "5", "no_such_item"]
    assert raw["mark"] == ["err", "5", "no_game_2"]
    # make_room: every readable game synced, the damaged segment stays.
    room = r["room"]
    assert 1 in room["segments"] and room["damaged"][-1] == ["ok", "end",
                                                             "1"]
    assert room["catalog"] == [1, 3, 4, 5, 6, 7]
    # A segment cut short: the damage runs to its end, and it is closed.
    tail = r["tail"]
    assert tail["catalog"] == [1, 2, 3, 4, 5]
    last = sum(sizes[:5])
    assert tail["damaged"][0] == ["ok", "damaged",
                                  f"a0001.{last}.{sizes[5] - 10}",
                                  str(sizes[5] - 10)]
    assert tail["new_game_seg"] == [2]
    assert tail["problems"] == [f"a0001@{last}"] and tail["segments"] == [1]
    assert len(tail["history"]) == 6 and tail["history"][0].startswith("? ")
    bad = r["bad_journal"]
    n = bad["number"]
    assert [w[2:] for w in bad["listed"] if w[1] == "damaged"] == [
        [name, str(size)] for name, size in
        zip([f"bad{n}", f"bad{n}-1", f"bad{n}-2"], bad["sizes"])]
    assert bad["same"]


def test_games_record_when_they_ended_and_no_clock_means_no_date(tmp_path):
    # store_check.py clock: the app's own path (App, Session, Store) on
    # the MicroPython VM with a fake time module in app/storage.
    r = check("clock")
    # now_s: an RTC at its power-on value (esp32: 2000-01-01, rp2:
    # 2021-01-01, a 1970-epoch port at 2021) is "not set" (0).
    assert r["now_s"] == [0, 0, 1_790_000_000, 0, 1_790_000_000]
    assert r["boot_screen"] == "Final"
    set_, unset, cut = r["games"]
    assert set_ == {"time": 1_790_000_000, "ended": 1_790_002_840,
                    "flags": 3, "finished": True}      # FINISHED | ENDED
    # Never set: no start, no end, no ENDED bit; 4 bytes fewer.
    assert unset == {"time": 0, "ended": 0, "flags": 1, "finished": True}
    assert r["sizes"][0] - r["sizes"][1] == 4
    # Ended as the power went, archived at the next boot an hour later:
    # the boot's time is not when it ended, so the end stays unknown.
    assert cut == {"time": 1_790_000_000, "ended": 0, "flags": 1,
                   "finished": True}
    assert not r["boot_session"]
    # The journal of a game in progress carries no end time.
    assert r["journal_flags"] == 0 and r["journal_ended"] == 0
    # The device's own bytes -> the PC archive -> a JSON record with
    # `ended` -> `marcador score` takes it -> the same bytes again.
    from marcador.archive import Archive, record_row
    from marcador.cli import main as cli
    raw = bytes.fromhex(r["entry_hex"])
    db = Archive(tmp_path / "a.sqlite")
    assert db.add_entry("511a000000000001", raw, "0badcafe") == "new"
    row = db.games()[0]
    rec = json.loads(row["record"])
    assert rec["started"] == 1_790_000_000 and rec["ended"] == 1_790_002_840
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert cli(["score", str(path)]) == 0
    assert record_row(rec)["raw"] == raw


def test_the_link_never_offers_a_game_on_its_final_screen():
    # store_check.py final_sync: ended, its final screen up: no game
    # listed; undone there: still none; ended again and left: game 1.
    r = check("final_sync")
    assert r["screen"] == "Final"
    assert r["on_final"] == [["end", "0"]]
    assert r["after_undo"] == [["end", "0"]]
    assert r["play"] == ["Play", False]
    assert r["left"] == [["game", "1"], ["end", "1"]]
    assert r["archive"] == 1


def test_a_game_starts_in_the_step_after_its_key_journal_first_no_key_lost():
    # The key that starts a game clears the screen at once (its own
    # step); the next step, before any key, writes the journal (created
    # in place, no temp file and rename) and shows the play screen, which
    # gets the key waiting then; the file "next" is written once the keys
    # have been quiet 200 ms (out of the start's press) and none is held
    # (released and debounced). A cut before the
    # journal: no game (the screen never said it started); after it, "next"
    # written or not: the game, and the next number above it.
    # A cut while the journal was being created (an empty file): no game.
    r = check("journal")
    # (cur is there from boot on, empty: no game; the key's step writes
    # nothing)
    assert r["key_step"] == {"session": False, "cur": ["cur"],
                             "cur_bytes": 0, "cleared": True}
    assert r["cut_at_title"] is False
    number, on_flash, below, top = r["started"]
    assert number == 1 and on_flash and below == "Play" and top != "Play"
    assert r["cut_then"] == [1, 2]
    assert r["next_when_key"] == [None]
    assert r["next_quiet"] is None
    assert r["next_held"] is None       # a key held: it waits for it
    assert r["next_file"] == "2"
    assert r["cut_before_next"] == 2
    assert r["empty_cur"] == {"session": False, "problems": [],
                              "files": ["cur"]}
