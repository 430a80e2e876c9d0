# The options each title asks before it starts (GAMES.md "Options").

from .app import Choice
from .i18n import tr

FREE_TARGETS = (0, 50, 100, 150, 200, 300, 500, 1000)
DINOS = ("rex", "stego", "ceratops", "bronto")
TYPES = ("natural", "predator", "emotional", "meteor")


def ask_options(app, gid, names):
    # Each path ends in app.start_later(gid, names, options).
    if gid == "free":
        return ask_free(app, names)
    if gid == "dog":
        return ask_dog(app, names)
    if gid == "dinos":
        return ask_dinos(app, names, 0, bytearray(4))
    app.start_later(gid, names, b"")


def ask_free(app, names):
    items = [tr("no_target")] + [str(t) for t in FREE_TARGETS[1:]]

    def target(i):
        t = FREE_TARGETS[i]
        app.push(Choice(app, tr("lowest_wins"), [tr("no"), tr("yes")],
                        lambda j: app.start_later("free", names, bytes(
                            [(1 if j else 0) | (2 if t else 0),
                             t & 0xFF, t >> 8]))))
    app.push(Choice(app, tr("target"), items, target, 2))


def ask_dog(app, names):
    def dealer(d):
        def length(j):
            # The match's length and tally go in the game's options (its
            # header on the flash): see play_dog.finished.
            app.start_later("dog", names, bytes(
                [d, (1, 3, 5)[j]] + [0] * (len(names) // 2)))
        app.push(Choice(app, tr("match"), ["1", "3", "5"], length))
    app.push(Choice(app, tr("dealer"), names, dealer))


def ask_dinos(app, names, p, traits):
    if p == len(names) and len(names) == 2:
        # The rulebook recommends its two-player rules (4 of one type or 2
        # of each to be out; no point cards 1-3): on unless refused.
        def two(j):
            if j:
                from core import dinos as D
                traits[0] |= D.TWO_RULES_OFF
            app.start_later("dinos", names, bytes(traits))
        app.push(Choice(app, tr("two_rules"), [tr("yes"), tr("no")], two))
        return
    if p == len(names):
        app.start_later("dinos", names, bytes(traits))
        return
    items = [tr(d) for d in DINOS] + [tr("custom")]

    def picked(i):
        if i < len(DINOS):
            from core import dinos as D
            traits[p] = (D.REX, D.STEGO, D.CERATOPS, D.BRONTO)[i]
            ask_dinos(app, names, p + 1, traits)
            return
        none = [tr("none")] + [tr(t) for t in TYPES]

        def plus(a):
            def minus(b):
                traits[p] = a | b << 3
                ask_dinos(app, names, p + 1, traits)
            app.push(Choice(app, tr("minus") + " -1", none, minus))
        app.push(Choice(app, tr("plus") + " +1", none, plus))
    app.push(Choice(app, tr("dino") + ": " + names[p], items, picked,
                    p % len(DINOS)))
