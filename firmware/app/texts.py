# Every text the device shows: one line per key, "key|Spanish|English"
# (an empty English text falls back to Spanish); "--" lines are comments.
# Translators edit this file only. app/i18n.py keeps the lines of the
# language in use and forgets this module, so the table's two languages
# do not stay in RAM; during a game, a section opened by "-- <title id>:"
# is kept only in that title's games (up to the next "--" line).

T = """
home|Marcador|Marcador
new|Nueva partida|New game
resume|Continuar partida|Resume game
past|Partidas jugadas|Past games
recovered|Partida recuperada|Game recovered
events_n|%d eventos guardados|%d events restored
lost_n|%d perdidos|%d lost
damaged|Datos dañados|Damaged data
abandon_q|¿Abandonar esta partida?|Abandon this game?
flash_full|Memoria llena|Memory full
flash_low|Queda poca memoria|Memory is low
no_ram|Falta RAM: de vuelta al inicio|Out of RAM: back to home
sync_pc|Sincroniza con el PC|Sync with the PC
full_new|para una partida nueva|to start a new game
settings|Ajustes|Settings
choose_game|Elige el juego|Choose the game
-- Titles (near the top: app/i18n.py finds a text not yet seen by a
-- search from the start, and the new-game list asks for all six at once)
doggy|Doggy Style|Doggy Style
duplicon|Duplicon|Duplicon
alebrijes|Alebrijes|Alebrijes
dog|DOG|DOG
dinos|Happy Little Dinos|Happy Little Dinos
free|Marcador libre|Score pad
players|Jugadores|Players
how_many|¿Cuántos jugadores?|How many players?
names|Nombres|Names
start|¡Empezar!|Start!
options|Opciones|Options
continue|Seguir jugando|Keep playing
undo|Deshacer|Undo
redo|Rehacer|Redo
undone|Deshecho|Undone
undone_x|Deshecho: %s|Undone: %s
done_undo|%s. Deshacer: BACK largo|%s. Undo: long BACK
passed|%s pasó turno|%s: next turn
drew|%s robó carta|%s drew a card
undo_last|Deshacer último evento|Undo the last event
fix_round|Corregir una ronda|Correct a round
fix_n|Corregir ronda %d|Fix round %d
fixed|Ronda corregida|Round corrected
end_game|Terminar partida|End the game
end_q|¿Terminar la partida?|End the game?
scores|Puntajes|Scores
exit|Salir al inicio|Back to home
round|Ronda|Round
rounds|Rondas|Rounds
new_round|OK: Anotar ronda|OK: Enter round
total|Total|Total
winner|¡Ganó %s!|%s wins!
winners|Empate:|Tie:
team_won|¡Ganan %s!|%s win!
over|Fin de la partida|Game over
language|Idioma|Language
lang_name|Español|English
dim_after|Atenuar tras|Dim after
off_after|Apagar tras|Screen off after
never|nunca|never
secs|%d s|%d s
mins|%d min|%d min
roster|Lista de nombres|Player names
edit_name|Editar nombre|Edit name
name_help|OK sigue, ATRÁS borra|OK next, BACK deletes
name_long|OK largo: listo|Long OK: done
confirm|Confirmar|Confirm
yes|Sí|Yes
no|No|No
none|ninguno|none
no_games|Aún no hay partidas|No games yet
target|Meta|Target
lowest_wins|Gana el menor|Lowest wins
no_target|sin meta|no target
match|Partidas de la serie|Games in the match
dealer|Reparte|Dealer
first|Empieza|Starts
pass_to|Pasa el aparato a|Pass the device to
ok_when_ready|OK cuando estés listo|OK when ready
-- doggy: Doggy Style
mario|Mario Hugo|Mario Hugo
mario_came|¡Apareció Mario Hugo!|Mario Hugo appeared!
mario_end|Fin del juego: seguir|Play is over: go on
took|%s tomó %s %d|%s took %s %d
ordered|%s ordenó %s|%s ordered %s
take|Tomó Parranda|Took a Parranda
order|Ordenar|Order
reserve_add|Reserva +1|Reserve +1
reserve_sub|Reserva -1|Reserve -1
take_more|OK largo: tomó otra más|Long OK: took one more
color|Color|Colour
blue|azul|blue
red|rojo|red
yellow|amarillo|yellow
green|verde|green
wild|comodín|wild
assign_wild|Color del comodín %d|Colour of wild %d
assign_wilds|Asignar comodines|Assign the wilds
color_letters|ARMVC|BRYGW
doggy_key|Sin ordenar: A1 = 1 azul|Unordered: B1 = 1 blue
doggy_key_letters|A azul R rojo M amarillo|B blue R red Y yellow
doggy_key_more|V verde C comodín|G green W wild
doggy_key_short|A az R ro M am V ve C co|B bl R re Y ye G gr W wi
if_now|Si terminara ahora|If it ended now
doggy_mode|¿Cómo se juega?|How to play
mode_live|En vivo, con avisos|Live, with reminders
mode_count|Solo recuento final|End count only
count_title|Recuento final|End count
count_next|OK: contar a %s|OK: count %s
count_fix|Corregir: %s|Fix: %s
-- duplicon: Duplicon
won|Ganó|Won
hand|Mano|Hand
zone|Zona|Zone
no_draw|no roba|no draw
dup_key|OK robó · largo: pasó|OK drew · long: next turn
-- alebrijes: Alebrijes
who_starts|¿Quién empieza?|Who starts?
who_out|¿Quién acabó sus cartas?|Who went out?
deal_n|%d cartas|%d cards
token_q|¿Quién tiene el token?|Who has the token?
next_first|Empieza: %s|Starts: %s
suits|AzVeRoNaCo|BlGrPiOrWi
-- dog: DOG
deal|Repartir|Deal
dog_cols|Casa Camino Meta|Home Track Goal
cards|cartas|cards
out|Sacó ficha|Pawn out
goal|Ficha a la meta|Pawn in goal
goal_partner|Meta (la movió pareja)|Goal (partner moved)
kill|Mató a %s|Killed %s
team|Equipo|Team
swap|Intercambien una carta|Partners swap a card
next_game|Siguiente partida|Next game
-- dinos: Happy Little Dinosaurs
disaster|Desastre|Disaster
dinos_cols|N D E M Pos|N P E M Pos
dinos_key|Nat. Depred. Emoc. Met.|Nat. Pred. Emot. Meteor
natural|natural|natural
predator|depredador|predator
emotional|emocional|emotional
meteor|meteorito|meteor
card|Carta|Card
adjust|Ajustes +/-|Adjustments +/-
invert|Inversión|Inversion
instant|Instantánea|Instant
stop|Evita el desastre|Stops the disaster
redirect|Lo desvía a...|Redirects to...
sudden|Muerte súbita|Sudden death
dino|Dinosaurio|Dinosaur
rex|Temeroso Rex|Nervous Rex
stego|Stego|Stego
ceratops|Cry Ceratops|Cry Ceratops
bronto|Bad Luck Bronto|Bad Luck Bronto
custom|Rasgo propio|Custom trait
dino_short|Rex Stego Cry Bronto Propio|Rex Stego Cry Bronto Custom
plus|Ventaja|Plus
minus|Desventaja|Minus
eliminated|eliminado|out
two_player_note|2 jugadores: quita las cartas 1, 2 y 3|2 players: remove cards 1, 2 and 3
two_rules|Reglas de 2 jugadores|Two-player rules
sum_title|Ronda %d: %s|Round %d: %s
sum_key|D desastre  X eliminado|D disaster  X out
sum_inverted|a>b: invertido, queda b|a>b: inverted, now b
-- Parts of a total (final breakdown)
p_parrandas|Parrandas|Parrandas
p_reserve|Reserva|Reserve
p_sets|Sets|Sets
p_majorities|Mayorías|Majorities
p_won|Ganadas|Won
p_hand|En mano|In hand
p_zone|En zona|In zone
p_round1|Ronda 1|Round 1
p_round2|Ronda 2|Round 2
p_round3|Ronda 3|Round 3
p_own|Propias|Own
p_partner|Por la pareja|By partner
p_rounds|Por rondas|From rounds
p_disasters|Por desastres|From disasters
-- Short titles: a past game's row, when the long one leaves no room
doggy_s|Doggy|Doggy
duplicon_s|Duplicon|Duplicon
alebrijes_s|Alebrijes|Alebrijes
dog_s|DOG|DOG
dinos_s|Dinos|Dinos
free_s|Libre|Pad
"""
