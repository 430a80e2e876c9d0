"""Every text the device shows fits where it is shown, in both languages."""

import ast
import json
import re
import sys

from conftest import FIRMWARE, MP_SCRIPTS, ROOT, printed, run_micropython

sys.path.insert(0, str(ROOT / "tools"))
import texts_index  # noqa: E402


def test_every_text_fits_where_it_is_shown():
    # tests/mp/text_fit_check.py draws each text of app/texts.py and
    # core/error_texts.py with the real ui code and reads the glyphs back.
    out = [printed(x) for x in run_micropython(MP_SCRIPTS /
                                                  "text_fit_check.py")]
    summary = out[-1]
    fails = out[:-1]
    assert summary["cases"] > 400
    assert summary["failed"] == len(fails)
    assert not fails, "%d texts do not fit:\n%s" % (
        len(fails), "\n".join(json.dumps(f, ensure_ascii=False)
                              for f in fails))


# --- No text on the screen outside the text table ---------------------------

# The calls that put text on the screen (ui helpers, text.draw, the screens
# and widgets that draw their arguments, the toast).
DRAWING = {"row", "header", "center", "message", "draw", "toast", "Note",
           "Choice", "Menu", "Grid"}
_FORMAT = re.compile(r"%[-+ 0#]*\d*(\.\d+)?[sdxf]")


def _has_letters(s):
    return any(c.isalpha() for c in _FORMAT.sub("", s))


def _name(func):
    return func.attr if isinstance(func, ast.Attribute) else \
        getattr(func, "id", "")


# Calls whose result is their arguments' text (str(5), ", ".join(names),
# tr("x").lower()): followed; any other call (a callback's start_later,
# setattr, a dict's get) does not put its arguments on the screen.
_TEXT_CALLS = DRAWING | {"str", "join", "lower", "upper"}


def _reach(node, names, seen, funcs=None):
    # The string constants and variable names whose text can be drawn
    # when `node` is: through operators, conditions, lists, text calls and
    # lambdas (a grid's fmt), not through tr()'s keys, other calls or a
    # comprehension's iterable (its keys go through tr() in its element).
    funcs = funcs or {}
    if isinstance(node, ast.Call):
        f = _name(node.func)
        if f in funcs and f not in seen:
            # A function of this module that makes the text: its returns.
            seen.add(f)
            fn, fnames = funcs[f]
            for r in ast.walk(fn):
                if isinstance(r, ast.Return) and r.value is not None:
                    yield from _reach(r.value, fnames, seen, funcs)
        if f not in _TEXT_CALLS:
            return
        parts = list(node.args) + [k.value for k in node.keywords]
        if isinstance(node.func, ast.Attribute):
            parts.append(node.func.value)
        for a in parts:
            yield from _reach(a, names, seen, funcs)
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
        return
    if isinstance(node, ast.Name):
        if node.id not in seen:
            seen.add(node.id)
            for v in names.get(node.id, []):
                yield from _reach(v, names, seen, funcs)
        return
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
        yield from _reach(node.elt, names, seen, funcs)
        return
    if isinstance(node, ast.Lambda):
        yield from _reach(node.body, names, seen, funcs)
        return
    if isinstance(node, (ast.BinOp, ast.IfExp, ast.BoolOp, ast.Tuple,
                         ast.List, ast.JoinedStr, ast.FormattedValue,
                         ast.Subscript)):
        for child in ast.iter_child_nodes(node):
            yield from _reach(child, names, seen, funcs)


def _assigned(scope):
    # name -> the expressions assigned to it in a function or module.
    out = {}
    for n in ast.walk(scope):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, []).append(n.value)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            out.setdefault(n.target.id, []).append(n.value)
    return out


def literal_texts(source):
    """(line, text) of each string with letters that reaches a drawing call
    of this source, directly or through a variable assigned in the same
    function, other than tr()'s keys."""
    tree = ast.parse(source)
    found = []
    seen = set()
    module = {k: v for k, v in _assigned(tree).items()
              if any(isinstance(n, ast.Assign) and any(
                  getattr(t, "id", None) == k for t in n.targets)
                  for n in tree.body)}

    def scope_names(fn):
        # A function's variables, then the module's constants.
        d = dict(module)
        d.update(_assigned(fn))
        return d
    funcs = {fn.name: (fn, scope_names(fn)) for fn in ast.walk(tree)
             if isinstance(fn, ast.FunctionDef)}
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and _name(call.func) in DRAWING):
            continue
        names = module
        for fn, fnames in funcs.values():
            if any(n is call for n in ast.walk(fn)):
                names = fnames                # the innermost function wins
        for c in _reach(call, names, set(), funcs):
            if _has_letters(c.value) and id(c) not in seen:
                seen.add(id(c))
                found.append((c.lineno, c.value))
    return found


def test_literal_check_finds_literals():
    # The check itself: it sees a literal passed directly, inside an
    # expression, through a variable, and leaves tr() keys and formats.
    src = ('def f(fb, a, g):\n'
           '    ui.row(fb, 0, "Hola")\n'
           '    ui.header(fb, "MH %d/3" % g, "%s %d" % (tr("round"), 2))\n'
           '    right = "C%d" % g\n'
           '    ui.row(fb, 1, tr("deal"), right)\n'
           '    a.toast("OK: " + tr("new_round"))\n'
           '    ui.row(fb, 2, "%s" % tr("take"), g.pending())\n'
           'L = "ARYVC"\n'
           'def pending():\n'
           '    out = ""\n'
           '    out += L[1] + "1"\n'
           '    return out\n')
    assert sorted(t for _, t in literal_texts(src)) == \
        ["ARYVC", "C%d", "Hola", "MH %d/3", "OK: "]


def test_screens_draw_no_literal_text():
    found = []
    for path in sorted((FIRMWARE / "app").glob("*.py")):
        if path.name in ("texts.py", "font.py"):
            continue
        for line, text in literal_texts(path.read_text()):
            found.append("%s:%d %r" % (path.name, line, text))
    assert not found, "text outside app/texts.py:\n" + "\n".join(found)


def test_every_key_drawn_is_in_the_table():
    # tr() of a key missing from app/texts.py shows the key itself.
    table = set()
    for line in (FIRMWARE / "app" / "texts.py").read_text().split("\n"):
        if "|" in line and not line.startswith("--"):
            table.add(line.split("|")[0])
    missing = []
    for path in sorted((FIRMWARE / "app").glob("*.py")):
        for n in ast.walk(ast.parse(path.read_text())):
            if isinstance(n, ast.Call) and _name(n.func) == "tr" and \
                    n.args and isinstance(n.args[0], ast.Constant) and \
                    n.args[0].value not in table:
                missing.append("%s:%d %r" % (path.name, n.lineno,
                                             n.args[0].value))
    assert len(table) > 100
    assert not missing, "keys not in app/texts.py:\n" + "\n".join(missing)


def _table():
    src = (FIRMWARE / "app" / "texts.py").read_text(encoding="utf-8")
    body = src.split('T = """', 1)[1].split('"""', 1)[0]
    rows = {}
    for ln in body.splitlines():
        if "|" in ln and not ln.startswith("--"):
            key, es, en = ln.split("|")
            rows[key] = (es, en or es)
    return rows


def test_doggy_letters_are_all_explained_and_never_collide():
    # Doggy Style writes a player's unordered Parrandas as a colour's letter
    # and a count ("M2"). Each language's legend names every letter with
    # its colour; a letter stands for one colour in a language, and for
    # the same colour (or none) in the other, so a table that plays in
    # both languages never reads a letter two ways.
    t = _table()
    colours = ("blue", "red", "yellow", "green", "wild")
    # The legend as shown: two rows under up to 4 players, one under 5.
    legends = ((("doggy_key_letters", "doggy_key_more"), 3),
               (("doggy_key_short",), 2))
    for lang in (0, 1):
        letters = t["color_letters"][lang]
        assert len(set(letters)) == 5, letters
        for keys, chars in legends:
            legend = " ".join(t[k][lang] for k in keys)
            for c, colour in enumerate(colours):
                name = t[colour][lang]
                assert re.search(rf"\b{letters[c]} {name[:chars]}",
                                 legend), (lang, letters[c], name, legend)
    es, en = t["color_letters"]
    for c in range(5):
        assert es[c] not in en or en.index(es[c]) == c, (es[c], en)


def test_spanish_texts_use_no_english_words():
    # A Spanish screen in Spanish: "Partidas del match" was half English.
    # Words a translator is likely to leave in English by mistake (the
    # titles' own names, e.g. "Happy Little Dinosaurs", are names).
    english = {"match", "round", "score", "player", "players", "game",
               "games", "turn", "undo", "redo", "wild", "settings"}
    for key, (es, _) in _table().items():
        words = set(re.findall(r"[a-záéíóúñü]+", es.lower()))
        assert not words & english, (key, es)


def test_every_key_finds_its_text_in_either_form_of_the_table():
    # tests/mp/i18n_check.py: tr() of every key, both languages, from the
    # one-language table and from both languages in place, searched for
    # and remembered, and in place with a title's section searched first
    # (a game's); an unknown key gives itself.
    # With the release image's index (tools/texts_index.py, made here by
    # CPython as the build makes it): every key found through it, none
    # halved; with another table's index, every key still found.
    table = texts_index.table_of(FIRMWARE / "app" / "texts.py")
    other = table.replace("\n", "\n\n", 7)       # every place moved
    r = printed(run_micropython(MP_SCRIPTS / "i18n_check.py", stdin="%s\n%s\n" % (
        texts_index.build(table).hex(), texts_index.build(other).hex()))[-1])
    assert r["keys"] > 150
    assert r["wrong"] == {"one": [], "both": [], "eight": [], "parts": [],
                          "title": [], "index": [], "stale": []}


def test_each_part_of_the_table_is_in_the_order_i18n_halves():
    # app/i18n.py finds a key by halving a part of the table (the lines
    # before the first "--" line, each title's section): its lines in the
    # order of their bytes up to the key's "|"; no blank line; at most 8
    # parts (more are read from the start: slow, not wrong).
    src = (FIRMWARE / "app" / "texts.py").read_text(encoding="utf-8")
    body = src.split('T = """\n', 1)[1].split('"""', 1)[0]
    parts, wrong = [[]], []
    for n, ln in enumerate(body.rstrip("\n").split("\n")):
        assert ln.strip(), "blank line %d in app/texts.py's table" % n
        if ln.startswith("--"):
            parts.append([])
        else:
            parts[-1].append(ln)
    for lines in parts:
        keys = [(ln.split("|")[0] + "|").encode() for ln in lines]
        for a, b in zip(keys, keys[1:]):
            if a >= b:
                wrong.append("%s goes before %s" % (b[:-1].decode(),
                                                    a[:-1].decode()))
    assert len(parts) <= 8
    assert not wrong, "app/texts.py out of order:\n" + "\n".join(wrong)
