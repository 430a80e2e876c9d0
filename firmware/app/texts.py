# Every text the device shows: one line per key, "key|Spanish|English"
# (an empty English text falls back to Spanish). Translators edit this
# file only. app/i18n.py keeps the lines of the language in use and
# forgets this module, so the table's two languages do not stay in RAM;
# during a game, a section opened by "-- <title id>:" is kept only in
# that title's games (up to the next "--" line); the texts before the
# first section are every title's.
# Order: the lines of each part (the shared texts, each title's section)
# in the order of their keys with the "|" after them, byte by byte
# ("dog_s|" before "dog|": "_" comes before "|"): app/i18n.py finds a key
# by halving the part, not by reading it from the start
# (tests/device/test_texts.py checks the order and says where a line goes).

T = """
abandon_q|¿Abandonar esta partida?|Abandon this game?
alebrijes_s|Alebrijes|Alebrijes
alebrijes|Alebrijes|Alebrijes
choose_game|Elige el juego|Choose the game
confirm|Confirmar|Confirm
continue|Seguir jugando|Keep playing
damaged|Datos dañados|Damaged data
dealer|Reparte|Dealer
dim_after|Atenuar tras|Dim after
dinos_s|Dinos|Dinos
dinos|Happy Little Dinos|Happy Little Dinos
dog_s|DOG|DOG
doggy_s|Doggy|Doggy
doggy|Doggy Style|Doggy Style
dog|DOG|DOG
done_undo|%s. Deshacer: BACK largo|%s. Undo: long BACK
drew|%s robó carta|%s drew a card
duplicon_s|Duplicon|Duplicon
duplicon|Duplicon|Duplicon
edit_name|Editar nombre|Edit name
end_game|Terminar partida|End the game
end_q|¿Terminar la partida?|End the game?
events_n|%d eventos guardados|%d events restored
exit|Salir al inicio|Back to home
first|Empieza|Starts
fix_n|Corregir ronda %d|Fix round %d
fix_round|Corregir una ronda|Correct a round
fixed|Ronda corregida|Round corrected
flash_full|Memoria llena|Memory full
flash_low|Queda poca memoria|Memory is low
free_s|Libre|Pad
free|Marcador libre|Score pad
full_new|para una partida nueva|to start a new game
home|Marcador|Marcador
how_many|¿Cuántos jugadores?|How many players?
lang_name|Español|English
language|Idioma|Language
lost_n|%d perdidos|%d lost
lowest_wins|Gana el menor|Lowest wins
match|Partidas de la serie|Games in the match
mins|%d min|%d min
name_help|OK sigue, ATRÁS borra|OK next, BACK deletes
name_long|OK largo: listo|Long OK: done
names|Nombres|Names
never|nunca|never
new_round|OK: Anotar ronda|OK: Enter round
new|Nueva partida|New game
no_games|Aún no hay partidas|No games yet
no_ram|Falta RAM: de vuelta al inicio|Out of RAM: back to home
no_target|sin meta|no target
none|ninguno|none
no|No|No
off_after|Apagar tras|Screen off after
ok_when_ready|OK cuando estés listo|OK when ready
options|Opciones|Options
over|Fin de la partida|Game over
p_disasters|Por desastres|From disasters
p_hand|En mano|In hand
p_majorities|Mayorías|Majorities
p_own|Propias|Own
p_parrandas|Parrandas|Parrandas
p_partner|Por la pareja|By partner
p_reserve|Reserva|Reserve
p_round1|Ronda 1|Round 1
p_round2|Ronda 2|Round 2
p_round3|Ronda 3|Round 3
p_rounds|Por rondas|From rounds
p_sets|Sets|Sets
p_won|Ganadas|Won
p_zone|En zona|In zone
pass_to|Pasa el aparato a|Pass the device to
passed|%s pasó turno|%s: next turn
past|Partidas jugadas|Past games
players|Jugadores|Players
recovered|Partida recuperada|Game recovered
redo|Rehacer|Redo
resume|Continuar partida|Resume game
roster|Lista de nombres|Player names
rounds|Rondas|Rounds
round|Ronda|Round
scores|Puntajes|Scores
secs|%d s|%d s
settings|Ajustes|Settings
start|¡Empezar!|Start!
sync_pc|Sincroniza con el PC|Sync with the PC
target|Meta|Target
team_won|¡Ganan %s!|%s win!
total|Total|Total
undo_last|Deshacer último evento|Undo the last event
undone_x|Deshecho: %s|Undone: %s
undone|Deshecho|Undone
undo|Deshacer|Undo
winners|Empate:|Tie:
winner|¡Ganó %s!|%s wins!
yes|Sí|Yes
-- doggy: Doggy Style
assign_wilds|Asignar comodines|Assign the wilds
assign_wild|Color del comodín %d|Colour of wild %d
blue|azul|blue
color_letters|ARMVC|BRYGW
color|Color|Colour
count_fix|Corregir: %s|Fix: %s
count_next|OK: contar a %s|OK: count %s
count_title|Recuento final|End count
doggy_key_letters|A azul R rojo M amarillo|B blue R red Y yellow
doggy_key_more|V verde C comodín|G green W wild
doggy_key_short|A az R ro M am V ve C co|B bl R re Y ye G gr W wi
doggy_key|Sin ordenar: A1 = 1 azul|Unordered: B1 = 1 blue
doggy_mode|¿Cómo se juega?|How to play
green|verde|green
if_now|Si terminara ahora|If it ended now
mario_came|¡Apareció Mario Hugo!|Mario Hugo appeared!
mario_end|Fin del juego: seguir|Play is over: go on
mario|Mario Hugo|Mario Hugo
mode_count|Solo recuento final|End count only
mode_live|En vivo, con avisos|Live, with reminders
ordered|%s ordenó %s|%s ordered %s
order|Ordenar|Order
red|rojo|red
reserve_add|Reserva +1|Reserve +1
reserve_sub|Reserva -1|Reserve -1
take_more|OK largo: tomó otra más|Long OK: took one more
take|Tomó Parranda|Took a Parranda
took|%s tomó %s %d|%s took %s %d
wild|comodín|wild
yellow|amarillo|yellow
-- duplicon: Duplicon
dup_key|OK robó · largo: pasó|OK drew · long: next turn
hand|Mano|Hand
no_draw|no roba|no draw
won|Ganó|Won
zone|Zona|Zone
-- alebrijes: Alebrijes
deal_n|%d cartas|%d cards
next_first|Empieza: %s|Starts: %s
suits|AzVeRoNaCo|BlGrPiOrWi
token_q|¿Quién tiene el token?|Who has the token?
who_out|¿Quién acabó sus cartas?|Who went out?
who_starts|¿Quién empieza?|Who starts?
-- dog: DOG
cards|cartas|cards
deal|Repartir|Deal
dog_cols|Casa Camino Meta|Home Track Goal
goal_partner|Meta (la movió pareja)|Goal (partner moved)
goal|Ficha a la meta|Pawn in goal
kill|Mató a %s|Killed %s
next_game|Siguiente partida|Next game
out|Sacó ficha|Pawn out
swap|Intercambien una carta|Partners swap a card
team|Equipo|Team
-- dinos: Happy Little Dinosaurs
adjust|Ajustes +/-|Adjustments +/-
bronto|Bad Luck Bronto|Bad Luck Bronto
card|Carta|Card
ceratops|Cry Ceratops|Cry Ceratops
custom|Rasgo propio|Custom trait
dino_short|Rex Stego Cry Bronto Propio|Rex Stego Cry Bronto Custom
dinos_cols|N D E M Pos|N P E M Pos
dinos_key|Nat. Depred. Emoc. Met.|Nat. Pred. Emot. Meteor
dino|Dinosaurio|Dinosaur
disaster|Desastre|Disaster
eliminated|eliminado|out
emotional|emocional|emotional
instant|Instantánea|Instant
invert|Inversión|Inversion
meteor|meteorito|meteor
minus|Desventaja|Minus
natural|natural|natural
plus|Ventaja|Plus
predator|depredador|predator
redirect|Lo desvía a...|Redirects to...
rex|Temeroso Rex|Nervous Rex
stego|Stego|Stego
stop|Evita el desastre|Stops the disaster
sudden|Muerte súbita|Sudden death
sum_inverted|a>b: invertido, queda b|a>b: inverted, now b
sum_key|D desastre  X eliminado|D disaster  X out
sum_title|Ronda %d: %s|Round %d: %s
two_player_note|2 jugadores: quita las cartas 1, 2 y 3|2 players: remove cards 1, 2 and 3
two_rules|Reglas de 2 jugadores|Two-player rules
"""
