# The text of every error code (core/errors.py), one line per code in code
# order: "Spanish|English", and message() that reads them. Kept apart from
# the codes so that the device loads these texts only while it shows a
# message (app.App.error), and translators find them in one place.

T = """
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
Cada jugador vivo juega una carta; los eliminados, ninguna|Each living player plays one card; the eliminated, none
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
Mario Hugo solo aparece tras un turno en que se tomaron Parrandas|Mario Hugo only comes after a turn in which Parrandas were taken
Ese jugador no tiene ficha en el recorrido que pueda matar|That player has no pawn on the track to make the kill
Matar una ficha del mismo dueño pide 2 suyas en el recorrido|Killing a pawn of the same owner needs 2 of theirs on the track
Esa ronda aún no se juega|That round was not played yet
La ronda %d dejaría de ser válida: nada cambió|Round %d would become invalid: nothing changed
Quien robó en su turno anterior no puede robar en este|A player who drew last turn may not draw in this one
Ya se tomaron todas las Parrandas de ese color y valor|All Parrandas of that colour and value are already taken
Más Parrandas de ese color que las del mazo (7; 6 con 2 jugadores)|More Parrandas of that colour than the deck has (7; 6 with 2 players)
Más comodines que los del mazo (3; 2 con 2 jugadores)|More wilds than the deck has (3; 2 with 2 players)
Más perros en reserva que los 64 del mazo|More reserve dogs than the 64 in the deck
Se cuenta a cada jugador una vez, en orden|Each player is counted once, in seat order
Partida con recuento final: solo se anota el recuento|An end-count game: only the count is entered
Partida en vivo: no lleva recuento final|A live game: it has no end count
"""


def message(code, lang=0, arg=None):
    # The text of an error code in Spanish (lang errors.ES, 0) or English
    # (errors.EN); arg fills its %d where it has one (LATER_INVALID: the
    # round).
    start = 1                          # past the opening newline
    for _ in range(code):
        start = T.find("\n", start) + 1
        if start == 0:
            break
    end = T.find("\n", start)
    if code < 0 or start == 0 or end < 0:
        return "Error %d" % code
    bar = T.find("|", start)
    t = T[start:bar] if lang == 0 else T[bar + 1:end]
    return t.replace("%d", "?" if arg is None else str(arg))
