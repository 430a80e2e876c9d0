"""Where the emulated Pico's heap goes at a title's peak: the GC heap read
from the chip's RAM (as bench/rp2.py reads it) at the press whose live heap
is the game's largest, each allocation sorted into a kind (qstr pools, the
interned strings' chunks, bytecode and raw code of loaded .mpy files,
module globals, functions, other objects) and into the module that holds
it. A measuring tool, not a benchmark row: nothing is added to the
firmware.

    .venv/bin/python bench/rp2_heapmap.py [--title dinos] [--deploy mpy]
        [--top 40] [--json OUT]

Plays the title's max-player game twice on fresh copies of the
deployment's flash (bench/rp2.py): the first run finds the peak press, the
second stops there and reads RAM at the step the live heap was taken.

How an allocation is recognised (MicroPython v1.28.0, 32-bit, 16-byte
blocks, the stock rp2 port's layout):
- its first word is the address of a type: the types' addresses are asked
  once at the raw REPL of another power-on (id(dict)...), so an object of a
  built-in type (dict, str, fun_bc...) is named; a first word pointing at
  a heap object of type `type` is an instance of a class of ours;
- a qstr pool (py/qstr.h qstr_pool_t: prev, total_prev_len, alloc, len,
  hashes, lengths, qstrs[alloc]; hashes right after qstrs[], lengths after
  them) is recognised by its own shape; the allocations its qstrs[] point
  into are the chunks of interned strings;
- an allocation without a type is named by what points at it: a
  function's bytecode (mp_obj_fun_bc_t: type, context, child_table,
  bytecode), a module's qstr table or constants (mp_module_context_t:
  type, globals, qstr_table, obj_table), a dict's table, a str's data, a
  child table's raw codes (kind, fun_data, children) and their bytecode.
A module "holds" what is reachable from its module object without going
through another module object; "shared" is what more than one holds;
"unreached" is what no module reaches (the app's objects, the stack's).
"""

import argparse
import json
import shutil
import struct
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from roots import ROOT  # noqa: E402  (tests/, tools/, sim/scripts on the path)

sys.path.insert(0, str(ROOT / "bench"))

import rp2  # noqa: E402

TYPES = ("dict", "str", "bytes", "bytearray", "tuple", "list", "set",
         "type", "module", "fun_bc", "closure", "bound_method", "property",
         "staticmethod", "classmethod", "int", "float", "memoryview",
         "generator", "cell", "FrameBuffer", "array", "range", "map_iter",
         "object")
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


def type_addresses(image):
    """{address: name} of the built-in types on this firmware (the same
    image, another power-on)."""
    with rp2.pico_emu.Pico(image) as pico:
        rp2.boot(pico)
        out = rp2.raw_exec(pico, TYPES_CODE)
    words = out.split()
    found = dict(w.split("=") for w in words if "=" in w)
    return {int(v): k for k, v in found.items()}


def heap_area(pico):
    """(alloc table address, its length, pool start) as rp2.find_heap
    finds them."""
    atb, n = rp2.find_heap(pico)
    w = struct.unpack(f"<{rp2.RAM_BYTES // 4}I",
                      pico.mem(rp2.RAM, rp2.RAM_BYTES))
    i = (atb - rp2.RAM) // 4
    for j in range(len(w) - 6):
        if w[j] == atb and w[j + 1] == n:
            for k in (3, 4):
                if w[j + k + 1] - w[j + k] == n * 64:
                    return atb, n, w[j + k]
    raise RuntimeError(f"no pool for the table at {i}")


class Snapshot:
    def __init__(self, ram, heap, flash_read):
        self.ram = ram
        self.atb, self.n, self.pool = heap
        self.flash_read = flash_read
        self.flash_cache = {}
        table = ram[self.atb - rp2.RAM:self.atb - rp2.RAM + self.n]
        states = []
        for b in table:
            for s in (0, 2, 4, 6):
                states.append(b >> s & 3)
        self.allocs = {}          # address -> bytes
        i = 0
        nb = len(states)
        while i < nb:
            if states[i] == 1 or states[i] == 3:
                j = i + 1
                while j < nb and states[j] == 2:
                    j += 1
                self.allocs[self.pool + i * rp2.BLOCK] = (j - i) * rp2.BLOCK
                i = j
            else:
                i += 1
        self.heads = sorted(self.allocs)

    def words(self, addr, n=None):
        size = self.allocs[addr] if n is None else n * 4
        off = addr - rp2.RAM
        return struct.unpack(f"<{size // 4}I", self.ram[off:off + size])

    def head_of(self, p):
        """The allocation p points into (its head), or None."""
        if not (self.pool <= p < self.pool + self.n * 64):
            return None
        import bisect
        i = bisect.bisect_right(self.heads, p) - 1
        if i < 0:
            return None
        h = self.heads[i]
        return h if p < h + self.allocs[h] else None

    def read(self, addr, n):
        if rp2.RAM <= addr < rp2.RAM + rp2.RAM_BYTES:
            off = addr - rp2.RAM
            return self.ram[off:off + n]
        page = addr & ~0xFFF
        out = b""
        while len(out) < n + (addr - page):
            if page not in self.flash_cache:
                self.flash_cache[page] = self.flash_read(page, 4096)
            out += self.flash_cache[page]
            page += 4096
        start = addr - (addr & ~0xFFF)
        return out[start:start + n]

    def cstr(self, addr):
        data = self.read(addr, 64)
        return data.split(b"\0", 1)[0].decode(errors="replace")


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
    """qstr id -> text, through the pool chain (heap and flash pools)."""

    def __init__(self, s, pools):
        self.s = s
        newest = max(pools, key=lambda a: pools[a][2])
        self.chain = []            # (total_prev_len, len, address)
        p = newest
        while p:
            w = struct.unpack("<6I", s.read(p, 24))
            self.chain.append((w[1] & 0x7FFFFFFF, w[3], p))
            p = w[0]

    def text(self, q):
        for total, length, addr in self.chain:
            if total <= q < total + length:
                ptr = struct.unpack("<I", self.s.read(addr + 24 + 4 *
                                                      (q - total), 4))[0]
                return self.s.cstr(ptr)
        return f"?q{q}"


def classify(s, types):
    """{address: kind} for every allocation, and the pools."""
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
        t = s.words(a, 1)[0]
        if t in types:
            kind[a] = types[t]
        elif s.head_of(t) is not None and \
                s.words(s.head_of(t), 1)[0] == by_type.get("type"):
            kind[a] = "instance"
    # untyped: by who points at them (field by field)
    fun, mod, dct, strs = (by_type.get(k) for k in ("fun_bc", "module",
                                                     "dict", "str"))
    for a in s.heads:
        k = kind.get(a)
        if k is None:
            continue
        w = s.words(a)
        t = w[0]

        def mark(p, what):
            h = s.head_of(p)
            if h is not None and h not in kind:
                kind[h] = what
            return h
        if t == fun:
            mark(w[3], "bytecode")
            ct = mark(w[2], "child table")
            if ct is not None:
                for rc in s.words(ct):
                    h = mark(rc, "raw code")
                    if h is not None:
                        r = s.words(h)
                        mark(r[1], "bytecode")
        elif t == mod:
            mark(w[2], "module qstr table")
            ot = mark(w[3], "module constants table")
        elif t == dct or (kind.get(a) == "instance" and len(w) > 1) or \
                kind.get(a) == "type":
            pass
        if t == dct:
            mark(w[3], "dict table")
        elif t == strs:
            mark(w[3], "str data")
        elif t == by_type.get("tuple") or t == by_type.get("list"):
            if t == by_type.get("list"):
                mark(w[3], "list items")
    # raw codes hanging from raw codes' children (nested functions)
    changed = True
    while changed:
        changed = False
        for a in list(s.heads):
            if kind.get(a) == "raw code":
                r = s.words(a)
                for p, what in ((r[1], "bytecode"), (r[2], "child table")):
                    h = s.head_of(p)
                    if h is not None and h not in kind:
                        kind[h] = what
                        changed = True
            elif kind.get(a) == "child table":
                for p in s.words(a):
                    h = s.head_of(p)
                    if h is not None and h not in kind:
                        kind[h] = "raw code"
                        changed = True
    for a in s.heads:
        kind.setdefault(a, "other (untyped)")
    return kind, pools


def edges(s, a):
    out = []
    for p in s.words(a):
        h = s.head_of(p)
        if h is not None and h != a:
            out.append(h)
    return out


def modules_held(s, kind, types, qs):
    """{module name: set of allocations it reaches without going through
    another module object}."""
    by_type = {v: k for k, v in types.items()}
    mods = [a for a in s.heads if kind[a] == "module"]
    names = {}
    for m in mods:
        g = s.words(m)[1]
        name = f"?{m:x}"
        gh = s.head_of(g)
        if gh is not None and s.words(gh, 1)[0] == by_type.get("dict"):
            d = s.words(gh)
            tab = s.head_of(d[3])
            if tab is not None:
                kv = s.words(d[3], d[2] * 2) if d[2] else ()
                for i in range(0, len(kv), 2):
                    if kv[i] & 7 == 2 and qs.text(kv[i] >> 3) == "__name__":
                        v = kv[i + 1]
                        if v & 7 == 2:
                            name = qs.text(v >> 3)
        names[m] = name
    pools = {a for a in s.heads if kind[a].startswith("qstr")}
    reach = {}
    modset = set(mods)
    for m in mods:
        seen = {m}
        todo = [m]
        while todo:
            a = todo.pop()
            for h in edges(s, a):
                if h in seen or h in modset or h in pools:
                    continue
                seen.add(h)
                todo.append(h)
        reach[names[m]] = seen
    return reach


def report(s, kind, reach, pools, top, out=print):
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
    count = Counter()
    for held in reach.values():
        for a in held:
            count[a] += 1
    rows = []
    for name, held in reach.items():
        own = [a for a in held if count[a] == 1]
        kinds = Counter()
        for a in own:
            kinds[kind[a]] += s.allocs[a]
        rows.append((sum(kinds.values()), name, kinds))
    rows.sort(reverse=True)
    out("\nper module (what only it reaches; bytecode+raw code / globals "
        "and the rest):")
    for n, name, kinds in rows[:top]:
        code = sum(v for k, v in kinds.items()
                   if k in ("bytecode", "raw code", "child table", "fun_bc",
                            "module qstr table"))
        out(f"  {n:7,}  {name:28} code {code:6,}  rest {n - code:6,}")
    shared = {a for a, c in count.items() if c > 1}
    reached = set(count)
    out(f"  {sum(s.allocs[a] for a in shared):7,}  (shared by modules)")
    sk = Counter()
    for a in shared:
        sk[kind[a]] += s.allocs[a]
    out("           shared: " + ", ".join(f"{k} {v:,}" for k, v in
                                         sk.most_common(8)))
    un = [a for a in s.heads if a not in reached and
          not kind[a].startswith("qstr")]
    uk = Counter()
    for a in un:
        uk[kind[a]] += s.allocs[a]
    out(f"  {sum(uk.values()):7,}  (no module reaches: the app's objects, "
        f"the stack's)  " + ", ".join(f"{k} {v:,}" for k, v in
                                     uk.most_common(6)))
    return {"total": total, "kinds": dict(by),
            "modules": {name: n for n, name, _ in rows}}


def largest(s, kind, reach, n, out=print):
    """The n largest allocations: size, kind, who points at them, the
    module that holds them."""
    holder = {}
    for name, held in reach.items():
        for a in held:
            holder[a] = name if a not in holder else "(shared)"
    refs = defaultdict(list)
    for a in s.heads:
        for h in edges(s, a):
            refs[h].append(kind[a])
    out(f"\nthe {n} largest allocations:")
    for a in sorted(s.heads, key=lambda a: -s.allocs[a])[:n]:
        out(f"  {s.allocs[a]:6,}  {kind[a]:28} {holder.get(a, '-'):24} "
            f"from {', '.join(sorted(set(refs[a])))[:60]}")


def dynamic_qstrs(s, qs, pools):
    """The interned strings of the heap's pools, in order."""
    out = []
    for total, length, addr in qs.chain:
        if addr in pools:
            out.extend(qs.text(q) for q in range(total, total + length))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", default="dinos")
    ap.add_argument("--deploy", default="mpy", choices=("mpy", "frozen"))
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--json")
    ap.add_argument("--largest", type=int, default=30)
    ap.add_argument("--qstrs", help="write the heap's qstrs to this file")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = rp2.IMAGES[args.deploy](tmp)
        img = Path(tmp) / "types.img"
        shutil.copy(base, img)
        types = type_addresses(img)
        # 1: the peak press
        img = Path(tmp) / "one.img"
        shutil.copy(base, img)
        r = rp2.play_title(img, args.title)
        heaps = [p["heap"] for p in r["presses"]]
        peak = max(heaps)
        at = heaps.index(peak)
        print(f"{args.title}: boot {r['boot_heap']:,} B, peak {peak:,} B at "
              f"press {at + 1} of {len(heaps)}", file=sys.stderr)
        # 2: again, RAM read when that press's live heap is seen
        img = Path(tmp) / "two.img"
        shutil.copy(base, img)
        got = {}
        state = {"press": -1}
        real_press, real_used = rp2.press, rp2.heap_used

        def press(pico, heap, key, hold):
            state["press"] += 1
            return real_press(pico, heap, key, hold)

        def used(pico, heap):
            n = real_used(pico, heap)
            # (press 0 is the BACK on home before the game)
            if state["press"] == at + 1 and n == peak and "ram" not in got:
                got["ram"] = pico.mem(rp2.RAM, rp2.RAM_BYTES)
                got["heap"] = heap_area(pico)
                got["flash"] = {}
                # flash pages the qstr chain needs: read now
                got["pico"] = pico
                s = Snapshot(got["ram"], got["heap"], pico.mem)
                kind, pools = classify(s, types)
                qs = Qstrs(s, pools)
                reach = modules_held(s, kind, types, qs)
                got["result"] = report(s, kind, reach, pools, args.top)
                largest(s, kind, reach, args.largest)
                q = dynamic_qstrs(s, qs, pools)
                got["result"]["qstrs"] = len(q)
                got["result"]["qstr_bytes"] = sum(len(t) + 1 for t in q)
                print(f"\n{len(q)} qstrs in the heap's pools, "
                      f"{got['result']['qstr_bytes']:,} B of text")
                if args.qstrs:
                    Path(args.qstrs).write_text("\n".join(q) + "\n")
            return n
        rp2.press, rp2.heap_used = press, used
        try:
            rp2.play_title(img, args.title)
        finally:
            rp2.press, rp2.heap_used = real_press, real_used
        if "result" not in got:
            raise SystemExit("the peak was not seen again")
        if args.json:
            Path(args.json).write_text(json.dumps(got["result"]))


if __name__ == "__main__":
    main()
