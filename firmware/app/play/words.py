# What an event recorded, in words: the undo message names what was undone
# ("Deshecho: Ana tomó rojo 5"), DOG's single choice says what it recorded.
# A title with events of its own words them in app/play/<gid>_words.py.
# Loaded only for that moment: say() forgets these modules before it
# returns, so that no play screen keeps this code in RAM.

from core.game import FIX
from app.i18n import tr


def say(play, j):
    # The j-th event in effect in the play's log, in words.
    from app.memory import unload, PLAY
    own = PLAY + "." + play.s.gid + "_words"    # app/play/<gid>_words.py
    text = describe(play, play.s.log.event_at(j), own)
    unload(__name__, own)
    return text


def describe(play, off, own):
    # The event at log.buf[off]; "" where the title does not say (a
    # title's words say "" for its rounds: "Ronda 3" is said here). own:
    # the title's words module.
    s = play.s
    b = s.log.buf
    k = b[off] & 0x0F
    if k == FIX:
        return tr("fix_n") % (b[off + 1] + 1)
    try:
        # A title's own words for its events.
        mod = __import__(own, None, None, ("describe",), 0)
    except ImportError:
        mod = None
    if mod:
        text = mod.describe(s.names, b, off, k)
        if text:
            return text
    g = play.g
    if g.ROUND_KIND and k == g.ROUND_KIND:
        return "%s %d" % (tr("round"), g.rounds)    # the last one played
    return ""
