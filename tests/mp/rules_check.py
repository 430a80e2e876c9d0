# Device checks of the rules audit on the MicroPython VM with real
# littlefs2, printing one JSON line for tests/device/test_rules_device.py:
#
#   micropython rules_check.py doggy_full   a wild assignment the flash
#                                           refuses is asked again
#   micropython rules_check.py dog_end_at_boot   a match game that ended as
#                                           the power went: one match note
#
# (A flash filled by another file, as store_check.py full does, still
# takes a few more journal bytes inline in littlefs's metadata: too few
# to aim at one event; the block device refusing the write is exact.)

import json
import sys

from vmboard import boot, fresh, leave_final  # the firmware on the path first
from app.flow import start_game        # noqa: E402
from drivers import segments as archive  # noqa: E402
from core import doggy as D            # noqa: E402
from core.game import header           # noqa: E402


def event(app, *b):
    # As the play screen commits it: the session adds (and the store
    # writes) the event, then the screen sees whether play ended.
    s = app.session
    for i, v in enumerate(b):
        s.ev[i] = v
    err = s.add(len(b))
    if err == 0:
        app.stack[1].after()
    return err


def title(screen):
    m = getattr(screen, "menu", None)
    return m.title if m is not None else getattr(screen, "title", "")


def doggy_full():
    dev = fresh(24)
    app = boot(dev)
    start_game(app, "doggy", ["A", "B"], b"")
    s = app.session
    # A takes and orders a wild, B takes a red 3, three Mario Hugos.
    errs = [event(app, header(D.TAKE, 0), D.WILD | 1 << 4),
            event(app, header(D.ORDER, 0), D.WILD),
            event(app, header(D.TAKE, 1), D.RED | 3 << 4)]
    for _ in range(3):
        errs.append(event(app, header(D.MARIO)))
    out = {"errs": errs, "ended": s.game.ended(), "over_at_3": s.game.over,
           "first": [type(app.top()).__name__, title(app.top())]}
    # The flash refuses the next write (the block device raises OSError,
    # as a full or failing flash does) before A's colour is chosen.
    dev.cut_after = 0
    used = s.log.used
    app.top().on_ok()                  # "pass the device to A": ready
    out["asked"] = title(app.top())
    app.top().on_pick(D.GREEN)         # A's only wild is green
    out["refused"] = {
        "toast": app.toast_text, "top": title(app.top()),
        "assigned": s.game.assigned_mask, "over": s.game.over,
        "log_same": s.log.used == used, "session": app.session is s,
        "kept_on_flash": s.store is not None}
    # A boot finds the game where it stood: play over, A still to assign.
    dev.dead = False
    dev.cut_after = -1
    b = boot(dev)
    r = b.session
    dev.cut_after = 0
    out["after_boot"] = {"resumed": r is not None and r.log.used == used,
                         "ended": r is not None and r.game.ended(),
                         "over": r is not None and r.game.over}
    dev.dead = False
    dev.cut_after = -1
    # The flash takes writes again: the same screen takes the colour and the game ends.
    app.top().on_pick(D.GREEN)
    g = s.game
    g.score()
    top = type(app.top()).__name__
    kept = app.session is s and len(archive.index(app.store)) == 0
    leave_final(app)
    out["done"] = {"over": g.over, "assigned": g.assigned_mask,
                   "top": top, "kept_while_final": kept,
                   "session": app.session is None,
                   "archived": len(archive.index(boot(dev).store)),
                   # Doggy.st's cnt part starts at 130 (tests/title_data/
                   # doggy.py PARTS)
                   "green": g.st[130 + 0 * 4 + D.GREEN]}
    print(json.dumps(out))


def dog_end_at_boot():
    # The power goes right after the last goal of a match's first game is
    # written, before the game is archived: the boot finishes it, and the
    # match screen (tally 1:0, next game) is shown once.
    from core import dog as G
    dev = fresh()
    app = boot(dev)
    start_game(app, "dog", ["A", "B", "C", "D"], bytes([0, 3, 0, 0]))
    s = app.session
    errs = []
    for p in (0, 2):
        for _ in range(4):
            s.ev[0] = header(G.OUT, p)
            errs.append(s.add(1))
            s.ev[0] = header(G.GOAL, p)
            s.ev[1] = p
            errs.append(s.add(2))
    b = boot(dev)
    # The final screen first (the last goal can still be undone there);
    # leaving it archives the game and shows the match score.
    final = [type(b.top()).__name__, len(archive.index(b.store))]
    leave_final(b)
    notes = [sc for sc in b.stack if type(sc).__name__ == "Note"]
    # Powered on again, the game archived: the match's next game is
    # offered again from the newest archived entry (startup.match_after).
    c = boot(dev)
    again = [list(sc.lines) for sc in c.stack if type(sc).__name__ == "Note"]
    print(json.dumps({"errs": errs, "over": s.game.over, "final": final,
                      "again": again,
                      "session": b.session is None,
                      "archived": len(archive.index(b.store)),
                      "notes": [list(sc.lines) for sc in notes],
                      "top": type(b.top()).__name__}))


{"doggy_full": doggy_full,
 "dog_end_at_boot": dog_end_at_boot}[sys.argv[1]]()
