"""Growth figures on the emulated Pico (`bench/run.py --growth-rp2`): the
release image (frozen firmware) on rp2040js (host_tools/pico_emu.py), its
flash filled on the PC by the firmware's own store on the MicroPython unix
port (bench/mp/rp2_image.py: the rp2 port's littlefs geometry, blocks of
4 KB, progsize 256), cached in out/growth-rp2/.

- Sync, with 10, 1,000 and 5,000 small games (tests/flashfill.py: 2-player
  free games; the archive's summary made, as after the first request):
  busy cycles from the request's first byte on the USB serial port to
  its answer's last and the firmware idle again, of `pull` of the newest
  10 games (none synced), `mark` of those 10 and `list` (the whole
  answer), in that order after boot and a `hello`; the heap at the request's start and
  its peak over the request (the GC allocation table read from the
  chip's RAM every 5 emulated ms and after the answer, as bench/rp2.py
  reads it: allocated blocks x 16 B, garbage included).
- Past games from the home screen (DOWN, OK): the key step that opens it
  (the screen made and drawn: the press's largest app step) and 7 DOWN
  presses (a page down: the sum of theirs), the heap after each (least
  reading: the live heap; bench/rp2.py press).
- make_room: all games synced but the newest, the flash filled to 20
  blocks free (below the store's warning level): the OK on the home
  screen's "new game" runs the space check (its largest step), make_room deleting the
  oldest segments (synced); and the same flash with no game synced,
  where it can delete nothing.
- Corrections: a free game of 4 players in progress, 10 or 90 rounds, 0
  or 39 corrections made on the PC; on the device one more by the keys
  (the game menu: the 1st or the 40th), the busy cycles of the key step
  that writes it (the largest step of the press that wrote); then power on into that game (busy cycles to the
  resume screen drawn and idle), against the same game without
  corrections.
"""

import hashlib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from roots import ROOT  # noqa: E402  (tests/, tools/, sim/scripts on the path)

sys.path.insert(0, str(ROOT))

import rp2 as R  # noqa: E402  (bench/rp2.py)
from flashfill import small_game  # noqa: E402
from marcador import pico_emu, sim  # noqa: E402
from marcador_core import wire  # noqa: E402
from targets import GROWTH_RATIO, met_bold  # noqa: E402

CACHE = ROOT / "out" / "growth-rp2"
SCRIPT = ROOT / "bench" / "mp" / "rp2_image.py"
COUNTS = (10, 1000, 5000)
FREE = 20
# A correction through the game menu: BACK (the menu), UP (its last item:
# correct a round), OK, UP (the last round), OK, UP twice (the first
# player's score), then OK through the other players and the confirmation.
FIX_KEYS = "back up ok up ok up up ok ok ok ok"


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def inputs_key(*extra):
    """What the cached images depend on: the firmware's store and formats,
    the image script, the release image."""
    h = hashlib.sha256()
    for p in sorted((ROOT / "firmware").rglob("*.py")) + [SCRIPT]:
        h.update(p.read_bytes())
    h.update(Path(release()).read_bytes())
    h.update(repr(extra).encode())
    return h.hexdigest()[:16]


_uf2 = []


def release():
    if not _uf2:
        from rp2_build import release_uf2
        _uf2.append(release_uf2("pico_ssd1306"))
    return _uf2[0]


def base_image():
    """A flash on which the release image booted once (littlefs made)."""
    path = CACHE / f"base-{inputs_key()}.img"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.unlink(missing_ok=True)
        with pico_emu.Pico(tmp, uf2=release()) as pico:
            R.boot(pico)
        tmp.rename(path)
    return path


def vm(img, *args, stdin=""):
    p = subprocess.run([sim.micropython(), "-X", "heapsize=16m",
                        str(SCRIPT), str(ROOT / "firmware"), str(img)] +
                       [str(a) for a in args], input=stdin,
                       capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise RuntimeError(p.stdout[-1500:] + p.stderr[-1500:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def image(name, *args, stdin=""):
    """A cached flash image: the base, then rp2_image.py's work."""
    path = CACHE / f"{name}-{inputs_key(args)}.img"
    if not path.exists():
        t = time.time()
        tmp = path.with_suffix(".tmp")
        shutil.copy(base_image(), tmp)
        got = vm(tmp, *args, stdin=stdin)
        tmp.rename(path)
        log(f"  growth-rp2: {name} made ({got}, {time.time() - t:.0f} s)")
    return path


def games_image(n, synced=0, free=None):
    lines = "".join(small_game(k).hex() + "\n" for k in range(1, n + 1))
    args = ("games", synced) + ((free,) if free is not None else ())
    return image(f"games{n}-s{synced}-f{free}", *args, stdin=lines)


def scratch(src, tmp):
    dst = Path(tmp) / "run.img"
    shutil.copy(src, dst)
    return dst


def request(pico, heap, words, end):
    """One sync request: (busy cycles, answer lines, heap at its start,
    heap peak)."""
    pico_emu.settle(pico)
    pico.take_serial()
    busy = pico.busy
    start = peak = R.heap_used(pico, heap)
    pico.write(wire.frame(words))
    got = bytearray()
    for _ in range(200000):
        pico.run_ms(5)
        got += pico.take_serial()
        peak = max(peak, R.heap_used(pico, heap))
        last = got.rfind(b"\n#", 0, len(got) - 1) + 1
        if got.endswith(b"\n") and (got[last:].startswith(end) or
                                    got[last:].startswith(b"#err")):
            break
    else:
        raise RuntimeError(f"no answer to {words}")
    pico_emu.settle(pico)
    peak = max(peak, R.heap_used(pico, heap))
    lines = got.count(b"\n")
    tail = got[last:].decode(errors="replace").strip()
    if not tail.startswith(end.decode()):
        raise RuntimeError(f"{words}: {tail[:200]}")
    return pico.busy - busy, lines, start, peak


def keys(pico, heap, text):
    """Each press's figures (bench/rp2.py press), with "top": its largest
    app step (a burst) from the press to idle again: the step that did the
    key's work, found without the debounce's timing (a long step ahead of
    it can shift which step bench/rp2.py's key_step names)."""
    out = []
    for k in text.split():
        p = R.press(pico, heap, pico_emu.KEYS[k], R.PRESS_MS)
        p["top"] = max(b[1] for b in pico.bursts)
        out.append(p)
    return out


def flash_rows(tmp, room=True):
    rows = {}
    for n in COUNTS:
        t = time.time()
        src = games_image(n)
        r = {}
        with pico_emu.Pico(scratch(src, tmp), bursts=True) as pico:
            r["boot"] = R.boot(pico)
            heap = R.find_heap(pico)
            first = max(1, n - 9)
            # As `marcador sync` asks (hello, pull, mark), then `list`,
            # whose garbage would otherwise be collected during the others.
            request(pico, heap, ["hello"], b"#ok hello")
            for name, words, end in (
                    ("pull", ["pull", str(first), "4096"], b"#ok pull"),
                    ("mark", ["mark", f"{first}-{n}"], b"#ok mark"),
                    ("list", ["list"], b"#ok end")):
                busy, lines, start, peak = request(pico, heap, words, end)
                r[name] = busy
                r[name + "_heap"] = (start, peak)
                if name == "list":
                    assert lines == n + 1, (n, lines)
            home = pico.screen_hex()
            opened = keys(pico, heap, "down ok")[-1]
            assert pico.screen_hex() != home
            r["past_open"] = opened["top"]
            r["past_heap"] = opened["heap"]
            page = keys(pico, heap, "down " * 7)
            r["past_page"] = sum(p["top"] for p in page)
            r["past_page_heap"] = max(p["heap"] for p in page)
        for synced, name in ((n - 1, "room"), (0, "room_none"))[:2 * room]:
            src = games_image(n, synced, FREE)
            with pico_emu.Pico(scratch(src, tmp), bursts=True) as pico:
                R.boot(pico)
                heap = R.find_heap(pico)
                p = keys(pico, heap, "ok")[0]
                r[name] = p["top"]
                r[name + "_flash"] = p["flash"]
        rows[n] = r
        log(f"  growth-rp2 {n} games: {r} ({time.time() - t:.0f} s)")
    return rows


def fix_rows(tmp):
    rows = {}
    for rounds in (10, 90):
        for fixes in (0, 1, 40):
            made = max(0, fixes - 1)
            src = image(f"fix{rounds}-{made}", "fix", rounds, made)
            r = {}
            img = scratch(src, tmp)
            if fixes:
                with pico_emu.Pico(img, bursts=True) as pico:
                    R.boot(pico)
                    heap = R.find_heap(pico)
                    ps = keys(pico, heap, FIX_KEYS)
                    writes = [p for p in ps if p["flash"]]
                    assert len(writes) == 1, [(p["key"], p["flash"])
                                              for p in ps]
                    r["fix"] = writes[0]["top"]
                    r["fix_heap"] = writes[0]["heap"]
            with pico_emu.Pico(img) as pico:    # power on into it
                r["boot"] = R.boot(pico)
            rows[(rounds, fixes)] = r
            log(f"  growth-rp2 {rounds} rounds, {fixes} corrections: {r}")
    return rows


def measure():
    """The figures, as the "growth-rp2" section of out/bench keeps them:
    {"flash": {games: flash_rows' row}, "fix": {"rounds-corrections":
    fix_rows' row}} (JSON's keys are text)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        return data(flash_rows(tmp), fix_rows(tmp))


def measure_sync():
    """Only the sync and past-games rows (`--growth-rp2 --sync-only`):
    {"flash": ...} as measure()'s, without make_room's figures."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        return data(flash_rows(tmp, room=False))


def data(fl, fx=None):
    out = {"flash": {str(c): r for c, r in fl.items()}}
    if fx is not None:
        out["fix"] = {f"{a}-{b}": r for (a, b), r in fx.items()}
    return out


def flash_of(data):
    return {int(c): r for c, r in data["flash"].items()}


def section_of(data):
    """The page's section from measure()'s data."""
    return section(flash_of(data), {tuple(int(x) for x in k.split("-")): r
                                    for k, r in data["fix"].items()})


def sync_of(data, note):
    """The sync and past-games table and its targets from measure_sync()'s
    data, note after them (the section's other tables are older)."""
    return sync_lines(flash_of(data)) + [note]


HEAD = "### Growth on the emulated Pico: many games, long games"
INTRO = ("`bench/run.py --growth-rp2` (bench/growth_rp2.py; what and "
         "how in its docstring): the release image on the emulated "
         "Pico (docs/rp2-emulator.md), its flash filled on the PC by "
         "the firmware's own store (bench/mp/rp2_image.py). Busy "
         "cycles of the emulated RP2040 at 125 MHz (no flash wait "
         "states: a lower bound of a Pico's); heap: the GC allocation "
         "table read from the chip's RAM, garbage included (the "
         "collector runs when the heap fills or after a key), as "
         "bench/rp2.py reads it. A key's cost: its largest app step. "
         "The unix port's rows (the next section) are kept for what "
         "these do not measure: the summary made once (a walk of "
         "every game, the first request after this firmware is "
         "installed) and the bytes each piece allocates with the "
         "collector off.")


def ratio(a, b):
    return a / b if b else float("inf")


def section(fl, fx):
    def n(x):
        return f"{x:,}"

    def kb(x):
        return f"{x / 1024:.1f} KB"
    lines = [HEAD, "", INTRO, ""] + sync_lines(fl) + [
             "make_room: a new game chosen on the home screen with the "
             f"flash filled to {FREE} blocks free (below the store's "
             "warning level): the busy cycles of that key's step, which "
             "runs the space check (make_room reads the archive's summary "
             "since this round; it walked every segment before); every game synced but the newest "
             "(make_room deletes the oldest segments), or none synced "
             "(nothing can go).", "",
             "| games on the flash | all synced: new game | flash "
             "operations | none synced: new game |", "|---|---|---|---|"]
    for c in COUNTS:
        r = fl[c]
        lines.append(f"| {n(c)} | {n(r['room'])} | {r['room_flash']} | "
                     f"{n(r['room_none'])} |")
    lines += ["", "| free game, 4 players | the correction (the step of "
              "the key that writes it) | boot into it | boot / same game without "
              "corrections |", "|---|---|---|---|"]
    for rounds in (10, 90):
        plain = fx[(rounds, 0)]["boot"]
        lines.append(f"| {rounds} rounds, no correction | | {n(plain)} "
                     "| 1.00 |")
        for fixes in (1, 40):
            r = fx[(rounds, fixes)]
            lines.append(
                f"| {rounds} rounds, {'the 1st' if fixes == 1 else 'the 40th'}"
                f" correction | {n(r['fix'])} | {n(r['boot'])} | "
                f"{ratio(r['boot'], plain):.2f} |")
    f1, f40 = fx[(90, 1)]["fix"], fx[(90, 40)]["fix"]
    met1 = f40 <= GROWTH_RATIO * f1
    met2 = fx[(90, 40)]["boot"] < GROWTH_RATIO * fx[(90, 0)]["boot"]
    lines += ["", f"Targets, 90 rounds: the 40th correction within "
              f"{GROWTH_RATIO}x of the first ({ratio(f40, f1):.2f}x): "
              f"{met_bold(met1)}; booting into the game with 40 "
              f"corrections < {GROWTH_RATIO}x booting into it without: "
              f"{met_bold(met2)}."]
    return lines


def sync_lines(fl):
    """The sync and past-games table and its targets' paragraph."""
    def n(x):
        return f"{x:,}"

    def kb(x):
        return f"{x / 1024:.1f} KB"
    lines = ["| games on the flash | boot | list (whole answer) | list per "
             "game | pull 10 | mark 10 | heap during pull / mark / list "
             "(start -> peak) | past games: open | page down (7 keys) | "
             "past games: live heap |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for c in COUNTS:
        r = fl[c]
        heaps = " / ".join(f"{kb(r[k + '_heap'][0])} -> "
                           f"{kb(r[k + '_heap'][1])}"
                           for k in ("pull", "mark", "list"))
        lines.append(
            f"| {n(c)} | {n(r['boot'])} | {n(r['list'])} | "
            f"{n(r['list'] // c)} | {n(r['pull'])} | {n(r['mark'])} | "
            f"{heaps} | {n(r['past_open'])} | {n(r['past_page'])} | "
            f"{kb(max(r['past_heap'], r['past_page_heap']))} |")
    lo, hi = fl[COUNTS[0]], fl[COUNTS[-1]]
    past = ratio(hi["past_open"], lo["past_open"])

    def grew(k):
        x = ratio(hi[k], lo[k])
        return f"{k} {x:.2f}x ({met_bold(x <= GROWTH_RATIO)})"
    lines += ["", f"One request with {n(COUNTS[-1])} games against "
              f"{n(COUNTS[0])} (target: within {GROWTH_RATIO}x): "
              f"{grew('pull')}, "
              f"{grew('mark')}; list per game "
              f"{ratio(hi['list'] / COUNTS[-1], lo['list'] / COUNTS[0]):.2f}"
              f"x (`list` sends a frame per game). Past games opened "
              f"with {n(COUNTS[-1])} games on the flash ({past:.2f}x the "
              f"cycles of {n(COUNTS[0])}), in the Pico's own heap: "
              f"**met**.", ""]
    return lines


if __name__ == "__main__":
    print("\n".join(section_of(measure())))
