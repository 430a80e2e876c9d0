"""Where the emulated Pico's live heap goes: the GC heap read from the
chip's RAM (as bench/rp2.py reads it) and walked object by object. A
measuring tool, not a benchmark row: nothing is added to the firmware.

    .venv/bin/python bench/rp2_heap.py [--title doggy] [--depth 3]
        [--min 128] [--board pico_ssd1306] [--press N]

plays the title's max-player game on the release image as bench/rp2.py
does, finds its peak press, plays it again to that press and takes the
heap at the moment bench/rp2.py takes its figure (the least after the
key's step: after the app's own gc.collect()); boot is taken the same way,
after a BACK on the home screen. For each it prints:

- bytes by kind: an object's type (read from its first word: a type
  object's name qstr), an untyped block (a dict's table, a str's bytes, a
  list's items...) counted as "<its owner's kind> (data)";
- bytes by module: what each module in sys.modules alone keeps alive (its
  dominator subtree: the module object, its globals, its functions,
  classes and whatever only they reach);
- the dominator tree from the roots (mp_state_ctx's words and the C
  stack), each node with what it alone keeps alive, down to --depth levels
  and --min bytes, labelled by the dict key or attribute it is reached by.

A block is live here if a root reaches it by the collector's rule (a word
equal to an address inside its head block); what no root reaches is
listed as "unreached" (allocated since the collection, or a stale root).
"""

import argparse
import struct
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from roots import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import maxplayers  # noqa: E402
import rp2  # noqa: E402
from marcador import pico_emu  # noqa: E402
from marcador.sim import _keyscript  # noqa: E402

RAM, RAM_BYTES = rp2.RAM, rp2.RAM_BYTES
FLASH = 0x10000000
B = rp2.BLOCK


def symbols(elf):
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


class Heap:
    def __init__(self, ram, flash, syms):
        self.ram, self.flash, self.syms = ram, flash, syms
        w = struct.unpack(f"<{RAM_BYTES // 4}I", ram)
        self.words = w
        hits = []
        for i in range(len(w) - 6):
            atb, n = w[i], w[i + 1]
            if not (RAM <= atb < RAM + RAM_BYTES and 0 < n < RAM_BYTES // 64):
                continue
            for k in (3, 4):
                start, end = w[i + k], w[i + k + 1]
                if atb < start < end <= RAM + RAM_BYTES and \
                        end - start == n * 64:
                    hits.append((i, atb, n, start, end))
        assert len(hits) == 1, hits
        self.area_words, self.atb, n, self.pool, self.pool_end = hits[0]
        self.area_words = range(self.area_words, self.area_words + 7)
        tbl = self.mem(self.atb, n)
        kinds = [(tbl[b // 4] >> (b % 4 * 2)) & 3 for b in range(n * 4)]
        self.objs = {}          # head address -> size in bytes
        b = 0
        while b < len(kinds):
            if kinds[b] in (1, 3):
                e = b + 1
                while e < len(kinds) and kinds[e] == 2:
                    e += 1
                self.objs[self.pool + b * B] = (e - b) * B
                b = e
            else:
                b += 1
        self.type_type = syms["mp_type_type"][0]
        self._qpool = None

    def mem(self, addr, n):
        if RAM <= addr < RAM + RAM_BYTES:
            return self.ram[addr - RAM:addr - RAM + n]
        if FLASH <= addr < FLASH + len(self.flash):
            return self.flash[addr - FLASH:addr - FLASH + n]
        return b"\0" * n

    def word(self, addr):
        return struct.unpack("<I", self.mem(addr, 4))[0]

    def head_of(self, v):
        """The head address of the block v points into (the collector's
        rule: within the head block), or None."""
        if not (self.pool <= v < self.pool_end):
            return None
        h = v - (v - self.pool) % B
        return h if h in self.objs else None

    # --- qstrs -----------------------------------------------------------
    def qstr(self, q):
        if self._qpool is None:
            frozen = self.syms["mp_qstr_frozen_const_pool"][0]
            ctx, size = self.syms["mp_state_ctx"]
            best = frozen
            for a in range(ctx, ctx + size, 4):
                v = self.word(a)
                p, hops = v, 0
                while p and hops < 20 and self.head_of(p) is not None:
                    p, hops = self.word(p), hops + 1
                if hops and p == frozen and self._qtop(v) > self._qtop(best):
                    best = v
            self._qpool = best
        p = self._qpool
        while p:
            prev, tpl, _alloc, ln, _h, lens = struct.unpack(
                "<6I", self.mem(p, 24))
            tpl &= 0x7FFFFFFF
            if q >= tpl:
                i = q - tpl
                if i >= ln:
                    return f"q{q}"
                s = self.word(p + 24 + 4 * i)
                n = self.mem(lens + i, 1)[0]
                return self.mem(s, n).decode(errors="replace")
            p = prev
        return f"q{q}"

    def _qtop(self, p):
        _prev, tpl, _alloc, ln = struct.unpack("<4I", self.mem(p, 16))
        return (tpl & 0x7FFFFFFF) + ln

    def obj_repr(self, v):
        """A short text for an object word (small int, qstr, pointer)."""
        if v & 1:
            return str((v >> 1) - (1 << 31) if v >> 31 else v >> 1)
        if v & 7 == 2:
            return self.qstr(v >> 3)
        return None

    def type_of(self, addr):
        """The type name of the object at addr, or None (untyped)."""
        t = self.word(addr)
        if t & 3 or not t:
            return None
        if self.word(t) != self.type_type:
            return None
        if self.head_of(t) is None and not (FLASH <= t < FLASH + len(
                self.flash)):
            return None
        name = self.qstr(struct.unpack("<H", self.mem(t + 6, 2))[0])
        if t == self.type_type:
            return "type"
        if self.head_of(t) is not None:        # a class made by the app
            return "instance " + name
        return name

    def map_items(self, m):
        """(key text, value word) of a mp_map_t at m."""
        _bits, alloc, table = struct.unpack("<3I", self.mem(m, 12))
        if self.head_of(table) is None or alloc > 4096:
            return []
        out = []
        for i in range(alloc):
            k, v = struct.unpack("<2I", self.mem(table + 8 * i, 8))
            if k and k != 4 and k != 8:
                out.append((self.obj_repr(k) or f"<{k:#x}>", v))
        return out


def analyse(h, roots_extra=()):
    objs = h.objs
    kind = {a: h.type_of(a) for a in objs}
    edges = {}
    for a, size in objs.items():
        ws = struct.unpack(f"<{size // 4}I", h.mem(a, size))
        edges[a] = [t for t in (h.head_of(v) for v in ws)
                    if t is not None and t != a]
    # Names for edges: dict keys and instance members.
    label = {}
    for a in objs:
        k = kind[a]
        if k in ("dict", "module") or (k or "").startswith("instance") \
                or k == "type":
            if k == "dict":
                m = a + 4
            elif k == "module":
                m = h.word(a + 4) + 4          # its globals dict's map
            elif k == "type":
                continue
            else:
                m = a + 4
            for key, v in h.map_items(m):
                t = h.head_of(v)
                if t is not None:
                    label.setdefault(t, key)
    # Roots: mp_state_ctx's words (not the heap area's own header) and the
    # C stack.
    ctx, size = h.syms["mp_state_ctx"]
    root_words = [v for i, v in ((a, h.word(a)) for a in
                                 range(ctx, ctx + size, 4))]
    area = {h.word(RAM + 4 * i) for i in h.area_words}
    sb = h.syms["__StackBottom"][0]
    st = h.syms["__StackTop"][0]
    stack = [h.word(a) for a in range(sb, st, 4)]
    roots = []
    for v in root_words:
        t = h.head_of(v)
        if t is not None and v not in area:
            roots.append(t)
    for v in stack:
        t = h.head_of(v)
        if t is not None:
            roots.append(t)
    ROOTN = 0
    succ = {ROOTN: list(dict.fromkeys(roots))}
    succ.update(edges)
    # Reachable order (DFS postorder) and immediate dominators
    # (Cooper, Harvey, Kennedy).
    order, seen, stackv = [], {ROOTN}, [(ROOTN, iter(succ[ROOTN]))]
    while stackv:
        n, it = stackv[-1]
        for s in it:
            if s not in seen:
                seen.add(s)
                stackv.append((s, iter(succ[s])))
                break
        else:
            order.append(n)
            stackv.pop()
    po = {n: i for i, n in enumerate(order)}
    preds = defaultdict(list)
    for n in order:
        for s in succ[n]:
            if s in po:
                preds[s].append(n)
    idom = {ROOTN: ROOTN}
    rpo = list(reversed(order))
    changed = True
    while changed:
        changed = False
        for n in rpo[1:]:
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
                idom[n] = new
                changed = True
    children = defaultdict(list)
    for n, d in idom.items():
        if n != ROOTN:
            children[d].append(n)
    retained = {}
    for n in order:                   # postorder: children first
        retained[n] = (objs.get(n, 0) +
                       sum(retained[c] for c in children[n]))
    return dict(kind=kind, idom=idom, children=children, retained=retained,
                label=label, reached=set(po) - {ROOTN}, roots=set(roots))


def describe(h, a, r):
    k = r["kind"][a]
    if k == "module":
        for key, v in h.map_items(h.word(a + 4) + 4):
            if key == "__name__":
                return f"module {h.obj_repr(v)}"
        return "module ?"
    if k == "type":
        return "class " + h.qstr(struct.unpack("<H", h.mem(a + 6, 2))[0])
    if k == "dict":
        keys = [key for key, _ in h.map_items(a + 4)]
        return f"dict[{len(keys)}] " + ",".join(keys[:6]) + \
            ("..." if len(keys) > 6 else "")
    if k is None:
        owner = r["idom"].get(a)
        ok = r["kind"].get(owner) if owner else None
        return f"data of {ok or 'raw'}"
    return k


def report(h, r, depth, minimum, title):
    objs = h.objs
    total = sum(objs.values())
    reached = r["reached"]
    print(f"\n== {title}: {total} B allocated in {len(objs)} blocks; "
          f"reached from roots {sum(objs[a] for a in reached)} B")
    by_kind = defaultdict(lambda: [0, 0])
    for a, size in objs.items():
        k = r["kind"][a]
        if k is None:
            o = r["idom"].get(a)
            k = "untyped, unreached" if a not in reached else \
                f"{r['kind'].get(o) or 'raw'} (data)"
        by_kind[k][0] += 1
        by_kind[k][1] += size
    print("-- by kind (count, bytes)")
    for k, (c, s) in sorted(by_kind.items(), key=lambda x: -x[1][1])[:30]:
        print(f"  {s:6} {c:4}  {k}")
    print("-- by module (what each alone keeps alive)")
    mods = [a for a in reached if r["kind"][a] == "module"]
    for a in sorted(mods, key=lambda a: -r["retained"][a]):
        print(f"  {r['retained'][a]:6}  {describe(h, a, r)}")
    print("-- by module, all it made (module, globals, functions, classes "
          "and their dicts; bytes, functions, globals)")
    made = defaultdict(lambda: [0, 0, 0])
    name_of = {a: describe(h, a, r)[7:] for a in mods}
    owner = {}
    for a in objs:
        k = r["kind"][a]
        if k in ("function", "closure", "generator"):
            ctx = h.word(a + 4)
            if ctx in name_of:
                owner[a] = name_of[ctx]
                made[name_of[ctx]][1] += 1
        elif k == "module" and a in name_of:
            owner[a] = name_of[a]
            g = h.word(a + 4)
            owner[g] = name_of[a]
            made[name_of[a]][2] = len(h.map_items(g + 4))
            owner[h.word(g + 12)] = name_of[a]
        elif k == "type":
            ld = None
            for i in range(8, 60, 4):     # the slots: its locals dict
                v = h.word(a + i)
                if r["kind"].get(v) == "dict":
                    ld = v
                    break
            if ld is not None:
                mod = dict(h.map_items(ld + 4)).get("__module__")
                mod = h.obj_repr(mod) if mod is not None else None
                if mod:
                    owner[a] = owner[ld] = owner[h.word(ld + 12)] = mod
    for a, m in owner.items():
        if a in objs:
            made[m][0] += objs[a]
    for m, (b, f, g) in sorted(made.items(), key=lambda x: -x[1][0]):
        print(f"  {b:6} {f:4} {g:4}  {m}")
    print(f"  {sum(v[0] for v in made.values()):6}  in all")
    h.qstr(1)
    p, texts = h._qpool, []
    while h.head_of(p) is not None:
        _prev, tpl, _alloc, ln = struct.unpack("<4I", h.mem(p, 16))
        texts += [h.qstr((tpl & 0x7FFFFFFF) + i) for i in range(ln)]
        p = _prev
    print(f"-- qstrs made at runtime ({len(texts)}, in the heap's pools): "
          + " ".join(sorted(texts)))
    print(f"-- dominator tree (>= {minimum} B, {depth} levels)")

    def walk(n, d):
        kids = sorted(r["children"][n], key=lambda c: -r["retained"][c])
        for c in kids:
            if r["retained"][c] < minimum:
                continue
            lab = r["label"].get(c)
            print(f"  {'  ' * d}{r['retained'][c]:6}  "
                  f"{(lab + ': ') if lab else ''}{describe(h, c, r)} "
                  f"({objs[c]} B itself)")
            if d + 1 < depth:
                walk(c, d + 1)
    walk(0, 0)
    lost = sorted((a for a in objs if a not in reached), key=lambda a: -objs[a])
    print(f"-- unreached ({sum(objs[a] for a in lost)} B), the largest")
    for a in lost[:12]:
        ws = struct.unpack("<4I", h.mem(a, 16))
        text = h.mem(a, min(objs[a], 48))
        print(f"  {objs[a]:6}  {a:#x} {describe(h, a, r)} "
              f"{' '.join(f'{w:08x}' for w in ws)} {text!r}")


def snapshot(pico):
    return pico.mem(RAM, RAM_BYTES)


def run(title, board, depth, minimum, peak=None):
    build = ROOT / "out" / "rp2" / f"build-{board}"
    syms = symbols(build / "firmware.elf")
    flash = (build / "firmware.bin").read_bytes()
    ks = _keyscript()
    steps, _ = ks.compile(maxplayers.script(title).splitlines())
    with tempfile.TemporaryDirectory() as tmp:
        base = rp2.frozen_image(tmp)
        img = Path(tmp) / "a.img"
        img.write_bytes(base.read_bytes())
        if peak is None:
            first = rp2.play_title(img, title)
            heaps = [p["heap"] for p in first["presses"]]
            peak = max(range(len(heaps)), key=heaps.__getitem__)
            print(f"{title}: boot {first['boot_heap']} B, peak {heaps[peak]}"
                  f" B at press {peak + 1} of {len(heaps)}")
            img.write_bytes(base.read_bytes())
        else:
            peak -= 1
        taken = []
        plain = rp2.heap_used

        def recording(pico, heap):
            v = plain(pico, heap)
            taken.append((v, snapshot(pico)))
            return v

        def at(pico, heap, key, hold):
            taken.clear()
            rp2.heap_used = recording
            try:
                p = rp2.press(pico, heap, key, hold)
            finally:
                rp2.heap_used = plain
            ram = next(s for v, s in taken if v == p["heap"])
            return p["heap"], ram

        with pico_emu.Pico(img, bursts=True) as pico:
            rp2.boot(pico)
            heap = rp2.find_heap(pico)
            v, ram = at(pico, heap, 3, rp2.PRESS_MS)
            hb = Heap(ram, flash, syms)
            report(hb, analyse(hb), depth, minimum, f"boot ({v} B)")
            n = 0
            for j in range(0, len(steps), 4):
                kind, key = steps[j] >> 4, steps[j] & 0x0F
                arg = steps[j + 1] | steps[j + 2] << 8 | steps[j + 3] << 16
                if kind == ks.HOLD:
                    if n == peak:
                        v, ram = at(pico, heap, key, arg)
                        hp = Heap(ram, flash, syms)
                        report(hp, analyse(hp), depth, minimum,
                               f"peak, press {n + 1} ({v} B)")
                        return
                    rp2.press(pico, heap, key, arg)
                    n += 1
                elif kind == ks.WAIT:
                    pico.run_ms(arg)
                elif kind == ks.QUIT:
                    break


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="doggy")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--min", type=int, default=128)
    ap.add_argument("--board", default="pico_ssd1306")
    ap.add_argument("--press", type=int,
                    help="take this press (1: the first) instead of the "
                    "peak's (found by playing the game once first)")
    a = ap.parse_args(argv)
    run(a.title, a.board, a.depth, a.min, a.press)


if __name__ == "__main__":
    main()
