"""Where the emulated Pico's live heap goes: the GC heap read from the
chip's RAM at the moment bench/rp2.py takes its figure, and walked
allocation by allocation. A measuring tool, not a benchmark row: nothing
is added to the firmware.

    .venv/bin/python bench/rp2_heap.py [--title dinos]
        [--deploy frozen|mpy|romfs] [--press N] [--depth 3] [--min 128]
        [--top 40] [--largest 30] [--qstrs FILE] [--json OUT]

Plays the title's max-player game on a fresh copy of the deployment's
flash (bench/rp2.py) to find the press with the largest live heap (or
takes press N of sim/scripts/maxplayers.py's script), plays it again and
reads the whole RAM when that press's figure is seen (the least after the
key's step: after the app's own gc.collect()); the boot is read the same
way, at the BACK on the home screen. For each it prints:

- by kind: an allocation's type (its first word, against the built-in
  types' addresses asked once at the raw REPL of another power-on with
  `id()`; an instance of a class of ours), the qstr pools (how full the
  last one is) and the interned strings' chunks, and what an untyped
  allocation is by what points at it: a function's bytecode and child
  table, raw code, a module's qstr table or constants, a dict's table, a
  str's data, a list's items;
- by module: what each module alone reaches (not through another module
  object), split into code (bytecode, raw code, function objects) and
  the rest; what several share; what no module reaches (the app's own
  objects, what a stale word on the stack keeps);
- what each module made: its globals dict, its function objects and
  classes with their dicts (bytes, functions, globals): the structure a
  frozen module still puts on the heap;
- the largest allocations, with who points at them;
- the dominator tree from the roots: what each object alone keeps alive,
  labelled by the dict key or attribute it is reached by, to --depth
  levels and --min bytes. Roots: `mp_state_ctx` and the C stack, from the
  release image's ELF (out/rp2/build-<board>/firmware.elf); the stock
  UF2 comes without one, so there every RAM word outside the heap counts
  as a root (a stale word may keep garbage "reached");
- the qstrs made at runtime (`--qstrs` writes them to a file, in the
  order they came).

How the heap is read (MicroPython v1.28.0, 32-bit, 16-byte blocks, the
rp2 port's layout): the allocation table and pool as bench/rp2.py's
find_heap finds them; a block is an allocation's head (state 1 or 3) or
its tail (2); a qstr pool (py/qstr.h qstr_pool_t: prev, total_prev_len,
alloc, len, hashes, lengths, qstrs[alloc]) is recognised by its shape.
"""

import argparse
import bisect
import json
import shutil
import struct
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from roots import ROOT  # noqa: E402  (tests/, tools/, sim/scripts on the path)

sys.path.insert(0, str(ROOT / "bench"))

import rp2  # noqa: E402

FLASH = 0x10000000
TYPES_CODE = """import sys, framebuf, array
class _C:
    def m(self): pass
    @property
    def p(self): return 1
def _f():
    yield 1
def _o():
    x = 1
    def i(): return x
    return i
_t = {'dict': dict, 'str': str, 'bytes': bytes, 'bytearray': bytearray,
 'tuple': tuple, 'list': list, 'set': set, 'type': type,
 'module': type(sys), 'fun_bc': type(_o), 'closure': type(_o()),
 'bound_method': type(_C().m), 'property': type(_C.__dict__['p']),
 'staticmethod': staticmethod, 'classmethod': classmethod,
 'int': type(2 ** 80), 'float': float, 'memoryview': memoryview,
 'generator': type(_f()), 'FrameBuffer': framebuf.FrameBuffer,
 'array': array.array, 'range': range, 'object': object,
 'map_iter': type(map(int, ()))}
print(' '.join('%s=%d' % (k, id(v)) for k, v in _t.items()))
"""
CODE_KINDS = ("bytecode", "raw code", "child table", "fun_bc", "closure",
              "generator", "module qstr table")


def type_addresses(image):
    """{address: name} of the built-in types on this firmware (the same
    image, another power-on)."""
    with rp2.pico_emu.Pico(image) as pico:
        rp2.boot(pico)
        out = rp2.raw_exec(pico, TYPES_CODE)
    found = dict(w.split("=") for w in out.split() if "=" in w)
    return {int(v): k for k, v in found.items()}


def elf_symbols(board="pico_ssd1306"):
    """{name: (address, size)} of the release image's symbols, or None
    without its ELF."""
    elf = ROOT / "out" / "rp2" / f"build-{board}" / "firmware.elf"
    if not elf.exists():
        return None
    out = subprocess.run(["arm-none-eabi-nm", "-S", "--defined-only",
                          str(elf)], capture_output=True, text=True,
                         check=True).stdout
    syms = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4:
            syms[p[3]] = (int(p[0], 16), int(p[1], 16))
        elif len(p) == 3:
            syms[p[2]] = (int(p[0], 16), 0)
    return syms


def elf_roots(syms):
    """[(start, end)] of the collector's roots in RAM (mp_state_ctx, the C
    stack) from the release image's symbols, or None without them."""
    if syms is None:
        return None
    ctx, size = syms["mp_state_ctx"]
    return [(ctx, ctx + size), (syms["__StackBottom"][0],
                                syms["__StackTop"][0])]


class Snapshot:
    """The GC heap in a copy of the chip's RAM: its allocations, read as
    words; flash (frozen objects, qstrs) read through flash_read."""

    def __init__(self, ram, flash_read):
        self.ram = ram
        self.flash_read = flash_read
        self.flash_cache = {}
        w = struct.unpack(f"<{rp2.RAM_BYTES // 4}I", ram)
        self.header = None
        for i in range(len(w) - 6):
            atb, n = w[i], w[i + 1]
            if not (rp2.RAM <= atb < rp2.RAM + rp2.RAM_BYTES and
                    0 < n < rp2.RAM_BYTES // 64):
                continue
            for k in (3, 4):    # finaliser table (and weakref table) between
                if atb < w[i + k] < w[i + k + 1] <= rp2.RAM + \
                        rp2.RAM_BYTES and w[i + k + 1] - w[i + k] == n * 64:
                    self.header = range(rp2.RAM + 4 * i,
                                        rp2.RAM + 4 * (i + 7))
                    self.atb, self.n, self.pool = atb, n, w[i + k]
        if self.header is None:
            raise RuntimeError("the GC heap's header is not in this RAM")
        table = self.read(self.atb, self.n)
        states = [b >> s & 3 for b in table for s in (0, 2, 4, 6)]
        self.allocs = {}          # head address -> bytes
        i = 0
        while i < len(states):
            if states[i] in (1, 3):
                j = i + 1
                while j < len(states) and states[j] == 2:
                    j += 1
                self.allocs[self.pool + i * rp2.BLOCK] = (j - i) * rp2.BLOCK
                i = j
            else:
                i += 1
        self.heads = sorted(self.allocs)

    def read(self, addr, n):
        if rp2.RAM <= addr < rp2.RAM + rp2.RAM_BYTES:
            off = addr - rp2.RAM
            return self.ram[off:off + n]
        if not FLASH <= addr < FLASH + (16 << 20):
            return b"\0" * n
        page = addr & ~0xFFF
        out = b""
        while len(out) < n + (addr - (addr & ~0xFFF)):
            if page not in self.flash_cache:
                self.flash_cache[page] = self.flash_read(page, 4096)
            out += self.flash_cache[page]
            page += 4096
        start = addr - (addr & ~0xFFF)
        return out[start:start + n]

    def words(self, addr, n=None):
        size = self.allocs[addr] if n is None else n * 4
        return struct.unpack(f"<{size // 4}I", self.read(addr, size))

    def word(self, addr):
        return struct.unpack("<I", self.read(addr, 4))[0]

    def cstr(self, addr):
        return self.read(addr, 64).split(b"\0", 1)[0].decode(
            errors="replace")

    def head_of(self, p):
        """The allocation p points into (its head), or None."""
        if not (self.pool <= p < self.pool + self.n * 64):
            return None
        i = bisect.bisect_right(self.heads, p) - 1
        if i < 0:
            return None
        h = self.heads[i]
        return h if p < h + self.allocs[h] else None

    def edges(self, a):
        """The allocations a's words point into (the collector's rule)."""
        out = []
        for p in self.words(a):
            h = self.head_of(p)
            if h is not None and h != a:
                out.append(h)
        return out


def qstr_pools(s):
    """The heap's qstr pools: {address: (alloc, len, total_prev_len,
    prev)}."""
    pools = {}
    for a, size in s.allocs.items():
        if size < 32:
            continue
        w = s.words(a, 6)
        alloc, length = w[2], w[3]
        if 0 < alloc < 20000 and length <= alloc and \
                w[4] == a + 24 + 4 * alloc and w[5] == w[4] + alloc and \
                24 + 6 * alloc <= size:
            pools[a] = (alloc, length, w[1] & 0x7FFFFFFF, w[0])
    return pools


class Qstrs:
    """qstr id -> text, through the pool chain (the heap's pools, then the
    firmware's in flash). flash_pool: the last pool in flash (the frozen
    modules'), where the chain starts when the heap has none."""

    def __init__(self, s, pools, flash_pool=0):
        self.s = s
        self.chain = []            # (total_prev_len, len, address)
        p = max(pools, key=lambda a: pools[a][2]) if pools else flash_pool
        while p:
            w = struct.unpack("<6I", s.read(p, 24))
            self.chain.append((w[1] & 0x7FFFFFFF, w[3], p))
            p = w[0]

    def text(self, q):
        for total, length, addr in self.chain:
            if total <= q < total + length:
                return self.s.cstr(self.s.word(addr + 24 + 4 * (q - total)))
        return f"?q{q}"

    def obj(self, v):
        """A short text for an object word (small int, qstr), or None."""
        if v & 1:
            return str((v >> 1) - (1 << 31) if v >> 31 else v >> 1)
        if v & 7 == 2:
            return self.text(v >> 3)
        return None

    def heap_texts(self, pools):
        """The interned strings of the heap's pools, in order."""
        return [self.text(q) for total, length, addr in self.chain
                if addr in pools for q in range(total, total + length)]


def map_items(s, qs, m):
    """(key text, value word) of the mp_map_t at m (a dict's is at +4)."""
    _bits, alloc, table = struct.unpack("<3I", s.read(m, 12))
    if s.head_of(table) is None or alloc > 4096:
        return []
    out = []
    for i in range(alloc):
        k, v = struct.unpack("<2I", s.read(table + 8 * i, 8))
        if k and k != 4 and k != 8:          # empty, deleted
            out.append((qs.obj(k) or f"<{k:#x}>", v))
    return out


def classify(s, types):
    """{address: kind} for every allocation, and the qstr pools."""
    kind = {}
    pools = qstr_pools(s)
    for a, (alloc, length, _, _) in pools.items():
        kind[a] = "qstr pool"
        for p in s.words(a, 6 + length)[6:]:
            h = s.head_of(p)
            if h is not None and h not in pools:
                kind[h] = "qstr chunk (interned strings)"
    by_type = {v: k for k, v in types.items()}
    for a in s.heads:
        if a in kind:
            continue
        t = s.word(a)
        if t in types:
            kind[a] = types[t]
        elif s.head_of(t) is not None and \
                s.word(s.head_of(t)) == by_type.get("type"):
            kind[a] = "instance"

    def mark(p, what):
        h = s.head_of(p)
        if h is not None and h not in kind:
            kind[h] = what
        return h
    # untyped: by who points at them (field by field)
    for a in list(kind):
        t = s.word(a)
        if t == by_type.get("fun_bc"):
            mark(s.word(a + 12), "bytecode")
            ct = mark(s.word(a + 8), "child table")
            if ct is not None:
                for rc in s.words(ct):
                    h = mark(rc, "raw code")
                    if h is not None:
                        mark(s.word(h + 4), "bytecode")
        elif t == by_type.get("module"):
            mark(s.word(a + 8), "module qstr table")
            mark(s.word(a + 12), "module constants table")
        elif t == by_type.get("dict"):
            mark(s.word(a + 12), "dict table")
        elif t == by_type.get("str"):
            mark(s.word(a + 12), "str data")
        elif t == by_type.get("list"):
            mark(s.word(a + 12), "list items")
    # raw codes hanging from raw codes' children (nested functions)
    changed = True
    while changed:
        changed = False
        for a in s.heads:
            if kind.get(a) == "raw code":
                for p, what in ((s.word(a + 4), "bytecode"),
                                (s.word(a + 8), "child table")):
                    if s.head_of(p) is not None and \
                            s.head_of(p) not in kind:
                        mark(p, what)
                        changed = True
            elif kind.get(a) == "child table":
                for p in s.words(a):
                    if s.head_of(p) is not None and \
                            s.head_of(p) not in kind:
                        mark(p, "raw code")
                        changed = True
    for a in s.heads:
        kind.setdefault(a, "other (untyped)")
    return kind, pools


def module_names(s, qs, kind):
    """{module object: its __name__}."""
    names = {}
    for m in (a for a in s.heads if kind[a] == "module"):
        names[m] = dict(map_items(s, qs, s.word(m + 4) + 4)).get("__name__")
        names[m] = qs.obj(names[m]) if names[m] is not None else \
            f"?{m:x}"
    return names


def modules_held(s, kind, names):
    """{module name: the allocations it reaches without going through
    another module object or a qstr pool}."""
    stop = {a for a in s.heads if kind[a] == "module" or
            kind[a].startswith("qstr")}
    reach = {}
    for m, name in names.items():
        seen, todo = {m}, [m]
        while todo:
            for h in s.edges(todo.pop()):
                if h not in seen and h not in stop:
                    seen.add(h)
                    todo.append(h)
        reach[name] = seen
    return reach


def by_kind(s, kind, pools, out):
    total = sum(s.allocs.values())
    out(f"live heap {total:,} B in {len(s.allocs):,} allocations")
    by = Counter()
    for a, k in kind.items():
        by[k] += s.allocs[a]
    for k, n in by.most_common():
        out(f"  {n:7,}  {100 * n / total:5.1f}%  {k}")
    for a, (alloc, length, prev_total, _) in sorted(pools.items(),
                                                    key=lambda x: x[1][2]):
        out(f"  qstr pool at {a:#x}: {length}/{alloc} entries used, "
            f"{s.allocs[a]:,} B (qstrs {prev_total}..{prev_total + length})")
    return total, dict(by)


def by_module(s, kind, reach, top, out):
    count = Counter(a for held in reach.values() for a in held)
    rows = []
    for name, held in reach.items():
        kinds = Counter()
        for a in held:
            if count[a] == 1:
                kinds[kind[a]] += s.allocs[a]
        rows.append((sum(kinds.values()), name, kinds))
    rows.sort(reverse=True)
    out("\nper module (what only it reaches: code = bytecode, raw code, "
        "function objects; the rest: globals, classes, data):")
    for n, name, kinds in rows[:top]:
        code = sum(v for k, v in kinds.items() if k in CODE_KINDS)
        out(f"  {n:7,}  {name:28} code {code:6,}  rest {n - code:6,}")
    shared = [a for a, c in count.items() if c > 1]
    sk = Counter()
    for a in shared:
        sk[kind[a]] += s.allocs[a]
    out(f"  {sum(sk.values()):7,}  (shared by modules) " +
        ", ".join(f"{k} {v:,}" for k, v in sk.most_common(8)))
    uk = Counter()
    for a in s.heads:
        if a not in count and not kind[a].startswith("qstr"):
            uk[kind[a]] += s.allocs[a]
    out(f"  {sum(uk.values()):7,}  (no module reaches: the app's objects, "
        f"the stack's) " + ", ".join(f"{k} {v:,}" for k, v in
                                    uk.most_common(6)))
    return {name: n for n, name, _ in rows}


def made_by_module(s, qs, kind, names, out):
    """What each module made: its object and globals dict, its functions
    (their context is the module) and its classes with their dicts (their
    __module__): bytes, functions, globals."""
    made = defaultdict(lambda: [0, 0, 0])
    owner = {}
    ctx_name = {}
    for m, name in names.items():
        g = s.word(m + 4)
        owner[m] = owner[g] = owner[s.word(g + 12)] = name
        made[name][2] = len(map_items(s, qs, g + 4))
        ctx_name[m] = name
    for a in s.heads:
        k = kind[a]
        if k in ("fun_bc", "closure", "generator"):
            name = ctx_name.get(s.word(a + 4))
            if name:
                owner[a] = name
                made[name][1] += 1
        elif k == "type":
            for i in range(8, 60, 4):     # the slots: its locals dict
                ld = s.word(a + i)
                if kind.get(ld) == "dict":
                    mod = dict(map_items(s, qs, ld + 4)).get("__module__")
                    mod = qs.obj(mod) if mod is not None else None
                    if mod:
                        owner[a] = owner[ld] = owner[s.word(ld + 12)] = mod
                    break
    for a, m in owner.items():
        if a in s.allocs:
            made[m][0] += s.allocs[a]
    out("\nwhat each module made (its object and globals, functions, "
        "classes and their dicts; bytes, functions, globals):")
    for m, (b, f, g) in sorted(made.items(), key=lambda x: -x[1][0]):
        out(f"  {b:7,} {f:4} {g:4}  {m}")
    out(f"  {sum(v[0] for v in made.values()):7,}  in all")


def largest(s, kind, reach, n, out):
    """The n largest allocations: size, kind, the module that holds them,
    who points at them."""
    holder = {}
    for name, held in reach.items():
        for a in held:
            holder[a] = name if a not in holder else "(shared)"
    refs = defaultdict(set)
    for a in s.heads:
        for h in s.edges(a):
            refs[h].add(kind[a])
    out(f"\nthe {n} largest allocations:")
    for a in sorted(s.heads, key=lambda a: -s.allocs[a])[:n]:
        out(f"  {s.allocs[a]:6,}  {kind[a]:28} {holder.get(a, '-'):24} "
            f"from {', '.join(sorted(refs[a]))[:60]}")


def dominators(s, roots):
    """(idom, children, retained bytes, reached) of the graph from the
    root words (Cooper, Harvey and Kennedy's iteration)."""
    ROOTN = 0
    succ = {ROOTN: list(dict.fromkeys(h for h in map(s.head_of, roots)
                                      if h is not None))}
    for a in s.heads:
        succ[a] = s.edges(a)
    order, seen, stack = [], {ROOTN}, [(ROOTN, iter(succ[ROOTN]))]
    while stack:                      # postorder
        n, it = stack[-1]
        for c in it:
            if c not in seen:
                seen.add(c)
                stack.append((c, iter(succ[c])))
                break
        else:
            order.append(n)
            stack.pop()
    po = {n: i for i, n in enumerate(order)}
    preds = defaultdict(list)
    for n in order:
        for c in succ[n]:
            preds[c].append(n)
    idom = {ROOTN: ROOTN}
    changed = True
    while changed:
        changed = False
        for n in reversed(order[:-1]):
            ps = [p for p in preds[n] if p in idom]
            new = ps[0]
            for p in ps[1:]:
                a, b = p, new
                while a != b:
                    while po[a] < po[b]:
                        a = idom[a]
                    while po[b] < po[a]:
                        b = idom[b]
                new = a
            if idom.get(n) != new:
                idom[n], changed = new, True
    children = defaultdict(list)
    for n, d in idom.items():
        if n != ROOTN:
            children[d].append(n)
    retained = {}
    for n in order:                   # children first
        retained[n] = s.allocs.get(n, 0) + sum(retained[c]
                                               for c in children[n])
    return children, retained, set(po) - {ROOTN}


def tree(s, qs, kind, names, roots, depth, minimum, out):
    children, retained, reached = dominators(s, roots)
    label = {}
    for a in s.heads:                 # names for edges: keys, members
        k = kind[a]
        m = s.word(a + 4) + 4 if k == "module" else \
            a + 4 if k in ("dict", "instance") else None
        if m is not None:
            for key, v in map_items(s, qs, m):
                h = s.head_of(v)
                if h is not None:
                    label.setdefault(h, key)

    def describe(a):
        k = kind[a]
        if k == "module":
            return "module " + names.get(a, "?")
        if k == "dict":
            keys = [key for key, _ in map_items(s, qs, a + 4)]
            return f"dict[{len(keys)}] " + ",".join(keys[:6]) + \
                ("..." if len(keys) > 6 else "")
        if k == "type":
            return "class " + qs.text(struct.unpack("<H",
                                                    s.read(a + 6, 2))[0])
        return k
    out(f"\ndominator tree (>= {minimum} B, {depth} levels; reached from "
        f"the roots {sum(s.allocs[a] for a in reached):,} B):")

    def walk(n, d):
        for c in sorted(children[n], key=lambda c: -retained[c]):
            if retained[c] < minimum:
                continue
            lab = label.get(c)
            out(f"  {'  ' * d}{retained[c]:6,}  "
                f"{(lab + ': ') if lab else ''}{describe(c)} "
                f"({s.allocs[c]} B itself)")
            if d + 1 < depth:
                walk(c, d + 1)
    walk(0, 0)
    lost = sorted((a for a in s.heads if a not in reached),
                  key=lambda a: -s.allocs[a])
    out(f"unreached ({sum(s.allocs[a] for a in lost):,} B: garbage since "
        f"the collection, or a stale root), the largest:")
    for a in lost[:12]:
        out(f"  {s.allocs[a]:6,}  {a:#x} {kind[a]} "
            f"{bytes(s.read(a, min(s.allocs[a], 48)))!r}")


def root_words(s, spans):
    """The words the collector starts from: spans of RAM (the ELF's), or
    without them every RAM word outside the heap."""
    if spans is None:
        spans = [(rp2.RAM, s.atb), (s.pool + s.n * 64,
                                    rp2.RAM + rp2.RAM_BYTES)]
    out = []
    for a, b in spans:
        out += [w for i, w in zip(range(a, b, 4), struct.unpack(
            f"<{(b - a) // 4}I", s.read(a, b - a)))
            if i not in s.header]
    return out


def analyse(ram, flash_read, types, syms, args, title, out=print):
    """Every report of one RAM snapshot; the figures for --json."""
    out(f"\n== {title}")
    s = Snapshot(ram, flash_read)
    kind, pools = classify(s, types)
    qs = Qstrs(s, pools, syms["mp_qstr_frozen_const_pool"][0]
               if syms and "mp_qstr_frozen_const_pool" in syms else 0)
    roots = elf_roots(syms)
    names = module_names(s, qs, kind)
    reach = modules_held(s, kind, names)
    total, kinds = by_kind(s, kind, pools, out)
    mods = by_module(s, kind, reach, args.top, out)
    made_by_module(s, qs, kind, names, out)
    largest(s, kind, reach, args.largest, out)
    tree(s, qs, kind, names, root_words(s, roots), args.depth, args.min,
         out)
    texts = qs.heap_texts(pools)
    out(f"\n{len(texts)} qstrs made at runtime (in the heap's pools, "
        f"{sum(len(t) + 1 for t in texts):,} B of text): " +
        " ".join(sorted(texts)))
    return {"total": total, "kinds": kinds, "modules": mods,
            "qstrs": texts}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", default="dinos", choices=rp2.TITLES)
    ap.add_argument("--deploy", default="frozen",
                    choices=("frozen", "mpy", "romfs"))
    ap.add_argument("--press", type=int, help="take this press (1: the "
                    "script's first) instead of the peak's")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--min", type=int, default=128)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--largest", type=int, default=30)
    ap.add_argument("--qstrs", help="write the peak's runtime qstrs here")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args(argv)
    syms = elf_symbols() if args.deploy == "frozen" else None
    with tempfile.TemporaryDirectory() as tmp:
        base = rp2.IMAGES[args.deploy](tmp)
        img = Path(tmp) / "types.img"
        shutil.copy(base, img)
        types = type_addresses(img)
        # 1: every press's figure, to find the one to read
        img = Path(tmp) / "one.img"
        shutil.copy(base, img)
        r = rp2.play_title(img, args.title)
        heaps = [p["heap"] for p in r["presses"]]
        at = heaps.index(max(heaps)) + 1 if args.press is None else \
            args.press
        if not 1 <= at <= len(heaps):
            raise SystemExit(f"--press: 1 to {len(heaps)}")
        print(f"{args.title} ({args.deploy}): boot {r['boot_heap']:,} B, "
              f"press {at} of {len(heaps)} {heaps[at - 1]:,} B (peak "
              f"{max(heaps):,} B)")
        # 2: again, RAM read when the boot's and that press's figures are
        # seen (press 0: the BACK on the home screen before the game)
        wanted = {0: r["boot_heap"], at: heaps[at - 1]}
        got = {}
        state = {"press": -1}
        real_press, real_used = rp2.press, rp2.heap_used

        def press(pico, heap, key, hold):
            state["press"] += 1
            return real_press(pico, heap, key, hold)

        def used(pico, heap):
            n = real_used(pico, heap)
            k = state["press"]
            if wanted.get(k) == n and k not in got:
                what = "boot" if k == 0 else f"press {k}"
                got[k] = analyse(pico.mem(rp2.RAM, rp2.RAM_BYTES), pico.mem,
                                 types, syms, args, f"{what}: {n:,} B")
            return n
        img = Path(tmp) / "two.img"
        shutil.copy(base, img)
        rp2.press, rp2.heap_used = press, used
        try:
            rp2.play_title(img, args.title)
        finally:
            rp2.press, rp2.heap_used = real_press, real_used
    if at not in got:
        raise SystemExit("the press's heap was not seen again: run again")
    if syms is None:
        print("\n(no ELF for this firmware: every RAM word outside the heap "
              "was a root)")
    if args.qstrs:
        Path(args.qstrs).write_text("\n".join(got[at]["qstrs"]) + "\n")
    if args.json:
        Path(args.json).write_text(json.dumps(got[at]))


if __name__ == "__main__":
    main()
