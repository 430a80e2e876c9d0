"""Growth figures (`bench/run.py --growth`): what a sync request, the past
games and a correction cost as the flash fills and a game grows, on the
MicroPython unix port (bench/mp/growth.py), the firmware from .mpy.

- Sync and past games, with 10, 1,000 and 5,000 small games on a 1 MB
  flash image (tests/flashfill.py: 2-player free games, 58 bytes each,
  through the real store): instructions (valgrind callgrind, only inside
  the measured piece) of `list` (the whole answer), `pull` of the newest
  10 games (none synced), `mark` of those 10, the summary made once
  (drivers/seg_index.py: the first request after this firmware is
  installed, or after the file "index" was lost), opening past games
  (screen made and drawn) and a page down (7 rows); bytes each allocated
  with the collector off (an upper bound of its peak; 16 MB heap); the
  live heap past games holds, and that it opens in a Pico's heap
  (-X heapsize=192wk, as the key-press figures).
- Corrections: a free game of 4 players, 10 or 90 rounds, then 1 or 40
  corrections (Session.add: the log and the journal): instructions of the
  first and the last correction, and of booting into that game (App() and
  its first step: the journal replayed), against booting into the same
  game without corrections.
"""

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from roots import ROOT

from flashfill import prefill
from marcador import sim
from targets import GROWTH_RATIO, met_bold

MPY = ROOT / "out" / "mpy"
SCRIPT = ROOT / "bench" / "mp" / "growth.py"
PICO = "192wk"
COUNTS = (10, 1000, 5000)


def vm(img, *args, heap=PICO, valgrind=False):
    base = [sim.micropython(), "-X", f"heapsize={heap}", str(SCRIPT),
            str(ROOT / "sim"), str(MPY), str(img)] + [str(a) for a in args]
    if not valgrind:
        p = subprocess.run(base, capture_output=True, text=True, cwd=ROOT)
        if p.returncode:
            raise RuntimeError(p.stdout[-1500:] + p.stderr[-1500:])
        return json.loads(p.stdout.strip().splitlines()[-1]), None
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
               "--toggle-collect=mp_builtin_hash",
               "--dump-after=mp_builtin_hash", "--dump-instr=no",
               f"--callgrind-out-file={tmp}/cg", sys.executable] + base
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if p.returncode:
            raise RuntimeError(p.stdout[-1500:] + p.stderr[-1500:])
        parts = sorted((int(q.name.rsplit(".", 1)[1]), q)
                       for q in Path(tmp).glob("cg.*"))
        counts = [int(re.search(r"^summary: (\d+)", q.read_text(),
                                re.M).group(1)) for _, q in parts]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert len(counts) == len(out["pieces"]), (counts, out["pieces"])
    return out, dict(zip(out["pieces"], counts))


def flash_rows(tmp):
    rows = {}
    for n in COUNTS:
        img = prefill(Path(tmp) / f"f{n}.img", n)
        first = max(1, n - 9)
        # The summary made once on the image, natively (its cost is the
        # index_build row, measured where it is affordable).
        vm(img, "boot")

        def fresh():
            c = Path(tmp) / "run.img"
            shutil.copy(img, c)
            return c
        r = {}
        if n <= 1000:
            clean = Path(tmp) / "clean.img"
            prefill(clean, n)
            _, ins = vm(clean, "boot", valgrind=True)
            r["build_once"] = ins["index_build"]
        out, ins = vm(fresh(), "sync", first, n, valgrind=True)
        assert out["answers"]["list"][0] == n + 1, out["answers"]
        assert out["answers"]["mark"][1].startswith("#ok mark"), out
        r["ins"] = ins
        out, _ = vm(fresh(), "sync", first, n, "alloc", heap="16m")
        r["alloc"] = dict(zip(out["pieces"], out["alloc"]))
        out, ins = vm(fresh(), "past", valgrind=True)
        r["ins"].update(ins)
        out, _ = vm(fresh(), "past", "alloc", heap="16m")
        r["alloc"].update(zip(out["pieces"], out["alloc"]))
        out, _ = vm(fresh(), "past")           # in a Pico's heap
        assert out["rows"] == n
        live = dict(zip(out["pieces"], out["live"]))
        r["past_live"] = live["past_open"] - live["boot"]
        rows[n] = r
        print(f"  growth {n} games: {r}", file=sys.stderr)
    return rows


def fix_rows(tmp):
    rows = {}
    for rounds in (10, 90):
        for fixes in (0, 1, 40):
            img = Path(tmp) / f"g{rounds}-{fixes}.img"
            if fixes:
                _, ins = vm(img, "fix", rounds, fixes, valgrind=True)
            else:
                vm(img, "fix", rounds, 0)
                ins = {}
            _, b = vm(img, "boot", valgrind=True)
            ins["boot"] = b["boot"]
            rows[(rounds, fixes)] = ins
            print(f"  growth {rounds} rounds, {fixes} corrections: {ins}",
                  file=sys.stderr)
    return rows


def ratio(a, b):
    return a / b if b else float("inf")


def section(fl, fx):
    def n(x):
        return f"{x:,}"
    lines = ["### Growth: many games, long games", "",
             "`bench/run.py --growth` (bench/growth.py; what and how in "
             "its docstring). Instructions on the unix port (x86-64, "
             "callgrind); bytes: allocated with the collector off, an upper "
             "bound of the peak. The summary made once (a walk of every "
             "game, the first request after this firmware is installed) "
             "grows with the games: measured up to 1,000 (5,000 under "
             "callgrind would take many minutes).", "",
             "| games on the flash | list (whole answer) | list per game | "
             "pull 10 | mark 10 | summary made once | past games: open | "
             "page down | past games holds (live) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for c in COUNTS:
        i, a = fl[c]["ins"], fl[c]["alloc"]
        lines.append(
            f"| {n(c)} | {n(i['list'])} ({n(a['list'])} B) | "
            f"{n(i['list'] // c)} | {n(i['pull'])} ({n(a['pull'])} B) | "
            f"{n(i['mark'])} ({n(a['mark'])} B) | "
            f"{n(fl[c]['build_once']) if 'build_once' in fl[c] else '-'} | "
            f"{n(i['past_open'])} ({n(a['past_open'])} B) | "
            f"{n(i['past_page'])} | {n(fl[c]['past_live'])} B |")
    lo, hi = fl[COUNTS[0]]["ins"], fl[COUNTS[-1]]["ins"]
    worst = max(ratio(hi[k], lo[k]) for k in ("pull", "mark"))
    past = ratio(hi["past_open"], lo["past_open"])
    lines += ["", f"One request with {n(COUNTS[-1])} games against "
              f"{n(COUNTS[0])} (target: within {GROWTH_RATIO}x): pull "
              f"{ratio(hi['pull'], lo['pull']):.2f}x, mark "
              f"{ratio(hi['mark'], lo['mark']):.2f}x, list per game "
              f"{ratio(hi['list'] / COUNTS[-1], lo['list'] / COUNTS[0]):.2f}"
              f"x, past games open {past:.2f}x: "
              f"{met_bold(worst <= GROWTH_RATIO)} for pull and"
              f" mark. Past games opened with {n(COUNTS[-1])} games in "
              f"-X heapsize={PICO} (a Pico's heap): met.", "",
              "| free game, 4 players | 1st correction | last correction | "
              "last / 1st | boot into it | boot / same game without "
              "corrections |", "|---|---|---|---|---|---|"]
    for rounds in (10, 90):
        plain = fx[(rounds, 0)]["boot"]
        lines.append(f"| {rounds} rounds, no correction | | | | {n(plain)} "
                     "| 1.00 |")
        for fixes in (1, 40):
            r = fx[(rounds, fixes)]
            last = r.get(f"fix{fixes}", r["fix1"])
            lines.append(
                f"| {rounds} rounds, {fixes} correction"
                f"{'s' if fixes > 1 else ''} | {n(r['fix1'])} | {n(last)} | "
                f"{ratio(last, r['fix1']):.2f} | {n(r['boot'])} | "
                f"{ratio(r['boot'], plain):.2f} |")
    r = fx[(90, 40)]
    met1 = r["fix40"] <= GROWTH_RATIO * r["fix1"]
    met2 = r["boot"] < GROWTH_RATIO * fx[(90, 0)]["boot"]
    lines += ["", "Targets, 90 rounds: the 40th correction within "
              f"{GROWTH_RATIO}x of the first: {met_bold(met1)}; "
              f"booting into the game with 40 corrections < {GROWTH_RATIO}x "
              f"booting into it without: {met_bold(met2)}."]
    return lines


def measure():
    """The figures, as the "growth" section of out/bench keeps them:
    {"flash": {games: flash_rows' row}, "fix": {"rounds-corrections":
    fix_rows' row}} (JSON's keys are text)."""
    from marcador.build_mpy import build
    build(MPY)
    with tempfile.TemporaryDirectory() as tmp:
        fl = flash_rows(tmp)
        fx = fix_rows(tmp)
    return {"flash": {str(c): r for c, r in fl.items()},
            "fix": {f"{a}-{b}": r for (a, b), r in fx.items()}}


def section_of(data):
    """The page's section from measure()'s data."""
    return section({int(c): r for c, r in data["flash"].items()},
                   {tuple(int(x) for x in k.split("-")): r
                    for k, r in data["fix"].items()})


if __name__ == "__main__":
    print("\n".join(section_of(measure())))
