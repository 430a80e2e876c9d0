"""The firmware on the emulated Pico (host_tools/pico_emu.py: MicroPython's
real rp2 port on rp2040js), measured from outside: nothing is added to the
firmware or the board's files, so what runs is what a Pico runs.

- Cycles: the emulator reports each run of the core between two waits for
  an interrupt (a "burst"); the app loop is one step, then a 10 ms sleep,
  so a step is one burst. The step that handles a key is found as the
  buttons' debounce finds it: the first step after the edge reads the new
  level, the first step 50 ms or more after that one turns it into the
  event (the press for UP/DOWN, the release for OK/BACK, 1000 ms after the
  press's event for a long one); its aftermath is every
  burst starting in the 150 ms from that step's start.
- Heap: MicroPython's allocation table read from the chip's RAM (found by
  its header, mp_state_mem_area_t, in RAM): the allocated blocks x 16 B, as
  gc.mem_alloc() counts them. The app collects garbage itself in the first
  quiet step after each key (app/app.py step); the table is read after
  every step of a press's aftermath and the least value is taken: the live
  heap after that collection (plus what the rest of that step allocated),
  and once more when the board waits again (a collection that came after
  the window).
  Boot: the same after a BACK on the home screen, which changes nothing
  there. The drivers' share: on a separate power-on, at the REPL (the app
  interrupted), gc.mem_alloc() around board.setup().
- I2C: the bytes written to the display (0x3C) in a press's window.
- Flash: the erase and program operations from the game's first key to its
  archive.

    .venv/bin/python bench/rp2.py [frozen|mpy|romfs|frozen-1mhz ...]
        [--titles a,b]

prints one JSON line (bench/run.py --rp2 runs it, one process per
deployment, and writes the rows into docs/benchmarks.md).
"""

import json
import shutil
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

from roots import ROOT  # noqa: E402  (tests/, tools/, sim/scripts on the path)

sys.path.insert(0, str(ROOT))

import maxplayers  # noqa: E402
from marcador import pico_emu  # noqa: E402
from marcador.sim import _keyscript  # noqa: E402
from marcador_core.games import IDS  # noqa: E402

RAM, RAM_BYTES = 0x20000000, 264 * 1024
BLOCK = 16                 # bytes per GC block on a 32-bit port
PRESS_MS = pico_emu.TAP_MS
AFTER_MS = 150             # the aftermath counted after the key's step
GAP_MS = 250               # release -> next press: room for the aftermath
# The app's collection after a game's start waits until this long after
# the key (app/app.py _LATER_MS, the file "next"'s step) and a step more:
# the heap is read past it (press).
LATER_MS = 200 + 60
MS = pico_emu.CYCLES_MS
ERASE_MS, PROGRAM_MS = 45, 0.4   # a 4 KB sector, a 256 B page (emu.mjs)
TITLES = IDS
ROMFS_DIR = ROOT / "out" / "rp2" / "romfs"
ROMFS_BUILD = ROMFS_DIR / "build" / "firmware.uf2"


def find_heap(pico):
    """(alloc table address, its length in bytes) of the GC heap: the
    mp_state_mem_area_t in RAM whose pool is 64x its table's length (4
    blocks a table byte, 16 bytes a block) and lies after it."""
    w = struct.unpack(f"<{RAM_BYTES // 4}I", pico.mem(RAM, RAM_BYTES))
    hits = []
    for i in range(len(w) - 6):
        atb, n = w[i], w[i + 1]
        if not (RAM <= atb < RAM + RAM_BYTES and 0 < n < RAM_BYTES // 64):
            continue
        for k in (3, 4):      # finaliser table (and weakref table) between
            start, end = w[i + k], w[i + k + 1]
            if atb < start < end <= RAM + RAM_BYTES and \
                    end - start == n * 64:
                hits.append((atb, n))
    if len(hits) != 1:
        raise RuntimeError(f"the GC heap's header not found once in RAM: "
                           f"{hits}")
    return hits[0]


_USED = bytes(sum(1 for s in (0, 2, 4, 6) if b >> s & 3)
              for b in range(256))


def heap_used(pico, heap):
    """Allocated bytes, as gc.mem_alloc() counts them (head and tail
    blocks)."""
    atb, n = heap
    return sum(_USED[b] for b in pico.mem(atb, n)) * BLOCK


def boot(pico, limit_ms=6000, split=None):
    """Power-on to the home screen drawn and the firmware idle: busy
    cycles. split: a dict given the busy cycles when the USB serial port
    enumerated and when the first I2C write to the display began (to
    1 ms)."""
    marks = split if split is not None else {}

    def seen():
        if pico.connections and "usb" not in marks:
            marks["usb"] = pico.busy
        return pico.i2c_writes > 0
    assert pico.run_until(seen, limit_ms, step_ms=1)
    marks["i2c"] = pico.busy
    pico_emu.settle(pico, limit_ms=limit_ms)
    return pico.settled_busy


def key_step(bursts, edge):
    """The app step (a burst) in which the buttons' debounce turns the
    edge at cycle `edge` into an event: the first step to read the new
    level is the first burst after the edge; the event comes in the first
    step at least 50 ms after that one (DEBOUNCE_MS, ticks_ms())."""
    try:
        seen = next(b for b in bursts if b[0] >= edge)
        return next(b for b in bursts if b[0] >= seen[0] + 49 * MS)
    except StopIteration:
        raise RuntimeError(f"no key step after the edge at {edge}: "
                           f"{bursts}") from None


def between_steps(pico, quiet=250, each=None):
    """Run until the core waits between two app steps (it ran no cycle in
    the last `quiet`): a pin changed now is read by the next step whole.
    Changed in the middle of a step, it may or may not be read by it
    (where in the step the buttons are polled), and key_step, which
    counts from the first step after the edge, would take the step after
    the key's (its drawing) for it."""
    for _ in range(100_000):
        before = pico.busy
        pico.run(quiet)
        if pico.busy == before:
            return
        pico.run(25_000)           # 0.2 ms: steps are 10 ms of sleep apart
        if each:
            each()
    raise RuntimeError("the core never waited")


def flash_busy(ops):
    """The busy cycles the flash chip's operations cost the core (erase,
    program: sim/rp2/emu.mjs's ERASE_MS, PROGRAM_MS, the core waiting)."""
    n = 0
    for op, addr, size in ops:
        if op == "E":
            n += size // 4096 * ERASE_MS * MS
        else:
            n += round(((addr + size + 255 >> 8) - (addr >> 8)) *
                       PROGRAM_MS * MS)
    return n


def press(pico, heap, key, hold_ms):
    """One press, held hold_ms, then GAP_MS released; returns its figures
    (see the module's doc)."""
    pico_emu.settle(pico)
    pin = pico_emu.BUTTON_PINS[key]
    i2c = pico.i2c_bytes
    ops = len(pico.flash_ops)
    pico.bursts.clear()
    heaps = []
    seen = [len(pico.bursts)]
    done = []                  # (cycle, flash ops so far) after each slice

    def note():
        done.append((pico.cycles, len(pico.flash_ops)))

    def run_slice():
        pico.run_ms(2)
        note()
        if len(pico.bursts) != seen[0]:
            seen[0] = len(pico.bursts)
            heaps.append((pico.bursts[-1][0], heap_used(pico, heap)))
    between_steps(pico)
    down = pico.cycles
    done.append((down, ops))
    pico.pin(pin, 0)
    for _ in range(0, hold_ms, 2):
        run_slice()
    between_steps(pico, each=note)
    up = pico.cycles
    pico.pin(pin, 1)
    edge = up if key in (2, 3) and hold_ms < 1000 else down
    for _ in range(0, GAP_MS, 2):
        run_slice()
    # Until the key's step is reported and 150 ms have passed since it
    # began (with the I2C's wire time a step can end past the window),
    # then until the board waits (a step still running is reported when
    # it ends).
    step = None
    for _ in range(1000):
        try:
            step = key_step(pico.bursts, edge)
        except RuntimeError:
            step = None
        if step and pico.cycles - step[0] >= AFTER_MS * MS:
            break
        run_slice()
    between_steps(pico, each=note)     # the step running now, to its end
    note()
    pico_emu.settle(pico)
    # Read once more with the board waiting: a key whose step is long (a
    # game started in it) can leave the collection, which waits for the
    # frame to be sent, past the window; the least value read in the
    # window alone was then the garbage's (dinos press 13: 87.6 KB for
    # 65.3 KB live). After a game's start that collection comes LATER_MS
    # after the key, and the board can seem to wait before it: the figure
    # was then the setup's garbage, or not, by a few ms of the loop's phase.
    while pico.cycles - key_step(pico.bursts, edge)[0] < LATER_MS * MS:
        run_slice()
    pico_emu.settle(pico)
    heaps.append((pico.cycles, heap_used(pico, heap)))
    bursts = pico.bursts[:]
    step = key_step(bursts, edge)
    if key in (2, 3) and hold_ms >= 1000:   # LONG, 1 s after the press
        step = next(b for b in bursts if b[0] >= step[0] + 999 * MS)
    after = [b for b in bursts if step[0] <= b[0] < step[0] + AFTER_MS * MS]
    live = min((h for at, h in heaps if at >= step[0]),
               default=heap_used(pico, heap))

    def flash_in(bs):
        # The flash operations of these steps: those done in a slice that
        # overlaps one of them (steps are 10 ms of sleep apart, slices 2).
        got = []
        for (t0, n0), (t1, n1) in zip(done, done[1:]):
            if n1 > n0 and any(b[0] < t1 and t0 < b[0] + b[1] for b in bs):
                got += pico.flash_ops[n0:n1]
        return flash_busy(got)
    return {"key": "udob"[key], "hold": hold_ms,
            "step": step[1], "press": sum(b[1] for b in after),
            "longest": max(b[1] for b in after),
            "step_flash": flash_in([step]), "press_flash": flash_in(after),
            "heap": live, "i2c": pico.i2c_bytes - i2c,
            "flash": len(pico.flash_ops) - ops,
            "window_ms": (pico.cycles - step[0]) // MS}


def play_title(image, gid, uf2=None, i2c_hz=0):
    """A max-player game of the title on a copy of the flash image: boot,
    then every press of sim/scripts/maxplayers.py."""
    ks = _keyscript()
    steps, _ = ks.compile(maxplayers.script(gid).splitlines())
    with pico_emu.Pico(image, uf2=uf2, bursts=True, i2c_hz=i2c_hz) as pico:
        t = time.time()
        split = {}
        booted = boot(pico, split=split)
        heap = find_heap(pico)
        home = pico.screen_hex()
        nop = press(pico, heap, 3, PRESS_MS)      # BACK on home
        if pico.screen_hex() != home:
            raise RuntimeError("BACK on the home screen changed it")
        flash0 = len(pico.flash_ops)
        presses = []
        for j in range(0, len(steps), 4):
            kind, key = steps[j] >> 4, steps[j] & 0x0F
            arg = steps[j + 1] | steps[j + 2] << 8 | steps[j + 3] << 16
            if kind == ks.HOLD:
                presses.append(press(pico, heap, key, arg))
            elif kind == ks.WAIT:
                pico.run_ms(arg)
            elif kind == ks.QUIT:
                break
        return {"boot": booted, "boot_split": split,
                "boot_heap": nop["heap"],
                "presses": presses,
                "flash": len(pico.flash_ops) - flash0,
                "seconds": time.time() - t, "heap_area": heap,
                "screen_errors": len(pico.panel.errors)}


# --- the REPL, for the drivers' share -------------------------------------
def _until(pico, marker, limit_ms=5000):
    got = bytearray()

    def seen():
        got.extend(pico.take_serial())
        return marker in got
    if not pico.run_until(seen, limit_ms, step_ms=5):
        raise RuntimeError(f"the board did not answer {marker!r}: "
                           f"{bytes(got[-300:])!r}")
    return bytes(got)


def raw_exec(pico, code):
    """Run code at the raw REPL (the app interrupted first); its output."""
    pico.write(b"\r\x03\x03")
    _until(pico, b">>> ")
    pico.write(b"\r\x01")
    _until(pico, b"raw REPL; CTRL-B to exit\r\n>")
    pico.write(code.encode() + b"\x04")
    out = _until(pico, b"\x04>")
    pico.write(b"\x02")                # back to the friendly REPL
    _until(pico, b">>> ")
    body = out.split(b"OK", 1)[1]
    text, err = body.split(b"\x04")[:2]
    if err.strip():
        raise RuntimeError(err.decode(errors="replace"))
    return text.decode()


DRIVERS = """import sys, gc
if '.frozen' in sys.path:
    sys.path.remove('.frozen'); sys.path.insert(0, '.frozen')
for m in list(sys.modules):
    if m not in ('sys', 'gc'): del sys.modules[m]
for k in list(globals()):
    if k not in ('sys', 'gc', '__name__'): del globals()[k]
gc.collect(); a = gc.mem_alloc()
import board
hw = board.setup()
gc.collect(); print(a, gc.mem_alloc() - a)
"""


def drivers_share(image, uf2=None):
    """(the heap live at the REPL once the app is interrupted and its
    modules and names forgotten, what importing board and board.setup()
    add to it)."""
    with pico_emu.Pico(image, uf2=uf2) as pico:
        boot(pico)
        a, b = raw_exec(pico, DRIVERS).split()[-2:]
        return int(a), int(b)


# --- the deployments --------------------------------------------------------
def frozen_image(tmp):
    from rp2_build import release_uf2
    img = Path(tmp) / "frozen.img"
    with pico_emu.Pico(img, uf2=release_uf2("pico_ssd1306")) as pico:
        boot(pico)
    return img


def mpy_image(tmp):
    """Stock MicroPython with marcador flash's files on littlefs."""
    import contextlib
    import io
    from marcador import cli
    img = Path(tmp) / "mpy.img"
    with pico_emu.Pico(img, uf2=pico_emu.stock_uf2()) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        out = io.StringIO()
        with pico_emu.Served(pico) as port, contextlib.redirect_stdout(out):
            rc = cli.main(["flash", "--board", "pico_ssd1306", "--port",
                           port, "--wait", "60"])
        if rc:
            raise RuntimeError(f"marcador flash failed: {out.getvalue()}")
        assert pico.run_until(lambda: pico.resets == 1, 2000, step_ms=1)
        boot(pico)
    return img


ROMFS_BASE = 0x80000       # rp2_flash.c: below the 1408 KB littlefs


def romfs_uf2():
    """Stock MicroPython for the Pico with a 128 KB ROMFS partition (no
    stock board has one): a copy of boards/RPI_PICO with
    MICROPY_HW_ROMFS_BYTES, built as `make uf2` builds (tools/build_uf2.py,
    its source tree and picotool) into out/rp2/romfs/build. Minutes the
    first time; None (with the reason) when it cannot be built here."""
    if ROMFS_BUILD.exists():
        return ROMFS_BUILD, None
    import build_uf2 as b
    try:
        b.check_toolchain()
        top, pico_src, _ = b.source_tree()
        b.ensure_mpy_cross(top)
        tools = b.ensure_picotool(top, pico_src)
    except b.BuildError as ex:
        return None, str(ex)
    board = ROMFS_DIR / "RPI_PICO_ROMFS"
    shutil.rmtree(board, ignore_errors=True)
    shutil.copytree(top / "ports" / "rp2" / "boards" / "RPI_PICO", board)
    with open(board / "mpconfigboard.h", "a") as f:
        f.write("#define MICROPY_HW_ROMFS_BYTES (128 * 1024)\n")
    env = b.clean_env(top)
    env["SOURCE_DATE_EPOCH"] = b.build_epoch()
    if tools:
        env["CMAKE_ARGS"] = f"-Dpicotool_DIR={tools}"
    try:
        b.run(["make", "-C", top / "ports" / "rp2", b.jobs(),
               f"BOARD_DIR={board}", f"BUILD={ROMFS_BUILD.parent}"],
              ROMFS_DIR / "build.log", env=env)
    except b.BuildError as ex:
        shutil.rmtree(ROMFS_BUILD.parent, ignore_errors=True)
        return None, str(ex)
    return ROMFS_BUILD, None


def romfs_image(tmp):
    """Stock MicroPython built with a 128 KB ROMFS partition
    (out/rp2/romfs/build.sh), the .mpy files of marcador flash in it (run
    in place from flash), only /main.py on littlefs."""
    import contextlib
    import io
    from marcador import flash
    from mpremote.romfs import make_romfs
    tree = Path(tmp) / "romfs"
    main = None
    for dest, src in flash.plan("pico_ssd1306").items():
        if dest == "/main.py":
            main = Path(src).read_text()
            continue
        (tree / dest.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, tree / dest.lstrip("/"))
    with contextlib.redirect_stdout(io.StringIO()):
        rom = make_romfs(str(tree), mpy_cross=None)
    if len(rom) > 128 * 1024:
        raise RuntimeError(f"the ROMFS image is {len(rom)} B, over 128 KB")
    img = Path(tmp) / "romfs.img"
    with pico_emu.Pico(img, uf2=ROMFS_BUILD) as pico:
        # littlefs made; the REPL waits
        assert pico.run_until(lambda: pico.connections == 1, 2000)
        pico.run_ms(200)
    data = bytearray(img.read_bytes())
    data[ROMFS_BASE:ROMFS_BASE + len(rom)] = rom
    img.write_bytes(data)
    with pico_emu.Pico(img) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 2000)
        pico.run_ms(200)
        raw_exec(pico, f"with open('main.py', 'w') as f:\n"
                 f"    f.write({main!r})\n")
    return img


IMAGES = {"frozen": frozen_image, "mpy": mpy_image, "romfs": romfs_image,
          "frozen-1mhz": frozen_image}
# The release image with the display's bus at 1 MHz (the emulator's wire
# at that rate: what boards/<board>/board.py freq=1_000_000 gives).
I2C_HZ = {"frozen-1mhz": 1_000_000}


def measure(deployments=("frozen", "mpy", "romfs"), titles=TITLES,
            log=print):
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for dep in deployments:
            t = time.time()
            if dep == "romfs":
                uf2, why = romfs_uf2()
                if uf2 is None:
                    out[dep] = {"skipped": why}
                    log(f"  rp2 romfs: not measured: {why}")
                    continue
            base = IMAGES[dep](tmp)
            share_img = Path(tmp) / "share.img"
            shutil.copy(base, share_img)
            # (the same firmware as "frozen" at another bus rate: its heap
            # is frozen's)
            repl, drivers = drivers_share(share_img) if dep not in I2C_HZ \
                else (None, None)
            row = {"drivers": drivers, "repl": repl, "titles": {}}
            log(f"  rp2 {dep}: drivers {row['drivers']} B "
                f"({time.time() - t:.0f} s)")
            for gid in titles:
                img = Path(tmp) / f"{dep}-{gid}.img"
                shutil.copy(base, img)
                r = play_title(img, gid, i2c_hz=I2C_HZ.get(dep, 0))
                row["titles"][gid] = r
                steps = [p["step"] for p in r["presses"]]
                log(f"  rp2 {dep} {gid}: boot {r['boot']:,} cycles, heap "
                    f"{r['boot_heap']:,}/{max(p['heap'] for p in r['presses']):,}"
                    f" B, step {statistics.median(steps):,.0f}/{max(steps):,}"
                    f", press+after {statistics.median(p['press'] for p in r['presses']):,.0f}"
                    f"/{max(p['press'] for p in r['presses']):,}"
                    f", longest step {max(p['longest'] for p in r['presses']):,}"
                    f", less the flash's busy time: step "
                    f"{max(p['step'] - p['step_flash'] for p in r['presses']):,}"
                    f" / press+after "
                    f"{max(p['press'] - p['press_flash'] for p in r['presses']):,}"
                    f", {len(steps)} presses, {r['flash']} flash ops "
                    f"({r['seconds']:.0f} s)")
            out[dep] = row
    return out


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(
        description="Play each title's max-player game on the emulated Pico "
        "and print its figures as JSON (bench/run.py --rp2 renders them).")
    ap.add_argument("deployments", nargs="*", choices=sorted(IMAGES),
                    metavar="DEPLOYMENT", help="one or more of "
                    + ", ".join(sorted(IMAGES)) + " (default: frozen mpy romfs)")
    ap.add_argument("--titles", default=",".join(TITLES),
                    help="comma-separated title ids (default: all)")
    a = ap.parse_args()
    titles = tuple(a.titles.split(","))
    bad = [t for t in titles if t not in TITLES]
    if bad:
        ap.error("unknown title %s; the titles: %s" % (
            ", ".join(bad), ",".join(TITLES)))
    res = measure(tuple(a.deployments) or ("frozen", "mpy", "romfs"), titles,
                  log=lambda s: print(s, file=sys.stderr, flush=True))
    print(json.dumps(res))
