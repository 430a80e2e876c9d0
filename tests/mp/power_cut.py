# Power cuts at every flash write, on the MicroPython VM and real littlefs2.
#
#   micropython power_cut.py STEP TEAR [early] < session.keys
#
# 1. Plays a key script (several games) on the simulated board once, on a
#    RAM flash whose every erase and write is recorded, and notes the moment
#    (the number of flash operations done) at which the firmware confirmed
#    each event, each new game and each game moved to the archive.
# 2. For every STEP-th operation k: rebuilds the flash as it stood when the
#    power went just before operation k (with TEAR=1 also: operation k
#    written only half-way), mounts it, boots the firmware (App on a fresh
#    board) and checks what it finds against what had been confirmed:
#    - every confirmed event of every game is there, in order, byte for
#      byte, and nothing but events of that game follows them;
#    - every game that had reached the archive is there, unchanged;
#    - the game in progress at the cut is resumed (or archived, if its last
#      event ended it).
# With "early", the harness takes each event as confirmed before its write
# starts (a firmware that confirms first and writes later): the check must
# then find events lost. That is the control that the check can fail.
# Prints one JSON line: cut points tried, events lost, failures (the first
# few, with details), events saved but not yet confirmed when power went.

import sys
import json
import os

_root = sys.path[0] + "/../.."          # the script is in tests/mp
sys.path.append(_root + "/sim")
sys.path.append(_root + "/firmware")

import board                           # noqa: E402  (sim/board.py)
from fakes.blockdev import BlockDev    # noqa: E402
from feeders import ScriptFeeder       # noqa: E402
from drivers import store as S         # noqa: E402
from drivers import archive            # noqa: E402
from app.app import App                # noqa: E402

BLOCKS = 64                            # 256 KB of littlefs: enough here
step_every = int(sys.argv[1]) if len(sys.argv) > 1 else 1
tear_too = len(sys.argv) > 2 and sys.argv[2] == "1"
early = len(sys.argv) > 3 and sys.argv[3] == "early"

# --- 1. the recorded run
dev = BlockDev(BLOCKS)
os.VfsLfs2.mkfs(dev)
pristine = bytes(dev.data)
dev.journal = []
confirmed = []      # (ops done, kind, game number, log bytes confirmed)
logs = {}           # game number -> its GameLog while the game is played
final = {}          # game number -> (log bytes, game) once it is archived

_append = S.Store.append
_start = S.Store.start
_close = S.Store.close


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


def close(self, session, finished):
    number = session.number
    ok = _close(self, session, finished)
    if ok:
        # The app reuses one log for each new game: keep this one's bytes.
        log = session.log
        final[number] = (bytes(log.buf[:log.used]), log.game)
        confirmed.append((len(dev.journal), "archived", number,
                          session.log.used))
    return ok


S.Store.append = append
S.Store.start = start
S.Store.close = close

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
    pass                               # the script ended (and dumped state)
S.Store.append = _append
S.Store.start = _start
S.Store.close = _close
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
tried = 0
lost = 0
extra = 0
failures = []
games_checked = 0


def apply(img, op, half=False):
    a, data = op
    if data is None:
        for i in range(a, a + dev.bs):
            img[i] = 0xFF
    else:
        n = len(data) // 2 if half else len(data)
        img[a:a + n] = data[:n]


def expected(k):
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
    return games


def boot_and_check(img, k, label):
    global lost, extra, games_checked
    bd = BlockDev(BLOCKS, data=img)
    board.CONFIG["blockdev"] = bd
    try:
        h = board.setup()
        a = App(h)
        a.step(0)                       # the first screen is drawn
    except Exception as e:              # noqa: BLE001  any crash is a failure
        failures.append({"cut": label, "boot": repr(e)})
        return
    found = {}
    st = a.store
    for where in archive.index(st):
        try:
            head, log = archive.read(st, where)
        except ValueError as e:
            failures.append({"cut": label, "damaged": repr(e)})
            continue
        found[head.number] = (log, True)
    if a.session is not None:
        s = a.session
        found[s.number] = (bytes(s.log.buf[:s.log.used]), False)
    want = expected(k)
    for number in want:
        used, archived = want[number]
        games_checked += 1
        full = final[number][0]
        if number not in found:
            lost += count_events(number, 0, used)
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


k = 0
while k < len(ops):
    while done < k:
        apply(image, ops[done])
        done += 1
    tried += 1
    boot_and_check(bytearray(image), k, k)
    if tear_too and ops[k][1] is not None:
        torn = bytearray(image)
        apply(torn, ops[k], half=True)
        tried += 1
        boot_and_check(torn, k, "%d/torn" % k)
    k += step_every

# And the end of the session, with no cut at all.
while done < len(ops):
    apply(image, ops[done])
    done += 1
tried += 1
boot_and_check(bytearray(image), len(ops), "end")

print(json.dumps({"ops": len(ops), "cut_points": tried, "events_lost": lost,
                  "unconfirmed_saved": extra, "games": len(final),
                  "games_checked": games_checked,
                  "events": sum([len(ENDS[n]) for n in ENDS]),
                  "confirmations": len(confirmed),
                  "failures": len(failures), "first": failures[:5]}))
