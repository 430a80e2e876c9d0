# What an event recorded, in words: the undo message names what was undone
# ("Deshecho: Ana tomó rojo 5"), DOG's single choice says what it recorded.
# Loaded only for that moment: say() forgets this module before it
# returns, so that no play screen keeps this code in RAM.

from core.game import FIX
from app.i18n import tr


def say(play, j):
    # The j-th event in effect in the play's log, in words.
    text = describe(play, play.s.log.event_at(j))
    from app.memory import unload
    unload("app.play.words")
    return text


def describe(play, off):
    # The event at log.buf[off]; "" where the title does not say.
    s = play.s
    b = s.log.buf
    k = b[off] & 0x0F
    if k == FIX:
        return tr("fix_n") % (b[off + 1] + 1)
    if s.gid == "doggy":
        return _doggy(s.names, b, off, k)
    if s.gid == "dog":
        return _dog(s.names, b, off, k)
    g = play.g
    if g.ROUND_KIND and k == g.ROUND_KIND:
        return "%s %d" % (tr("round"), g.rounds)    # the last one played
    return ""


def _doggy(names, b, off, k):
    # "Ana tomó rojo 5", "Ana ordenó rojo", "Ana: Reserva +1"...
    from core import doggy as D
    name = names[b[off] >> 4]
    if k == D.TAKE:
        return tr("took") % (name, tr(D.COLORS[b[off + 1] & 15]),
                             b[off + 1] >> 4)
    if k == D.ORDER:
        return tr("ordered") % (name, tr(D.COLORS[b[off + 1]]))
    if k == D.RESERVE:
        return "%s: %s" % (name, tr("reserve_add" if b[off + 1] < 128
                                    else "reserve_sub"))
    if k == D.PASS:
        return tr("passed") % name
    if k == D.MARIO:
        return tr("mario")
    return ""


def _dog(names, b, off, k):
    # "J3: Mató a J2", "Ana: Sacó ficha"... (the action list's own texts).
    from core import dog as G
    p = b[off] >> 4
    if k == G.DEAL:
        return tr("deal")
    if k == G.PASS:
        return tr("passed") % names[p]
    if k == G.KILL:
        what = tr("kill") % names[b[off + 1]]
    elif k == G.GOAL:
        what = tr("goal" if b[off + 1] == p else "goal_partner")
    else:
        what = tr("out")
    return "%s: %s" % (names[p], what)
