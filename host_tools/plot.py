"""marcador plot ID: a game's score progression, event by event, with the
rounds marked: PNG (drawn with Pillow) or SVG (text, so names with accents
show in any browser or viewer without a system font; `marcador report`
inlines the same SVG).

The totals after each event come from replaying the game record with the
rules core once, read after each event (the replay `marcador score` does),
so the plot shows what the device showed at each step, undos included.
"""

from html import escape

from PIL import Image, ImageDraw, ImageFont

from marcador_core import record

from .stats import title_name

# Colour-blind-safe (Okabe-Ito), one per seat.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
           "#56B4E9", "#000000", "#F0E442")
W, H = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 70, 190, 50, 50
LABEL_GAP = 30      # px between round labels: denser ones are left out


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
    being played after each: 0 for games without rounds). One replay of
    the record (record.replay), read after each event: the same as
    scoring each prefix on its own, in linear time."""
    totals, rounds = [], []
    for _ in _steps(rec, totals, rounds):
        pass
    return totals, rounds


def replay_scored(rec):
    """(the record's scored result, progression(rec)) from one replay:
    the report checks each archived game against its stored result and
    draws its chart from the same pass."""
    totals, rounds = [], []
    log = None
    for log in _steps(rec, totals, rounds):
        pass
    return record.result(log, rec["players"]), (totals, rounds)


def _steps(rec, totals, rounds):
    # One replay (record.replay), the totals and round appended after
    # each step; yields the log.
    for log in record.replay(rec):
        # The log has scored the game after each event: its totals and
        # status are the result's (record.result, whose parts the chart
        # does not need: some titles rebuild them from the log).
        g = log.game
        totals.append(list(g.total[:g.n]))
        st = record.status(g)
        # "rounds" counts finished rounds: the one being played is the
        # next, until the game is over (then the last one played stays).
        # DOG's "round" is the current one.
        if "rounds" in st:
            rounds.append(st["rounds"] + (0 if g.over else 1))
        else:
            rounds.append(st.get("round", 0))
        yield log


def _nice_step(span, ticks=6):
    raw = max(span / ticks, 1)
    mag = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def round_marks(rounds, n_ev):
    """[(k, label)]: where each round after the first starts (after k
    events). A round undone and played again is marked where it started
    for the last time; a round never played (the game ended) has none."""
    marks = {}
    for i in range(1, min(len(rounds), n_ev + 1)):
        for r in range(rounds[i - 1] + 1, rounds[i] + 1):
            marks[r] = i
    return sorted((i, f"R{r}") for r, i in marks.items()
                  if r <= rounds[-1])


def chart(rec, prog=None):
    """What both renderers draw: totals per step, the y range and step,
    the round marks; prog: progression(rec) if already computed."""
    totals, rounds = prog or progression(rec)
    n_ev = len(totals) - 1
    lo = min(0, min(min(t) for t in totals))
    hi = max(1, max(max(t) for t in totals))
    step = _nice_step(hi - lo)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step
    return {"totals": totals, "n_ev": n_ev, "lo": lo, "hi": hi,
            "step": step, "marks": round_marks(rounds, n_ev),
            "names": list(rec["players"])}


def svg(rec, title, width=W, height=H, c=None):
    """The chart as an SVG document (a str), the same layout as the PNG;
    c: chart(rec) if already computed."""
    c = c or chart(rec)
    totals, n_ev, lo, hi, step = (c["totals"], c["n_ev"], c["lo"], c["hi"],
                                  c["step"])
    x0, x1, y0, y1 = LEFT, width - RIGHT, TOP, height - BOTTOM

    def x(i):
        return round(x0 + (x1 - x0) * i / max(n_ev, 1), 1)

    def y(v):
        return round(y1 - (y1 - y0) * (v - lo) / (hi - lo), 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" '
           f'role="img">',
           f'<title>{escape(title)}</title>',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{x0}" y="28" font-size="14">{escape(title)}</text>']
    for v in range(int(lo), int(hi) + 1, int(step)):
        out.append(f'<line x1="{x0}" y1="{y(v)}" x2="{x1}" y2="{y(v)}" '
                   f'stroke="#DDDDDD"/>')
        out.append(f'<text x="{x0 - 8}" y="{y(v)}" font-size="11" '
                   f'text-anchor="end" dominant-baseline="middle">{v}</text>')
    last = None
    for i, label in c["marks"]:
        out.append(f'<line x1="{x(i)}" y1="{y0}" x2="{x(i)}" '
                   f'y2="{y1}" stroke="#999999" stroke-dasharray="2 4"/>')
        if last is None or x(i) - last >= LABEL_GAP:
            last = x(i)
            out.append(f'<text class="round" x="{x(i) + 3}" y="{y0 + 12}" '
                       f'font-size="11" fill="#666666">{label}</text>')
    out.append(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" '
               f'height="{y1 - y0}" fill="none" stroke="black"/>')
    out.append(f'<text x="{(x0 + x1) / 2}" y="{y1 + 32}" font-size="14" '
               f'text-anchor="middle">event</text>')
    for i in range(0, n_ev + 1, max(1, _nice_step(n_ev, 10))):
        out.append(f'<text x="{x(i)}" y="{y1 + 16}" font-size="11" '
                   f'text-anchor="middle">{i}</text>')
    for p, name in enumerate(c["names"]):
        col = COLOURS[p % len(COLOURS)]
        pts = " ".join(f"{x(i)},{y(t[p])}" for i, t in enumerate(totals))
        out.append(f'<polyline class="player" points="{pts}" fill="none" '
                   f'stroke="{col}" stroke-width="3"/>')
        ly = y0 + 10 + 22 * p
        out.append(f'<line x1="{x1 + 15}" y1="{ly}" x2="{x1 + 40}" '
                   f'y2="{ly}" stroke="{col}" stroke-width="3"/>')
        out.append(f'<text class="legend" x="{x1 + 48}" y="{ly}" '
                   f'font-size="14" dominant-baseline="middle">'
                   f'{escape(name)} {totals[-1][p]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# The look of inline_svg(): a page that inlines it carries this style.
INLINE_CSS = """
svg.chart text { font-size: 11px; fill: #222; }
svg.chart .grid { stroke: #DDDDDD; }
svg.chart .marks { stroke: #999999; stroke-dasharray: 2 4; }
svg.chart .frame { fill: none; stroke: black; }
svg.chart .ylabels text { text-anchor: end; dominant-baseline: middle; }
svg.chart .xlabels text { text-anchor: middle; }
svg.chart text.round { fill: #666666; }
svg.chart text.axis { font-size: 14px; text-anchor: middle; }
svg.chart polyline { fill: none; stroke-width: 3; }
svg.chart .legend text { font-size: 14px; dominant-baseline: middle; }
svg.chart .legend path { stroke-width: 3; }
"""


def inline_svg(c, title, width=W, height=H, axis="event"):
    """The chart c (chart(rec)) as an <svg> element for a page that has
    INLINE_CSS: the layout of svg(), its repeated attributes in the
    page's style and its coordinates in whole pixels (about a quarter of
    the bytes: the report inlines thousands)."""
    totals, n_ev, lo, hi, step = (c["totals"], c["n_ev"], c["lo"], c["hi"],
                                  c["step"])
    x0, x1, y0, y1 = LEFT, width - RIGHT, TOP, height - BOTTOM
    xs = [round(x0 + (x1 - x0) * i / max(n_ev, 1)) for i in range(n_ev + 1)]
    span = hi - lo

    def y(v):
        return round(y1 - (y1 - y0) * (v - lo) / span)

    ticks = range(int(lo), int(hi) + 1, int(step))
    out = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" '
           f'width="{width}" height="{height}" viewBox="0 0 {width} '
           f'{height}" role="img"><title>{escape(title)}</title>',
           '<path class="grid" d="' + "".join(
               f"M{x0} {y(v)}H{x1}" for v in ticks) + '"/>',
           '<g class="ylabels">' + "".join(
               f'<text x="{x0 - 8}" y="{y(v)}">{v}</text>' for v in ticks)
           + "</g>"]
    if c["marks"]:
        out.append('<path class="marks" d="' + "".join(
            f"M{xs[i]} {y0}V{y1}" for i, _ in c["marks"]) + '"/>')
        last = None
        for i, label in c["marks"]:
            if last is None or xs[i] - last >= LABEL_GAP:
                last = xs[i]
                out.append(f'<text class="round" x="{xs[i] + 3}" '
                           f'y="{y0 + 12}">{label}</text>')
    out.append(f'<rect class="frame" x="{x0}" y="{y0}" width="{x1 - x0}" '
               f'height="{y1 - y0}"/>')
    out.append(f'<text class="axis" x="{(x0 + x1) // 2}" y="{y1 + 32}">'
               f'{escape(axis)}</text><g class="xlabels">' + "".join(
                   f'<text x="{xs[i]}" y="{y1 + 16}">{i}</text>'
                   for i in range(0, n_ev + 1,
                                  max(1, _nice_step(n_ev, 10))))
               + "</g>")
    legend = ['<g class="legend">']
    for p, name in enumerate(c["names"]):
        col = COLOURS[p % len(COLOURS)]
        ys = [y(t[p]) for t in totals]
        # The middle points of a level stretch draw nothing: left out.
        pts = " ".join(f"{xs[i]},{v}" for i, v in enumerate(ys)
                       if i == 0 or i == n_ev or ys[i - 1] != v
                       or ys[i + 1] != v)
        out.append(f'<polyline class="player" stroke="{col}" '
                   f'points="{pts}"/>')
        ly = y0 + 10 + 22 * p
        legend.append(f'<path stroke="{col}" d="M{x1 + 15} {ly}h25"/>'
                      f'<text x="{x1 + 48}" y="{ly}">{escape(name)} '
                      f'{totals[-1][p]}</text>')
    out += legend + ["</g></svg>"]
    return "".join(out)


def draw(rec, title, out, fmt=None):
    """Write the chart to out (a file name, or a binary file with fmt):
    SVG if fmt is "svg" or the name ends in .svg, else PNG."""
    if fmt is None:
        fmt = "svg" if str(out).lower().endswith(".svg") else "png"
    if fmt == "svg":
        c = chart(rec)
        data = svg(rec, title, c=c).encode("utf-8")
        if isinstance(out, (str, bytes)) or hasattr(out, "__fspath__"):
            with open(out, "wb") as f:
                f.write(data)
        else:
            out.write(data)
        return {"events": c["n_ev"], "players": len(c["names"]),
                "final": c["totals"][-1]}
    c = chart(rec)
    totals, n_ev, lo, hi, step = (c["totals"], c["n_ev"], c["lo"], c["hi"],
                                  c["step"])
    names = c["names"]

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
    last = None
    for i, label in c["marks"]:
        for yy in range(y0, y1, 6):
            d.line([(x(i), yy), (x(i), yy + 2)], fill="#999999")
        if last is None or x(i) - last >= LABEL_GAP:
            last = x(i)
            d.text((x(i) + 3, y0 + 2), label, fill="#666666", font=small)
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
    img.save(out, format="PNG")      # out: a name or a binary file
    return {"events": n_ev, "players": len(names), "final": totals[-1]}


def plot_row(row, out, fmt=None):
    import json
    rec = json.loads(row["record"])
    res = json.loads(row["result"])
    win = ", ".join(res["players"][p]["name"] for p in res["winners"])
    title = (f"{title_name(row['game'])}  {row['id']}  "
             + (f"winner: {win}" if res["over"] else "unfinished"))
    return draw(rec, title, out, fmt)
