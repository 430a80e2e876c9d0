// The 32-bit VM with the firmware on it, as bench/wasm/heap.mjs,
// bench/wasm/census.mjs and tests/web/test_wasm_vm.py use it: MicroPython's
// webassembly port (npm @micropython/micropython-webassembly-pyscript,
// pinned in web/package.json). MODE ram: the firmware's .mpy tree copied
// into the VM's file system (/lib) and loaded into its heap, as a board
// loads .mpy files from its flash; MODE rom: the same tree as a ROMFS
// image, its bytecode run in place (the closest stand-in for firmware
// frozen into a board's flash). heapKb fixes the first heap area.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const VM = path.join(here, "..", "..", "web", "node_modules", "@micropython",
                     "micropython-webassembly-pyscript", "micropython.mjs");

function copyTree(mp, src, dest) {
  mp.FS.mkdir(dest);
  for (const name of fs.readdirSync(src)) {
    const s = path.join(src, name);
    if (fs.statSync(s).isDirectory()) copyTree(mp, s, dest + "/" + name);
    else mp.FS.writeFile(dest + "/" + name, fs.readFileSync(s));
  }
}

export async function bootVM(mode, tree, romfs, heapKb, stdout, stderr) {
  const { loadMicroPython } = await import(pathToFileURL(VM).href);
  const opts = { heapsize: Number(heapKb) * 1024, linebuffer: true,
                 stdout, stderr };
  if (mode === "rom") opts.romfs = fs.readFileSync(romfs);
  const mp = await loadMicroPython(opts);
  if (mode === "ram") copyTree(mp, tree, "/lib");
  return mp;
}
