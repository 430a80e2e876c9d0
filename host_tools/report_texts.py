"""Every word `marcador report` writes, in English and Spanish: titles,
headings, table heads, labels, months, the chart's axis, empty states.
The report takes its text from here and nowhere else (names, numbers,
dates, ids and the titles' own names are data); tests/pc/test_report.py
checks that no word of one language reaches the other's report.

Spanish first, like the device; numbers as each language writes them
(14.5 / 14,5, 67% / 67 %)."""

from marcador_core import errors as E

# key: (English, Spanish); {fields} filled by text().
TEXTS = {
    "lang": ("en", "es"),
    "page_title": ("Marcador: {games}", "Marcador: {games}"),
    "month_title": ("Marcador: {month}", "Marcador: {month}"),
    "summary": ("{games}, {finished}, {titles}.",
                "{games}, {finished}, {titles}."),
    "span": (" From {first} to {last}.", " De {first} a {last}."),
    "empty": ("No games in the archive yet: marcador sync copies them "
              "from a device.",
              "Aún no hay partidas en el archivo: marcador sync las copia "
              "de un dispositivo."),
    "standings": ("Standings", "Clasificación"),
    "standings_note": ("Finished games of every title; a shared win "
                       "counts for each of its winners.",
                       "Partidas terminadas de todos los títulos; una "
                       "victoria compartida cuenta para cada ganador."),
    "titles": ("Titles", "Títulos"),
    "months": ("Months", "Meses"),
    "months_note": ("Oldest first. Each month has its standings and its "
                    "games; open a game for its breakdown and chart.",
                    "De la más antigua a la más reciente. Cada mes tiene "
                    "su clasificación y sus partidas; abre una partida "
                    "para ver su desglose y su gráfica."),
    "games_by_month": ("Games by month", "Partidas por mes"),
    "games_note": ("Oldest first. Open a month for its games, a game for "
                   "its breakdown and chart.",
                   "De la más antigua a la más reciente. Abre un mes para "
                   "ver sus partidas, una partida para ver su desglose y "
                   "su gráfica."),
    "counts": ("{games}, {finished}", "{games}, {finished}"),
    "length_avg": ("Average length: {length} ({games} of known length).",
                   "Duración media: {length} ({games} de duración "
                   "conocida)."),
    "players": ("Players", "Jugadores"),
    "rivals": ("Rivalries: head to head ({pairs})",
               "Rivalidades: cara a cara ({pairs})"),
    "rivals_note": ("Games one of the two won and the other did not.",
                    "Partidas que uno de los dos ganó y el otro no."),
    "vs": ("{a} vs {b}", "{a} contra {b}"),
    "col_player": ("player", "jugador"),
    "col_games": ("games", "partidas"),
    "col_finished": ("finished", "terminadas"),
    "col_wins": ("wins", "victorias"),
    "col_win_pct": ("win %", "% de victorias"),
    "col_titles": ("titles", "títulos"),
    "col_title": ("title", "título"),
    "col_most_wins": ("most wins", "más victorias"),
    "col_length": ("average length", "duración media"),
    "col_average": ("average", "media"),
    "col_best": ("best", "mejor"),
    "col_best_low": ("best (lowest)", "mejor (la más baja)"),
    "col_month": ("month", "mes"),
    "col_leader": ("leader", "líder"),
    "col_pages": ("pages", "páginas"),
    "col_players": ("players", "jugadores"),
    "col_together": ("games together", "partidas juntos"),
    "col_total": ("total", "total"),
    "leader": ("{name} ({wins}, {pct})", "{name} ({wins}, {pct})"),
    "winner": ("winner: {names}", "ganador: {names}"),
    "winners": ("winners: {names}", "ganadores: {names}"),
    "unfinished": ("unfinished", "sin terminar"),
    "date_unknown": ("date unknown", "fecha desconocida"),
    "date_unknown_long": ("date unknown (the device's clock was not set)",
                          "fecha desconocida (el reloj del dispositivo no "
                          "estaba en hora)"),
    "summary_link": ("Summary", "Resumen"),
    "page_of": ("page {page} of {pages}", "página {page} de {pages}"),
    "previous": ("previous page", "página anterior"),
    "next": ("next page", "página siguiente"),
    "month_standings": ("Standings of the month", "Clasificación del mes"),
    "games": ("Games", "Partidas"),
    "axis": ("event", "evento"),
    "round_mark": ("R{n}", "R{n}"),
    "minutes": ("{m} min", "{m} min"),
    "hours": ("{h} h {m:02d} min", "{h} h {m:02d} min"),
    "percent": ("{p}%", "{p} %"),
}

MONTHS = (("January", "enero"), ("February", "febrero"),
          ("March", "marzo"), ("April", "abril"), ("May", "mayo"),
          ("June", "junio"), ("July", "julio"), ("August", "agosto"),
          ("September", "septiembre"), ("October", "octubre"),
          ("November", "noviembre"), ("December", "diciembre"))


def _pick(pair, lang):
    return pair[1] if lang == E.ES else pair[0]


def text(key, lang, **fields):
    """The text `key` in lang (errors.EN or ES), its fields filled."""
    t = _pick(TEXTS[key], lang)
    return t.format(**fields) if fields else t


def month(ym, lang):
    """"2026-03" as "March 2026" / "marzo de 2026"; "" (undated) as
    "date unknown"."""
    if not ym:
        return text("date_unknown", lang)
    year, m = ym.split("-")
    name = _pick(MONTHS[int(m) - 1], lang)
    return f"{name} {year}" if lang != E.ES else f"{name} de {year}"


def number(value, lang):
    """An average (14.5) as the language writes it: 14,5 in Spanish."""
    s = str(value)
    return s.replace(".", ",") if lang == E.ES else s


def percent(part, whole, lang):
    return text("percent", lang, p=round(100 * part / whole) if whole
                else 0)


def length(minutes, lang):
    """A game's length in minutes as "47 min" or "1 h 05 min"."""
    if minutes < 60:
        return text("minutes", lang, m=minutes)
    return text("hours", lang, h=minutes // 60, m=minutes % 60)
