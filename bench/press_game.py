"""A game as the presses benchmark draws it (bench/presses.py): its
events, checked by the rules core as they come, and the plan of the person
who enters them on the device (bench/mp/person.py reads the plan). Each
title's generator (tests/title_data/<id>.py press_games) builds on this."""

from marcador_core import record
from marcador_core.games import IDS, game_class, player_counts
from marcador_core.log import GameLog

N = 4                                   # players in every game


class Game:
    """One game as it is drawn: its events (checked by the core as they
    come) and the person's plan to enter them."""

    def __init__(self, gid, options=None):
        self.gid = gid
        self.options = options or {}
        self.log = GameLog(game_class(gid)())
        err = self.log.begin(N, record.options_bytes(gid, N, self.options))
        assert err == 0, err
        self.events = []
        self.plan = ["U - 0", "M 0", "M %d" % IDS.index(gid)]
        self.counts = {}                # units drawn, per kind
        # What a game's presses are reported over (per_game): Doggy's
        # Parrandas taken, DOG's pawn events.
        self.counted = 0

    @property
    def g(self):
        return self.log.game

    def check(self, ev):
        # The core's verdict on ev (0: valid), leaving the game unchanged.
        probe = GameLog(game_class(self.gid)())
        probe.begin(N, record.options_bytes(self.gid, N, self.options))
        for old in self.events:
            probe.add(record.encode_event(self.gid, N, old))
        return probe.add(record.encode_event(self.gid, N, ev)), probe.game

    def add(self, ev):
        err = self.log.add(record.encode_event(self.gid, N, ev))
        if err:
            raise AssertionError(f"{self.gid}: the generator drew an invalid "
                                 f"event {ev}: error {err}")
        self.events.append(ev)

    def unit(self, kind, numbers, *lines, tag=""):
        # tag: what the unit was (no spaces), to break its presses down.
        self.plan.append(f"U {kind} {numbers} {tag}".rstrip())
        self.plan.extend(lines)
        self.counts[kind] = self.counts.get(kind, 0) + 1

    def finish(self):
        # The game is over on the device: go home (leaving the final
        # screen archives it), check it.
        self.plan += ["U - 0", "H", "S"]

    def record(self):
        return {"game": self.gid, "players": [f"J{i + 1}" for i in range(N)],
                "options": self.options, "events": self.events}


def short(games, rounds, *kinds):
    # True while some kind has fewer than `rounds` units.
    return any(sum(x.counts.get(k, 0) for x in games) < rounds
               for k in kinds)


def count_index(gid):
    return player_counts(gid).index(N)


def setup(game, *options):
    # Players (4), names as they are ("start"), then the title's options.
    game.plan += [f"M {count_index(game.gid)}", f"M {N}"]
    game.plan += [f"M {i}" for i in options]


def grid(values):
    return "G " + " ".join(str(v) for row in values for v in row)
