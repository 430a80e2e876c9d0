"""The frame rule (docs/architecture.md, "Performance rules"): MicroPython
gives a bytecode function's frame a place on the C stack only up to 11
words (py/objfun.c, VM_MAX_STATE_ON_STACK); a bigger frame (locals,
arguments and stack slots, N_STATE, plus 3 words an exception handler,
N_EXC_STACK) is allocated on the heap and freed at each call. The
functions that run for every row, glyph, key or step keep to it; frozen
bytecode is called the same way, so the rule holds for the release image
too.

The frame sizes are MicroPython's own: the unix port's `micropython -v -v`
prints N_STATE and N_EXC_STACK of every function it compiles (the same
compiler as mpy-cross's)."""

import ast
import re
import subprocess

from conftest import FIRMWARE, NATIVE, tool

WORDS_ON_STACK = 11
EXC_WORDS = 3           # mp_exc_stack_t: handler, val_sp, prev_exc

# Modules whose every function keeps to the rule, but for the ones named
# here (each a known exception, called once per text or per frame).
WHOLE = {
    "app/ui.py": set(),
    "app/textdraw.py": {
        "draw",                 # framebuf's way: a screen that is no Oled
        "_put_any",             # once per text with accents
    },
    "app/i18n.py": {"set_lang"},     # at boot and at a language chosen
    "app/play/rows.py": set(),
    "app/screens.py": set(),
    "app/note.py": set(),
    "app/app.py": set(),
    "drivers/buttons.py": {"Buttons.listen"},      # once, at boot
    "drivers/oled.py": set(),
}

# Modules where only these functions are on the press path: the play
# screens' per-row drawing.
NAMED = {
    "app/play/dog.py": {"Play.draw", "Play.title_sig", "Play.pawns_fresh",
                        "Play.pawns"},
    "app/play/doggy.py": {"Play.draw", "Play.legend", "Play.line",
                          "Play.mario_line", "Play.player_sig"},
}

_BLOCK = re.compile(r"File (\S+), code block '([^']*)'")


def frame_words(paths):
    """{(path, name, lines): words of its frame} for every code block
    MicroPython compiles from the files (compiled, not run)."""
    script = ("import sys\n"
              "for p in sys.argv[1:]:\n"
              "    compile(open(p).read(), p, 'exec')\n")
    cmd = [tool("micropython"), "-v", "-v", "-c", script]
    proc = subprocess.run(cmd + [str(p) for p in paths], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out, block = {}, None
    for line in proc.stdout.splitlines():
        m = _BLOCK.match(line)
        if m:
            block = [m.group(1), m.group(2), [], 0, 0]
            out[id(block)] = block
        elif block is None:
            continue
        elif line.startswith("(N_STATE "):
            block[3] = int(line[9:-1])
        elif line.startswith("(N_EXC_STACK "):
            block[4] = int(line[13:-1])
        elif re.match(r"  bc=\d+ line=\d+$", line):
            block[2].append(int(line.rsplit("=", 1)[1]))
    return [(p, name, lines, n + EXC_WORDS * e)
            for p, name, lines, n, e in out.values()]


def _functions(tree):
    # (qualified name, node) of every def, with its class's name in front
    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield prefix + child.name, child
                yield from walk(child, prefix + child.name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)
    yield from walk(tree, "")


def named_frames(path):
    """{qualified name: frame words} of the defs of one file."""
    tree = ast.parse(path.read_text())
    defs = list(_functions(tree))
    out = {}
    for _, name, lines, words in frame_words([path]):
        body = [n for n in lines if n > 1]
        if not body:
            continue
        # the innermost def of that name whose lines hold the block's
        hits = [(node.lineno, q) for q, node in defs
                if node.name == name
                and node.lineno <= min(body) <= node.end_lineno]
        if hits:
            out[max(hits)[1]] = words
    assert len(out) == len(defs), sorted(set(q for q, _ in defs) - set(out))
    return out


def _over(frames, names):
    return sorted(f"{q}: {w} words" for q, w in frames.items()
                  if q in names and w > WORDS_ON_STACK)


def test_the_press_path_keeps_every_frame_on_the_c_stack():
    found = []
    for rel, exceptions in WHOLE.items():
        frames = named_frames(FIRMWARE / rel)
        assert exceptions <= set(frames), rel      # each still exists
        over = {q for q, w in frames.items() if w > WORDS_ON_STACK}
        # an exception that now keeps the rule leaves the list
        assert over >= exceptions, (rel, exceptions - over)
        found += [f"{rel} {x}" for x in _over(frames, set(frames) -
                                              exceptions)]
    for rel, names in NAMED.items():
        frames = named_frames(FIRMWARE / rel)
        assert names <= set(frames), (rel, names - set(frames))
        found += [f"{rel} {x}" for x in _over(frames, names)]
    assert found == []


def test_the_native_copies_have_no_bytecode_frame():
    # native/app/glyphs_native.py (textdraw's glyph copies where the port
    # has a native emitter): viper functions are machine code, their locals in
    # registers and on the C stack, never a heap frame; the rule above
    # holds for textdraw's Python copies, the fallback. A def there that
    # is not native would be bytecode, and this says so.
    path = NATIVE / "app" / "glyphs_native.py"
    defs = [q for q, _ in _functions(ast.parse(path.read_text()))]
    assert len(defs) >= 3
    blocks = [name for _, name, _, _ in frame_words([path])
              if name != "<module>"]
    assert blocks == []


def test_the_frame_count_sees_loops_handlers_and_arguments(tmp_path):
    # What makes a frame bigger: arguments and locals, a for loop's
    # iterator (4 slots), a try's handler (3 words).
    f = tmp_path / "sample.py"
    f.write_text(
        "def small(a, b, c):\n"
        "    i = 0\n"
        "    while i < a:\n"
        "        i += b + c\n"
        "    return i\n"
        "\n"
        "def looped(a, b, c, d):\n"
        "    for i in a:\n"
        "        b += i + c + d\n"
        "    return b\n"
        "\n"
        "class K:\n"
        "    def guarded(self, a, b, c, d):\n"
        "        try:\n"
        "            return a + b + c + d\n"
        "        except ValueError:\n"
        "            return 0\n")
    frames = named_frames(f)
    assert frames["small"] <= WORDS_ON_STACK
    assert frames["looped"] >= frames["small"] + 4
    assert frames["looped"] > WORDS_ON_STACK
    assert frames["K.guarded"] >= 5 + 3 + 3
    assert frames["K.guarded"] > WORDS_ON_STACK
    assert _over(frames, {"small", "looped"}) == ["looped: %d words"
                                                  % frames["looped"]]
