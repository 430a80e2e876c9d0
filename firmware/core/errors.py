# Error codes returned by every core operation (0 = accepted).
#
# The core never raises for a bad event: it returns one of these codes and
# leaves the game exactly as it was. Codes are plain ints so that returning
# one allocates nothing; the texts below are only looked up when a screen or
# the PC has to show one. Keep the numbers stable: they travel in logs and on
# the serial link.

OK = 0
GAME_OVER = 1
BAD_PLAYER = 2
BAD_EVENT = 3
BAD_VALUE = 4
COLOR_EXHAUSTED = 5
WILD_EXHAUSTED = 6
WILD_POINTS = 7
RESERVE_NEGATIVE = 8
NOTHING_TO_ORDER = 9
ASSIGN_COUNT = 10
MARIO_EARLY = 11
NOT_OVER = 12
ALREADY_ASSIGNED = 13
WON_ODD = 14
TOO_MANY_CARDS = 15
NEGATIVE = 16
OUT_HOLDS_CARDS = 17
NO_CARDS_LEFT = 18
ALREADY_STARTED = 19
HOME_EMPTY = 20
NOT_ON_TRACK = 21
NOT_PARTNER = 22
PARTNER_NOT_HOME = 23
CARD_MISMATCH = 24
SUDDEN_MISMATCH = 25
BAD_REDIRECT = 26
BAD_PLAYER_COUNT = 27
BAD_OPTION = 28
NOTHING_TO_UNDO = 29
NOTHING_TO_REDO = 30
LOG_FULL = 31
TOO_MANY_ROUNDS = 32
TRUNCATED = 33
NOBODY_TAKES = 34
NOT_SAVED = 35          # the flash refused the write: nothing changed

# One line per code, in code order: "Spanish|English". One long string
# costs far less RAM on the board than separate string constants.
_TEXTS = """
Correcto|OK
La partida ya terminó|The game is over
Jugador no válido|Invalid player
Evento desconocido|Unknown event
Valor fuera de rango|Value out of range
Ya se tomaron todas las Parrandas de ese color|All Parrandas of that colour are already taken
Ya se tomaron todas las Parrandas comodín|All wild Parrandas are already taken
Una Parranda comodín vale 1 punto|A wild Parranda is worth 1 point
La reserva no puede quedar bajo 0|The reserve cannot go below 0
No hay Parrandas sin ordenar de ese color|No unordered Parrandas of that colour
Hay que asignar un color a cada comodín ordenado|Assign exactly one colour per ordered wild
Mario Hugo no aparece antes de tomar una Parranda|Mario Hugo cannot appear before a Parranda is taken
La partida aún no termina|The game is not over yet
Ese jugador ya asignó sus comodines|That player already assigned their wilds
Las cartas ganadas van en parejas (número par)|Won cards come in pairs (even number)
Más cartas que las 96 del mazo|More cards than the 96 in the deck
No se permiten números negativos|Negative numbers are not allowed
Quien se quedó sin cartas no puede tener cartas|The player who went out holds no cards
Quien no salió debe tener al menos una carta|A player who did not go out holds at least one card
La primera ronda ya empezó|Round 1 has already started
No quedan fichas en casa|No pawn left at home
No hay fichas en el recorrido|No pawn on the track
Solo la pareja puede mover esa ficha|Only the partner can move that pawn
La pareja aún no tiene sus 4 fichas en la meta|The partner does not have all 4 pawns in the goal yet
Carta jugada que no corresponde (eliminados sin carta, vivos con carta)|Card mismatch (eliminated: none, alive: one)
La muerte súbita no corresponde a los empatados|Sudden death does not match the tied players
El desastre no puede ir a ese jugador|The disaster cannot go to that player
Número de jugadores no permitido|Player count not allowed
Opción no válida|Invalid option
Nada que deshacer|Nothing to undo
Nada que rehacer|Nothing to redo
Memoria de la partida llena|Game log is full
Demasiadas rondas|Too many rounds
Evento incompleto|Incomplete event
Nadie recibe el desastre en esta ronda|Nobody takes the disaster this round
No se pudo guardar: nada cambió|Could not save: nothing changed
"""

ES = 0
EN = 1


def message(code, lang=ES):
    # The text of an error code in Spanish (ES) or English (EN).
    start = 1                          # past the opening newline
    for _ in range(code):
        start = _TEXTS.find("\n", start) + 1
        if start == 0:
            break
    end = _TEXTS.find("\n", start)
    if code < 0 or start == 0 or end < 0:
        return "Error %d" % code
    bar = _TEXTS.find("|", start)
    return _TEXTS[start:bar] if lang == ES else _TEXTS[bar + 1:end]
