"""Title knowledge in one place (issue 13): outside a title's own files,
only the table core/games.py names a title.

A title's own files are core/<id>.py, core/codec/<id>.py, app/play/<id>.py,
app/play/<id>_options.py (and tests/test_<id>.py, not scanned). Everything else under firmware/ and
host_tools/ reaches a title through the table (games.IDS, game_class,
MATCHES) and the hooks of its codec (core/codec/hooks.py), so adding a
title touches no generic module. "Names" means a string constant equal to
a title's id or to one of its variant keys ("free-low"), found with ast:
comments and docstrings that mention a title do not count.

The PC tools' words, which moved from marcador into the codecs, are
pinned below as the tools printed them before the move."""

import ast
import json

from marcador import breakdown, titles
from marcador_core import errors as E
from marcador_core import games, record
from marcador_core.codec import hook

from conftest import ROOT

TABLE = "firmware/core/games.py"


def _keys():
    # {title key: the title id it belongs to}: ids and their variants.
    out = {}
    for gid in games.IDS:
        out[gid] = gid
        for k in hook(gid, "VARIANTS"):
            out[k] = gid
    return out


def _own(gid):
    return {f"firmware/core/{gid}.py", f"firmware/core/codec/{gid}.py",
            f"firmware/app/play/{gid}.py",
            f"firmware/app/play/{gid}_options.py"}


def _naming():
    """{path: sorted title keys it names outside their title's files}."""
    keys = _keys()
    out = {}
    for top in ("firmware", "host_tools"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), rel)
            named = {n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant)
                     and isinstance(n.value, str) and n.value in keys}
            named = sorted(k for k in named if rel not in _own(keys[k]))
            if named:
                out[rel] = named
    return out


def test_scan_finds_the_table():
    # The scan itself works: the table names every id, a title's own
    # codec its variant.
    assert _naming().get(TABLE) == sorted(games.IDS)
    assert "free-low" in _keys()


def test_only_the_table_names_titles():
    others = {p: ids for p, ids in _naming().items() if p != TABLE}
    assert others == {}, "\n".join(
        f"{p}: {', '.join(ids)}" for p, ids in sorted(others.items()))


def test_title_keys_and_names_as_before():
    # Config sections of the BG Stats export, in the order its error
    # message lists them; the names stats, plots, BG Stats and the
    # breakdown print.
    assert titles.keys() == ("doggy", "duplicon", "alebrijes", "dog",
                             "dinos", "free", "free-low")
    en = {"doggy": "Doggy Style", "duplicon": "Duplicon",
          "alebrijes": "Alebrijes", "dog": "DOG",
          "dinos": "Happy Little Dinosaurs", "free": "Score pad",
          "free-low": "Score pad (lowest wins)"}
    es = dict(en, free="Marcador libre",
              **{"free-low": "Marcador libre (gana el menor)"})
    assert {k: titles.name(k) for k in titles.keys()} == en
    assert {k: titles.name(k, E.ES) for k in titles.keys()} == es
    assert titles.name("chess") == "chess"
    assert [k for k in titles.keys() if titles.lowest_wins(k)] == \
        ["free-low"]
    assert titles.key("free", {"options": {"lowest_wins": True}}) == \
        "free-low"
    assert titles.key("free", {"options": {"lowest_wins": False}}) == "free"
    assert titles.key("dog", {}) == "dog"


# The title line and the lines under the table of `marcador score`, for
# each example record halfway through and at its end, as printed before
# the titles' words moved into their codecs.
BEFORE = {
    'alebrijes 2 en': [
        'Alebrijes (in progress)',
        'Rounds played: 1/3; next first player: Ana; deal 10 cards',
        'Leading: Sol',
    ],
    'alebrijes 2 es': [
        'Alebrijes (en curso)',
        'Rondas jugadas: 1/3; próximo jugador inicial: Ana; '
        'repartir 10 cartas',
        'Va ganando: Sol',
    ],
    'alebrijes 4 en': [
        'Alebrijes (game over)',
        'Rounds played: 3/3',
        'Winner: Sol',
    ],
    'alebrijes 4 es': [
        'Alebrijes (partida terminada)',
        'Rondas jugadas: 3/3',
        'Ganador: Sol',
    ],
    'dinos 4 en': [
        'Happy Little Dinosaurs (in progress)',
        'Rounds played: 4',
        'Leading: Ana',
    ],
    'dinos 4 es': [
        'Happy Little Dinosaurs (en curso)',
        'Rondas jugadas: 4',
        'Va ganando: Ana',
    ],
    'dinos 8 en': [
        'Happy Little Dinosaurs (game over)',
        'Rounds played: 8',
        'Out: Sol',
        'Winner: Ana',
    ],
    'dinos 8 es': [
        'Happy Little Dinosaurs (partida terminada)',
        'Rondas jugadas: 8',
        'Eliminados: Sol',
        'Ganador: Ana',
    ],
    'dog 15 en': [
        'DOG (in progress)',
        'Round 2: hand of 5, dealer Lu, first Sol',
        'Team pawns in goal: 3, 3',
        'Leading: Ana, Beto, Sol, Lu',
    ],
    'dog 15 es': [
        'DOG (en curso)',
        'Ronda 2: mano de 5, reparte Lu, empieza Sol',
        'Fichas del equipo en la meta: 3, 3',
        'Va ganando: Ana, Beto, Sol, Lu',
    ],
    'dog 30 en': [
        'DOG (game over)',
        'Round 3: hand of 4, dealer Sol, first Beto',
        'Team pawns in goal: 8, 5',
        'Winners (shared): Ana, Sol',
    ],
    'dog 30 es': [
        'DOG (partida terminada)',
        'Ronda 3: mano de 4, reparte Sol, empieza Beto',
        'Fichas del equipo en la meta: 8, 5',
        'Ganadores (empate): Ana, Sol',
    ],
    # A Doggy Style end count (examples/doggy_count.json, added with it).
    'doggy_count 2 en': [
        'Doggy Style (in progress)',
        'Players counted (end count): 2/4',
        'Leading: Juan Carlos',
    ],
    'doggy_count 2 es': [
        'Doggy Style (en curso)',
        'Jugadores contados (recuento final): 2/4',
        'Va ganando: Juan Carlos',
    ],
    'doggy_count 4 en': [
        'Doggy Style (game over)',
        'Players counted (end count): 4/4',
        'Winner: Juan Carlos',
    ],
    'doggy_count 4 es': [
        'Doggy Style (partida terminada)',
        'Jugadores contados (recuento final): 4/4',
        'Ganador: Juan Carlos',
    ],
    'doggy_rulebook 20 en': [
        'Doggy Style (in progress)',
        'Mario Hugo: 0/3',
        'Leading: Juan Carlos',
    ],
    'doggy_rulebook 20 es': [
        'Doggy Style (en curso)',
        'Mario Hugo: 0/3',
        'Va ganando: Juan Carlos',
    ],
    'doggy_rulebook 40 en': [
        'Doggy Style (game over)',
        'Mario Hugo: 3/3',
        'Winner: Juan Carlos',
    ],
    'doggy_rulebook 40 es': [
        'Doggy Style (partida terminada)',
        'Mario Hugo: 3/3',
        'Ganador: Juan Carlos',
    ],
    'duplicon 2 en': [
        'Duplicon (in progress)',
        'Rounds played: 2; turn: Beto',
        'Leading: Ana',
    ],
    'duplicon 2 es': [
        'Duplicon (en curso)',
        'Rondas jugadas: 2; turno: Beto',
        'Va ganando: Ana',
    ],
    'duplicon 4 en': [
        'Duplicon (game over)',
        'Rounds played: 4',
        'Winner: Ana',
    ],
    'duplicon 4 es': [
        'Duplicon (partida terminada)',
        'Rondas jugadas: 4',
        'Ganador: Ana',
    ],
    'free 1 en': [
        'Score pad (in progress)',
        'Rounds played: 1',
        'Leading: Ana',
    ],
    'free 1 es': [
        'Marcador libre (en curso)',
        'Rondas jugadas: 1',
        'Va ganando: Ana',
    ],
    'free 3 en': [
        'Score pad (game over)',
        'Rounds played: 3',
        'Winner: Ana',
    ],
    'free 3 es': [
        'Marcador libre (partida terminada)',
        'Rondas jugadas: 3',
        'Ganador: Ana',
    ],
}


def test_breakdown_lines_of_every_title_as_before():
    got = {}
    for path in sorted((ROOT / "examples").glob("*.json")):
        rec = json.loads(path.read_text(encoding="utf-8"))
        for cut in (len(rec["events"]) // 2, len(rec["events"])):
            res = record.score_record(dict(rec, events=rec["events"][:cut]))
            for lang, ln in ((E.EN, "en"), (E.ES, "es")):
                lines = breakdown.text(res, lang).split("\n")
                tail = lines[lines.index("", 2) + 1:]
                got[f"{path.stem} {cut} {ln}"] = [lines[0]] + tail
    assert got == BEFORE
