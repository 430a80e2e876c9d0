"""marcador plot ID: a PNG of a game's score progression, event by event,
with the rounds marked, drawn with Pillow.

The totals after each event come from replaying the game record's first k
events with the rules core (the same replay `marcador score` does), so the
plot shows what the device showed at each step, undos included.
"""

from PIL import Image, ImageDraw, ImageFont

from marcador_core import record

from .stats import title_name

# Colour-blind-safe (Okabe-Ito), one per seat.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
           "#56B4E9", "#000000", "#F0E442")
W, H = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 70, 190, 50, 50


def _font(size):
    # A system font with accents (Linux, Windows, macOS), else Pillow's
    # own (which draws no ñ or á: names then show boxes).
    for name in ("DejaVuSans.ttf", "arial.ttf", "Arial.ttf",
                 "/System/Library/Fonts/Supplemental/Arial.ttf",
                 "LiberationSans-Regular.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def progression(rec):
    """(totals after each of the first k events for k = 0..n, the round
    being played after each: 0 for games without rounds)."""
    totals, rounds = [], []
    for k in range(len(rec["events"]) + 1):
        res = record.score_record(dict(rec, events=rec["events"][:k]))
        totals.append([p["total"] for p in res["players"]])
        st = res.get("status", {})
        # "rounds" counts finished rounds; DOG's "round" is the current one.
        rounds.append(st["rounds"] + 1 if "rounds" in st
                      else st.get("round", 0))
    return totals, rounds


def _nice_step(span, ticks=6):
    raw = max(span / ticks, 1)
    mag = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def draw(rec, title, path):
    totals, rounds = progression(rec)
    names = rec["players"]
    n_ev = len(totals) - 1
    lo = min(0, min(min(t) for t in totals))
    hi = max(1, max(max(t) for t in totals))
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step

    img = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(img)
    font = _font(14)
    small = _font(11)
    x0, x1, y0, y1 = LEFT, W - RIGHT, TOP, H - BOTTOM

    def x(i):
        return x0 + (x1 - x0) * i / max(n_ev, 1)

    def y(v):
        return y1 - (y1 - y0) * (v - lo) / (hi - lo)

    d.text((x0, 15), title, fill="black", font=font)
    for v in range(int(lo), int(hi) + 1, int(step)):
        d.line([(x0, y(v)), (x1, y(v))], fill="#DDDDDD")
        d.text((x0 - 8, y(v)), str(v), fill="black", font=small, anchor="rm")
    # Where a new round starts: a dotted line and its number.
    for i in range(1, len(rounds)):
        if rounds[i] != rounds[i - 1] and i < n_ev:
            for yy in range(y0, y1, 6):
                d.line([(x(i), yy), (x(i), yy + 2)], fill="#999999")
            d.text((x(i) + 3, y0 + 2), f"R{rounds[i]}", fill="#666666",
                   font=small)
    d.rectangle([x0, y0, x1, y1], outline="black")
    d.text(((x0 + x1) / 2, y1 + 28), "event", fill="black", font=font,
           anchor="mm")
    for i in range(0, n_ev + 1, max(1, _nice_step(n_ev, 10))):
        d.text((x(i), y1 + 8), str(i), fill="black", font=small, anchor="mt")
    for p, name in enumerate(names):
        c = COLOURS[p % len(COLOURS)]
        pts = [(x(i), y(t[p])) for i, t in enumerate(totals)]
        if len(pts) > 1:
            d.line(pts, fill=c, width=3)
        ly = y0 + 10 + 22 * p
        d.line([(x1 + 15, ly), (x1 + 40, ly)], fill=c, width=3)
        d.text((x1 + 48, ly), f"{name} {totals[-1][p]}", fill="black",
               font=font, anchor="lm")
    img.save(path, format="PNG")     # path: a name or a binary file
    return {"events": n_ev, "players": len(names), "final": totals[-1]}


def plot_row(row, path):
    import json
    rec = json.loads(row["record"])
    res = json.loads(row["result"])
    win = ", ".join(res["players"][p]["name"] for p in res["winners"])
    title = (f"{title_name(row['game'])}  {row['id']}  "
             + (f"winner: {win}" if res["over"] else "unfinished"))
    return draw(rec, title, path)
