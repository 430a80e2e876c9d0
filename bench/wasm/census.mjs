// What the firmware's heap is made of on the 32-bit VM (the webassembly
// port, as bench/wasm/heap.mjs measures it). Run by bench/census.py:
//   node bench/wasm/census.mjs MODE TREE ROMFS HEAP_KB play < script
//   node bench/wasm/census.mjs MODE TREE ROMFS HEAP_KB imports MOD...
// MODE ram / rom as in heap.mjs.
// "play": boots and plays the key script one press per call (as heap.mjs)
// and takes a snapshot after boot and at the peak: the live heap, the qstr
// pools (never freed: every name and string constant of every module ever
// loaded), the heap by GC block type (micropython.mem_info(1)'s map), the
// modules in sys.modules, and the app's biggest objects (sizes estimated
// from their lengths: census.py says how).
// "imports": imports the modules one at a time in a fresh VM (after the
// fakes), each in its own call so that garbage is collected between: what
// each import added, and which modules came with it.
// Prints one JSON line.
import fs from "node:fs";
import { bootVM } from "./vm.mjs";

const [mode, tree, romfs, heapKb, kind, ...mods] = process.argv.slice(2);
const KEYS = { up: 0, down: 1, ok: 2, back: 3 };
const TAP_MS = 80, LONG_MS = 1200;

let captured = null;               // stdout of a mem_info() while capturing
const mp = await bootVM(mode, tree, romfs, heapKb,
                        (s) => captured ? captured.push(s)
                                        : process.stderr.write(s + "\n"),
                        (s) => process.stderr.write(s + "\n"));

function py(code) {
  mp.runPython(code);
}

function get(name) {
  return mp.globals.get(name);
}

function memNow() {
  py("import gc\ngc.collect()");  // collected when this call returns
  py("__m = gc.mem_alloc()");
  return get("__m");
}

function printed(code) {
  captured = [];
  py(code);
  const lines = captured;
  captured = null;
  return lines;
}

// The GC's block map: one letter per 16-byte block, the head block of an
// allocation says its type (T tuple, L list, D dict, S str/bytes, A
// bytearray/array, B bytecode function, M module, h anything else: raw
// bytecode and constant tables, qstr pools, instances, classes, maps),
// "=" continues the allocation before it, "." is free.
function blockTypes() {
  const lines = printed("import micropython\nmicropython.mem_info(1)");
  const bytes = {};
  const heads = {};                // 'h' allocations by their first word
  const sizes = [];                // [bytes, first word] of each 'h' one
  let base = null;
  let last = null;
  let word = null;
  const u32 = (a) => {              // only HEAPU8 is exported
    const h = mp._module.HEAPU8;
    return (h[a] | h[a + 1] << 8 | h[a + 2] << 16 | h[a + 3] << 24) >>> 0;
  };
  for (const line of lines) {
    const b = /GC memory layout; from ([0-9a-f]+)/.exec(line);
    if (b) base = parseInt(b[1], 16);
    const m = /^([0-9a-f]+): ([^\r]*)/.exec(line);
    if (!m) continue;
    const off = parseInt(m[1], 16);
    let i = 0;
    for (const c of m[2]) {
      if (c === ".") {
        last = null;
      } else if (c !== "=") {
        last = c;
        word = null;
        if (c === "h" && base !== null) {
          word = u32(base + off + 16 * i);
          heads[word] = heads[word] || [0, 0];
          heads[word][0]++;
        }
      }
      if (last !== null) {
        bytes[last] = (bytes[last] || 0) + 16;
        if (word !== null) {
          heads[word][1] += 16;
          if (c === "h") sizes.push([0, word]);
          sizes[sizes.length - 1][0] += 16;
        }
      }
      i++;
    }
  }
  return { bytes, heads, sizes };
}

// What the first word of an 'h' allocation names, when it is an object's
// type: each class of the modules loaded, and the built-in types the
// firmware makes objects of (id() is the address on this VM).
const TYPE_IDS = `
def __types():
    import sys
    import framebuf
    rows = []
    def add(name, t):
        rows.append("%s\\t%d" % (name, id(t)))
    for t in (type, bytearray, memoryview, framebuf.FrameBuffer, property,
              staticmethod, classmethod, type(add), type(rows.append),
              type(iter(rows)), type(sys), type({}.items()), type(len)):
        add("<" + t.__name__ + ">", t)
    def outer():
        x = 1
        def inner():
            return x
        return inner
    add("<closure>", type(outer()))
    add("<generator>", type((lambda: (yield))()))
    for name in sorted(sys.modules):
        g = sys.modules[name].__dict__
        for k in g:
            v = g[k]
            if type(v) is type:
                add(name + "." + k, v)
    return "\\n".join(rows)
__t = __types()
del __types
`;

function typeNames() {
  py(TYPE_IDS);
  const names = {};
  for (const row of String(get("__t")).split("\n")) {
    const [n, i] = row.split("\t");
    names[Number(i)] = n;
  }
  py("del __t");
  return names;
}

// 'h' allocations grouped: instances by class, classes, closures...; the
// rest (first word not a type: bytecode and constant tables, raw code,
// qstr pools, map tables, bytearray data) in one bucket.
function hGroups(heads) {
  const names = typeNames();
  const out = {};
  for (const [w, [n, b]] of Object.entries(heads)) {
    const name = names[Number(w)] ? "instances of " + names[Number(w)]
                                  : "(first word not a type)";
    out[name] = out[name] || [0, 0];
    out[name][0] += n;
    out[name][1] += b;
  }
  return Object.entries(out).sort((a, b) => b[1][1] - a[1][1]);
}

function qstrs() {
  const line = printed("micropython.qstr_info()").join(" ");
  const n = (k) => Number(new RegExp(k + "=(\\d+)").exec(line)[1]);
  return { n: n("n_qstr"), data: n("n_str_data_bytes"),
           total: n("n_total_bytes"), pools: n("n_pool") };
}

// Estimated sizes of the objects the app holds (walked from the App and
// the board's parts), in Python inside the VM.
const WALK = `
def __census():
    import sys
    import drive
    def r16(n):
        return (n + 15) & ~15
    def est(o):
        t = type(o)
        if t is bytearray:
            return 16 + r16(len(o))
        if t is bytes:
            return r16(13 + len(o)) if len(o) > 0 else 0
        if t is list:
            return 16 + r16(4 * len(o))
        if t is tuple:
            return r16(8 + 4 * len(o))
        if t is dict:
            return 16 + r16(8 * len(o))
        if t is memoryview:
            return 16
        d = getattr(o, "__dict__", None)
        if type(d) is dict and not isinstance(o, type) and \
                type(o).__name__ != "module":
            return 16 + r16(8 * len(d))
        return 0
    seen = set()
    found = []
    def walk(o, where, depth):
        if id(o) in seen or type(o).__name__ in ("module", "function",
                                                 "bound_method", "type"):
            return 0
        if where.endswith(".i2c") or where.endswith(".hw"):
            return 0               # the fakes (subtracted) and the board
        seen.add(id(o))
        n = est(o)
        if n >= 128:
            found.append((where, type(o).__name__, n))
        if depth == 0:
            return n
        t = type(o)
        kids = ()
        if t is list or t is tuple:
            kids = [(where + "[%d]" % i, k) for i, k in enumerate(o)]
        elif t is dict:
            kids = [(where + "[%r]" % (k,), v) for k, v in o.items()]
        else:
            d = getattr(o, "__dict__", None)
            if type(d) is dict and type(o).__name__ != "module":
                kids = [(where + "." + k, v) for k, v in d.items()]
        for w, k in kids:
            n += walk(k, w, depth - 1)
        return n
    app = drive._app
    tops = []
    for name in sorted(app.__dict__):
        if name in ("hw",):
            continue
        tops.append(("app." + name, walk(app.__dict__[name], "app." + name, 6)))
    for name in ("display", "buttons"):
        tops.append(("hw." + name, walk(getattr(drive._hw, name), "hw." + name, 6)))
    for name in sorted(sys.modules):
        if name.split(".")[0] in ("app", "core", "drivers"):
            g = sys.modules[name].__dict__
            n = 0
            for k in g:
                n += walk(g[k], name + "." + k, 6)
            if n:
                tops.append((name + " (globals)", n))
    mods = []
    for name in sorted(sys.modules):
        m = sys.modules[name]
        g = m.__dict__
        nf = nc = 0
        for v in g.values():
            tn = type(v).__name__
            if tn == "function" or tn == "closure":
                nf += 1
            elif tn == "type":
                nc += 1
        mods.append((name, len(g), nf, nc, 16 + r16(8 * len(g))))
    found.sort(key=lambda x: -x[2])
    # Plain text, one row a line: an object handed to JavaScript stays
    # pinned, and json would add its own module to the heap.
    rows = ["top\\t%s\\t%d" % t for t in tops]
    rows += ["obj\\t%s\\t%s\\t%d" % t for t in found[:25]]
    rows += ["mod\\t%s\\t%d\\t%d\\t%d\\t%d" % t for t in mods]
    return "\\n".join(rows)
__c = __census()
del __census
`;

function snapshot(heap) {
  const { bytes: types, heads, sizes } = blockTypes();
  const hgroups = hGroups(heads);
  const q = qstrs();
  py(WALK);
  const rows = String(get("__c")).split("\n").map((r) => r.split("\t"));
  py("del __c");
  const num = (xs) => xs.map((x) => /^\d+$/.test(x) ? Number(x) : x);
  const pick = (k) => rows.filter((r) => r[0] === k).map((r) => num(r.slice(1)));
  sizes.sort((a, b) => b[0] - a[0]);
  return { heap, types, hgroups, hbiggest: sizes.slice(0, 40), qstr: q, tops: pick("top"), objects: pick("obj"),
           modules: pick("mod") };
}

const out = { mode, heap_kb: Number(heapKb), kind };
out.empty = memNow();
out.empty_qstr = (() => { py("import micropython"); return qstrs(); })();
if (kind === "imports") {
  py("import board\n__hw = board.prepare()");
  out.fakes = memNow();
  out.fakes_qstr = qstrs();
  out.imports = [];
  for (const m of mods) {
    py("import sys\n__had = set(sys.modules)");
    const before = memNow();
    const qb = qstrs().total;
    try {
      py(`import ${m}`);
    } catch (ex) {
      out.imports.push([m, null, String(ex).split("\n").slice(-2).join(" ")]);
      continue;
    }
    const after = memNow();
    py("__new = ' '.join(sorted(set(sys.modules) - __had))");
    out.imports.push([m, after - before, get("__new"), qstrs().total - qb]);
  }
} else {
  const script = fs.readFileSync(0, "utf8");
  const drive = mp.pyimport("drive");
  out.fakes = memNow();
  out.fakes_qstr = qstrs();
  const check = (r) => {
    if (r < 0) throw new Error(drive.error());
    return r;
  };
  check(drive.boot());
  out.boot = snapshot(memNow());
  let peak = out.boot.heap;
  out.peak = out.boot;
  out.presses = 0;
  const after = () => {
    const m = memNow();
    if (m > peak) {
      peak = m;
      out.peak = snapshot(m);
      out.peak.press = out.presses;
      out.peak.screen = drive.screen();
    }
  };
  for (const raw of script.split("\n")) {
    const words = raw.split("#")[0].trim().toLowerCase().split(/\s+/);
    const cmd = words[0];
    if (!cmd || cmd === "shot") continue;
    if (cmd in KEYS) {
      for (let i = 0; i < Number(words[1] || 1); i++) {
        check(drive.hold(KEYS[cmd], TAP_MS));
        out.presses++;
        after();
      }
    } else if (cmd === "long" || cmd === "hold") {
      check(drive.hold(KEYS[words[1]],
                       cmd === "long" ? LONG_MS : Number(words[2])));
      out.presses++;
      after();
    } else if (cmd === "wait") {
      check(drive.run(Number(words[1])));
      after();
    } else if (cmd === "quit") {
      break;
    } else {
      throw new Error("unknown script line: " + raw);
    }
  }
  out.screen = drive.screen();
}
process.stdout.write(JSON.stringify(out) + "\n");
