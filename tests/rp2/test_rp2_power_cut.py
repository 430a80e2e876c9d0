"""Power cuts on the real port: tests/device/test_power_cut.py's sweep, on the
emulated Pico (MicroPython's rp2 port with the release image, its own
littlefs and flash routines; docs/rp2-emulator.md).

A game with a correction and an undo is played once by the buttons, then
`marcador sync` marks it synced; a new game on a nearly full flash runs
make_room. The emulator reports every flash erase and program with its
bytes; the
moment each press is done (the board idle again, its screen drawn) is the
moment the firmware has confirmed what that key did. Then, for a cut just
before each flash operation k (and with k torn: half programmed or erased, the
rest as it was or garbage), the flash is rebuilt in Python from that log,
the board powered on that image until it shows its home or resume screen,
and what its flash then holds is read by the firmware's own store code on
the unix port (tests/mp/rp2_store.py). That boot's own flash writes (the
recovery) are logged too, and a second cut before each of them (clean or
torn both ways) is checked alike. Every game the firmware had confirmed at the cut
must be there (unless it was synced and archived: make_room may delete
it), its events a prefix of what it finally held and no fewer than were
confirmed; an archived game unchanged; the synced marks old or new; no
traceback on the USB serial port.

Emulated time is costly (a boot to the home screen is 17 M cycles, 1-3 s
here): the default run samples the cut points, `-m slow` tries them all
(the counts are printed)."""

import contextlib
import io
import random
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import MP_SCRIPTS, printed, run_micropython
from marcador import cli, pico_emu
from marcador.sim import _keyscript
from rp2_build import booted, emulated_release
from test_power_cut import CORRECTED, UNDO_REDO_END

BOOT_MS = 6000      # a boot's budget of emulated time, a full flash's too

pytestmark = pytest.mark.rp2

# The free pad, 2 players, two rounds, round 1 corrected through the game
# menu, a third round, the end; on the final screen the end undone and
# redone from the game menu; BACK leaves the final (archived).
GAME = CORRECTED + UNDO_REDO_END + "back\n" + "wait 1000\n"


def play(pico, script):
    """Each press of the script, the board idle before and after; the
    number of flash operations done when each press was."""
    ks = _keyscript()
    steps, _ = ks.compile(script.splitlines())
    done = []
    for j in range(0, len(steps), 4):
        kind, key = steps[j] >> 4, steps[j] & 0x0F
        arg = steps[j + 1] | steps[j + 2] << 8 | steps[j + 3] << 16
        if kind == ks.HOLD:
            pico_emu.settle(pico)
            pico.press(key, arg)
            pico_emu.settle(pico)
            done.append(len(pico.flash_ops))
        elif kind == ks.WAIT:
            pico.run_ms(arg)
            pico_emu.settle(pico)
    return done


def apply(img, op, data, tear=None, seed=0):
    """One flash operation on the image as the emulator does it: an erase
    fills 0xFF, a program ANDs (NOR flash). tear "half": cut half-way, the
    rest as it was; "garbage": cut half-way, the rest garbage (bits the
    cut left anywhere between, as tests/device/test_power_cut.py's sweep tears:
    sim/fakes/blockdev.py torn), seeded, the same every run."""
    kind, addr, n = op
    full = n
    if tear:
        n //= 2
    if kind == "E":
        img[addr:addr + n] = b"\xff" * n
    else:
        img[addr:addr + n] = bytes(a & b for a, b in
                                   zip(img[addr:addr + n], data[:n]))
    if tear == "garbage":
        noise = random.Random(seed * 7919 + addr).randbytes(full - n)
        img[addr + n:addr + full] = noise


def dump(path):
    return printed(run_micropython(MP_SCRIPTS / "rp2_store.py",
                                   heapsize="16m", path=(), args=(path,))[-1])


# A new game on a nearly full flash (tests/mp/rp2_fill.py: 200 games, all
# synced, 20 blocks free, below the store's warning level of 24): its start
# runs make_room, which deletes the oldest segment (synced); one round.
NEW_GAME = ("ok\ndown 5\nok\nup 2\nok\nup\nok\nok\nok\n"
            "ok\nup 5\nok\nup 3\nok\n")


def record(tmp, script, sync=False, fill=None):
    uf2 = emulated_release("pico_ssd1306")
    base = tmp / "base.img"
    with pico_emu.Pico(base, uf2=uf2) as pico:      # littlefs made
        assert booted(pico, BOOT_MS)
    filled = None
    if fill:
        filled = printed(run_micropython(
            MP_SCRIPTS / "rp2_fill.py", heapsize="4m", path=(),
            args=(base,) + fill, timeout=1200)[-1])
        # Checked here, where it is made (the fixture serves several
        # tests): every game archived in two segments and marked synced,
        # the flash left below the free blocks asked for.
        games, free = int(fill[0]), int(fill[1])
        assert filled["games"] == games and filled["segments"] == [1, 2]
        assert filled["synced"] == [[1, games]] and filled["free"] <= free
    img = tmp / "played.img"
    shutil.copy(base, img)
    with pico_emu.Pico(img, log_data=True) as pico:
        assert booted(pico, BOOT_MS)
        at_boot = len(pico.flash_ops)
        done = play(pico, script)
        before = len(pico.flash_ops)
        if not sync:
            return {"tmp": tmp, "base": base.read_bytes(),
                    "ops": pico.flash_ops[:], "data": pico.flash_data[:],
                    "done": [at_boot] + done, "sync": (before, before),
                    "filled": filled}
        # Then marcador sync copies the game and marks it synced on the
        # board (the marks file written aside and renamed over).
        with pico_emu.Served(pico) as port:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), \
                    contextlib.redirect_stderr(err):
                rc = cli.main(["sync", "--port", port, "--db",
                               str(tmp / "games.sqlite")])
            assert rc == 0, err.getvalue()
        pico_emu.settle(pico)
        sync = (before, len(pico.flash_ops))
        ops, data = pico.flash_ops[:], pico.flash_data[:]
    return {"tmp": tmp, "base": base.read_bytes(), "ops": ops,
            "data": data, "done": [at_boot] + done + [sync[1]],
            "sync": sync, "filled": filled}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    return record(tmp_path_factory.mktemp("rp2cut"), GAME, sync=True)


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    return record(tmp_path_factory.mktemp("rp2full"), NEW_GAME,
                  fill=("200", "20"))


TEARS = {False: None, True: "half", "half": "half", "garbage": "garbage"}


def image(rec, k, torn=False, second=None):
    """The flash as it stood at a cut before operation k (torn: that
    operation half done, True or "half", or "garbage"); second: (ops,
    data, j, torn) a second cut, during the boot on that flash, before
    its own operation j."""
    img = bytearray(rec["base"])
    for op, data in zip(rec["ops"][:k], rec["data"][:k]):
        apply(img, op, data)
    if torn:
        apply(img, rec["ops"][k], rec["data"][k], TEARS[torn], k)
    if second:
        ops, datas, j, torn2 = second
        for op, data in zip(ops[:j], datas[:j]):
            apply(img, op, data)
        if torn2:
            apply(img, ops[j], datas[j], TEARS[torn2], 1000 + j)
    return img


def cut_and_boot(rec, k, torn, second=None):
    """Power on the flash as it stood at the cut; (what the board's flash
    then holds, what went wrong booting or None, the flash operations
    that boot did and their bytes)."""
    tag = f"{k}-{torn}" + (f"-{second[2]}-{second[3]}" if second else "")
    path = rec["tmp"] / f"cut-{tag}.img"
    path.write_bytes(image(rec, k, torn, second))
    with pico_emu.Pico(path, log_data=True) as pico:
        ok = booted(pico, BOOT_MS)
        serial = pico.take_serial()
        did = (pico.flash_ops[:], pico.flash_data[:])
    problem = None
    if not ok:
        problem = "no screen drawn"
    elif b"Traceback" in serial:
        problem = serial.decode(errors="replace")[-400:]
    held = dump(path)
    path.unlink()
    return held, problem, did


def games(held):
    out = {int(n): (log, True) for n, log in held["archived"].items()}
    if held["session"]:
        out[held["session"][0]] = (held["session"][1], False)
    return out


def second_points(results, most=None):
    """For the first cuts whose boot wrote to the flash: a second cut
    before each of those writes, clean, torn half-way and torn with
    garbage (an erase: clean and torn). most: of the first cuts, at most
    that many (spread over the run)."""
    wrote = [(k, torn, did) for (k, torn, _), (_, _, did) in results
             if did[0]]
    if most is not None and len(wrote) > most:
        wrote = [wrote[i * len(wrote) // most] for i in range(most)]
    out = []
    for k, torn, (ops, datas) in wrote:
        for j, op in enumerate(ops):
            for t in (False, "half", "garbage"):
                out.append((k, torn, (ops, datas, j, t)))
    return out


def sweep(rec, points, early=False, second=None):
    """Cut at each (k, torn) of points; returns the counts and failures.
    early: as if each press were confirmed before its first flash write
    (the control that the check can fail). second: also cut during the
    boot after each cut (second_points(..., second); True: all)."""
    states = {}
    done = rec["done"]
    confirm = [(d, d) for d in done]     # (confirmed at op, state at op)
    if early:
        confirm = [(done[0], done[0])] + [
            (a, b) for a, b in zip(done, done[1:])]

    def confirmed(k):
        # What the board held the last time it was idle before op k.
        c = max(b for a, b in confirm if a <= k)
        return games(state(c))

    def state(c):
        if c not in states:
            p = rec["tmp"] / f"state-{c}.img"
            p.write_bytes(image(rec, c))
            states[c] = dump(p)
        return states[c]

    def marks(c):
        return state(c)["synced"]

    final = confirmed(len(rec["ops"]))
    start, end = rec["sync"]
    new_marks = marks(len(rec["ops"]))
    old_marks = marks(0)

    def marks_ok(k, got):
        # Before the sync's first write: the old ones; after its last: the
        # new ones; during it: old or new, nothing else.
        if k <= start:
            return got == old_marks
        if k >= end:
            return got == new_marks
        return got in ([], new_marks)

    r = {"points": 0, "torn": 0, "garbage": 0, "second": 0,
         "second_torn": 0, "during_sync": 0, "deleted_synced": 0,
         "games_checked": 0, "log_bytes": 0, "lost": 0, "gone": 0,
         "failures": []}

    def one(point):
        k, torn, *more = point
        return (k, torn, more[0] if more else None), \
            cut_and_boot(rec, k, torn, *more)

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(one, points))
        if second:
            more = second_points(results, None if second is True
                                 else second)
            results += list(pool.map(one, more))
    for (k, torn, again), (held, problem, _) in results:
        r["points"] += 1
        r["torn"] += bool(torn)
        r["garbage"] += torn == "garbage"
        label = f"op {k}{' torn ' + TEARS[torn] if torn else ''}"
        if again:
            r["second"] += 1
            r["second_torn"] += bool(again[3])
            label += f", then at the boot's op {again[2]}" + \
                (f" torn {TEARS[again[3]]}" if again[3] else "")
        if problem or "error" in held:
            r["failures"].append((label, problem or held["error"]))
            continue
        if not marks_ok(k, held["synced"]):
            r["failures"].append((label, f"marks {held['synced']}"))
        if start <= k < end:
            r["during_sync"] += 1
        got = games(held)
        for n, (want, archived) in confirmed(k).items():
            r["games_checked"] += 1
            r["log_bytes"] += len(want) // 2
            if n not in got and archived and \
                    any(a <= n <= b for a, b in old_marks):
                r["deleted_synced"] += 1     # make_room may delete it
                continue
            if n not in got:
                r["gone"] += 1
                r["lost"] += 1
                r["failures"].append((label, f"game {n} gone"))
                continue
            log, in_archive = got[n]
            # (A game make_room deleted by the end: archived, so checked
            # whole below.)
            if not log.startswith(want) or \
                    n in final and not final[n][0].startswith(log):
                r["lost"] += 1
                r["failures"].append((label, f"game {n}: {want} -> {log}"))
            if archived and (not in_archive or log != want):
                r["failures"].append((label, f"game {n} archived changed"))
    # The states checked against hold what they must too: the marks, old
    # before the sync's first write and new after its last; each game a
    # beginning of what it finally held.
    for c, held in states.items():
        if not marks_ok(c, held["synced"]):
            r["failures"].append((f"state at op {c}",
                                  f"marks {held['synced']}"))
        for n, (log, _) in games(held).items():
            if n in final and not final[n][0].startswith(log):
                r["failures"].append((f"state at op {c}", f"game {n}"))
    return r


def report(rec, r):
    print(f"\n{r['points']} cut points ({r['torn']} torn, "
          f"{r['garbage']} with garbage; {r['second']} second cuts during "
          f"the boot's own writes, {r['second_torn']} torn) of "
          f"{len(rec['ops'])} flash operations "
          f"({sum(op[0] == 'E' for op in rec['ops'])} erases) over "
          + (f"{len(rec['done']) - 2} presses and a sync "
             f"({r['during_sync']} cuts during its writes)"
             if rec["sync"][1] > rec["sync"][0] else
             f"{len(rec['done']) - 1} presses") +
          f": {r['games_checked']} confirmed "
          f"games checked ({r['log_bytes']} log bytes), {r['lost']} "
          f"losses, {r['gone']} games gone, {r['deleted_synced']} synced "
          f"games found deleted, {len(r['failures'])} failures")


def test_the_recorded_game_is_archived_whole(recorded):
    # The reference the cuts are checked against: one archived game with
    # every round, the game played to its end (nothing in progress).
    p = recorded["tmp"] / "end.img"
    p.write_bytes(image(recorded, len(recorded["ops"])))
    held = dump(p)
    assert held.get("error") is None, held
    assert held["session"] is None and list(held["archived"]) == ["1"]
    assert len(bytes.fromhex(held["archived"]["1"])) > 10
    assert held["synced"] == [[1, 1]], held["synced"]
    assert recorded["sync"][1] > recorded["sync"][0]
    assert len(recorded["ops"]) >= 15
    # Every press that wrote reached the flash before the next press.
    assert recorded["done"][-1] == len(recorded["ops"])


def test_the_check_finds_confirmed_events_lost(recorded):
    # Control: a firmware that confirmed each press before its first
    # flash write, cut before that write, must be found losing events.
    # (Cut after it, as this did while a game's start made its journal's
    # file by a commit of its own, the presses that write once lose
    # nothing: cur is kept now, and the start's one write holds it all.)
    done = recorded["done"]
    points = [(a, False) for a, b in zip(done, done[1:]) if b > a][:6]
    r = sweep(recorded, points, early=True)
    report(recorded, r)
    assert r["lost"] > 0 and r["failures"]


def test_power_cut_sampled(recorded):
    # Cuts clean, torn half-way and torn with garbage; then, for two of
    # the cuts after which the boot itself wrote (recovery), a second cut
    # before each of those writes, clean and torn both ways.
    n = len(recorded["ops"])
    points = [(k, False) for k in range(0, n + 1, 3)] + \
        [(k, True) for k in range(1, n, 5)] + \
        [(k, "garbage") for k in range(3, n, 5)]
    r = sweep(recorded, points, second=2)
    report(recorded, r)
    assert r["failures"] == [], r["failures"][:5]
    assert r["points"] >= 8 and r["games_checked"] >= 4
    assert r["during_sync"] >= 1
    assert r["garbage"] >= 3 and r["second"] >= 3 and r["second_torn"] >= 2


@pytest.mark.slow
def test_power_cut_at_every_flash_operation(recorded):
    n = len(recorded["ops"])
    points = [(k, False) for k in range(n + 1)] + \
        [(k, t) for k in range(n) for t in ("half", "garbage")]
    r = sweep(recorded, points, second=True)
    report(recorded, r)
    assert r["failures"] == [], r["failures"][:5]
    assert r["points"] == 3 * n + 1 + r["second"] and r["second"] > 0


def room_op(rec):
    """The flash operation that deleted the synced segment (the first
    after which fewer games are archived), and the archive before it."""
    def archived(k):
        p = rec["tmp"] / f"room-{k}.img"
        p.write_bytes(image(rec, k))
        held = dump(p)
        # Whole at every operation up to it: the marks of the fill, a
        # game in progress only once the new one has started.
        assert held["synced"] == rec["filled"]["synced"], (k, held["synced"])
        assert held["session"] is None or \
            held["session"][0] == rec["filled"]["games"] + 1, k
        return held["archived"]
    before = archived(0)
    assert len(before) == rec["filled"]["games"] and all(before.values())
    for k in range(len(rec["ops"])):
        now = archived(k + 1)
        # make_room deletes games; it changes none.
        assert all(before.get(n) == log for n, log in now.items()), k
        if len(now) < len(before):
            return k, before


def check_full(full, points, second=None):
    r = sweep(full, points, second=second)
    report(full, r)
    assert r["failures"] == [], r["failures"][:5]
    assert r["games_checked"] > 200


def test_power_cut_during_make_room_sampled(full):
    # make_room runs as the first key of a new game is taken (the space
    # check): it deletes the oldest segment, all synced games, in one
    # flash operation; cut before it, torn, and after it, then sampled.
    assert full["filled"]["segments"] == [1, 2]
    end = full["tmp"] / "end.img"
    end.write_bytes(image(full, len(full["ops"])))
    held = dump(end)
    # The oldest segment gone, the new game in progress with its round;
    # the marks as the fill left them.
    assert held["session"] is not None
    assert 0 < len(held["archived"]) < 200
    assert held["synced"] == full["filled"]["synced"]
    k, before = room_op(full)
    assert all(before.get(n) == log for n, log in held["archived"].items())
    n = len(full["ops"])
    points = {(k, False), (k, True), (k, "garbage"), (k + 1, False)} | \
        {(j, False) for j in range(0, n + 1, 4)}
    check_full(full, sorted(points, key=str), second=1)


@pytest.mark.slow
def test_power_cut_at_every_flash_operation_of_a_new_game_on_a_full_flash(
        full):
    n = len(full["ops"])
    check_full(full, [(k, False) for k in range(n + 1)] +
               [(k, t) for k in range(n) for t in ("half", "garbage")],
               second=True)
