# Error codes returned by every core operation (0 = accepted).
#
# The core never raises for a bad event: it returns one of these codes and
# leaves the game exactly as it was. Codes are plain ints so that returning
# one allocates nothing; their texts (core/error_texts.py message()) are
# only looked up when a screen or the PC has to show one. Keep the numbers
# stable: they travel in logs and on the serial link.
#
# The modules a board runs do not import this one: each defines the codes
# it returns as private consts (_BAD_VALUE = const(4)), which mpy-cross
# folds into the bytecode, so a board keeps neither this module's dict nor
# its names (each name of a loaded .mpy is interned for good).
# tests/core/test_errors.py checks their numbers against these. The PC's
# modules (core/record.py, core/codec/) use these names.

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
MARIO_NO_REFILL = 36    # doggy: Mario Hugo right after a turn without a take
NO_KILLER_PAWN = 37     # dog: no pawn on the track could make that kill
OWN_KILL_ONE_PAWN = 38  # dog: an own-owner kill needs 2 of its pawns out
NO_SUCH_ROUND = 39      # a correction names a round not played yet
LATER_INVALID = 40      # a correction would make a later round invalid:
                        # GameLog.bad_round says which (the text's %d)
DREW_LAST_TURN = 41     # duplicon: a player who drew last turn draws again
VALUE_EXHAUSTED = 42    # no longer returned (doggy counts no values)
COLOR_COUNT = 43        # doggy end count: more of a colour than the deck
WILD_COUNT = 44         # doggy end count: more wilds than the deck
DOG_COUNT = 45          # doggy end count: more reserve dogs than the deck
COUNT_ORDER = 46        # doggy end count: each player once, in seat order
COUNT_ONLY = 47         # doggy end count: no play events, only counts
LIVE_ONLY = 48          # doggy live tracking: no end count

ES = 0
EN = 1
