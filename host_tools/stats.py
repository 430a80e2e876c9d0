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
from .termsafe import clean


def title_key(row_game, record):
    """The title as stats group it: the free pad splits by its win rule
    (the title's variants, core/codec/hooks.py)."""
    return titles.key(row_game, record)


def title_name(key):
    """A title key's name, in English (BG Stats, plots, the report)."""
    return titles.name(key)


def compute(archive):
    """{title key: {"plays", "finished", "players": {name: {"plays",
    "wins", "average", "best"}}}}, titles in first-played order."""
    out = {}
    for row in archive.games():
        rec = json.loads(row["record"])
        res = json.loads(row["result"])
        key = title_key(row["game"], rec)
        low = titles.lowest_wins(key)
        t = out.setdefault(key, {"plays": 0, "finished": 0, "players": {},
                                 "lowest_wins": low})
        t["plays"] += 1
        if not res["over"]:
            continue
        t["finished"] += 1
        for seat, p in enumerate(res["players"]):
            s = t["players"].setdefault(p["name"], {"plays": 0, "wins": 0,
                                                    "scores": []})
            s["plays"] += 1
            s["wins"] += seat in res["winners"]
            s["scores"].append(p["total"])
    for t in out.values():
        for s in t["players"].values():
            scores = s.pop("scores")
            s["average"] = round(sum(scores) / len(scores), 1)
            s["best"] = min(scores) if t["lowest_wins"] else max(scores)
    return out


# The table's words: (English, Spanish).
_WORDS = {"plays": ("play(s)", "partida(s)"),
          "finished": ("finished", "terminada(s)"),
          "head": (("player", "plays", "wins", "average", "best"),
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
        lines.append(f"{title}: {t['plays']} {w('plays')}, "
                     f"{t['finished']} {w('finished')}")
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
