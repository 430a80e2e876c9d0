"""Key presses per number on realistic rounds, played on the simulator by a
person who reads the screen.

Run: .venv/bin/python bench/presses.py [--seed N] [--rounds N] [--table]
     [--steps]

A seeded generator draws realistic rounds for each title (4 players;
each title's: tests/title_data/<id>.py press_games, on bench/press_game.py):
  free       each player's score 0-40 (10% zeros, else a triangular spread
             peaking at 12: mean ~17), independent of last round
  duplicon   turns counter-clockwise, 2-6 a player a round, each a card
             drawn (30%, case 4, not by who drew last turn: OK on the
             player, unit "draw") or "next turn" (a long OK, unit "pass");
             then the round: won cards in pairs (15-35 pairs a round,
             shared by players of different skill), cards left in hand
             (0-4) and in the play zone (0-2); the player who went out has
             none in hand
  alebrijes  who went out; the others hold 1-6 cards drawn from the deck
             (5 suits of values 1-5): their highest card per suit, 0 often
  dinos      the disaster drawn from its 28-card deck, each living
             player's point card (0-9), sudden death when the lowest tie
  doggy      turns clockwise: take 1-2 Parrandas from the supply (the deck
             of 28 + 3 wilds with the 4 Mario Hugo cards in its bottom
             half; Mario Hugo when a refill turns one up) or order a colour;
             a turn with neither is a pass (the device's "next turn", a
             long OK on the player: unit "pass"); a dog kept in the
             reserve with 25% of the turns that take, one spent with 10%
             (unit "reserve")
  doggy_count  the same games played with the end count: each game's
             final table (per player, per colour the ordered Parrandas
             worth 5, 3, 1 and the wilds as that colour; the reserve)
             entered player by player (unit "count": a player's table)
  dog        turns counter-clockwise, 6-5-4-3-2-card hands: a pawn comes
             out (A, K, Joker), moves (by the card's value) into the goal
             (64 steps), kills an opponent's pawn; partners help at the end
             (a turn that only moves a pawn along the track is not entered:
             the person goes to the next player with an event, by taps
             and OK or a hold let go on them: the rows dial, as the
             player's list does)
Every event is checked with the rules core (marcador_core) as it is drawn.
Games are played one after another until each title has --rounds rounds
(units: a round; for doggy a Parranda taken and an order, each; for dog a
pawn event). Doggy Style is also reported per game, both ways of playing
it: all of a game's presses (setup and going home aside), and those
over the Parrandas taken in it (the issue's target: 3); so is DOG, over
its pawn events.

bench/mp/person.py plays them on the real firmware in the MicroPython VM
(one process per title), pressing until the screen shows what it wants
(see there how it taps and holds); each finished game's log on the device
must equal the generated events byte for byte, with the same totals (its
events in effect: a round the person undid after a slip of a dial, and
the UNDO, are left out; run() counts them).

Prints one line per title: id, mean presses per number (all presses of
the title's units / their numbers), the 90th percentile of a unit's
presses per number, and the count of numbers, then the targets. --steps
adds where a unit's presses go, and DOG's pawn events by event and by
the turns gone by since the one the device shows, each with its floor
(dog_rows).
"""

import argparse
import json
import math
import random
import subprocess
import time

from roots import ROOT

import title_data
from marcador import sim
from marcador_core import record
from marcador_core.games import IDS, game_class
from marcador_core.log import GameLog

from press_game import N, Game, grid, setup, short  # noqa: F401

SLIP = 0.05          # a hold's timing error (SD, of its length): person.py


def _rows():
    # {row: (title id, the unit kinds it reports: the first is its
    # headline)}, each title's (tests/title_data/<id>.py PRESS_ROWS), in
    # the table's order.
    return {row: (gid, kinds) for gid in IDS
            for row, kinds in title_data.load(gid).PRESS_ROWS.items()}


ROWS = _rows()
TITLES = tuple(ROWS)
# The title whose games a row plays: a way of playing a title measured
# apart (doggy_count: Doggy Style's end count, on the very games doggy
# draws, the same seed) is a row of its own.
GAME_OF = {row: gid for row, (gid, _) in ROWS.items()}
KINDS = {row: kinds for row, (_, kinds) in ROWS.items()}
# Targets of the issue (mean presses per number), per unit kind.
TARGETS = {kind: target for gid in IDS
           for kind, target in title_data.load(gid).PRESS_TARGETS.items()}


# --- playing them on the device
def draw(gid, seed, rounds):
    """The title's games for this seed, until they hold `rounds` units."""
    return title_data.load(GAME_OF[gid]).press_games(
        gid, random.Random(f"{seed}-{GAME_OF[gid]}"), rounds)


def play(gid, seed, rounds, slip=SLIP, holds=True):
    return run(GAME_OF.get(gid, gid), draw(gid, seed, rounds), seed, slip,
               holds)


def run(gid, games, seed=1, slip=SLIP, holds=True):
    """Play the games on the simulator, check them. Returns {"units":
    {kind: [(numbers, presses)]}, "cells": [(start, target, presses)],
    "steps": {kind: {step: presses}} (the plan's #STEP marks), "tagged":
    {kind: [(tag, numbers, presses, {step: presses})]} (the units drawn
    with a tag, in order), "games": count, "seconds": wall time, "undone":
    rounds the person undid after a slip}."""
    plan = [line for game in games for line in game.plan]
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sim.micropython(), "-X", "heapsize=4m",
         str(ROOT / "bench" / "mp" / "presses_vm.py"), str(ROOT / "sim"),
         str(ROOT / "firmware"), str(seed), str(slip),
         "1" if holds else "0"],
        input="\n".join(plan) + "\n", capture_output=True, text=True,
        timeout=600, cwd=ROOT)
    took = time.perf_counter() - t0
    out = proc.stdout.splitlines()
    errs = [ln for ln in out if ln.startswith("ERR")]
    if proc.returncode or errs:
        raise RuntimeError(f"{gid}: the simulator run failed:\n" +
                           "\n".join((errs or out)[-20:]) +
                           proc.stderr[-2000:])
    units, cells, states, steps, tagged = {}, [], [], {}, {}
    seq = []                # every unit's presses, in the plans' order
    last = None                 # the tagged unit the D lines belong to
    for line in out:
        w = line.split(" ", 1)
        if w[0] == "R":
            _, kind, numbers, presses, *tag = line.split()
            units.setdefault(kind, []).append((int(numbers), int(presses)))
            seq.append(int(presses))
            if tag:
                last = (tag[0], int(numbers), int(presses), {})
                tagged.setdefault(kind, []).append(last)
            else:
                last = None
        elif w[0] == "D":
            _, kind, step, presses = line.split()
            st = steps.setdefault(kind, {})
            st[step] = st.get(step, 0) + int(presses)
            if last is not None:
                last[3][step] = last[3].get(step, 0) + int(presses)
        elif w[0] == "A":
            cells.append(tuple(int(x) for x in w[1].split()))
        elif w[0] == "STATE":
            states.append(json.loads(w[1]))
    extra = check_games(gid, games, states)
    return {"units": units, "cells": cells, "steps": steps,
            "tagged": tagged, "games": len(games), "seconds": took, "undone": extra // 2,
            "per_game": per_game(games, seq)}


def per_game(games, seq):
    # [(presses, Game.counted)] per game: its counted units' presses
    # (the plan's U lines but "-": setup and going home are not counted).
    out = []
    i = 0
    for game in games:
        k = sum(1 for line in game.plan
                if line.startswith("U ") and line.split()[1] != "-")
        out.append((sum(seq[i:i + k]), game.counted))
        i += k
    if i != len(seq):
        raise RuntimeError(f"{len(seq)} units played, {i} planned")
    return out


def in_effect(game, log):
    # The events of a device's log still in effect (a round the person
    # undid after a slip, and its UNDO, left out), as bytes.
    # Also how many events the log holds in all.
    lg = GameLog(game_class(game.gid)())
    lg.begin(N, record.options_bytes(game.gid, N, game.options))
    err, _ = lg.load(log)
    if err:
        return log, 0
    out = b""
    for j in range(lg.n_live):
        off = lg.event_at(j)
        out += bytes(lg.buf[off:off + lg.game.size(lg.buf, off, lg.used)])
    return out, lg.count


def check_games(gid, games, states):
    # Every game the device finished is the generated one, byte for byte
    # (its events in effect: a round undone after a slip is not), and the
    # device's totals are the core's. Returns how many events the device
    # logged beyond those (rounds undone after a slip, and their UNDO).
    extra = 0
    if len(states) != len(games):
        raise RuntimeError(f"{gid}: {len(games)} games played, "
                           f"{len(states)} state dumps")
    for i, (game, st) in enumerate(zip(games, states)):
        dev = st["last_past"]
        want = b"".join(record.encode_event(gid, N, ev)
                        for ev in game.events)
        res = record.score_record(game.record())
        log, count = in_effect(game, bytes.fromhex(dev["log"])) if dev \
            else (b"", 0)
        extra += count - len(game.events)
        if (dev is None or dev["game"] != gid or st["past"] != i + 1 or
                log != want or
                not dev["over"] or
                dev["totals"] != [p["total"] for p in res["players"]]):
            raise RuntimeError(f"{gid}: game {i + 1} on the device differs "
                               f"from the one generated: {dev and dev['log']}"
                               f" vs {want.hex()}")
    return extra


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)]


def figures(units):
    # (mean presses per number, p90 of a unit's presses per number,
    # numbers, units)
    numbers = sum(n for n, _ in units)
    presses = sum(p for _, p in units)
    return (presses / numbers, pct([p / n for n, p in units], 0.9), numbers,
            len(units))


def measure(seed, rounds, titles=TITLES, slip=SLIP, holds=True):
    return {gid: play(gid, seed, rounds, slip, holds) for gid in titles}


def lines(results):
    out = []
    for gid, r in results.items():
        parts = []
        for kind in KINDS[gid]:
            if kind not in r["units"]:
                continue
            mean, p90, numbers, count = figures(r["units"][kind])
            label = "" if kind == gid else kind + " "
            target = TARGETS.get(kind)
            parts.append(f"{label}{mean:.2f} p90 {p90:.2f} n {numbers}" +
                         (f" (target <= {target})" if target else ""))
        for title, _, what, target in PER_GAME:
            if title != gid:
                continue
            g, mean, p90, counted, per = game_figures(r)
            parts.append(f"per game {mean:.1f} p90 {p90} ({g} games, "
                         f"{counted:.1f} {what}): {per:.2f} per one" +
                         (f" (target <= {target})" if target else ""))
        out.append(f"{gid} " + "; ".join(parts))
    return out


def step_lines(results):
    # Where a unit's presses go: per kind, the mean presses per unit of
    # each marked step (moving to the player and OK, the colour...).
    out = []
    for gid, r in results.items():
        for kind, st in r.get("steps", {}).items():
            count = len(r["units"].get(kind, ()))
            if count:
                out.append(f"  {gid} {kind}: " + ", ".join(
                    f"{step} {n / count:.2f}" for step, n in st.items()))
    return out


GAME_TARGET = 3          # the issue's: presses per Parranda taken
# The titles reported per game: (title, row, what a game's presses are
# reported over, the target of presses per one of them).
PER_GAME = (("doggy", "Doggy Style, live tracking", "Parrandas taken",
             GAME_TARGET),
            ("doggy_count", "Doggy Style, end count", "Parrandas taken",
             GAME_TARGET),
            ("dog", "DOG", "pawn events", None))


def game_figures(r):
    # (games, mean presses per game, p90, mean Game.counted per game,
    # presses per counted one: all the games' presses / their count).
    pg = r["per_game"]
    presses = [p for p, _ in pg]
    counted = sum(t for _, t in pg)
    return (len(pg), sum(presses) / len(pg), pct(presses, 0.9),
            counted / len(pg), sum(presses) / counted)


def game_table(results, taps=None):
    # Markdown: presses per game: Doggy Style, live tracking against the
    # end count of the same games, and DOG (its deals too).
    head = ("| per game | games | presses per game (mean) | p90 | "
            "counted per game | presses per counted one |" +
            (" taps only (per counted one) |" if taps else "") +
            " target |\n"
            "|---|---|---|---|---|---|" + ("---|" if taps else "") + "---|")
    rows = []
    for gid, mode, what, target in PER_GAME:
        if not results.get(gid, {}).get("per_game"):
            continue                # no whole game of it in this run
        g, mean, p90, counted, per = game_figures(results[gid])
        extra = (f" {game_figures(taps[gid])[4]:.2f} |"
                 if taps and gid in taps else "")
        rows.append(f"| {mode} | {g} | {mean:.1f} | {p90} | {counted:.1f} "
                    f"{what} | {per:.2f} |{extra} " +
                    (f"<= {target} |" if target else "report |"))
    return head + "\n" + "\n".join(rows)


# DOG's pawn events broken down (their tags: dog_choice): by event, and by
# the turns gone by since the one the device shows (turns with no event are
# not entered, so the cursor waits on a player who may have had no event).
DOG_EVENTS = ("out", "goal", "goal_partner", "kill")


def dog_rows(r):
    """[(label, count, mean presses, mean on the player step, mean on the
    action step, floor, floor by taps)] for DOG's pawn events: all, per
    event, per turns gone by. The floor is what any person pays on this
    screen: a press on the player (OK on the turn's row, a hold let go on
    any other: its rows dial, app/play/dial.py) and one in the list when it
    has more than one row (OK, or a hold let go on its row). By taps (no
    hold): OK on the player, the moves from the row of the turn to
    theirs, and an OK in the list when it has more than one row."""
    units = r.get("tagged", {}).get("pawn", [])
    groups = [("all", units)]
    groups += [(ev, [u for u in units if u[0].split(".")[0] == ev])
               for ev in DOG_EVENTS]
    for late in range(N):
        groups.append((f"{late} turns late" if late != 1 else "1 turn late",
                       [u for u in units if u[0].split(".")[1] == str(late)]))
    out = []
    for label, us in groups:
        if not us:
            continue
        n = len(us)
        lists = sum(int(t.split(".")[3]) > 1 for t, _, _, _ in us)
        moves = sum(int(t.split(".")[2]) for t, _, _, _ in us)
        out.append((label, n, sum(p for _, _, p, _ in us) / n,
                    sum(st.get("player", 0) for *_, st in us) / n,
                    sum(st.get("action", 0) for *_, st in us) / n,
                    (n + lists) / n, (n + moves + lists) / n))
    return out


def dog_lines(results):
    if "dog" not in results:
        return []
    return [f"  dog pawn {label}: {mean:.2f} (player {pl:.2f}, action "
            f"{ac:.2f}; floor {fl:.2f}, by taps {tf:.2f}) n {n}"
            for label, n, mean, pl, ac, fl, tf in dog_rows(results["dog"])]


def dog_table(r):
    # Markdown: where DOG's presses per pawn event go.
    rows = [f"| {label} | {n} | {mean:.2f} | {pl:.2f} | {ac:.2f} | "
            f"{fl:.2f} | {tf:.2f} |"
            for label, n, mean, pl, ac, fl, tf in dog_rows(r)]
    return ("| DOG pawn events | count | mean presses | to the player | "
            "in the list | floor | floor by taps |\n"
            "|---|---|---|---|---|---|---|\n" + "\n".join(rows))


def table(results, taps=None):
    # Markdown: one row per unit kind with a target; `taps`: the same
    # rounds by a person who never holds a key, as a last column.
    head = ("| title | unit | mean presses | p90 | numbers |" +
            (" taps only (mean) |" if taps else "") + " target |\n" +
            "|---|---|---|---|---|" + ("---|" if taps else "") + "---|")
    rows = []
    for gid, r in results.items():
        for kind in KINDS[gid]:
            if kind not in r["units"] or kind not in TARGETS:
                continue
            mean, p90, numbers, _ = figures(r["units"][kind])
            unit = {"take": "Parranda taken", "order": "order",
                    "pawn": "pawn event"}.get(kind, "number")
            extra = (f" {figures(taps[gid]['units'][kind])[0]:.2f} |"
                     if taps else "")
            rows.append(f"| {gid} | {unit} | {mean:.2f} | {p90:.2f} | "
                        f"{numbers} |{extra} <= {TARGETS[kind]} |")
    return head + "\n" + "\n".join(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=100,
                    help="units per title (default 100)")
    ap.add_argument("--slip", type=float, default=SLIP,
                    help="timing error of a hold's release, as a fraction "
                    "of the hold (SD; default %(default)s)")
    ap.add_argument("--taps-only", action="store_true",
                    help="a person who never holds a key")
    ap.add_argument("--table", action="store_true",
                    help="also print a Markdown table")
    ap.add_argument("--steps", action="store_true",
                    help="also print where a unit's presses go (mean per "
                    "unit, per step: the player, the colour...)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    results = measure(a.seed, a.rounds, slip=a.slip,
                      holds=not a.taps_only)
    for line in lines(results):
        print(line)
    if a.steps:
        for line in step_lines(results) + dog_lines(results):
            print(line)
    print("targets (mean): " + ", ".join(f"{k} <= {v}"
                                         for k, v in TARGETS.items()))
    how = "taps only" if a.taps_only else f"slip {a.slip}"
    print(f"seed {a.seed}, {how}, {sum(r['games'] for r in results.values())} "
          f"games, every one accepted by the device; "
          f"{time.perf_counter() - t0:.0f} s")
    if a.table:
        print()
        print(table(results))
        print()
        print(game_table(results))


if __name__ == "__main__":
    main()
