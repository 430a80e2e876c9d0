# Happy Little Dinosaurs' options, asked before a game: each player's
# dinosaur (its traits), and the two-player rules.
# Loaded only during the setup (app/flow.py ask_options), apart from the
# play screen so that the two are never in RAM together.

from micropython import const
from app.screens import Choice
from app.i18n import tr
from app.memory import unload
from core import dinos

TYPES = ("natural", "predator", "emotional", "meteor")
DINOS = ("rex", "stego", "ceratops", "bronto")
# The option bits the rules define (core/dinos.py), copied as private
# consts (folded into the bytecode; tests/core/test_option_consts.py
# checks each): read from the rules module, their names were a part of
# the key that opens these options (on the unix VM each name a .mpy
# holds is looked for among the interned ones).
_REX = const(2 | 3 << 3)
_STEGO = const(4)
_CERATOPS = const(3 | 1 << 3)
_BRONTO = const(1 | 2 << 3)
_TWO_RULES_OFF = const(0x40)
# The rules module (loaded for the player counts: core.games game_class)
# leaves RAM during the setup: the game loads it again when it starts.
unload(dinos.__name__)
del dinos


def ask_options(app, names):
    # Each player's dinosaur (its traits), then the two-player rules. The
    # players' menus (each stays on the stack, for BACK) share one list of
    # items: a list of texts each would hold until the game starts.
    items = [tr(d) for d in DINOS] + [tr("custom")]
    ask_dinos(app, names, 0, bytearray(4), items)


def ask_dinos(app, names, p, traits, items):
    if p == len(names) and len(names) == 2:
        # The rulebook recommends its two-player rules (4 of one type or 2
        # of each to be out; no point cards 1-3): on unless refused.
        def two(j):
            if j:
                traits[0] |= _TWO_RULES_OFF
            app.start_later("dinos", names, bytes(traits))
        app.push(Choice(app, tr("two_rules"), [tr("yes"), tr("no")], two))
        return
    if p == len(names):
        app.start_later("dinos", names, bytes(traits))
        return

    def picked(i):
        if i < len(DINOS):
            traits[p] = (_REX, _STEGO, _CERATOPS, _BRONTO)[i]
            ask_dinos(app, names, p + 1, traits, items)
            return
        none = [tr("none")] + [tr(t) for t in TYPES]

        def plus(a):
            def minus(b):
                traits[p] = a | b << 3
                ask_dinos(app, names, p + 1, traits, items)
            app.push(Choice(app, tr("minus") + " -1", none, minus))
        app.push(Choice(app, tr("plus") + " +1", none, plus))
    app.push(Choice(app, tr("dino") + ": " + names[p], items, picked,
                    p % len(DINOS)))
