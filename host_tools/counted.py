"""A number with its noun, singular or plural, in English and Spanish:
"1 game" / "3 games", "1 partida nueva" / "3 partidas nuevas". Every
counted noun the PC tools print comes from COUNTED (the report's, the
commands' messages), so no message says "game(s)";
tests/tree/test_no_plural_parentheses.py checks it."""

from marcador_core import errors as E

# key: ((English one, other), (Spanish one, other)); {n} is the number.
# 1 is singular in both languages, 0 is plural. A Spanish adjective after
# the noun agrees with it, so the phrases that carry one are whole here.
COUNTED = {
    "games": (("1 game", "{n} games"), ("1 partida", "{n} partidas")),
    "finished": (("1 finished", "{n} finished"),
                 ("1 terminada", "{n} terminadas")),
    "titles": (("1 title", "{n} titles"), ("1 título", "{n} títulos")),
    "pairs": (("1 pair", "{n} pairs"), ("1 pareja", "{n} parejas")),
    "events": (("1 event", "{n} events"), ("1 evento", "{n} eventos")),
    "plays": (("1 play", "{n} plays"), ("1 partida", "{n} partidas")),
    "files": (("1 file", "{n} files"), ("1 fichero", "{n} ficheros")),
    "pages": (("1 page", "{n} pages"), ("1 página", "{n} páginas")),
    "conflicts": (("1 conflict", "{n} conflicts"),
                  ("1 conflicto", "{n} conflictos")),
    "screenshots": (("1 screenshot", "{n} screenshots"),
                    ("1 captura", "{n} capturas")),
    "new_games": (("1 new", "{n} new"), ("1 nueva", "{n} nuevas")),
    "new_items": (("1 new", "{n} new"), ("1 nuevo", "{n} nuevos")),
    "already_there": (("1 already there", "{n} already there"),
                      ("1 ya estaba", "{n} ya estaban")),
    "games_read": (("1 game read", "{n} games read"),
                   ("1 partida leída", "{n} partidas leídas")),
    "games_received": (("1 game received", "{n} games received"),
                       ("1 partida recibida", "{n} partidas recibidas")),
    "games_written": (("1 game written", "{n} games written"),
                      ("1 partida escrita", "{n} partidas escritas")),
    "games_left_out": (("1 game left out", "{n} games left out"),
                       ("1 partida omitida", "{n} partidas omitidas")),
    "archived_games": (("1 archived game", "{n} archived games"),
                       ("1 partida archivada", "{n} partidas archivadas")),
    "damaged_items": (("1 damaged item", "{n} damaged items"),
                      ("1 elemento dañado", "{n} elementos dañados")),
    "damaged_rows": (("1 damaged row", "{n} damaged rows"),
                     ("1 fila dañada", "{n} filas dañadas")),
    "damaged_answers": (("1 answer of the device arrived damaged",
                         "{n} answers of the device arrived damaged"),
                        ("1 respuesta del dispositivo llegó dañada",
                         "{n} respuestas del dispositivo llegaron "
                         "dañadas")),
    "items_copied": (("1 item kept apart copied",
                      "{n} items kept apart copied"),
                     ("1 elemento apartado copiado",
                      "{n} elementos apartados copiados")),
}


def counted(key, n, lang=E.EN):
    """n with its noun, singular or plural, in lang (errors.EN or ES)."""
    one, other = COUNTED[key][1 if lang == E.ES else 0]
    return one if n == 1 else other.format(n=n)
