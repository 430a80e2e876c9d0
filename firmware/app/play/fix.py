# Correcting a past round (the titles with rounds, docs/rules.md, "Correcting a
# round"): which
# round, then the title's own round entry prefilled with it (its Play's
# fix_round), whose OK builds the round event and hands it to commit().
# Loaded only when "correct a round" is picked in the game menu, so that
# it takes no RAM through the rest of the game.

from micropython import const
from app.screens import Choice
from app.i18n import tr

# Error codes (core/errors.py: tests/core/test_errors.py checks each
# number): private consts, folded into the bytecode by mpy-cross, so
# neither core.errors nor these names are in a board's RAM.
_LATER_INVALID = const(40)


def choose_round(play):
    a = play.app
    n = play.g.rounds

    def picked(r):
        a.pop()
        play.fix_round(r, play.s.log.round_at(r))
    # A title may name its rounds otherwise (Doggy's end count: a player).
    label = getattr(play, "round_label", None)
    a.push(Choice(a, tr("fix_round"),
                  [label(r) if label else "%s %d" % (tr("round"), r + 1)
                   for r in range(n)], picked, n - 1))


def commit(play, r, size):
    # The round event just built in the session's buffer becomes the
    # correction of round r. True when accepted; refused, the reason (a
    # later round it would break: which one) and nothing changed.
    from core.game import fix_event
    s = play.s
    err = s.add(fix_event(s.ev, r, size))
    if err:
        play.app.error(err, 2500, s.log.bad_round)
        if err == _LATER_INVALID:
            play.g.bad = -1        # the bad value is in a later round
        return False
    play.app.toast(tr("fixed"), 800)
    play.after()
    return True
