"""docs/benchmarks.md's emulated Pico rows and section, from the "rp2"
section's data: bench/rp2.py's JSON, one entry per deployment
({"titles": {title: {"boot", "boot_heap", "boot_split", "flash",
"presses": [{"key", "step", "press", "longest", "heap", "i2c",
"flash"}]}}, "drivers", "repl"} or {"skipped": why})."""

import statistics

import targets as T
from targets import met

# --- the emulated Pico (bench/rp2.py)
RP2_DEPLOYMENTS = {"frozen": "frozen in the firmware (release image)",
                   "mpy": "stock MicroPython + .mpy on littlefs "
                          "(marcador flash's files)",
                   "romfs": "stock MicroPython with a 128 KB ROMFS, .mpy "
                            "in it",
                   "frozen-1mhz": "the release image, the display's I2C "
                                  "at 1 MHz (docs/boards.md)"}

RP2_HOW = ("MicroPython v1.28.0's rp2 port on rp2040js (sim/rp2, the B1 "
           "bootrom, 125 MHz; I2C transfers take their wire time at the "
           "firmware's SCL rate; a flash erase or program takes a "
           "W25Q16JV's typical time, 45 ms a 4 KB sector, 0.4 ms a 256 B "
           "page, the core waiting busy; flash-cache misses take none: "
           "cycles are a lower bound of a Pico's), measured from "
           "outside by bench/rp2.py, nothing added to the firmware")


def _rp2_all(r, field):
    return [p[field] for t in r["titles"].values() for p in t["presses"]]


def _rp2_less_flash(r, field):
    # Each press's figure less the flash chip's busy time in it (empty for
    # a run made before bench/rp2.py counted it).
    return [p[field] - p[field + "_flash"] for t in r["titles"].values()
            for p in t["presses"] if field + "_flash" in p]


def _kb(b):
    return f"{b / 1024:.1f} KB"


def rp2_rows(res):
    rows = []
    deps = [d for d in RP2_DEPLOYMENTS if "titles" in res.get(d, {})]
    for d in RP2_DEPLOYMENTS:
        if d not in deps:
            why = res.get(d, {}).get("skipped", "not run")
            rows.append((f"Pico (emulated), {RP2_DEPLOYMENTS[d]}", "",
                         f"not measured: {why}", "", RP2_HOW))
    for d in deps:
        r = res[d]
        if r["drivers"] is None:          # frozen at another bus rate
            continue
        peaks = [max(p["heap"] for p in t["presses"])
                 for t in r["titles"].values()]
        boots = [t["boot_heap"] for t in r["titles"].values()]
        target = T.RP2_HEAP.get(d)
        rows.append((
            f"Pico (emulated), {RP2_DEPLOYMENTS[d]}: heap live at key "
            f"boundaries, max-player game per title",
            f"peak <= {target // 1024} KB" if target else "report",
            f"peak {_kb(min(peaks))}-{_kb(max(peaks))}; boot "
            f"{_kb(min(boots))}; of them the drivers (board.setup()) "
            f"{_kb(r['drivers'])} (peak without them "
            f"{_kb(max(peaks) - r['drivers'])}); the REPL after the app "
            f"is interrupted and forgotten {_kb(r['repl'])}",
            (met(max(peaks) <= target) +
             f" by {abs(max(peaks) - target) / 1024:.1f} KB") if target
            else "",
            "the GC allocation table read from the chip's RAM (allocated "
            "blocks x 16 B, as gc.mem_alloc()) after every step of a "
            "press's aftermath, the least value: after the app's own "
            "gc.collect() in its first quiet step after a key (after a "
            "game's start, in the step that writes its file 'next', 200 ms "
            "on); not seen: what is live inside a press's window before "
            "that collection (a start keeps the setup's screens, the "
            "lifecycle and the journal's writer until that step); boot: the "
            "same after a BACK on the home screen (which changes nothing); "
            "drivers: gc.mem_alloc() around `import board; "
            "board.setup()` at the raw REPL on another power-on, the app "
            "interrupted and its modules and names deleted first. " + RP2_HOW))
    boots = {d: statistics.median(t["boot"] for t in res[d]["titles"]
                                  .values()) for d in deps}
    if deps:
        split = next(iter(res[deps[0]]["titles"].values()))["boot_split"]
        rows.append((
            "Pico (emulated): boot to the home screen, busy cycles",
            f"frozen <= {T.RP2_BOOT / 1e6:.1f} M",
            "; ".join(f"{d} {boots[d] / 1e6:.2f} M" for d in deps),
            (met(boots["frozen"] <= T.RP2_BOOT) +
             f" by {abs(boots['frozen'] - T.RP2_BOOT) / 1e6:.2f} M")
            if "frozen" in boots else "",
            "cycles the core executed (not waiting for an interrupt) from "
            f"power-on until the home screen is drawn and the app idle "
            f"({deps[0]}: USB enumerated at {split['usb'] / 1e6:.2f} M, "
            f"the display's first command at {split['i2c'] / 1e6:.2f} M; "
            "the section below splits each). "
            + RP2_HOW))
    steps = {d: _rp2_all(res[d], "step") for d in deps}
    # The same less the flash chip's busy time in them (its erase and
    # program waits, bench/rp2.py flash_busy): what the firmware's own
    # work costs, against the same target.
    dry = {d: _rp2_less_flash(res[d], "step") for d in deps}
    rows.append((
        "Pico (emulated): the step that handles a key (median / worst), "
        "cycles", f"median <= {T.RP2_STEP[0]:,}; worst <= "
        f"{T.RP2_STEP[1] / 1e6:.1f} M",
        "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                  + (f" (less the flash's busy time: worst {max(dry[d]):,})"
                     if dry[d] else "")
                  for d, v in steps.items()),
        "; ".join(f"{d}: " + met(statistics.median(v) <= T.RP2_STEP[0])
                  + " / " + met(max(v) <= T.RP2_STEP[1])
                  + (f" (less flash: {met(max(dry[d]) <= T.RP2_STEP[1])})"
                     if dry[d] else "")
                  for d, v in steps.items()),
        "busy cycles of the app step in which the key's event is handled: "
        "a run of the core between two waits for an interrupt (the app "
        "sleeps 10 ms between steps): the first step 50 ms or more after "
        "the first one to read the edge (the buttons' debounce; press: "
        "UP/DOWN, release: OK/BACK, LONG 1 s after the press). On a board "
        "the key's step takes the key only: the screen is drawn in the "
        "next step and sent two display pages a step (drivers/hardware.py), "
        "and a key that starts a game leaves the start to the next step: "
        "all counted in the row below. Less the flash's busy time: the "
        "same without the cycles the core waits for the flash chip's "
        "erases and programs in that step (bench/rp2.py flash_busy; "
        "docs/architecture.md, Performance rules: why littlefs cannot "
        "meet the target with them). " + RP2_HOW))
    press = {d: _rp2_all(res[d], "press") for d in deps}
    dry = {d: _rp2_less_flash(res[d], "press") for d in deps}
    rows.append((
        "Pico (emulated): a press with its aftermath (median / worst), "
        "cycles", f"worst <= {T.RP2_PRESS / 1e6:.2f} M",
        "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                  + (f" (less the flash's busy time: worst {max(dry[d]):,})"
                     if dry[d] else "")
                  for d, v in press.items()),
        "; ".join(f"{d}: " + met(max(v) <= T.RP2_PRESS)
                  + (f" (less flash: {met(max(dry[d]) <= T.RP2_PRESS)})"
                     if dry[d] else "")
                  for d, v in press.items()),
        "the key's step and every step starting in the 150 ms after its "
        "start (the screen drawn and sent, a game started, the garbage "
        "collected), the idle steps included (about 70,000 cycles each); "
        "less the flash's busy time as in the row above. " + RP2_HOW))
    longest = {d: _rp2_all(res[d], "longest") for d in deps
               if "longest" in res[d]["titles"][next(iter(res[d]["titles"]))]
               ["presses"][0]}
    if longest:
        rows.append((
            "Pico (emulated): the longest step of a press's window (median "
            "/ worst), cycles", "report",
            "; ".join(f"{d} {statistics.median(v):,.0f} / {max(v):,}"
                      for d, v in longest.items()), "",
            "the costliest single step (a run of the core between two waits "
            "for an interrupt) among the key's step and those of its 150 ms "
            "aftermath: the longest time the buttons go unread. " + RP2_HOW))
    i2c = _rp2_all(res[deps[0]], "i2c") if deps else []
    if deps:
        rows.append((
            "Pico (emulated): I2C bytes per press (median / worst)",
            "report", f"{statistics.median(i2c):,.0f} / {max(i2c):,}", "",
            "bytes written to the display (0x3C, address excluded) from "
            "the press to the end of its window; the same in every "
            "deployment. " + RP2_HOW))
        fl = [t["flash"] for t in res[deps[0]]["titles"].values()]
        rows.append((
            "Pico (emulated): flash writes per max-player game",
            "report", f"{min(fl)}-{max(fl)} operations (program 256 B or "
            "erase 4 KB)", "",
            "the bootrom's flash_range_program/erase calls (intercepted) "
            "from the game's first key to its archive, littlefs with "
            "progsize=256 as the rp2 port mounts it. " + RP2_HOW))
    return rows


def rp2_section(res):
    lines = ["", "### Pico (emulated), per title", "",
             "bench/rp2.py: each title's max-player game (sim/scripts/"
             "maxplayers.py) by the buttons' GPIOs on a fresh copy of each "
             "deployment's flash, each press held 80 ms (1 s for a long "
             "one), then released 250 ms. Cycles are busy cycles (the core "
             "executing); heap in bytes.", "",
             "| deployment | title | presses | boot cycles | heap boot / "
             "peak | key step median / worst | press+after median / worst "
             "| I2C median / worst | flash ops |",
             "|---|---|---|---|---|---|---|---|---|"]
    worst = []
    for d in RP2_DEPLOYMENTS:
        if "titles" not in res.get(d, {}):
            continue
        for g, t in res[d]["titles"].items():
            ps = t["presses"]
            st = [p["step"] for p in ps]
            pr = [p["press"] for p in ps]
            ic = [p["i2c"] for p in ps]
            lines.append(
                f"| {d} | {g} | {len(ps)} | {t['boot']:,} | "
                f"{t['boot_heap']:,} / **{max(p['heap'] for p in ps):,}** | "
                f"{statistics.median(st):,.0f} / {max(st):,} | "
                f"{statistics.median(pr):,.0f} / {max(pr):,} | "
                f"{statistics.median(ic):,.0f} / {max(ic):,} | "
                f"{t['flash']} |")
            for i in sorted(range(len(st)), key=lambda i: -st[i])[:2]:
                worst.append((st[i], d, g, i + 1, ps[i]["key"]))
    splits = [f"{d}: USB enumerated at {t['boot_split']['usb']:,}, "
              f"first I2C byte at {t['boot_split']['i2c']:,}, home screen "
              f"drawn and idle at {t['boot']:,}"
              for d in RP2_DEPLOYMENTS if "titles" in res.get(d, {})
              for t in [next(iter(res[d]["titles"].values()))]]
    if splits:
        lines += ["", "Boot, busy cycles from power-on: " + "; ".join(splits)
                  + " (MicroPython's start and _boot.py until USB; then "
                  "main.py's imports and board.setup() until the display's "
                  "first command; then App(): the store, the settings, the "
                  "resume check, and the home screen drawn)."]
    # What the worst figures are made of: the flash chip's erase time (the
    # presses that write nothing to flash apart), a frame's wire time.
    erase = 45 * 125_000
    frame = (8 * (128 + 1 + 4) + 16) * 9       # SCL periods: whole pages
    parts = []
    for d in RP2_DEPLOYMENTS:
        if "titles" not in res.get(d, {}):
            continue
        ps = [p for t in res[d]["titles"].values() for p in t["presses"]]
        dry = [p for p in ps if not p["flash"]]
        if dry:
            parts.append(f"{d}: {len(dry)} of {len(ps)} presses write "
                         f"nothing to flash; of them the worst key step "
                         f"{max(p['step'] for p in dry):,}, the worst press "
                         f"with its aftermath {max(p['press'] for p in dry):,}")
    if parts:
        lines += ["", "Without flash writes, " + "; ".join(parts) + ". A "
                  f"4 KB sector erase alone takes {erase:,} cycles (45 ms), "
                  "over the worst step's target: a press erases when "
                  "it archives a game, or when its event makes littlefs "
                  "compact the games folder's metadata block (the "
                  "firmware does that in a quiet step beforehand, "
                  "drivers/lfs_meta.py) "
                  "(docs/architecture.md, Performance rules; "
                  "bench/flash_erases.py). A whole frame (8 "
                  "pages of 128 bytes with their commands and addresses) "
                  f"is {frame:,} SCL periods on the wire: {frame * 312:,} "
                  f"cycles at 400 kHz, {frame * 125:,} at 1 MHz."]
    for d in RP2_DEPLOYMENTS:
        mine = sorted((w for w in worst if w[1] == d), reverse=True)[:4]
        if mine:
            lines += ["", f"Worst key steps, {d}: " + "; ".join(
                f"{g} press {i} ("
                f"{'UP DOWN OK BACK'.split()['udob'.index(k)]}): {c:,}"
                for c, _, g, i, k in mine) + " (press n: the n-th press of "
                "sim/scripts/maxplayers.py's script)."]
    return lines
