"""Title knowledge in one place (issue 13): outside a title's own files,
only the table core/games.py names a title.

A title's own files are core/<id>.py, core/codec/<id>.py,
app/play/<id>.py, app/play/<id>_options.py. Everything else under
firmware/ and host_tools/ reaches a title through the table (games.IDS,
game_class, MATCHES) and the hooks of its codec (core/codec/hooks.py), so
adding a title touches no generic module. "Names" means a string constant
equal to a title's id or to one of its variant keys ("free-low"), found
with ast: comments and docstrings that mention a title do not count.

Across the whole tree (issue 27): no file outside the table lists the
titles. "Lists" means a literal (list, tuple, set, dict's keys; rows
whose first item is a title), a string, or one function's comparisons
(a switch: `if gid == "dog" ... elif gid == "dinos"`) that names more
than half of the titles, by id, variant key or file ("dog.py",
"core/dog.py"; docstrings and comments aside). A test or benchmark
iterates games.IDS (or the subset its class or its data picks) and finds
a title's own data by its id: tests/title_data/<id>.py. Naming a title or
two as the subject of a test is fine; a test's cases that name more on
purpose, each with its own values, are marked "# picked".

The PC tools' words, which moved from marcador into the codecs, are
pinned below as the tools printed them before the move."""

import ast
import json
import re

from marcador import breakdown, titles
from marcador_core import errors as E
from marcador_core import games, record
from marcador_core.codec import hook

import title_data
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


# The whole tree's scan: the folders, and the files that may list titles.
TREE = ("bench", "boards", "firmware", "host_tools", "sim", "tests", "tools",
        "web")
LISTS_ALLOWED = {
    TABLE: "the table",
    "tests/tree/test_title_table.py": "pins the words the tools printed "
                                       "for each title, plants lists",
    "firmware/app/texts.py": "every text, a title's name among them "
                             "(key <id>)",
}
# A literal marked "# picked" (on any of its lines; a function: on its
# def line) names titles as the cases of a test, each with its own
# values, not as the list of titles.
PICKED = "# picked"
# The files of a title ("core/dog.py", "dog.keys").
CODE = (".py", ".mpy", ".keys")
# A literal that names more than half of the titles is a list of titles.
MOST = len(games.IDS) // 2 + 1


def _key_of(value, keys):
    """The title key a string constant stands for: a key itself, or a
    file of one ("dog.py", "core/codec/dog.py"); else None."""
    if value in keys:
        return value
    name = value.rsplit("/", 1)[-1]
    stem, dot, ext = name.partition(".")
    return stem if dot and "." + ext in CODE and stem in keys else None


def _words(value, keys):
    # The keys a longer string names as words ("... doggy, duplicon, ...").
    return {k for k in keys
            if re.search(r"(?<![\w-])" + re.escape(k) + r"(?![\w-])", value)}


def _item_key(node, keys):
    # A list's item that names a title: a string, or a row (a tuple or
    # list) whose first item is one.
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        node = node.elts[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _key_of(node.value, keys)
    return None


def title_lists(text, name="<text>"):
    """[(line, what, sorted keys)] of the title lists in Python source."""
    keys = _keys()
    lines = text.split("\n")
    tree = ast.parse(text, name)
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)
            and isinstance(n.value, ast.Constant)}     # docstrings
    found = []
    for node in ast.walk(tree):
        if id(node) in docs or not hasattr(node, "lineno"):
            continue
        last = node.lineno if isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef)) else node.end_lineno
        if any(PICKED in ln for ln in lines[node.lineno - 1:last]):
            continue
        named, what = set(), None
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            named = {_item_key(e, keys) for e in node.elts}
            what = "a literal"
        elif isinstance(node, ast.Dict):
            named = {_item_key(k, keys) for k in node.keys if k is not None}
            what = "a dict's keys"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = _words(node.value, keys)
            what = "a string"
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for c in ast.walk(node):
                if isinstance(c, ast.Compare):
                    named |= {_item_key(x, keys)
                              for side in [c.left] + c.comparators
                              for x in (side.elts if isinstance(
                                  side, (ast.Tuple, ast.List, ast.Set))
                                  else [side])}
            what = f"the comparisons of {node.name}()"
        named.discard(None)
        if len(named) >= MOST:
            found.append((node.lineno, what, sorted(named)))
    return found


def _tree_files():
    for top in TREE:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if (path.is_file() and "node_modules" not in path.parts
                    and "__pycache__" not in path.parts):
                yield path, rel


def tree_lists():
    """{path: [(line, what, keys)]}: the title lists across the tree,
    outside the files allowed to hold one. Python files by their syntax
    tree; the web page's scripts and pages (.js, .mjs, .html) by their
    quoted strings, a file as one list."""
    keys = _keys()
    out = {}
    for path, rel in _tree_files():
        if rel in LISTS_ALLOWED:
            continue
        if path.suffix == ".py":
            found = title_lists(path.read_text(encoding="utf-8"), rel)
        elif path.suffix in (".js", ".mjs", ".html"):
            text = path.read_text(encoding="utf-8")
            named = {_key_of(m.group(2), keys) for m in
                     re.finditer(r"([\"'`])([^\"'`\n]*)\1", text)} - {None}
            found = [(1, "its strings", sorted(named))] \
                if len(named) >= MOST else []
        else:
            continue
        if found:
            out[rel] = found
    return out


PLANTED = {
    "a list": ("TITLES = ['doggy', 'duplicon', 'alebrijes', 'dog']\n", 1),
    "a dict": ("PLAYERS = {'doggy': 5, 'duplicon': 4, 'dog': 6, "
               "'free': 8}\n", 1),
    "rows": ("CASES = [('free', 'keys'), ('dog', 'keys'), "
             "('dinos', 'keys'), ('doggy', 'keys')]\n", 1),
    "files": ("package('core', files=['dog.py', 'doggy.py', "
              "'dinos.py', 'free.py'])\n", 1),
    "a switch": ("def opts(gid):\n    if gid == 'dog':\n        return 1\n"
                 "    if gid in ('dinos', 'free'):\n        return 2\n"
                 "    return 3 if gid != 'duplicon' else 4\n", 1),
    "a help text": ("HELP = 'its id (doggy, duplicon, alebrijes, dog)'\n", 1),
    "picked elsewhere": ("A = ['dog', 'doggy',  # picked\n    'free']\n"
                         "B = ['doggy', 'duplicon', 'alebrijes', 'dog']\n",
                         3),
}


def test_the_scan_finds_a_planted_list():
    # Each way of listing the titles is found; a test about a title or two,
    # words that happen to be ids, and the table read are not.
    for what, (text, line) in PLANTED.items():
        assert [f[0] for f in title_lists(text)] == [line], what
    fine = ("ids = games.IDS\n"
            "PAIR = ('dog', 'doggy')\n"
            "def t(gid):\n    return gid == 'dinos' or gid == 'free'\n"
            "NOTE = 'a dog kept free in the reserve'\n"
            "CASES = [('dog', 1), ('doggy', 2),  # picked: a case each\n"
            "         ('dinos', 3), ('free', 4)]\n"
            "def f():\n    \"\"\"doggy duplicon alebrijes dog\"\"\"\n"
            "EXAMPLES = ['dog.json', 'dinos.json', 'free.json', "
            "'doggy.json']\n")
    assert title_lists(fine) == []


def test_no_title_list_across_the_tree():
    found = tree_lists()
    assert found == {}, "lists of titles (iterate games.IDS, or a title's " \
        "tests/title_data/<id>.py):\n" + "\n".join(
            f"{p}:{line}: {what} names {', '.join(ks)}"
            for p, hits in sorted(found.items()) for line, what, ks in hits)


def test_every_title_has_its_test_data():
    # tests/title_data/<id>.py, with everything the tests and benchmarks
    # read from it.
    lacking = {gid: title_data.missing(gid) for gid in games.IDS}
    assert {g: m for g, m in lacking.items() if m} == {}
    try:
        title_data.load("chess")
    except LookupError as ex:
        assert "chess" in str(ex)
    else:
        raise AssertionError("an unknown title's data was found")


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
