"""marcador stats: per title, plays and, per player, plays, wins, average
and best score, from the archive's scored results.

Players are matched by name across games (the device's roster names). Only
finished games count for wins and scores; unfinished ones are counted as
plays of the title but not for a player. "Best" is the highest total, or the
lowest for a score pad played with lowest-wins.
"""

import json

from marcador_core import errors as E

from . import titles
from .counted import counted
from .termsafe import clean


def title_key(row_game, record):
    """The title as stats group it: the free pad splits by its win rule
    (the title's variants, core/codec/hooks.py)."""
    return titles.key(row_game, record)


def title_name(key):
    """A title key's name, in English (BG Stats, plots, the report)."""
    return titles.name(key)


class Tally:
    """The statistics of games added one at a time (add), in one pass and
    memory per title and player, not per game: compute() and the report
    read the archive once."""

    def __init__(self):
        self.titles = {}

    def add(self, row_game, rec, res):
        key = title_key(row_game, rec)
        t = self.titles.get(key)
        if t is None:
            t = self.titles[key] = {"plays": 0, "finished": 0,
                                    "players": {},
                                    "lowest_wins": titles.lowest_wins(key)}
        t["plays"] += 1
        if not res["over"]:
            return
        t["finished"] += 1
        for seat, p in enumerate(res["players"]):
            s = t["players"].get(p["name"])
            if s is None:
                s = t["players"][p["name"]] = {"plays": 0, "wins": 0,
                                               "sum": 0, "best": None}
            s["plays"] += 1
            s["wins"] += seat in res["winners"]
            s["sum"] += p["total"]
            total, best = p["total"], s["best"]
            if best is None or (total < best if t["lowest_wins"]
                                else total > best):
                s["best"] = total

    def result(self):
        """{title key: {"plays", "finished", "lowest_wins", "players":
        {name: {"plays", "wins", "average", "best"}}}}, titles in
        first-added order."""
        out = {}
        for key, t in self.titles.items():
            out[key] = dict(t, players={
                name: {"plays": s["plays"], "wins": s["wins"],
                       "average": round(s["sum"] / s["plays"], 1),
                       "best": s["best"]}
                for name, s in t["players"].items()})
        return out


def compute(archive):
    """{title key: {"plays", "finished", "players": {name: {"plays",
    "wins", "average", "best"}}}}, titles in first-played order."""
    tally = Tally()
    for row in archive.iter_games():
        tally.add(row["game"], json.loads(row["record"]),
                  json.loads(row["result"]))
    return tally.result()


# The table's words: (English, Spanish).
_WORDS = {"head": (("player", "plays", "wins", "average", "best"),
                   ("jugador", "partidas", "victorias", "media", "mejor")),
          "none": ("no games in the archive yet",
                   "aún no hay partidas en el archivo")}


def text(stats, lang=E.EN):
    """The table, in English or Spanish (lang: errors.EN or errors.ES)."""
    def w(key):
        return _WORDS[key][1 if lang == E.ES else 0]
    lines = []
    for key, t in stats.items():
        title = titles.name(key, lang)
        lines.append(f"{title}: {counted('plays', t['plays'], lang)}, "
                     f"{counted('finished', t['finished'], lang)}")
        if not t["players"]:
            continue
        head = w("head")
        width = max(len(head[0]), max(len(clean(n)) for n in t["players"]))
        cols = [max(len(h), n) for h, n in zip(head[1:], (5, 4, 7, 4))]
        lines.append(f"  {head[0]:<{width}}" + "".join(
            f"  {h:>{c}}" for h, c in zip(head[1:], cols)))
        order = sorted(t["players"].items(),
                       key=lambda kv: (-kv[1]["wins"], kv[0]))
        for name, s in order:
            lines.append(f"  {clean(name):<{width}}" + "".join(
                f"  {v!s:>{c}}" for v, c in zip(
                    (s["plays"], s["wins"], s["average"], s["best"]),
                    cols)))
    return "\n".join(lines) if lines else w("none")
