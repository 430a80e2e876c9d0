# Storage checks on the MicroPython VM with real littlefs2, each printing one
# JSON line for tests/device/test_storage.py:
#
#   micropython store_check.py corrupt   damaged files found and reported
#   micropython store_check.py flips N   N random bit flips / truncations
#   micropython store_check.py full      a full filesystem
#   micropython store_check.py room      synced marks and making room
#   micropython store_check.py resume    events, undo, resume, rewrite
#   micropython store_check.py clock     start and end times of games
#   micropython store_check.py chunks    a long game's journal: erases per
#                                        event, resume, a bad middle record
#   micropython store_check.py quiet P   a long game's erases: in key steps
#                                        or quiet ones (progsize P, 0:
#                                        the simulator's)
#   micropython store_check.py meta_fuzz N   the metadata reader on N
#                                        damaged flashes
#
# Games are played through the App's Session (the same path as the keys),
# and every boot is the firmware's App on the simulated board.

import sys
import json
import os

from vmboard import boot, fresh, free_round, leave_final
from vmboard import Port as _Port
import board                           # noqa: E402
from fakes.blockdev import BlockDev    # noqa: E402
from app.flow import start_game           # noqa: E402
from drivers import store as S         # noqa: E402
from drivers import segments as archive  # noqa: E402
from drivers import seg_index  # noqa: E402
from core import errors as E           # noqa: E402


def new_free(app, n=3, target=100):
    # flow leaves RAM during play: the one loaded now (it holds the clock
    # set_time() faked), not the one imported first.
    from app.flow import start_game
    start_game(app, "free", ["A", "B", "C", "D"][:n],
               bytes([2, target & 0xFF, target >> 8]))
    app.step(app.now)      # the step after a start, as the app runs it
    return app.session


def play_free_game(app, rounds=3):
    # A free game to 100 (finished after `rounds` rounds).
    s = new_free(app)
    for r in range(rounds - 1):
        free_round(app, [1, 2, 0])
    free_round(app, [100, 5, 1])
    return s


def log_of(s):
    return bytes(s.log.buf[:s.log.used])


def games_on(app):
    out = {}
    for where in archive.index(app.store):
        try:
            h, log = archive.read(app.store, where)
            out[h.number] = log
        except ValueError:
            out[-len(out) - 1] = None
    return out


def files(app):
    return sorted(os.listdir(app.store.dir))


def flip(path, pos, bit=1):
    with open(path, "rb") as f:
        b = bytearray(f.read())
    b[pos] ^= bit
    with open(path, "wb") as f:
        f.write(b)
    return len(b)


def truncate(path, size):
    with open(path, "rb") as f:
        b = f.read()[:size]
    with open(path, "wb") as f:
        f.write(b)


def setup_games(dev):
    # Three finished games and one in progress with 4 rounds.
    app = boot(dev)
    logs = {}
    for _ in range(3):
        s = play_free_game(app)
        logs[s.number] = log_of(s)
    s = new_free(app)
    for _ in range(4):
        free_round(app, [1, 2, 3])
    cur = log_of(s)
    return app, logs, s.number, cur


def corrupt():
    out = {}
    dev = fresh()
    app, logs, cur_n, cur = setup_games(dev)
    d = app.store.dir
    # 1. A flipped bit in the last event record of the journal.
    size = flip(d + "/cur", os.stat(d + "/cur")[6] - 3)
    a = boot(dev)
    out["last_record_flip"] = {
        "resumed": a.session is not None and a.session.number == cur_n,
        "events": len(log_of(a.session)) if a.session else -1,
        "want_bytes": len(cur) - 7, "note": type(a.stack[-1]).__name__,
        "lost": _lost(a)}
    # The bad tail was rewritten away: another boot finds nothing lost.
    a2 = boot(dev)
    out["after_rewrite"] = {"lost": _lost(a2),
                            "same": log_of(a2.session) == cur[:-7]}
    # 2. The journal cut in the middle of a record (a truncated file).
    truncate(d + "/cur", os.stat(d + "/cur")[6] - 4)   # inside a record
    a = boot(dev)
    out["truncated_journal"] = {"lost": _lost(a),
                                "same": log_of(a.session) == cur[:-14]}
    # 3. A flipped bit inside an archived game: that game is reported
    #    damaged, the others read back unchanged.
    seg = d + "/" + [f for f in files(a) if f[0] == "a"][0]
    flip(seg, 40)
    a = boot(dev)
    g = games_on(a)
    out["archive_flip"] = {
        "damaged": len([k for k in g if g[k] is None]),
        "intact": len([k for k in g if g[k] is not None and
                       g[k] == logs.get(k)]),
        "history_rows": [a.top().menu.items[i] for i in range(3)]
        if _open_history(a) else None}
    # 4. A truncated archive segment: the whole entries before the cut stay.
    truncate(seg, os.stat(seg)[6] - 10)
    a = boot(dev)
    g = games_on(a)
    out["archive_truncated"] = {"readable": len([k for k in g if g[k]]),
                                "problems": a.store.problems}
    # 5. A journal whose header is damaged: set aside, reported, and a new
    #    game can start (the old bytes stay in a file for the PC).
    flip(d + "/cur", 6)
    a = boot(dev)
    out["bad_header"] = {"session": a.session is not None,
                         "problems": a.store.problems,
                         "files": files(a)}
    s = new_free(a)
    out["bad_header"]["new_game"] = s is not None and s.number > cur_n
    # 6. A damaged synced-marks file.
    with open(d + "/synced", "w") as f:
        f.write("1-x,zz")
    a = boot(dev)
    out["bad_synced"] = {"problems": a.store.problems,
                         "synced_1": archive.is_synced(a.store, 1)}
    print(json.dumps(out))


def _lost(app):
    # The "lost" line of the recovery note, if one is shown.
    for sc in app.stack:
        lines = getattr(sc, "lines", None)
        if lines and len(lines) == 2 and "perdidos" in lines[1]:
            return int(lines[1].split()[0])
    return None


def _open_history(app):
    from app.history import History
    app.home()
    h = History(app)
    app.push(h)
    app.step(1)
    return hasattr(h, "menu")


def flips(n):
    # Random damage to the game files: a boot must never raise, and every
    # game it shows must be one that was played (never garbage).
    import random
    random.seed(7)
    dev = fresh()
    app, logs, cur_n, cur = setup_games(dev)
    image = bytes(dev.data)
    d = app.store.dir
    names = [f for f in files(app) if f[0] == "a" or f == "cur"]
    crashes = 0
    wrong = 0
    hidden = 0
    damaged_seen = 0
    for i in range(n):
        dev = BlockDev(64, data=bytearray(image))
        board.CONFIG["blockdev"] = dev
        board.mount_flash(None, dev)
        name = names[random.getrandbits(8) % len(names)]
        p = d + "/" + name
        size = os.stat(p)[6]
        flipped = random.getrandbits(2) != 0
        if not flipped:
            truncate(p, random.getrandbits(16) % size)
        else:
            flip(p, random.getrandbits(16) % size,
                 1 << random.getrandbits(3))
        try:
            a = boot(dev)
            g = games_on(a)
            for k in g:
                if g[k] is None:
                    damaged_seen += 1
                elif g[k] != logs.get(k):
                    wrong += 1
            if a.session is not None and \
                    log_of(a.session) != cur[:a.session.log.used]:
                wrong += 1
            # One flipped bit in a segment damages one game, no other.
            if flipped and name[0] == "a":
                intact = len([k for k in g if g[k] is not None])
                hidden += max(0, len(logs) - 1 - intact)
        except Exception as e:        # noqa: BLE001
            crashes += 1
            print("CRASH", name, repr(e))
    print(json.dumps({"tried": n, "crashes": crashes, "wrong": wrong,
                      "hidden": hidden,
                      "damaged_reported": damaged_seen}))


def full():
    # 1. A small flash (16 blocks of 4 KB) filled with finished games: every
    #    game that was allowed to start finishes and is archived; then a new
    #    game is refused with a message.
    from app.newgame import before_new_game
    dev = fresh(16)
    app = boot(dev)
    st = app.store
    st.low = st.reserve + 1
    played = 0
    all_finished = True
    refused = None
    warned = 0
    logs = {}
    while played < 500:
        app.home()
        started = []
        before_new_game(app, lambda: started.append(1))
        if not started and app.top().on_ok:
            warned += 1                # low: a warning, OK goes on
            app.top().on_ok()
        if not started:
            refused = [app.top().title] + list(app.top().lines)
            break
        s = play_free_game(app, 40)
        logs[s.number] = log_of(s)
        all_finished = all_finished and app.session is None and \
            s.store is None
        played += 1
    free_at_refusal = st.free_blocks()
    g = games_on(boot(dev))
    intact = len(g) == played and all([g[k] == logs[k] for k in logs])
    # 2. The flash filled up under a game in progress (by a big file):
    #    events are refused with a message and change nothing, a boot finds
    #    the game as it was, and once there is room again it finishes.
    dev = fresh(24)
    app = boot(dev)
    d = app.store.dir
    s = new_free(app)
    free_round(app, [1, 1, 1])
    junk = 0
    try:
        with open(d + "/../junk", "wb") as f:
            chunk = b"j" * 512
            while True:
                f.write(chunk)
                f.flush()
                junk += 512
    except OSError:
        pass
    # The journal's small files live in the folder's metadata, which
    # littlefs still rewrites in the folder's own blocks on a full flash:
    # fill those too (small files beside it), until littlefs refuses.
    pads = 0
    try:
        while pads < 400:
            with open(d + "/pad%d" % pads, "wb") as f:
                f.write(b"p" * 100)
            pads += 1
    except OSError:
        pass
    # Rounds go on while littlefs still finds room in its metadata; the
    # first refused one must change nothing, nor may undo.
    rounds = 0
    err = 0
    while rounds < 300:
        before = log_of(s)
        totals = s.game.total[0]
        err = free_round(app, [0, 0, 0])
        if err:
            break
        rounds += 1
    errs = [err, free_round(app, [1, 1, 1]), s.undo()]
    # The same refusal through the play screen's undo and redo: the
    # player must read why (the flash), not "nothing to undo".
    from core.error_texts import message
    play = app.top()
    play.undo()
    screen_undo = app.toast_text
    screen_says = [screen_undo, message(E.NOT_SAVED, app.settings.lang)]
    unchanged = log_of(s) == before and s.game.total[0] == totals
    a = boot(dev)
    resumed = a.session is not None and log_of(a.session) == before
    os.remove(d + "/../junk")
    for k in range(pads + 1):
        try:
            os.remove(d + "/pad%d" % k)
        except OSError:
            pass               # the last one was refused
    last = free_round(a, [200, 0, 0])
    finished = a.session is None and len(games_on(boot(dev))) == 1
    print(json.dumps({
        "games_played": played, "all_finished": all_finished,
        "warned": warned,
        "refused": refused, "free_blocks_at_refusal": free_at_refusal,
        "reserve": st.reserve, "archive_intact": intact,
        "junk_bytes": junk, "rounds_after_junk": rounds,
        "errors_when_full": errs, "screen_undo_when_full": screen_says,
        "unchanged_when_full": unchanged, "resumed_after_full": resumed,
        "last": last, "finished": finished, "NOT_SAVED": E.NOT_SAVED}))


def room():
    # Synced marks, and deleting synced games only, oldest first.
    dev = fresh(40)
    app = boot(dev)
    st = app.store
    S.Store.seg_bytes = 150                  # small segments: several of them
    numbers = []
    for _ in range(12):
        numbers.append(play_free_game(app).number)
    segs = st.segments()
    marked = [archive.mark_synced(st, k) for k in numbers[:7]]
    a = boot(dev)
    st = a.store
    synced_after_boot = [k for k in numbers if archive.is_synced(st, k)]
    st.low = 10 ** 6                   # pretend space is low: make room
    seg_index.make_room(st)
    left = games_on(a)
    print(json.dumps({
        "segments": len(segs), "marked": marked,
        "synced_file": open(st.dir + "/synced").read(),
        "synced_after_boot": synced_after_boot,
        "left": sorted(left), "numbers": numbers,
        "segments_left": len(st.segments())}))


def resume():
    # Events, undo and redo are on flash as they happen; a boot resumes the
    # game with the same log, and the game goes on from there.
    dev = fresh()
    app = boot(dev)
    s = new_free(app)
    free_round(app, [5, 6, 7])
    free_round(app, [1, 1, 1])
    s.undo()
    s.redo()
    s.undo()
    free_round(app, [2, 2, 2])
    want = log_of(s)
    a = boot(dev)
    r = a.session
    note = a.top()
    res = {"resumed": r is not None and log_of(r) == want,
           "totals": [r.game.total[p] for p in range(3)],
           "note": [note.title] + list(note.lines),
           "screen_below": type(a.stack[-2]).__name__,
           "can_redo": r.log.n_undone > 0, "can_undo": r.log.n_live > 0}
    free_round(a, [100, 0, 0])
    b = boot(dev)
    g = games_on(b)
    res["finished_archived"] = b.session is None and len(g) == 1
    res["archived_log"] = g[r.number] == log_of(r)
    res["game_id"] = b.store.game_id(r.number)
    print(json.dumps(res))


# --- protocol 3: filesystem nonce, exact marks, damaged data reachable

def ask(app, *words):
    # One request through the device's link (Link.poll, as the app loop
    # calls it); the answer frames as word lists.
    from drivers.link import Link, frame, parse
    port = getattr(app, "_test_port", None)
    if port is None:
        port = app._test_port = _Port()
        from app.sync import Sync
        app.link = Link(port, port, Sync(app))
    port.inbox.extend(frame([str(w) for w in words]))
    # The link answers from a buffer, a piece per poll: poll until the
    # request is read and a few polls bring no more bytes.
    quiet = 0
    for _ in range(2000):
        size = len(port.out)
        app.link.poll()
        quiet = quiet + 1 if len(port.out) == size else 0
        if not port.inbox and port.out.endswith(b"\n") and quiet >= 3:
            break
    out = []
    for line in bytes(port.out).decode().split("\n"):
        if line:
            w = parse(line)
            out.append(w if w is not None else ["BAD FRAME", line])
    port.out = bytearray()
    return out


def fsid():
    res = {}
    dev = fresh()
    app = boot(dev)
    st = app.store
    res["fs_id"] = st.fs_id
    res["file"] = open(st.dir + "/fsid").read()
    res["hello"] = ask(app, "hello")
    s = play_free_game(app)
    res["first_id"] = st.game_id(s.number)
    res["again"] = boot(dev).store.fs_id
    # The flash erased (littlefs formatted again): numbers restart, ids not.
    os.VfsLfs2.mkfs(dev)
    app = boot(dev)
    s = play_free_game(app)
    res["after_erase"] = {"fs_id": app.store.fs_id, "number": s.number,
                          "id": app.store.game_id(s.number)}
    # A damaged nonce file: a new nonce, reported.
    with open(app.store.dir + "/fsid", "w") as f:
        f.write("zz\x00")
    a = boot(dev)
    res["damaged"] = {"fs_id": a.store.fs_id, "problems": a.store.problems,
                      "file": open(a.store.dir + "/fsid").read()}
    res["after_repair"] = boot(dev).store.problems
    print(json.dumps(res))


def marks():
    # Three archived games (1-3) and one in progress (4).
    res = {}
    dev = fresh()
    app = boot(dev)
    for _ in range(3):
        play_free_game(app)
    new_free(app)
    free_round(app, [1, 2, 3])
    st = app.store
    tries = [["mark", "1-1000000"], ["mark", "4"], ["mark", "2", "5"],
             ["mark", "3-1"], ["mark", "0"], ["mark", "1-2", "x"],
             ["mark"] + ["1"] * 17, ["mark", "-3"], ["mark", "1--2"]]
    res["refused"] = [ask(app, *t)[0][:3] for t in tries]
    res["synced_after_refused"] = st.synced
    res["file_after_refused"] = "synced" in files(app)
    res["ok"] = ask(app, "mark", "1", "3")
    res["synced"] = st.synced
    res["again"] = ask(app, "mark", "1-1")
    res["list"] = [w[2] + ":" + w[6] for w in ask(app, "list")
                   if w[1] == "game"]
    # The probe: "mark 1-1000000" before games 5.. exist, then
    # make_room in small segments: no game that was never synced may go.
    ask(app, "mark", "1-1000000")
    free_round(app, [100, 0, 0])       # game 4 ends
    S.Store.seg_bytes = 150
    for _ in range(9):
        play_free_game(app)
    st.low = 10 ** 6
    seg_index.make_room(st)
    S.Store.seg_bytes = 16384
    left = [g[0] for g in archive.catalog(st)]
    res["room_kept"] = [n for n in range(4, 14) if n in left]
    res["room_left"] = left
    print(json.dumps(res))


def seg_bytes(app, seg=1):
    with open(app.store.seg_path(seg), "rb") as f:
        return f.read()


def poke(path, pos, value):
    with open(path, "rb") as f:
        b = bytearray(f.read())
    b[pos] = value
    with open(path, "wb") as f:
        f.write(b)


def damaged_view(app):
    # What boot, history, the catalog and the link see of the archive.
    st = app.store
    rows = []
    if _open_history(app):
        m = app.top().menu
        rows = [m.items[i] for i in range(len(m.items))]
    listed = ask(app, "damaged")
    return {"catalog": [g[0] for g in archive.catalog(st)],
            "problems": st.problems, "history": rows,
            "damaged": listed, "segments": st.segments()}


def resync():
    # Six finished games in one segment; one damaged entry must hide none
    # of the others, be listed for the PC, and close its segment.
    res = {}
    dev = fresh()
    app = boot(dev)
    for _ in range(6):
        play_free_game(app)
    st = app.store
    offs = [off for off, _ in archive.entries(st, 1)]
    sizes = [size for _, size in archive.entries(st, 1)]
    res["offsets"] = offs
    res["sizes"] = sizes
    image = bytes(dev.data)
    seg = st.seg_path(1)

    def case(name, pos, value):
        d = BlockDev(64, data=bytearray(image))
        board.mount_flash(None, d)
        poke(seg, pos, value)
        a = boot(d)
        v = damaged_view(a)
        s = play_free_game(boot(d))     # a new game after the damage
        b = boot(d)
        v["new_game"] = s.number
        v["new_game_in"] = [w[1] for w in archive.catalog(b.store)
                            if w[0] == s.number]
        v["catalog_after"] = [g[0] for g in archive.catalog(b.store)]
        res[name] = v
        return a

    before = seg_bytes(app)
    case("head_G", offs[1], before[offs[1]] ^ 0x01)
    case("len_high", offs[1] + 2, before[offs[1] + 2] ^ 0x10)
    case("len_low_small", offs[1] + 1, before[offs[1] + 1] ^ 0x04)
    case("len_bigger", offs[1] + 1, before[offs[1] + 1] ^ 0x40)
    # A length that lands exactly on the head after the next entry.
    case("len_swallows", offs[1] + 1, before[offs[1] + 1] + sizes[2])
    case("body", offs[2] + 20, before[offs[2] + 20] ^ 0x80)
    # The raw bytes of the damaged span, through the link.
    d = BlockDev(64, data=bytearray(image))
    board.mount_flash(None, d)
    poke(seg, offs[1], 0x48)
    a = boot(d)
    name = ask(a, "damaged")[0][2]
    got = bytearray()
    frames = []
    while True:
        r = ask(a, "raw", name, len(got))[0]
        frames.append(r[:5])
        if r[5] == "-":
            break
        from binascii import a2b_base64
        got.extend(a2b_base64(r[5]))
    want = bytearray(before[offs[1]:offs[2]])
    want[0] = 0x48
    res["raw"] = {"name": name, "same": bytes(got) == bytes(want),
                  "frames": len(frames), "first": frames[0],
                  "beyond": ask(a, "raw", name, len(want) + 1)[0][:3],
                  "unknown": ask(a, "raw", "a0001.0.5", 0)[0][:3],
                  "path": ask(a, "raw", "../fsid", 0)[0][:3],
                  "neg": ask(a, "raw", name, -1)[0][:3],
                  "mark": ask(a, "mark", "2")[0][:3]}
    # make_room keeps the damaged segment even when every readable game
    # in it is synced.
    S.Store.seg_bytes = 16384
    st = a.store
    for n in [g[0] for g in archive.catalog(st)]:
        archive.mark_synced(st, n)
    play_free_game(a)
    st.low = 10 ** 6
    seg_index.make_room(st)
    res["room"] = {"segments": st.segments(),
                   "catalog": [g[0] for g in archive.catalog(st)],
                   "damaged": ask(a, "damaged")}
    # A segment cut short (its tail is damage to the end of the file).
    d = BlockDev(64, data=bytearray(image))
    board.mount_flash(None, d)
    truncate(seg, len(before) - 10)
    a = boot(d)
    res["tail"] = damaged_view(a)
    s = play_free_game(a)
    res["tail"]["new_game_seg"] = [g[1] for g in archive.catalog(a.store)
                                  if g[0] == s.number]
    # A journal set aside at boot, its files cur, cur1... (each under
    # the store's CHUNK): every one listed and fetchable.
    d = BlockDev(64, data=bytearray(image))
    board.mount_flash(None, d)
    a = boot(d)
    s = new_free(a, target=999)
    while True:
        free_round(a, [1, 2, 3])
        try:
            os.stat(a.store.chunk_path(2))
            break
        except OSError:
            pass
    flip(a.store.dir + "/cur", 6)
    raws = [open(a.store.chunk_path(k), "rb").read() for k in range(3)]
    a = boot(d)
    lst = ask(a, "damaged")
    bad = [w for w in lst if w[1] == "damaged"]
    from binascii import a2b_base64
    got = []
    for w in bad:
        r = ask(a, "raw", w[2], 0)[0]
        got.append(a2b_base64(r[5]) if r[1] == "raw" else r)
    res["bad_journal"] = {"listed": lst, "number": s.number,
                          "sizes": [len(r) for r in raws],
                          "same": got == raws}
    print(json.dumps(res))


def damage_newest(img, xor):
    # In a simulator's flash image: flip bits of the newest archive
    # entry's length byte (the walk below reads heads only, as it was
    # written). xor 0 flips its lowest set bit: a length that still fits.
    dev = BlockDev(256, path=img)
    board.mount_flash(None, dev)
    from core import gamefile as F
    d = board.MOUNT + "/games"
    segs = sorted([n for n in os.listdir(d) if n[0] == "a"])
    p = d + "/" + segs[-1]
    with open(p, "rb") as f:
        b = f.read()
    i = last = 0
    while i < len(b):
        last = i
        i += F.entry_size(b, i)
    v = b[last + 1]
    poke(p, last + 1, v ^ (xor or v & -v))   # 0: shorter (its lowest bit)
    dev.ioctl(3, 0)
    print(json.dumps({"segment": segs[-1], "offset": last}))


# --- the board's clock: start and end times in the header

class FakeTime:
    """The time module as app/clock.now_s sees it on a board: an RTC
    whose epoch is 2000 (rp2, esp32) or 1970, at a time the test sets."""

    def __init__(self, t, epoch=2000):
        self.t = t
        self.epoch = epoch

    def time(self):
        return self.t

    def gmtime(self, s):
        if s != 0:
            raise ValueError("only gmtime(0) is asked")
        return (self.epoch, 1, 1, 0, 0, 0, 5 if self.epoch == 2000 else 3, 1)


def _entries(app):
    # Every archive entry's raw bytes, oldest first.
    from core import gamefile as F
    out = []
    for seg in app.store.segments():
        with open(app.store.seg_path(seg), "rb") as f:
            b = f.read()
        i = 0
        while i < len(b):
            n = F.entry_size(b, i)
            out.append(bytes(b[i:i + n]))
            i += n
    return out


def set_time(t):
    # The clock app/clock.py reads: if it leaves RAM and is imported again
    # (its `import time` finds sys.modules["time"]), so the fake goes in
    # both places.
    sys.modules["time"] = t
    clock = sys.modules.get("app.clock")
    if clock is not None:
        clock.time = t


def clock():
    from app import clock as storage
    from core import gamefile as F
    real = storage.time
    e2000 = 946684800
    t0 = 1790000000                      # 2026-09-21 14:13:20 UTC
    res = {"now_s": []}
    for t, epoch in ((0, 2000),                        # esp32 power-on
                     (662688000, 2000),                # rp2: 2021-01-01
                     (t0 - e2000, 2000), (1609459200, 1970), (t0, 1970)):
        set_time(FakeTime(t, epoch))
        res["now_s"].append(storage.now_s())
    dev = fresh()
    app = boot(dev)
    # 1: clock set (2000 epoch as on rp2/esp32), 47 min 20 s long.
    fake = FakeTime(t0 - e2000)
    set_time(fake)
    new_free(app)
    free_round(app, [1, 2, 0])
    fake.t += 47 * 60 + 20
    free_round(app, [100, 5, 1])
    # 2: the same game with the clock never set (the RTC at 2021).
    set_time(FakeTime(662688000))
    play_free_game(app, 2)
    # 3: clock set, the game's last event on flash, then the power goes
    # before the move to the archive; boot (an hour later) finishes it.
    fake = FakeTime(t0 - e2000)
    set_time(fake)
    s = new_free(app)
    free_round(app, [1, 2, 0])
    s.ev[0] = 1
    for i, v in enumerate([100, 5, 1]):
        s.ev[1 + 2 * i] = v
        s.ev[2 + 2 * i] = 0
    s.add(7)                             # stored; the screen never saw it
    with open(app.store.path("cur"), "rb") as f:
        journal = F.read_journal_head(f.read(), 10000)[0]
    fake.t += 3600
    b = boot(dev)
    # Boot shows its final screen again (it can still be undone there);
    # leaving it archives the game, its end time unknown.
    res["boot_screen"] = type(b.top()).__name__
    leave_final(b)
    raws = _entries(b)
    heads = [F.read_entry(r)[0] for r in raws]
    res["games"] = [{"time": h.time, "ended": h.ended, "flags": h.flags,
                     "finished": h.finished} for h in heads]
    res["sizes"] = [len(r) for r in raws]
    res["journal_flags"] = journal.flags
    res["journal_ended"] = journal.ended
    res["entry_hex"] = raws[0].hex()
    res["boot_session"] = b.session is not None
    set_time(real)
    print(json.dumps(res))


def final_sync():
    # A game on its final screen is still the game in progress: the link
    # lists no game (it is "current") until the screen is left; undone
    # there, it never was in the archive. Then it ends again and is left:
    # listed once.
    dev = fresh()
    app = boot(dev)
    s = new_free(app)
    free_round(app, [100, 5, 1], leave=False)
    res = {"screen": type(app.top()).__name__,
           "on_final": [w[1:3] for w in ask(app, "list")]}
    app.top().reopen()                 # "undo the last event"
    res["after_undo"] = [w[1:3] for w in ask(app, "list")]
    res["play"] = [type(app.top()).__name__, s.game.over]
    free_round(app, [100, 5, 1])       # ends again; BACK leaves
    res["left"] = [w[1:3] for w in ask(app, "list")]
    res["archive"] = len(games_on(boot(dev)))
    print(json.dumps(res))


def journal():
    # A key that starts a game (start_later) is answered in its own step
    # by a cleared screen; the next step, before any
    # key, starts the game: its journal on flash (store.start, created in
    # place), then its first screen, and the key waiting then goes to it.
    # The step after writes the file "next", again before any key.
    from drivers.buttons import event, OK, PRESS
    res = {}
    dev = fresh()
    app = boot(dev)
    st = app.store
    d = st.dir
    buf = app.hw.display.buffer
    # The key that starts it (as the setup's last screen does).
    app.top().key = lambda ev: app.start_later("free", ["A", "B"],
                                               bytes([2, 100, 0]))
    app.buttons._emit(event(OK, PRESS))
    app.step(10)
    res["key_step"] = {"session": app.session is not None,
                       "cur": [f for f in os.listdir(d)
                               if f.startswith("cur")],
                       "cur_bytes": os.stat(d + "/cur")[6],
                       "cleared": not any(buf)}
    # A power cut now: the screen never said the game started; none.
    res["cut_at_title"] = boot(dev).session is not None
    app.buttons._emit(event(OK, PRESS))    # a key waits for the next step
    app.step(20)
    res["started"] = [app.session is not None and app.session.number,
                      os.stat(d + "/cur")[6] > 0, type(app.stack[1]).__name__,
                      type(app.top()).__name__]
    # A power cut now: the journal is enough, boot resumes game 1 and the
    # next new game is number 2.
    a = boot(dev)
    res["cut_then"] = [a.session.number if a.session else 0, a.store.next]
    # A key is already waiting in the next step: it is handled first;
    # "next" waits until the keys have been quiet 200 ms (App._LATER_MS)
    # and the screen is sent: the key's collection comes first, then the
    # file.
    seen = []
    top = app.top()
    key = top.key
    top.key = lambda ev: (seen.append(_read_next(d)), key(ev))
    app.buttons._emit(event(OK, PRESS))
    app.step(30)
    res["next_when_key"] = seen
    app.step(40)
    app.step(229)
    res["next_quiet"] = _read_next(d)
    # A power cut before it: the journal holds the number.
    res["cut_before_next"] = boot(dev).store.next
    # A key read down as it comes due, not yet an event: the file waits
    # until every key is released and debounced (Buttons.quiet), as the
    # metadata step does: on a Pico a flash write holds interrupts off,
    # and a press begun in its step can be lost.
    pin = app.hw.pins[3]               # BACK
    pin.level = 0
    app.step(230)
    res["next_held"] = _read_next(d)
    pin.level = 1                      # let go (10 ms: bounce, no event)
    app.step(240)
    res["next_file"] = _read_next(d)
    # The power went while a journal was being created: littlefs had
    # committed its name, not yet its bytes (an empty file). No game had
    # started: boot finds none, reports nothing, sets nothing aside.
    dev = fresh()
    d = boot(dev).store.dir
    with open(d + "/cur", "wb"):
        pass
    a = boot(dev)
    res["empty_cur"] = {"session": a.session is not None,
                        "problems": a.store.problems,
                        "files": sorted(f for f in os.listdir(d)
                                        if f in ("cur", "cur.tmp")
                                        or f.startswith("bad"))}
    print(json.dumps(res))


def _read_next(d):
    try:
        return open(d + "/next").read()
    except OSError:
        return None


def _journal_files(d):
    return sorted(f for f in os.listdir(d)
                  if f.startswith("cur") and not f.endswith(".tmp"))


def chunks():
    # A long free game (4 players, 90 rounds: a journal far past the
    # inline limit of littlefs as this board mounts it). littlefs keeps a
    # small file inline in its folder's metadata; a file past that limit
    # has blocks of its own, and each append to it after an open copies
    # its last block to a freshly erased one. An erase in a key's step
    # makes the press slow on a board: events that erase one after the
    # other mean the journal has outgrown the limit.
    res = {}
    dev = fresh()
    app = boot(dev)
    s = new_free(app, 4, 5000)
    d = app.store.dir
    erased = []
    for r in range(90):
        e0 = dev.erases
        assert free_round(app, [r % 7, 3, r % 5, 1]) == 0
        erased.append(dev.erases > e0)
    res["erasing_in_a_row"] = max(
        [i + 1 for i in range(1, 90) if erased[i] and erased[i - 1]] or [0])
    res["erasing"] = sum(erased)
    res["files"] = _journal_files(d)
    res["sizes"] = [os.stat(d + "/" + f)[6] for f in res["files"]]
    played = log_of(s)
    # A power cut now: boot reads the whole journal back.
    a = boot(dev)
    res["resumed"] = [a.session is not None and log_of(a.session) == played,
                      _lost(a)]
    # A flipped bit in a record of a middle file: the game resumes up to
    # that record, the records after it are reported lost and dropped
    # for good (another boot finds the same game, nothing lost), and new
    # events follow the kept ones.
    files = _journal_files(d)
    mid = files[len(files) // 2]
    flip(d + "/" + mid, os.stat(d + "/" + mid)[6] - 3)
    a = boot(dev)
    kept = log_of(a.session)
    res["middle_flip"] = [len(kept) < len(played), played.startswith(kept),
                          _lost(a)]
    a = boot(dev)
    res["after_rewrite"] = [log_of(a.session) == kept, _lost(a)]
    free_round(a, [9, 9, 9, 9])
    more = log_of(a.session)
    a = boot(dev)
    res["appended_after"] = [log_of(a.session) == more, _lost(a),
                             len(more) > len(kept)]
    # The game ends: archived whole, and no journal file is left.
    s = a.session
    assert free_round(a, [5000, 0, 0, 0]) == 0
    final = log_of(s)
    a = boot(dev)
    res["archived"] = [games_on(a).get(s.number) == final,
                       _journal_files(d), os.stat(d + "/cur")[6],
                       a.session is None]
    # Journal files a cut left behind (an older game's) never join a new
    # game's journal: boot finds them (cur empty: no game) and removes
    # them.
    with open(d + "/cur1", "wb") as f:
        f.write(bytes(range(40)))
    a = boot(dev)
    res["stale_gone"] = _journal_files(d)
    s = new_free(a, 4, 5000)
    for r in range(3):
        free_round(a, [1, 2, 3, 4])
    log = log_of(s)
    a = boot(dev)
    res["stale"] = [log_of(a.session) == log, _lost(a)]
    print(json.dumps(res))


def head():
    # drivers/game_files.py start makes a new game's journal head without
    # core/gamefile.py: the same bytes as gamefile's functions make.
    from drivers.game_files import start
    from core import gamefile as F

    class Game:
        pass

    cases = [(1, 0, "free", ["A", "B"], b""),
             (70000, 1767225600, "dinos",
              ["Ana", "Bea", "Ciro", "Dani", "Eva", "Fer"],
              bytes((0x40, 9, 18, 27, 36, 1))),
             (2 ** 32 - 1, 2 ** 32 - 1, "dog",
              ["\u00d1and\u00fa", "\u00c1lvaro", "x" * 300, ""], b"\x01"),
             (5, 7, "doggy", ["a" * 255, "\u00e9" * 200], bytes(range(255)))]
    st = boot(fresh()).store
    out = []
    for number, t, gid, names, opts in cases:
        g = Game()
        g.gid, g.names, g.opts = gid, names, opts
        st.number, st.next, st.archived = 0, number, 0
        ok = start(st, g, t)
        with open(st.path("cur"), "rb") as f:
            got = f.read()
        want = F.journal_head(F.header(number, t, 0, 0, gid, names, opts))
        out.append([ok, len(got), got == bytes(want), g.number == number])
    print(json.dumps({"head": out}))


def _rp2_flash(prog):
    # A fresh flash as a Pico's _boot.py makes and mounts it (352 blocks
    # of 4 KB, progsize=256; prog=0: as the simulator mounts it), the
    # simulated board mounting it so (bench/mp/erase_count.py).
    dev = BlockDev(352 if prog else 64)
    if prog:
        os.VfsLfs2.mkfs(dev, progsize=prog)
    else:
        os.VfsLfs2.mkfs(dev)

    def mount(path, d):
        try:
            os.umount("/flash")
        except OSError:
            pass
        os.mount(os.VfsLfs2(d, progsize=prog) if prog else os.VfsLfs2(d),
                 "/flash")
        return d, "/flash"
    board.mount_flash = mount
    return dev


def quiet(prog):
    # A long free game (4 players, 90 rounds), each round in a key's step
    # and then 300 ms of quiet steps (App.step): which events erase in
    # their key's step (littlefs compacting the games folder's metadata
    # when a commit does not fit) and which in the quiet steps after
    # (drivers/lfs_meta.py compacting it beforehand); then a boot finds
    # the game whole.
    prog = int(prog)
    dev = _rp2_flash(prog)
    app = boot(dev)
    s = new_free(app, 4, 5000)
    t = app.now
    key, calm = [], []
    for r in range(90):
        e0 = dev.erases
        t += 10
        app.last_key = t
        assert free_round(app, [r % 7, 3, r % 5, 1]) == 0
        app.step(t)
        if dev.erases > e0:
            key.append(r + 1)
        e0 = dev.erases
        for _ in range(30):
            t += 10
            app.step(t)
        if dev.erases > e0:
            calm.append(r + 1)
    played = log_of(s)
    a = boot(dev)
    print(json.dumps({"key": key, "quiet": calm,
                      "resumed": [a.session is not None and
                                  log_of(a.session) == played, _lost(a)]}))


def meta_fuzz(n):
    # drivers/lfs_meta.py's reader on damaged flashes: a game's folder
    # with bytes of its metadata blocks changed at random; state() gives
    # a state or None, never an exception, and make_room() writes no
    # file but the journal's newest, with the bytes it had.
    import random
    from drivers import lfs_meta
    random.seed(7)
    dev = _rp2_flash(256)
    app = boot(dev)
    new_free(app, 4, 5000)
    for r in range(20):
        free_round(app, [r, 1, 2, 3])
    st = app.store
    img = bytes(dev.data)
    out = {"tried": 0, "none": 0, "raised": 0, "changed": 0, "rewrites": 0}
    # The root's pair and the games folder's.
    blocks = [0, 1] + list(lfs_meta._find(dev, (0, 1), 4096, 352,
                                          b"games", 2)[1][4])
    # Where the next commit goes: one try in four damages that unit
    # (littlefs then compacts at the next commit: make_room does now).
    at0 = lfs_meta.state(dev, b"cur%d" % st.chunk if st.chunk else b"cur")
    at0 = at0[0] * 4096 + at0[1]
    for i in range(int(n)):
        dev.data[:] = img
        b = blocks[random.getrandbits(2)]
        for _ in range(1 + random.getrandbits(3)):
            at = b * 4096 + random.getrandbits(12)
            if i % 4 == 0:
                at = at0 + random.getrandbits(8)
            dev.data[at] = random.getrandbits(8)
        out["tried"] += 1
        try:
            got = lfs_meta.state(dev, b"cur%d" % st.chunk if st.chunk
                                 else b"cur")
        except Exception:
            out["raised"] += 1
            continue
        out["none"] += got is None
        try:
            os.umount("/flash")
            os.mount(os.VfsLfs2(dev, progsize=256), "/flash")
            files = {}
            for f in os.listdir(st.dir):
                with open(st.dir + "/" + f, "rb") as fh:
                    files[f] = fh.read()
        except OSError:
            continue          # littlefs itself refuses this flash
        try:
            out["rewrites"] += lfs_meta.make_room(st, app.hw, S.CHUNK)
        except Exception:
            out["raised"] += 1
            continue
        for f, data in files.items():
            try:
                with open(st.dir + "/" + f, "rb") as fh:
                    if fh.read() != data:
                        out["changed"] += 1
            except OSError:
                out["changed"] += 1
    print(json.dumps(out))


{"corrupt": corrupt, "journal": journal, "full": full, "final_sync": final_sync, "room": room, "resume": resume,
 "clock": clock, "chunks": chunks,
 "fsid": fsid, "head": head, "damage_newest": lambda: damage_newest(sys.argv[2],
                                                      int(sys.argv[3])), "marks": marks, "resync": resync,
 "quiet": lambda: quiet(sys.argv[2]),
 "meta_fuzz": lambda: meta_fuzz(sys.argv[2]),
 "flips": lambda: flips(int(sys.argv[2]))}[sys.argv[1]]()
