# Power cuts at every flash operation, on the MicroPython VM and real
# littlefs2.
#
#   micropython power_cut.py SCENARIO STEP TEARS [early] [second] [games=N]
#       [prog=P]
#
# SCENARIO "keys": a key script read from stdin (several games through the
# keys); "full": a nearly full flash, driven through the app's own paths:
# games archived into small segments, marked synced through the link's
# `mark`, make_room deleting synced segments before new games, a game at
# the log's size limit, until a new game is refused.
#
# 1. Plays the scenario once, on a RAM flash whose every erase and write is
#    recorded, and notes the moment (the number of flash operations done)
#    at which the firmware confirmed each event, each new game, each game
#    moved to the archive and each set of synced marks.
# 2. For every STEP-th operation k, and every operation of each mark and
#    make_room: rebuilds the flash as it stood when the
#    power went just before operation k, and again with operation k torn
#    in each way TEARS names ("h": a write half-way; "g": a write half-way,
#    then garbage; "e": an erase half-way, then garbage; "-": none), mounts
#    it, boots the firmware (App on a fresh board) and checks what it finds
#    against what had been confirmed:
#    - every confirmed event of every game is there, in order, byte for
#      byte, and nothing but events of that game follows them;
#    - every game that had reached the archive is there, unchanged, unless
#      it was confirmed synced (make_room may have deleted it): an unsynced
#      game gone is counted and is a failure;
#    - the synced marks are the ones confirmed, or the ones being written
#      at the cut (old or new, nothing else);
#    - the game in progress at the cut is resumed (or archived, if its last
#      event ended it).
#    With "second", every flash operation that boot itself did (recovery:
#    rewriting or removing the journal, setting it aside, the filesystem
#    nonce) is cut too, clean and torn: the second boot is checked alike.
# prog=P: littlefs made and mounted with progsize=P (256: as a Pico's
# _boot.py does; else the simulator's default), where the games folder's
# metadata block fills in a few events and the quiet step's compaction
# (App._step, drivers/lfs_meta.py) writes: every operation of it is
# cut too, as those of mark and make_room.
# With "early", the harness takes each event as confirmed before its write
# starts (a firmware that confirms first and writes later): the check must
# then find events lost. That is the control that the check can fail;
# "badroom" and "badmark" are the same for unsynced games and marks.
# Prints one JSON line: cut points tried (per kind), events lost, unsynced
# games gone, failures (the first few, with details), events saved but
# not yet confirmed when power went.

import sys
import json
import os

from vmboard import fresh, free_round, leave_final
import board                           # noqa: E402  (sim/board.py)
from fakes.blockdev import BlockDev, torn  # noqa: E402
from drivers import store as S         # noqa: E402
from drivers import segments as archive  # noqa: E402
from app.app import App                # noqa: E402

scenario = sys.argv[1]
step_every = int(sys.argv[2])
tears = sys.argv[3].replace("-", "")
early = "early" in sys.argv[4:]
second = "second" in sys.argv[4:]
# Controls that the check can fail ("full"): make_room deleting the
# oldest segment synced or not; marks replaced by removing the file first.
bad_room = "badroom" in sys.argv[4:]
bad_mark = "badmark" in sys.argv[4:]
BLOCKS = 16 if scenario == "full" else 64
PROG = int(([a[5:] for a in sys.argv if a[:5] == "prog="] + ["0"])[0])


def mount_prog(path, d):
    # The board's flash mounted as a Pico mounts it (prog=P).
    try:
        os.umount("/flash")
    except OSError:
        pass
    os.mount(os.VfsLfs2(d, progsize=PROG), "/flash")
    return d, "/flash"


# --- 1. the recorded run
if PROG:
    dev = BlockDev(BLOCKS)
    os.VfsLfs2.mkfs(dev, progsize=PROG)
    board.mount_flash = mount_prog
else:
    dev = fresh(BLOCKS)
pristine = bytes(dev.data)
dev.journal = []
confirmed = []      # (ops done, kind, game number, log bytes confirmed)
marks = []          # (ops before, ops after, synced marks after)
free = []           # free blocks after each game ("full")
refused = []        # games played when a new one was refused ("full")
windows = []        # ("mark", "room" or "meta", first op, op after the
#                     last)
logs = {}           # game number -> its GameLog while the game is played
final = {}          # game number -> (log bytes, game) once it is archived

_append = S.Store.append
_start = S.Store.start
_close = S.Store.close
_space = S.Store.space


def append(self, log, start):
    if early:
        confirmed.append((len(dev.journal), "event", self.number, log.used))
    ok = _append(self, log, start)
    if early:
        return ok
    if ok:
        confirmed.append((len(dev.journal), "event", self.number, log.used))
    return ok


def start(self, session, t=0):
    ok = _start(self, session, t)
    if ok:
        logs[self.number] = session.log
        confirmed.append((len(dev.journal), "start", self.number, 0))
    return ok


def close(self, session, finished, ended=0):
    number = session.number
    ok = _close(self, session, finished, ended)
    if ok:
        # The app reuses one log for each new game: keep this one's bytes.
        log = session.log
        final[number] = (bytes(log.buf[:log.used]), log.game)
        confirmed.append((len(dev.journal), "archived", number,
                          session.log.used))
    return ok


def space(self):
    # Records the flash operations of make_room; with badroom, first the
    # oldest segment is deleted whenever space is low, synced or not.
    before = len(dev.journal)
    segs = self.segments()
    if bad_room and self.free_blocks() < self.low and len(segs) > 1:
        self.segs = None               # as make_room does: listed again
        os.remove(self.seg_path(segs[0]))
    r = _space(self)
    if len(dev.journal) > before:
        windows.append(("room", before, len(dev.journal)))
    return r


import drivers.lfs_meta as _meta         # noqa: E402
import app.app as _app_mod               # noqa: E402
_make_room = _meta.make_room
_forget = _app_mod.forget


def make_room(st, hw, chunk=0):
    # Records the flash operations of the quiet step's compaction (kept
    # loaded: the app's forget("meta") would drop this wrapper).
    j = dev.journal
    before = len(j) if j is not None else 0
    r = _make_room(st, hw, chunk)
    if j is not None and len(j) > before:
        windows.append(("meta", before, len(j)))
    return r


def forget(phase):
    if phase != "meta":
        _forget(phase)


S.Store.append = append
S.Store.start = start
S.Store.close = close
S.Store.space = space
_meta.make_room = make_room
_app_mod.forget = forget


def play_keys():
    from feeders import ScriptFeeder
    feeder = ScriptFeeder(sys.stdin.read().split("\n"))
    board.CONFIG["feeder"] = feeder
    board.CONFIG["blockdev"] = dev
    hw = board.setup()
    app = App(hw)
    try:
        while True:
            app.step(hw.clock.now)
            hw.clock.sleep_ms(10)
    except SystemExit:
        pass                           # the script ended (and dumped state)


def mark_all(app):
    # What `marcador sync` does after a pull: mark exactly the games the
    # device offered, as spans of consecutive numbers, through the link.
    from drivers.link import Link, frame
    nums = [g[0] for g in archive.catalog(app.store)
            if not archive.is_synced(app.store, g[0])]
    if not nums:
        return
    spans = []
    for n in nums:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    from vmboard import Port
    port = Port()
    from app.sync import Sync
    link = Link(port, port, Sync(app))
    before = len(dev.journal)
    if bad_mark:
        try:
            os.remove(app.store.path("synced"))
        except OSError:
            pass
    port.inbox.extend(frame(["mark"] + ["%d-%d" % (a, b)
                                        for a, b in spans]))
    for _ in range(1000):
        link.poll()
        if not port.inbox and port.out.endswith(b"\n"):
            break
    if not port.out.startswith(b"#ok mark"):
        raise AssertionError(bytes(port.out))
    # (The link loads drivers/segments.py afresh: the marks are recorded
    # around the request, whose only writes are the marks.)
    marks.append((before, len(dev.journal),
                  [[a, b] for a, b in app.store.synced]))
    windows.append(("mark", before, len(dev.journal)))


def play_full(games):
    # A nearly full 16-block flash: segments of 700 bytes (5 games, each
    # past littlefs's inline size, so each takes a block of its own), a
    # warning below 6 free blocks (make_room runs before each new game
    # from then on), a new game refused below 3. Games of 6 players fill
    # it until a new game is refused; then every game is marked synced
    # (through the link, as a sync does) and the new game starts on the
    # room make_room makes; from then on the games are marked every 5.
    # The run ends after `games` games, or when a new game is refused
    # even after a sync.
    from app.flow import start_game
    from app.newgame import before_new_game
    S.Store.seg_bytes = 700
    board.CONFIG["feeder"] = None
    board.CONFIG["blockdev"] = dev
    hw = board.setup()
    app = App(hw)
    app.step(0)
    app.store.reserve = 3
    app.store.low = 6
    played = 0
    rounds = 3
    names = ["A", "B", "C", "D", "E", "F"]
    while played < games:
        if not new_game(app, before_new_game):
            refused.append(played)
            mark_all(app)                  # full: a sync makes room
            if not new_game(app, before_new_game):
                break                      # refused even after a sync
        start_game(app, "free", names, bytes([2, 100, 0]))
        for r in range(rounds):
            free_round(app, [1, 2, r, 4, 5, 6])
        free_round(app, [100, 5, 1, 0, 0, 0])
        rounds = rounds % 9 + 3
        played += 1
        free.append(app.store.free_blocks())
        if refused and played % 5 == 0:
            mark_all(app)
    return played


def new_game(app, before_new_game):
    # The home screen's "new game": True when the device lets it start.
    app.home()
    started = []
    before_new_game(app, lambda: started.append(1))
    if not started and getattr(app.top(), "on_ok", None):
        app.top().on_ok()                  # low: a warning, OK goes on
    return bool(started)


def play_big():
    from app.flow import start_game
    board.CONFIG["feeder"] = None
    board.CONFIG["blockdev"] = dev
    hw = board.setup()
    app = App(hw)
    app.step(0)
    start_game(app, "free", ["A", "B"], bytes([2, 100, 0]))
    free_round(app, [100, 0])
    big_game(app, start_game)


def big_game(app, start_game):
    # A free pad for 8 players without a target, up to the log's limit
    # (its max_events): 99 rounds, undo and redo, the end as its last event.
    start_game(app, "free", ["P%d" % i for i in range(8)], bytes([0, 0, 0]))
    s = app.session
    most = s.log.max_events
    for r in range(99):
        if free_round(app, [r, -r, 7, 300, -5, 1, 2, r * 3]):
            raise AssertionError("round refused")
    while s.log.count < most - 1:
        if s.undo() or s.redo():
            raise AssertionError("undo/redo refused")
    s.ev[0] = 2                            # free.END
    if s.add(1):
        raise AssertionError("end refused")
    app.stack[1].after()
    leave_final(app)                       # BACK: the game is archived
    if app.session is not None or s.log.count != most:
        raise AssertionError("the big game did not end")


if scenario == "keys":
    play_keys()
elif scenario == "full":
    play_full(int(([a[6:] for a in sys.argv if a[:6] == "games="] +
                   ["40"])[0]))
else:
    play_big()
S.Store.append = _append
S.Store.start = _start
S.Store.close = _close
S.Store.space = _space
S.Store.seg_bytes = 16384
ops = dev.journal
dev.journal = None
for number in logs:                    # the game still in progress
    if number not in final:
        log = logs[number]
        final[number] = (bytes(log.buf[:log.used]), log.game)


def event_ends(number):
    # Offsets where the events of a game's final log end.
    data, g = final[number]
    out = []
    off = 0
    while off < len(data):
        k = data[off] & 0x0F
        off += 1 if k >= 13 else g.size(data, off, len(data))
        out.append(off)
    return out


ENDS = {n: event_ends(n) for n in final}


def count_events(number, a, b):
    # Events of a game's final log that end in (a, b].
    return len([e for e in ENDS[number] if a < e <= b])


# --- 2. every cut point
board.CONFIG["feeder"] = None
image = bytearray(pristine)
done = 0              # operations applied to image so far
tried = {}
lost = 0
gone = 0
extra = 0
failures = []
games_checked = 0
deleted_ok = 0


def apply(img, op, mode=None, seed=0):
    # Operation op on the image, whole, or torn the `mode` way.
    a, data = op
    n = dev.bs if data is None else len(data)
    if mode is None:
        img[a:a + n] = b"\xff" * n if data is None else data
    else:
        img[a:a + n] = torn(bytes(img[a:a + n]), data, mode, seed)


def expected(k, torn_op):
    # What the firmware had confirmed when operation k was about to start.
    games = {}        # number -> [bytes confirmed, archived?]
    for ops_done, kind, number, used in confirmed:
        if ops_done > k:
            break
        if kind == "start":
            games[number] = [0, False]
        elif kind == "event":
            games[number][0] = used
        else:
            games[number] = [used, True]
    # Marks: the last confirmed set, or the one being written at the cut.
    old = []
    new = None
    for before, after, state in marks:
        if after <= k:
            old = state
        elif before < k or torn_op and before == k:
            new = state
    return games, old, new


def spans_have(spans, n):
    for a, b in spans:
        if a <= n <= b:
            return True
    return False


def boot_and_check(img, k, label, kind="clean", torn_op=False, depth=1):
    global lost, gone, extra, games_checked, deleted_ok
    if depth > 1:
        kind = "second-" + kind
    tried[kind] = tried.get(kind, 0) + 1
    pre = bytes(img) if second and depth == 1 else None
    bd = BlockDev(BLOCKS, data=img)
    if pre is not None:
        bd.journal = []
    board.CONFIG["blockdev"] = bd
    try:
        h = board.setup()
        a = App(h)
        a.step(0)                       # the first screen is drawn
    except Exception as e:              # noqa: BLE001  any crash is a failure
        failures.append({"cut": label, "boot": repr(e)})
        return
    boot_ops = bd.journal
    bd.journal = None
    found = {}
    st = a.store
    for where in archive.index(st):
        try:
            head, log = archive.read(st, where)
        except ValueError as e:
            failures.append({"cut": label, "damaged": repr(e),
                             "where": where})
            continue
        found[head.number] = (log, True)
    if a.session is not None:
        s = a.session
        found[s.number] = (bytes(s.log.buf[:s.log.used]), False)
    # The archive's summary (drivers/seg_index.py, a cache on the same
    # flash, cut as everything else) answers as the full walks do.
    from drivers.seg_index import games_from, Past
    slow = archive.catalog(st)
    fast = list(games_from(st, 0, True))
    if fast != slow:
        failures.append({"cut": label, "summary": [fast[:4], slow[:4]]})
    rows = Past(st)
    if [rows[i] for i in range(len(rows))] != archive.index(st):
        failures.append({"cut": label, "past_rows": len(rows)})
    want, old, new = expected(k, torn_op)
    if st.synced != old and st.synced != new:
        failures.append({"cut": label, "marks": st.synced, "old": old,
                         "new": new})
    for number in want:
        used, archived = want[number]
        games_checked += 1
        full = final[number][0]
        if number not in found:
            if archived and spans_have(old, number):
                deleted_ok += 1        # synced, then make_room took it
                continue
            lost += count_events(number, 0, used)
            gone += 1
            failures.append({"cut": label, "missing_game": number})
            continue
        got, in_archive = found[number]
        if got != full[:len(got)]:
            failures.append({"cut": label, "game": number,
                             "wrong_bytes": len(got)})
        elif len(got) < used:
            lost += count_events(number, len(got), used)
            failures.append({"cut": label, "game": number,
                             "short": [len(got), used]})
        else:
            extra += count_events(number, used, len(got))
        if archived and not in_archive:
            failures.append({"cut": label, "game": number, "unarchived": 1})
    for number in found:
        if number not in want and number in final:
            # Started on flash, but the start was not yet confirmed: fine
            # only if it holds no more than the unconfirmed first event.
            extra += count_events(number, 0, len(found[number][0]))
    # The game in progress at the cut is resumed.
    live = [n for n in want if not want[n][1]]
    for n in live:
        if a.session is None or a.session.number != n:
            if n not in found or not found[n][1]:
                failures.append({"cut": label, "not_resumed": n})
    # A second cut, during each write the boot did.
    if boot_ops:
        img2 = bytearray(pre)
        for j in range(len(boot_ops)):
            boot_and_check(bytearray(img2), k, "%s+%d" % (label, j),
                           "clean", torn_op, 2)
            for mode in ("half", "garbage"):
                if boot_ops[j][1] is None or mode[0] in tears:
                    t = bytearray(img2)
                    apply(t, boot_ops[j], mode, j)
                    if boot_ops[j][1] is None:
                        mode = "erase"
                    boot_and_check(t, k, "%s+%d/%s" % (label, j, mode),
                                   mode, torn_op, 2)
                    if mode == "erase":
                        break
            apply(img2, boot_ops[j])


MODES = []
if "h" in tears:
    MODES.append("half")
if "g" in tears:
    MODES.append("garbage")
# Every STEP-th operation, and every operation of every mark and
# make_room (wherever the step falls).
points = {}
for k in range(0, len(ops), step_every):
    points[k] = 1
in_window = {}
for kind, a, b in windows:
    for k in range(a, b):
        points[k] = 1
        in_window[kind] = in_window.get(kind, 0) + 1
for k in sorted(points):
    while done < k:
        apply(image, ops[done])
        done += 1
    boot_and_check(bytearray(image), k, str(k))
    if ops[k][1] is None:
        if "e" in tears:
            t = bytearray(image)
            apply(t, ops[k], "erase", k)
            boot_and_check(t, k, "%d/erase" % k, "erase", True)
    else:
        for mode in MODES:
            t = bytearray(image)
            apply(t, ops[k], mode, k)
            boot_and_check(t, k, "%d/%s" % (k, mode), mode, True)

# And the end of the run, with no cut at all.
while done < len(ops):
    apply(image, ops[done])
    done += 1
boot_and_check(bytearray(image), len(ops), "end")

print(json.dumps({"ops": len(ops), "erases": len([o for o in ops
                                                  if o[1] is None]),
                  "cut_points": sum([tried[t] for t in tried]),
                  "tried": tried, "events_lost": lost,
                  "unsynced_gone": gone, "deleted_synced": deleted_ok,
                  "unconfirmed_saved": extra, "games": len(final),
                  "games_checked": games_checked,
                  "events": sum([len(ENDS[n]) for n in ENDS]),
                  "confirmations": len(confirmed), "marks": len(marks),
                  "free_blocks": free, "refused": refused,
                  "window_ops": in_window,
                  "biggest_log": max([len(final[n][0]) for n in final]),
                  "failures": len(failures), "first": failures[:5]}))
