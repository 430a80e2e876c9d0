// The firmware's live heap on a 32-bit MicroPython VM: the webassembly
// port (npm @micropython/micropython-webassembly-pyscript, pinned in
// web/package.json), 4-byte pointers and 16-byte GC blocks as on a board.
// Run by bench/run.py (wasm_heap):
//   node bench/wasm/heap.mjs MODE TREE ROMFS HEAP_KB < script
// MODE ram: the .mpy files are copied into the VM's file system (/lib) and
// loaded into its heap, as a board loads .mpy files from its flash; MODE
// rom: the same tree as a ROMFS image, its bytecode run in place (the
// closest stand-in for firmware frozen into a board's flash).
//
// The VM collects garbage only when a call from JavaScript returns, so the
// key script is played one key press per call (drive.hold) and the heap is
// read (drive.mem) between calls: the live heap at key boundaries. Peaks
// inside a press are not seen. HEAP_KB fixes the first heap area (its size
// moves the figures by a few KB through false pointers).
// Prints one JSON line: the heap of the empty VM, with the driver and the
// fakes loaded (board.prepare()), after boot, its peak, and the panel at
// "shot" lines (hex, as the unix simulator prints them).
import fs from "node:fs";
import { bootVM } from "./vm.mjs";

const [mode, tree, romfs, heapKb] = process.argv.slice(2);
const script = fs.readFileSync(0, "utf8");
const KEYS = { up: 0, down: 1, ok: 2, back: 3 };
const TAP_MS = 80, LONG_MS = 1200;

const mp = await bootVM(mode, tree, romfs, heapKb,
                        (s) => process.stderr.write(s + "\n"),
                        (s) => process.stderr.write(s + "\n"));

function memNow() {
  // Collected when this runPython returns; read in the next one.
  mp.runPython("import gc\ngc.collect()");
  mp.runPython("__m = gc.mem_alloc()");
  return mp.globals.get("__m");
}

const out = { mode, heap_kb: Number(heapKb) };
out.empty = memNow();
const drive = mp.pyimport("drive");
const { boot, hold, run, mem, panel, screen, error } = {
  boot: drive.boot, hold: drive.hold, run: drive.run, mem: drive.mem,
  panel: drive.panel, screen: drive.screen, error: drive.error };
out.fakes = memNow();
const check = (r) => {
  if (r < 0) { out.error = error(); throw new Error(out.error); }
  return r;
};
try {
  check(boot());
  out.boot = mem();
  out.peak = out.boot;
  out.presses = 0;
  out.shots = {};
  for (const raw of script.split("\n")) {
    const words = raw.split("#")[0].trim().toLowerCase().split(/\s+/);
    const cmd = words[0];
    if (!cmd) continue;
    if (cmd in KEYS) {
      for (let i = 0; i < Number(words[1] || 1); i++) {
        check(hold(KEYS[cmd], TAP_MS));
        out.presses++;
        out.peak = Math.max(out.peak, mem());
      }
    } else if (cmd === "long" || cmd === "hold") {
      check(hold(KEYS[words[1]], cmd === "long" ? LONG_MS : Number(words[2])));
      out.presses++;
      out.peak = Math.max(out.peak, mem());
    } else if (cmd === "wait") {
      check(run(Number(words[1])));
      out.peak = Math.max(out.peak, mem());
    } else if (cmd === "shot") {
      out.shots[words[1] || ""] = panel();
    } else if (cmd === "quit") {
      break;
    } else {
      throw new Error("unknown script line: " + raw);
    }
  }
  out.screen = screen();
} catch (ex) {
  out.error = out.error || String(ex);
}
mp.runPython("import sys\n__v = sys.version");
out.version = mp.globals.get("__v");
process.stdout.write(JSON.stringify(out) + "\n");
