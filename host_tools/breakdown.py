"""A readable score breakdown from a scored result (record.result())."""

from marcador_core import errors as E

from .termsafe import clean

TITLES = {
    "doggy": "Doggy Style", "duplicon": "Duplicon", "alebrijes": "Alebrijes",
    "dog": "DOG", "dinos": "Happy Little Dinosaurs",
}

_WORDS = {
    # key: (English, Spanish)
    "free": ("Score pad", "Marcador libre"),
    "over": ("game over", "partida terminada"),
    "playing": ("in progress", "en curso"),
    "player": ("player", "jugador"),
    "total": ("total", "total"),
    "winner": ("Winner", "Ganador"),
    "winners": ("Winners (shared)", "Ganadores (empate)"),
    "leading": ("Leading", "Va ganando"),
    "mario": ("Mario Hugo", "Mario Hugo"),
    "to_assign": ("Still to assign their wilds",
                  "Aún deben asignar sus comodines"),
    "rounds": ("Rounds played", "Rondas jugadas"),
    "round": ("Round", "Ronda"),
    "next_first": ("next first player", "próximo jugador inicial"),
    "deal": ("deal", "repartir"),
    "cards": ("cards", "cartas"),
    "hand": ("hand of", "mano de"),
    "dealer": ("dealer", "reparte"),
    "first": ("first", "empieza"),
    "out": ("Out", "Eliminados"),
    "team_goal": ("Team pawns in goal", "Fichas del equipo en la meta"),
}


def _w(key, lang):
    en, es = _WORDS[key]
    return es if lang == E.ES else en


def _status_lines(res, lang):
    st = res["status"]
    names = [clean(p["name"]) for p in res["players"]]
    g = res["game"]
    if g == "doggy":
        lines = [f"{_w('mario', lang)}: {st['mario']}/3"]
        if st.get("to_assign"):
            who = ", ".join(names[p] for p in st["to_assign"])
            lines.append(f"{_w('to_assign', lang)}: {who}")
        return lines
    if g == "alebrijes":
        line = f"{_w('rounds', lang)}: {st['rounds']}/3"
        if not res["over"]:
            line += (f"; {_w('next_first', lang)}: "
                     f"{names[st['next_first']]}; {_w('deal', lang)} "
                     f"{st['cards_to_deal']} {_w('cards', lang)}")
        return [line]
    if g == "dog":
        teams = ", ".join(str(t) for t in st["team_goal"])
        return [f"{_w('round', lang)} {st['round']}: {_w('hand', lang)} "
                f"{st['hand']}, {_w('dealer', lang)} {names[st['dealer']]}, "
                f"{_w('first', lang)} {names[st['first']]}",
                f"{_w('team_goal', lang)}: {teams}"]
    if g == "dinos":
        out = [names[p] for p in range(len(names)) if p not in st["alive"]]
        lines = [f"{_w('rounds', lang)}: {st['rounds']}"]
        if out:
            lines.append(f"{_w('out', lang)}: {', '.join(out)}")
        return lines
    return [f"{_w('rounds', lang)}: {st['rounds']}"]


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
    title = TITLES.get(res["game"]) or _w("free", lang)
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
