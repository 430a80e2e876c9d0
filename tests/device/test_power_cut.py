"""Power cut at every flash write of a session of several games, on the
MicroPython VM with real littlefs2 (tests/mp/power_cut.py does the work):
after each cut the firmware boots on the flash as it stood and must hold
every event it had confirmed, every archived game unchanged (unless it was
synced and make_room deleted it), the synced marks old or new, and resume
the game in progress. Three sessions: games through the keys; a nearly
full flash with marks and make_room; a game at the log's size limit. Cuts
leave an operation clean, torn half-way, torn with garbage, or an erase
torn; a second cut hits every write the boot itself does. The default run
samples the cut points (every mark and make_room operation always);
`pytest -m slow` tries all of them."""

import pytest

from conftest import MP_SCRIPTS, printed, run_micropython, unchecked

import maxplayers
import title_data
from marcador_core.games import game_class


def max_game(gid, again=False):
    # The second time a title is chosen, the device already offers its
    # maximum player count (it remembers the last one used).
    most = game_class(gid).MAX_PLAYERS
    start = title_data.start_keys(gid, most, last=most) if again else \
        maxplayers.start(gid)
    return start + maxplayers.game(gid)




def session(lead=""):
    """22 games through the keys, each at its title's maximum player
    count: free pad, Duplicon, Dinos and DOG five times each, one
    Alebrijes abandoned half-way (a new game started while it was in
    progress), and a last Doggy Style left in progress after an undo.
    lead: games played first (LEAD, PICO_LEAD)."""
    s = lead
    for again in (False, True, True, True, True):
        for gid in ("free", "duplicon", "dinos", "dog"):  # picked
            s += max_game(gid, again)
            if gid == "free" and not again:
                # Undone on the final screen, redone from the game menu:
                # the end crossed twice, in the journal, before it is left.
                s += UNDO_REDO_END
            s += "back\n"
            s += "ok\n" if gid == "dog" else ""   # the match score note
        if not again:
            s += maxplayers.start("alebrijes") + "ok\nok\n" + "up\nok 5\n" * 5
            s += "ok\nback\ndown 4\nok\n"      # game menu -> home
            s += "down\nok\ndown\nok\nback\n"  # new game, leave it: yes
    s += max_game("doggy").split("wait")[0] + "wait 1600\nlong back\n"
    return s


# Games played before the session's (22 + 1, 22 + 2 in all) in the runs
# that cut the quiet step's compaction of the games folder (drivers/
# lfs_meta.py): it comes only when the folder's metadata block fills
# right after an event, and where it fills depends on every commit
# before. With these, it does in the session as a board mounts littlefs
# by default (LEAD) and as a Pico does, progsize=256 (PICO_LEAD): 4 and
# 3 times. (Without them, since a game's start makes no file of its
# own, cur being kept empty between games, it came there in none.)
LEAD = max_game("free") + "back\n"
PICO_LEAD = LEAD + max_game("duplicon", True) + "back\n"


def run(scenario, step, tears, *more, lead=""):
    out = run_micropython(MP_SCRIPTS / "power_cut.py",
                          stdin=session(lead) if scenario == "keys" else "",
                          heapsize="32m", path=(),
                          args=(scenario, step, tears) + more,
                          timeout=6000)
    return printed(out[-1])


def report(r):
    r = unchecked(r)        # printing a figure is not checking it
    print(f"\n{r['cut_points']} cut points over {r['ops']} flash operations "
          f"({r['games']} games, {r['events']} events, {r['marks']} marks, "
          f"make_room/mark operations {r['window_ops']}): "
          f"{r['tried']}; {r['events_lost']} confirmed events lost, "
          f"{r['unsynced_gone']} unsynced games gone, "
          f"{r['deleted_synced']} synced games found deleted, "
          f"{r['unconfirmed_saved']} unconfirmed events found saved, "
          f"{r['failures']} failures")


TEARS = {"h": "half", "g": "garbage", "e": "erase"}


def check_run(r, step, tears, second=False):
    """What a sweep says of itself, whatever it found: every kind of cut
    asked for was tried, at every STEP-th flash operation and once after
    the last; each confirmation counted (each event, each game started
    and each game archived); the failures listed are the first five."""
    kinds = {"clean"} | {TEARS[t] for t in tears if t in TEARS}
    again = {"second-" + k for k in kinds} if second else set()
    assert kinds <= set(r["tried"]) <= kinds | again, r["tried"]
    assert r["cut_points"] == sum(r["tried"].values())
    assert r["tried"]["clean"] >= -(-r["ops"] // step) + 1, r["tried"]
    assert 0 < r["erases"] < r["ops"]
    assert r["events"] + r["games"] <= r["confirmations"] <= \
        r["events"] + 2 * r["games"]
    assert r["games_checked"] >= r["games"] > 0 and r["biggest_log"] > 0
    assert 0 <= r["unconfirmed_saved"] <= r["events"]
    assert len(r["first"]) == min(r["failures"], 5)
    assert all(f["cut"] for f in r["first"])


def check_roomy(r):
    # A flash with room to spare: nothing refused, marked or deleted (no
    # make_room or mark operation; the quiet step's compaction of the
    # games folder, window "meta", comes whenever its metadata fills,
    # and is cut like any other operation).
    assert r["refused"] == [] and r["free_blocks"] == []
    assert r["marks"] == 0 and set(r["window_ops"]) <= {"meta"}
    assert r["deleted_synced"] == 0


def check(r):
    report(r)
    assert r["failures"] == 0, unchecked(r)["first"]
    assert r["events_lost"] == 0 and r["unsynced_gone"] == 0
    assert r["games_checked"] > r["cut_points"]


def check_keys(r, step, tears, second=False, games=22):
    check(r)
    check_run(r, step, tears, second)
    check_roomy(r)
    assert r["games"] == games


def check_full(r, step):
    # The flash filled (a new game refused), games were marked through the
    # link and make_room deleted synced ones; every mark and make_room
    # operation was cut, and cuts tore writes and erases, twice.
    check(r)
    check_run(r, step, "hge", second=True)
    assert r["games"] == 60 and len(r["free_blocks"]) == 60
    assert r["refused"] and min(r["free_blocks"]) < 3 and r["marks"] >= 4
    assert r["deleted_synced"] > 0
    assert r["window_ops"]["mark"] >= 8 and r["window_ops"]["room"] >= 4
    for kind in ("clean", "half", "garbage", "erase", "second-clean",
                 "second-half", "second-garbage", "second-erase"):
        assert r["tried"].get(kind, 0) > 0, kind


def check_big(r, step):
    # A game of 384 events (the log's limit), its journal and its entry.
    check(r)
    check_run(r, step, "hge", second=True)
    check_roomy(r)
    assert r["games"] == 2
    assert r["events"] == 385 and r["biggest_log"] == 1968
    assert r["tried"]["garbage"] > 0 and r["tried"]["erase"] > 0


def test_power_cut_every_3rd_write_point():
    r = run("keys", 3, "h", lead=LEAD)
    check_keys(r, 3, "h", games=23)
    assert r["cut_points"] >= 300
    # Cuts fell between an event's write and its confirmation too.
    assert r["unconfirmed_saved"] > 0
    # The games fill the games folder's metadata: the quiet step
    # compacts it (drivers/lfs_meta.py), and those operations were cut.
    assert r["window_ops"]["meta"] > 0


def test_the_check_finds_events_confirmed_before_their_write():
    # Control: a firmware that confirmed each event before writing it would
    # lose it to a cut during the write; the same check must say so.
    r = run("keys", 3, "-", "early", lead=LEAD)
    report(r)
    assert r["events_lost"] > 0 and r["failures"] > 0
    # Each failure a game found shorter than what had been confirmed.
    assert all(f["game"] > 0 and f["short"][0] < f["short"][1]
               for f in r["first"]), r["first"]
    assert r["unsynced_gone"] == 0 and r["games"] == 23
    check_run(r, 3, "-")
    check_roomy(r)
    assert r["window_ops"]["meta"] > 0      # the same run as above


def test_power_cut_on_a_nearly_full_flash_with_marks_and_make_room():
    check_full(run("full", 150, "hge", "second", "games=60"), 150)


def test_power_cut_in_a_game_at_the_log_size_limit():
    # Every 60th: its journal kept in small files, the game takes far
    # fewer flash operations than when each append copied a block (a file
    # past littlefs's inline limit); this still samples a dozen points.
    check_big(run("big", 60, "hge", "second"), 60)


def test_the_check_finds_unsynced_games_deleted_and_marks_torn():
    # Controls: make_room deleting the oldest segment, synced or not; the
    # marks file removed before the new one is written. The same checks
    # must find unsynced games gone and marks that are neither old nor new.
    r = run("full", 400, "-", "badroom", "games=60")
    report(r)
    assert r["unsynced_gone"] > 0 and r["failures"] > 0
    assert r["events_lost"] > 0
    assert all(f["missing_game"] > 0 for f in r["first"]), r["first"]
    check_run(r, 400, "-")
    # Deleting whatever it likes, make_room always finds room: no game
    # refused, so none marked synced, none deleted as synced.
    assert r["games"] == 60 and len(r["free_blocks"]) == 60
    assert r["refused"] == [] and r["marks"] == 0
    assert r["deleted_synced"] == 0 and set(r["window_ops"]) == {"room"}
    assert r["window_ops"]["room"] > 0
    r = run("full", 400, "-", "badmark", "games=60")
    report(r)
    assert r["failures"] > 0 and r["unsynced_gone"] == 0
    assert r["events_lost"] == 0
    # The marks found are neither the old ones nor the new.
    assert all(f["marks"] not in (f["old"], f["new"])
               for f in r["first"]), r["first"]
    check_run(r, 400, "-")
    assert r["games"] == 60 and len(r["free_blocks"]) == 60
    assert r["refused"] and r["marks"] >= 4 and r["deleted_synced"] > 0
    assert r["window_ops"]["mark"] > 0 and r["window_ops"]["room"] > 0


def test_power_cut_during_the_quiet_steps_compaction_loses_nothing():
    # The same games on littlefs as a Pico mounts it (progsize=256): the
    # games folder's metadata block fills in a few events, and the quiet
    # step after an event compacts it (drivers/lfs_meta.py: the newest
    # journal file rewritten as it stands). Every operation of those
    # steps is cut, clean and torn (the rest sampled): no confirmed event
    # lost.
    r = run("keys", 37, "hge", "prog=256", lead=PICO_LEAD)
    check(r)
    check_run(r, 37, "hge")
    assert r["games"] == 24 and r["marks"] == 0 and r["refused"] == []
    assert r["free_blocks"] == [] and r["deleted_synced"] == 0
    assert set(r["window_ops"]) == {"meta"} and r["window_ops"]["meta"] > 0


@pytest.mark.slow
def test_power_cut_every_write_point_pico_geometry():
    # (check_run's bound on unconfirmed events found saved counts each
    # cut once: with progsize=256 and second cuts more cuts fall between
    # an event's commit and its confirmation, each counted.)
    r = run("keys", 1, "hge", "second", "prog=256", lead=PICO_LEAD)
    check(r)
    assert r["cut_points"] == sum(r["tried"].values())
    assert r["tried"]["clean"] >= r["ops"] + 1
    assert {"clean", "half", "garbage", "erase", "second-clean",
            "second-half", "second-garbage"} <= set(r["tried"])
    assert 0 < r["erases"] < r["ops"] and r["biggest_log"] > 0
    assert r["events"] + r["games"] <= r["confirmations"] <= \
        r["events"] + 2 * r["games"]
    assert 0 <= r["unconfirmed_saved"] <= r["cut_points"]
    assert len(r["first"]) == 0
    assert r["games"] == 24 and r["marks"] == 0 and r["refused"] == []
    assert r["free_blocks"] == [] and r["deleted_synced"] == 0
    assert set(r["window_ops"]) == {"meta"} and r["window_ops"]["meta"] > 0


@pytest.mark.slow
def test_power_cut_every_write_point():
    r = run("keys", 1, "hge", "second")
    check_keys(r, 1, "hge", second=True)
    assert r["cut_points"] >= 1000


@pytest.mark.slow
def test_power_cut_every_write_point_nearly_full_flash():
    check_full(run("full", 1, "hge", "second", "games=60"), 1)


@pytest.mark.slow
def test_power_cut_every_5th_write_point_log_size_limit():
    check_big(run("big", 5, "hge", "second"), 5)


# The free pad, 2 players, two rounds, round 1 corrected through the game
# menu, a third round, the end chosen from the game menu: the final screen
# is up (tests/rp2/test_rp2_power_cut.py plays it on the emulated Pico too).
CORRECTED = ("ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"   # 2 players
             "ok\nup 5\nok\nup 3\nok\n"                   # round 1: 5, 3
             "ok\nok\nok\n"                               # round 2: 5, 3
             "back\nup\nok\nup\nok\nup 2\nok\nok\n"       # round 1: 7, 3
             "wait 1000\n"                                # its note goes
             "ok\nok\nok\n"                               # round 3: 5, 3
             "back\ndown 4\nok\ndown\nok\n")              # end it: yes
# On the final screen: the end undone, then redone from the game menu.
UNDO_REDO_END = "up\nok\nwait 900\nback\ndown 2\nok\n"


def test_power_cut_at_every_write_of_a_game_with_a_correction():
    # A correction is an event like any other: a free-pad game with two
    # rounds, round 1 corrected through the game menu, a third round and
    # the end; cut at every flash operation, clean and torn.
    keys = CORRECTED + "back\n" + "wait 1000\nstate\n"   # final left
    out = run_micropython(MP_SCRIPTS / "power_cut.py", stdin=keys,
                          heapsize="32m", path=(),
                          args=("keys", 1, "hge", "second"), timeout=6000)
    r = printed(out[-1])
    report(r)
    # check() expects many games per cut; one game here.
    assert r["failures"] == 0, r["first"]
    assert r["events_lost"] == 0 and r["unsynced_gone"] == 0
    assert r["games"] == 1 and r["events"] == 5
    assert r["cut_points"] >= 60 and r["games_checked"] >= 20
    check_run(r, 1, "hge", second=True)
    check_roomy(r)
