"""A readable score breakdown from a scored result (record.result())."""

from marcador_core import errors as E

from . import titles
from .termsafe import clean

_WORDS = {
    # key: (English, Spanish); a title's own words are in its codec
    # (core/codec/<id>.py), with the lines under the table it prints.
    "over": ("game over", "partida terminada"),
    "playing": ("in progress", "en curso"),
    "player": ("player", "jugador"),
    "total": ("total", "total"),
    "winner": ("Winner", "Ganador"),
    "winners": ("Winners (shared)", "Ganadores (empate)"),
    "leading": ("Leading", "Va ganando"),
}


def _w(key, lang):
    en, es = _WORDS[key]
    return es if lang == E.ES else en


def _status_lines(res, lang):
    names = [clean(p["name"]) for p in res["players"]]
    return titles.hook(res["game"], "status_lines")(res, names, lang)


def part_head(part, lang):
    """A part's column head: its key in English ("majorities"), the
    device's own word in Spanish ("mayorías", app/texts.py)."""
    if lang != E.ES:
        return part
    from .devicefacts import texts
    words = texts().get("p_" + part)
    return words[0].lower() if words else part


def text(res, lang=E.EN):
    # Names as they can be printed (control characters escaped).
    players = [dict(p, name=clean(p["name"])) for p in res["players"]]
    title = titles.name(res["game"], lang)
    state = _w("over" if res["over"] else "playing", lang)
    parts = list(players[0]["parts"]) if players else []
    cols = [part_head(k, lang) for k in parts] + [_w("total", lang)]
    name_w = max([len(p["name"]) for p in players] + [len(_w("player", lang))])
    widths = [max(len(c), 5) for c in cols]
    lines = [f"{title} ({state})", ""]
    head = "  " + _w("player", lang).ljust(name_w)
    for c, w in zip(cols, widths):
        head += "  " + c.rjust(w)
    lines.append(head)
    winners = set(res["winners"])
    for i, p in enumerate(players):
        mark = "* " if i in winners else "  "
        row = mark + p["name"].ljust(name_w)
        vals = [p["parts"][k] for k in parts] + [p["total"]]
        for v, w in zip(vals, widths):
            row += "  " + str(v).rjust(w)
        lines.append(row)
    lines.append("")
    lines.extend(_status_lines(res, lang))
    if res["winners"]:
        key = "winner" if len(res["winners"]) == 1 else "winners"
        who = ", ".join(players[i]["name"] for i in res["winners"])
        lines.append(f"{_w(key, lang)}: {who}")
    elif res["leaders"]:
        who = ", ".join(players[i]["name"] for i in res["leaders"])
        lines.append(f"{_w('leading', lang)}: {who}")
    return "\n".join(lines)


def emphasized(text, lang=E.EN, on=True):
    """text (already safe to print) with its winner line bold."""
    if not on:
        return text
    from .color import bold
    heads = tuple(_w(k, lang) + ": " for k in ("winner", "winners"))
    return "\n".join(bold(ln) if ln.startswith(heads) else ln
                     for ln in text.split("\n"))
