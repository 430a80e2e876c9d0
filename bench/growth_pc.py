"""The PC tools as the archive grows: CPU seconds and peak memory of
`marcador import`, `report`, `export` (json, csv, bgstats) and `stats` on
archives of 1,000 and 10,000 random valid games (tests/gamegen.py).

Each command runs in its own child of a fresh Python process that waits
for it and reads resource.getrusage(RUSAGE_CHILDREN): user + system CPU
seconds and ru_maxrss (the child's peak resident memory; KiB on Linux).
The archives are generated once and cached under out/growth/ (delete the
folder to make new ones).

Run alone: .venv/bin/python bench/run.py --growth-pc (keeps the figures in
out/bench/growth-pc.json and renders its section into docs/benchmarks.md),
or .venv/bin/python bench/growth_pc.py (prints it).
"""

import json
import os
import random
import subprocess
import sys
import time

from roots import ROOT
# The targets (issue 24): bench/targets.py.
from targets import REPORT_CPU, REPORT_MB, PC_GROWTH as GROWTH

from marcador_core.games import IDS

OUT = ROOT / "out" / "growth"
SIZES = (1_000, 10_000)
HEAD = "### Growth: the PC tools on big archives"
NAMES = ["Ana", "Beto", "Peñita", "Íñigo", "Zoë", "Lu", "Sol", "Tere",
         "Max", "Noa", "Ruy", "Eli"]
DEVICES = ["511a000000000001", "511a000000000002", "e5b2000000000003"]
# Games spread over the 3 years after this: 2024-03-09, past the first
# time the archive takes as a board's (archive.TIME_MIN, 2024-01-01).
START = 1_710_000_000
YEARS = 3 * 365 * 86400
# The generator's version: a cached archive made by another is remade.
GEN = 2


def archive_path(count):
    return OUT / f"games-{count}-v{GEN}.sqlite"


def make_archive(count, seed=24):
    """An archive of count random valid games (cached): each a gamegen
    game of a random title, 2..8 names from NAMES, a date in three years,
    from one of three devices, written in one transaction."""
    path = archive_path(count)
    if path.exists():
        return path
    t0 = time.process_time()
    from gamegen import random_game
    from marcador.archive import Archive, record_row
    OUT.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(seed)
    gids = list(IDS)
    rows = []
    for i in range(count):
        rec, _ = random_game(rnd, rnd.choice(gids),
                             fixes=rnd.random() < 0.2)
        rec["players"] = rnd.sample(NAMES, len(rec["players"]))
        started = START + rnd.randrange(YEARS)
        rec["started"] = started
        rec["ended"] = started + rnd.randrange(600, 7200)
        rec["id"] = f"{rnd.choice(DEVICES)}-{i + 1}"
        rows.append(record_row(rec))
    tmp = path.with_suffix(".tmp")
    if tmp.exists():
        tmp.unlink()
    db = Archive(tmp)
    db.merge(rows)
    db.close()
    made = path.with_suffix(".json")
    made.write_text(json.dumps({"games": count,
                                "cpu_s": time.process_time() - t0}))
    os.replace(tmp, path)
    return path


def generation_cpu(count):
    """CPU seconds it took to make the cached archive of count games
    (None when the cache predates this note)."""
    try:
        return json.loads(archive_path(count).with_suffix(".json")
                          .read_text())["cpu_s"]
    except (OSError, ValueError, KeyError):
        return None


_MEASURE = """
import resource, subprocess, sys
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                      stderr=subprocess.PIPE)
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
if proc.returncode:
    sys.exit(proc.stderr.decode(errors="replace")[-500:])
print(ru.ru_utime + ru.ru_stime, ru.ru_maxrss)
"""


REPEAT = 2      # runs of each command: the least CPU and memory count


def measure(*args, before=None):
    """(CPU seconds, peak MB) of `marcador args` in a child process, the
    least of REPEAT runs (a busy machine only ever adds); before() runs
    ahead of each (e.g. removing the archive an import made)."""
    best = None
    for _ in range(REPEAT):
        if before:
            before()
        cmd = [sys.executable, "-m", "marcador", *map(str, args)]
        out = subprocess.run([sys.executable, "-c", _MEASURE, *cmd],
                             capture_output=True, text=True, cwd=ROOT)
        if out.returncode:
            raise SystemExit(f"bench/growth_pc.py: marcador {args[0]} failed: "
                             f"{out.stderr.strip()}")
        cpu, kib = out.stdout.split()
        got = (float(cpu), int(kib) / 1024)
        best = got if best is None else (min(best[0], got[0]),
                                         min(best[1], got[1]))
    return best


def figures(count):
    """{command: (CPU s, peak MB)} on an archive of count games."""
    db = make_archive(count)
    work = OUT / f"run-{count}"
    work.mkdir(parents=True, exist_ok=True)
    out = {}
    for fmt in ("json", "csv", "bgstats"):
        out[f"export --format {fmt}"] = measure(
            "export", "--format", fmt, "--db", db, "-o",
            work / f"export.{'bgsplay' if fmt == 'bgstats' else fmt}")
    out["stats"] = measure("stats", "--db", db)
    out["report"] = measure("report", "--db", db, "-o", work / "report.html")
    target = work / "imported.sqlite"

    def fresh():
        if target.exists():
            target.unlink()
    out["import (its own JSON export)"] = measure(
        "import", work / "export.json", "--db", target, before=fresh)
    with open(work / "export.json", "rb") as f:
        f.seek(0, 2)
        out["_export_bytes"] = f.tell()
    page = work / "report.html"
    pages = [p.stat().st_size for p in (work / "report_files").iterdir()
             if p.suffix == ".html"]
    out["_report"] = {"summary": page.stat().st_size, "pages": len(pages),
                      "biggest": max(pages + [page.stat().st_size]),
                      "all": page.stat().st_size + sum(pages)}
    return out


def measure_all():
    """The figures, as the "growth-pc" section of out/bench keeps them:
    {"sizes", "repeat", "names", "figures": {games: figures()},
    "made": [generation_cpu() per size], "page_games"}."""
    from marcador.report import PAGE_GAMES
    fig = {}
    for n in SIZES:
        print(f"growth: {n:,} games...", file=sys.stderr)
        fig[str(n)] = figures(n)
    return {"sizes": list(SIZES), "repeat": REPEAT, "names": len(NAMES),
            "figures": fig, "made": [generation_cpu(n) for n in SIZES],
            "page_games": PAGE_GAMES}


def section(data):
    """The growth table, as markdown lines, from measure_all()'s data."""
    small, big = data["sizes"]
    fig = {int(n): f for n, f in data["figures"].items()}
    lines = [HEAD, "",
             f"`bench/run.py --growth-pc`: each command on an archive of "
             f"{small:,} and of {big:,} random valid games (tests/gamegen.py"
             f": six titles, 20% with corrections, 2-8 of {data['names']} "
             f"names, dates over three years; cached in out/growth/), in a "
             f"child process: CPU = user + system seconds, peak = ru_maxrss "
             f"(resource.getrusage(RUSAGE_CHILDREN)), the least of "
             f"{data['repeat']} runs. Targets: report of "
             f"{big:,} games <= {REPORT_CPU} s CPU and <= {REPORT_MB} MB; "
             f"{small:,} -> {big:,} games within {GROWTH}x.", "",
             f"| command | {small:,} games: CPU s / peak MB | {big:,} games:"
             f" CPU s / peak MB | CPU growth | |",
             "|---|---|---|---|---|"]
    for cmd in fig[small]:
        if cmd.startswith("_"):
            continue
        (c1, m1), (c2, m2) = fig[small][cmd], fig[big][cmd]
        grow = c2 / c1
        ok = grow <= GROWTH
        if cmd == "report":
            ok = ok and c2 <= REPORT_CPU and m2 <= REPORT_MB
        lines.append(f"| {cmd} | {c1:.2f} / {m1:.0f} | {c2:.2f} / "
                     f"{m2:.0f} | {grow:.1f}x | "
                     f"{'met' if ok else '**missed**'} |")
    made = data["made"]
    if all(m is not None for m in made):
        lines += ["", "Making the archives (gamegen, scoring, one "
                  "transaction): " + " and ".join(
                      f"{m:.1f} s CPU" for m in made) + "."]
    r1, r2 = fig[small]["_report"], fig[big]["_report"]
    lines += ["", f"The JSON export: {fig[small]['_export_bytes']:,} and "
              f"{fig[big]['_export_bytes']:,} bytes. The report: a summary "
              f"page of {r1['summary']:,} and {r2['summary']:,} bytes and "
              f"{r1['pages']} and {r2['pages']} month pages (at most "
              f"{data['page_games']} games a page), {r1['all']:,} and "
              f"{r2['all']:,} bytes in all; the biggest page a person "
              f"opens: {r1['biggest']:,} and {r2['biggest']:,} bytes."]
    return lines


if __name__ == "__main__":
    print("\n".join(section(measure_all())))
