# Runs on the MicroPython VM: every text of both languages (app/texts.py
# and core/error_texts.py) drawn as the device shows it (a title in the
# header, a menu row, a Note line, a toast box, a grid column) by the real
# ui/text code onto a recording display. The glyphs it blits are read back
# with the device's font: each text must come back whole (ui.fit marks a
# cut with '.') and every glyph must lie inside the panel (a toast's inside
# its box, a blank column or row from its frame). Prints one JSON line per
# case that fails, then a summary.
import json
from app import ui, font
from app.play.grid import Grid
from app import textdraw as text
from app import notes
from app.notes import draw_toast, center, split_lines
from app import i18n
from core import games

CHARS = [chr(c) for c in range(32, 127)] + [chr(c) for c in font.EXTRA]
GLYPHS = {}
for i in range(len(CHARS)):
    g = bytes(font.DATA[5 * i:5 * i + 5])
    if g not in GLYPHS:
        GLYPHS[g] = CHARS[i]
        GLYPHS[bytes((~b) & 0xFF for b in g)] = CHARS[i]  # dark on lit


class Recorder:
    """A display that keeps what was drawn: glyphs (from text.draw's blits)
    and rectangles."""

    def __init__(self):
        self.glyphs = []
        self.rects = []

    def fill(self, c):
        self.glyphs = []
        self.rects = []

    def fill_rect(self, x, y, w, h, c):
        self.rects.append(("fill", x, y, w, h, c))

    def rect(self, x, y, w, h, c):
        self.rects.append(("rect", x, y, w, h, c))

    def hline(self, x, y, w, c):
        pass

    def blit(self, src, x, y, key=-1):
        # text.draw blits its one 5x8 glyph buffer: read which glyph it is.
        self.glyphs.append((x, y, GLYPHS.get(bytes(text._glyph), "?")))

    def runs(self):
        # Consecutive glyphs on one line (x steps of 5): the strings drawn.
        out = []
        cur = None
        for x, y, ch in self.glyphs:
            if cur and cur[1] == y and cur[3] == x:
                cur[2] += ch
                cur[3] = x + 5
            else:
                cur = [x, y, ch, x + 5]
                out.append(cur)
        return [(r[0], r[1], r[2]) for r in out]


NAME = "Carmen"          # a typical name where a text takes one
# How each key is shown: a list of (way, argument). Ways: T title in the
# header (argument: its right-hand text), R menu/content row (argument:
# the row's right-hand text), L a Note line, S a toast, F a grid column
# title (argument: its width in characters), C a centred line, P a Note
# paragraph (notes.split_lines), V a right-hand value next to a row label.
# FMT: the values a key's %d/%s take on the screen.
WAYS = {
    "home": "T", "new": "R", "resume": "R", "past": "TR",
    "recovered": "T", "events_n": "L", "lost_n": "L", "damaged": "TRL",
    "abandon_q": "T", "flash_full": "T", "no_ram": "S",
    "flash_low": "T", "sync_pc": "L", "full_new": "L", "settings": "TR",
    "choose_game": "T", "players": "T", "how_many": "T", "names": "T",
    "start": "R", "options": "T", "continue": "R", "undo": "R",
    "redo": "R", "undone": "S", "end_game": "R",
    "scores": "TR", "exit": "R", "round": "T", "rounds": "T",
    "new_round": "R", "total": "L", "winner": "R", "winners": "R",
    "team_won": "R", "over": "T", "language": "R",
    "lang_name": "V", "dim_after": "TR", "off_after": "TR",
    "never": "RV", "roster": "TR", "edit_name": "TR", "name_help": "C",
    "name_long": "C", "secs": "V", "mins": "V", "color_letters": "R",
    "token_q": "T", "doggy_key": "R", "doggy_key_letters": "R", "doggy_key_more": "R",
    "doggy_key_short": "R", "dog_cols": "V", "dinos_cols": "V", "dinos_key": "R",
    "dino_short": "R",
    "confirm": "R", "yes": "RV", "no": "RV",
    "undo_last": "R", "end_q": "T", "fix_round": "TR", "fix_n": "T",
    "fixed": "S",
    "none": "RV", "no_games": "L", "target": "T", "lowest_wins": "T",
    "no_target": "R", "match": "T", "dealer": "T", "first": "T",
    "pass_to": "L", "ok_when_ready": "L", 
    "mario": "T", "mario_came": "R", "take": "R", "order": "TR",
    "reserve_add": "R", "reserve_sub": "R", "take_more": "C", "color": "T", 
    "blue": "TR", "red": "TR", "yellow": "TR", "green": "TR",
    "wild": "TR", "assign_wild": "T", "assign_wilds": "R",
    "if_now": "R", "doggy_mode": "T", "mode_live": "R", "mode_count": "R",
    "count_title": "T", "count_next": "R", "count_fix": "T", "won": "F", "hand": "F", "zone": "F", "no_draw": "V",
    "dup_key": "R",
    "who_starts": "T", "who_out": "T", "deal_n": "V", "next_first": "R",
    "suits": "F", "deal": "R", "cards": "T", "out": "R", "goal": "R",
    "goal_partner": "R", "kill": "R",
    "team": "L", "swap": "S", "next_game": "L", "disaster": "T",
    "natural": "TR", "predator": "TR", "emotional": "TR", "meteor": "TR",
    "card": "F", "adjust": "TR", "invert": "R", "instant": "TR",
    "stop": "RV", "redirect": "TR", "sudden": "T", 
    "dino": "T", "rex": "R", "stego": "R", "ceratops": "R", "bronto": "R",
    "custom": "R", "plus": "T", "minus": "T", "eliminated": "V",
    "two_player_note": "P", "two_rules": "T",
    "sum_title": "T", "sum_key": "R", "sum_inverted": "R",
    "p_parrandas": "L", "p_reserve": "L", "p_sets": "L",
    "p_majorities": "L", "p_won": "L", "p_hand": "L", "p_zone": "L",
    "p_round1": "L", "p_round2": "L", "p_round3": "L", "p_own": "L",
    "p_partner": "L", "p_rounds": "L", "p_disasters": "L",
    "undone_x": "S", "done_undo": "S",
    "passed": "S", "drew": "S", "mario_end": "R", "took": "S", "ordered": "S",
}
# Every title's name (key <id>: a title, a row) and short name (<id>_s).
for _gid in games.IDS:
    WAYS[_gid] = "TR"
    WAYS[_gid + "_s"] = "R"
# The text as the screen builds it around the key's text (t).
AROUND = {
    "events_n": lambda t: t % 9999, "lost_n": lambda t: t % 999,
    "winner": lambda t: t % NAME,
    "winners": lambda t: t + " " + NAME + ", " + NAME,
    "team_won": lambda t: t % (NAME + " + " + NAME),
    "total": lambda t: t + ": 999", "round": lambda t: t + " 99",
    "mario": lambda t: t + " 3/3", "assign_wild": lambda t: t % 2,
    "next_first": lambda t: t % NAME, "deal_n": lambda t: t % 10,
    "kill": lambda t: t % ("M" * 12),   # the longest name (names.MAX_LEN)
    "team": lambda t: t + " 3: 9",
    "dino": lambda t: t + ": " + NAME, "plus": lambda t: t + " +1",
    "minus": lambda t: t + " -1", "secs": lambda t: t % 30,
    "mins": lambda t: t % 10, "fix_n": lambda t: t % 99,
    "no_draw": lambda t: t + " -12   88",     # then last round, total
    "sum_title": lambda t: t % (99, "Depredador"),
    # the longest dinosaur name
    "dino_short": lambda t: sorted(t.split(" "), key=len)[-1],
    # What was undone or done at once, at their longest: a 12-letter name
    # and the longest of DOG's actions.
    "undone_x": lambda t: t % ("M" * 12 + ": " + i18n.tr("goal_partner")),
    "done_undo": lambda t: t % ("M" * 12 + ": " + i18n.tr("goal_partner")),
    "passed": lambda t: t % ("M" * 12),
    "count_next": lambda t: t % ("M" * 12),
    "count_fix": lambda t: t % ("M" * 12),
    "drew": lambda t: t % ("M" * 12),
    "took": lambda t: t % ("M" * 12, i18n.tr("yellow"), 5),
    "ordered": lambda t: t % ("M" * 12, i18n.tr("yellow")),
}
# The right-hand text next to a key's row or title, where there is one.
RIGHT = {
    "past": "10/23", "target": "1/8", "roster": "13/13",
    "language": "Español", "dim_after": "10 min", "off_after": "10 min",
    "take": "99", "reserve_add": "99", "order": "9", "blue": "9",
    "red": "9", "yellow": "9", "green": "9", "wild": "9",
    "invert": "Sí", "instant": NAME, "count_title": "5/5",
}
# The grids' column widths, as the screens set them.
from app.play.duplicon import FIELD_W as _DW
from app.play.dinos_round import CARD_W as _CW
from app.play.alebrijes import SUIT_W as _SW
# The row's left-hand text next to a right-hand one (V).
LEFT = {"dog_cols": lambda: i18n.tr("deal"),
        "no_draw": lambda: "*" + NAME,
        "deal_n": lambda: i18n.tr("next_first") % NAME}
FIELD_W = {"won": _DW, "hand": _DW, "zone": _DW, "card": _CW, "suits": _SW}
fails = []
cases = 0


def fail(key, lang, way, why, runs):
    fails.append({"key": key, "lang": lang, "way": way, "why": why,
                  "drawn": [r[2] for r in runs]})


def inside(runs, x0, y0, x1, y1):
    # Every glyph's ink (its 4 lit columns, 8 rows) within [x0,x1)x[y0,y1).
    for x, y, s in runs:
        if x < x0 or y < y0 or x + 5 * len(s) - 1 > x1 or y + 8 > y1:
            return False
    return True


def check(key, lang, way, t, right="", width=0):
    global cases
    cases += 1
    # Each case a frame of its own, drawn whole: the partial redraw's state
    # of the case before is dropped (App.draw ends every frame so).
    ui.end(Recorder())
    ui.redraw_all = True
    fb = Recorder()
    want = [t]
    box = (0, 0, 128, 64)
    if way == "T":
        ui.header(fb, t, right)
    elif way == "R":
        ui.row(fb, 0, t, right)
    elif way == "V":
        left = LEFT[key]() if key in LEFT else ""
        ui.row(fb, 0, left, t)
        want = [t, left] if left else [t]
    elif way == "L":
        notes.message(fb, "x", [t])
    elif way == "C":
        center(fb, 48, t)
    elif way == "S":
        draw_toast(fb, t)
        want = split_lines(t, ui.COLS - 1)   # as draw_toast wraps
        r = [x for x in fb.rects if x[0] == "rect"]
        if len(r) != 1 or r[0][1] < 0 or r[0][2] < 0 or \
                r[0][1] + r[0][3] > 128 or r[0][2] + r[0][4] > 64:
            fail(key, lang, way, "box outside the panel", [])
            return
        # Inside its frame with a margin of a blank column or row on
        # every side (a 25-letter line touched the frame: issue 25).
        box = (r[0][1] + 2, r[0][2] + 2, r[0][1] + r[0][3] - 2,
               r[0][2] + r[0][4] - 2)
        if " ".join(want) != t:
            fail(key, lang, way, "wrapping lost text", [])
    elif way == "P":
        want = split_lines(t)
        notes.message(fb, "x", want)
    elif way == "F":
        g = Grid("x", ["a"], [t[i:i + width] for i in range(0, len(t),
                                                                width)]
                    if key == "suits" else [t], [[0] * 5], 0, 9,
                    widths=width)
        g.draw(fb)
        if key == "suits":
            want = [t[i:i + width] for i in range(0, len(t), width)]
    runs = fb.runs()
    drawn = [r[2] for r in runs]
    for w in want:
        if way == "F" and len(w) > width or w not in drawn:
            fail(key, lang, way, "cut or missing: %r" % w, runs)
            return
    if not inside(runs, box[0], box[1], box[2], box[3]):
        fail(key, lang, way, "drawn outside %r" % (box,), runs)


# The play screens of each title with its most players (six-letter names),
# as a whole: no text cut (ui.fit records each cut) and every glyph inside.
NAMES = ["Carmen", "Julián", "Sergio", "Andrea", "Rocío", "Tomás", "Martín",
         "Isabel"]


def screens():
    global cases
    from core import games, dinos, dog, alebrijes
    from app.session import Session
    from app.flow import play_screen
    cuts = []
    fit = ui.fit

    def recording_fit(s, chars):
        if len(s) > chars:
            cuts.append(s)
        return fit(s, chars)
    ui.fit = recording_fit
    opts = {"dog": bytes([0, 3, 0, 0, 0]),
            "dinos": bytes([dinos.REX, dinos.STEGO, dinos.CERATOPS,
                            4 | 1 << 3]),     # a custom trait
            "free": bytes([2, 100, 0])}
    for gid in games.IDS:
        n = games.game_class(gid).MAX_PLAYERS
        for lang in (0, 1):
            i18n.set_lang(lang)
            s = Session(gid, NAMES[:n], opts.get(gid, b""))
            if s.error:
                fails.append({"key": "%s play screen" % gid,
                              "why": "refused: error %d" % s.error})
                continue
            if gid == "dog":             # round 12: the longest title
                for _ in range(11):
                    s.add(dog.event(s.ev, dog.DEAL))
            if gid == "alebrijes":
                s.add(alebrijes.event(s.ev, alebrijes.START, 0))
            for i in range(2):
                if gid == "dinos" and i:  # one player out
                    s.game.alive &= ~2
                cases += 1
                del cuts[:]
                fb = Recorder()
                ui.redraw_all = True              # drawn whole, every row
                play_screen(None, s).draw(fb)
                runs = fb.runs()
                if cuts or not inside(runs, 0, 0, 128, 64):
                    fails.append({"key": "%s play screen" % gid,
                                  "lang": lang, "cut": cuts[:],
                                  "drawn": [r[2] for r in runs]})
            if gid == "dinos":
                summary(s, lang, cuts)
    ui.fit = fit


def summary(s, lang, cuts):
    # Dinos' round summary with its longest rows: meteor, every part
    # given, an inversion (Stego 1+1-9=-7 becomes 19 and runs 19, the
    # custom trait's 9+1+9=19 becomes -7 and takes the meteor).
    global cases
    from core import dinos
    from app.play.dinos_summary import Summary
    s.game.alive = 15
    meteor = dinos.DISASTERS.index("meteor")
    err = s.add(dinos.round_event(s.ev, 4, meteor, [9, 1, 0, 9],
                                  [-9, -9, 9, 9], [], True, False, -1))
    if err:
        fails.append({"key": "dinos summary", "why": "refused: %d" % err})
        return

    class Play:
        app = None

        def __init__(self, s):
            self.s = s
            self.g = s.game
    cases += 1
    del cuts[:]
    fb = Recorder()
    ui.redraw_all = True                          # drawn whole, every row
    Summary(None, Play(s)).draw(fb)
    runs = fb.runs()
    drawn = [r[2] for r in runs]
    want = "1+1-9=-7>19"
    if cuts or not inside(runs, 0, 0, 128, 64) or \
            not [d for d in drawn if want in d]:
        fails.append({"key": "dinos summary", "lang": lang,
                      "cut": cuts[:], "drawn": drawn})


def main():
    global cases
    from app import texts
    keys = []
    for line in texts.T.split("\n"):
        if line and not line.startswith("--"):
            keys.append(line.split("|")[0])
    for lang in (0, 1):
        i18n.set_lang(lang)
        for k in keys:
            ways = WAYS.get(k)
            if ways is None:
                fails.append({"key": k, "why": "no way of showing it in "
                              "text_fit_check.WAYS"})
                continue
            t = i18n.tr(k)
            around = AROUND.get(k)
            if around:
                t = around(t)
            for way in ways:
                check(k, lang, way, t, RIGHT.get(k, "") if way in "TR"
                      else "", FIELD_W.get(k, 0))
        from core.error_texts import message
        code = 1
        while True:
            m = message(code, lang)
            if m.startswith("Error "):
                break
            check("error %d" % code, lang, "S", m)
            code += 1
    # A Note of up to 7 lines (a breakdown's parts) keeps them all inside.
    for n in range(1, ui.ROWS + 1):
        cases += 1
        fb = Recorder()
        lines = ["Ronda %d: 999" % (i + 1) for i in range(n)]
        notes.message(fb, "x", lines)
        runs = fb.runs()
        drawn = [r[2] for r in runs]
        if [w for w in lines if w not in drawn] or \
                not inside(runs, 0, 0, 128, 64):
            fails.append({"key": "Note of %d lines" % n, "drawn": drawn,
                          "why": "a line cut or outside the panel"})
    screens()
    for f in fails:
        print(json.dumps(f))
    print(json.dumps({"cases": cases, "failed": len(fails)}))


main()
