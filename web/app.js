// The browser simulator: MicroPython's webassembly port runs the real
// firmware (out/web/firmware.romfs, built by `make web`) with the board of
// sim/wasm/board.py; sim/wasm/drive.py is called here, one call at a time,
// and returns only ints and strings (objects returned to JavaScript would
// stay pinned in the VM's heap).
import { loadMicroPython } from "./micropython.mjs";

const FLASH = "/flash";               // board.ROOT: the board's flash
const STORE = "marcador-flash";       // localStorage: {path: base64}
const TAP_MS = 80;                    // shortest press the VM sees
const GAP_MS = 60;                    // released at least this long
const LONG_MS = 1200;
const FAST_MS = 2500;
const KEYS = { ArrowUp: 0, ArrowDown: 1, Enter: 2, ArrowRight: 2,
               Backspace: 3, ArrowLeft: 3 };

// --- the page's language: Spanish by default, English selectable, as on
// the device; the choice is the firmware's language too (its settings, as
// the Settings screen sets it) and is remembered in the browser's storage
// (LANG_KEY). A stored value that is not a language is ignored.
const LANG_KEY = "marcador-lang";
const LANGS = ["es", "en"];
const TEXTS = {
  es: {
    title: "Marcador: el marcador de juegos en tu navegador",
    lang_label: "Idioma",
    lead: "El firmware real del marcador, en el port webassembly de " +
          "MicroPython: una pantalla OLED de 128x64 y cuatro botones.",
    oled: "la pantalla de 128x64 del aparato",
    up: "ARRIBA", down: "ABAJO", back: "ATRÁS", ok: "OK",
    up_title: "ARRIBA (Flecha arriba)",
    down_title: "ABAJO (Flecha abajo)",
    back_title: "ATRÁS, el BACK de los mensajes (Retroceso, Flecha " +
                "izquierda)",
    ok_title: "OK (Intro, Flecha derecha)",
    download: "Descargar la partida (JSON)",
    flash: "Descargar la memoria flash",
    wipe: "Borrar la memoria flash",
    keys: "Teclas",
    k_arrows: "Flecha arriba / Flecha abajo", k_arrows_is: "ARRIBA / ABAJO",
    k_ok: "Intro o Flecha derecha",
    k_back: "Retroceso o Flecha izquierda",
    k_back_is: "ATRÁS (BACK en los mensajes)",
    k_tab: "Tab, luego una tecla",
    k_tab_is: "esa tecla mantenida (pulsación larga, 1,2 s)",
    k_page: "Re Pág / Av Pág",
    k_page_is: "ARRIBA / ABAJO mantenidas 2,5 s (pasos rápidos)",
    about: "Mantén pulsado un botón (o una tecla) para una pulsación " +
           "larga. Las partidas se guardan en el almacenamiento de este " +
           "navegador, como un aparato las guarda en su memoria flash: " +
           "recarga y la partida sigue. Una partida descargada es el " +
           "registro JSON que lee <code>marcador score</code>.",
    loading: "Cargando MicroPython...",
    whole: "toda la memoria flash",
    damaged: (list) => "Arrancó; dañado en el almacenamiento de este " +
      "navegador: " + names(list) + ". Se guardó el resto. «Descargar la memoria " +
      "flash» la da tal como se encontró.",
    ready_found: "Listo. «Descargar la memoria flash» la da tal como se " +
                 "encontró, antes de las reparaciones.",
    ready_kept: "Listo: se cargó la memoria flash guardada en este " +
                "navegador.",
    ready_new: "Listo: una memoria flash nueva, vacía.",
    refused: (ex) => "El almacenamiento del navegador rechazó la memoria " +
                     "flash: " + ex,
    stopped: (msg) => "El firmware se detuvo: " + msg,
    no_start: (msg) => "No pudo arrancar: " + msg + ". «Descargar la " +
                       "memoria flash» guarda una copia.",
    no_lang: (msg) => "El aparato no cambió de idioma: " + msg,
    no_game: "Todavía no hay ninguna partida en la memoria flash.",
    downloaded: (name) => "Descargado " + name + ": puntúalo con " +
                          "`marcador score " + name + "`.",
    wipe_ask: "¿Borrar todas las partidas y los ajustes guardados en este " +
              "navegador? (Antes, «Descargar la memoria flash» guarda una " +
              "copia.)",
    pressed: (k) => "Tecla " + keyName(k) + ".",
    handled: (k) => keyName(k) + ": hecho; la memoria flash, guardada en " +
                    "este navegador.",
    handled_says: (k, msg) => keyName(k) + ": el aparato dice «" + msg +
                              "»; guardado en este navegador.",
    lang_set: "Idioma: español, también el del aparato.",
  },
  en: {
    title: "Marcador: the score keeper in your browser",
    lang_label: "Language",
    lead: "The real firmware of the score keeper, running on MicroPython's " +
          "webassembly port: a 128x64 OLED and four buttons.",
    oled: "the device's 128x64 display",
    up: "UP", down: "DOWN", back: "BACK", ok: "OK",
    up_title: "UP (Arrow Up)",
    down_title: "DOWN (Arrow Down)",
    back_title: "BACK (Backspace, Arrow Left)",
    ok_title: "OK (Enter, Arrow Right)",
    download: "Download the game (JSON)",
    flash: "Download the flash",
    wipe: "Erase the flash",
    keys: "Keys",
    k_arrows: "Arrow Up / Arrow Down", k_arrows_is: "UP / DOWN",
    k_ok: "Enter or Arrow Right",
    k_back: "Backspace or Arrow Left",
    k_back_is: "BACK",
    k_tab: "Tab, then a key",
    k_tab_is: "that key held (long press, 1.2 s)",
    k_page: "Page Up / Page Down",
    k_page_is: "UP / DOWN held 2.5 s (fast steps)",
    about: "Hold a button (or a key) for a long press. The games are kept " +
           "in this browser's storage, as a board keeps them in its flash: " +
           "reload and the game goes on. A downloaded game is the JSON " +
           "record <code>marcador score</code> reads.",
    loading: "Loading MicroPython...",
    whole: "the whole flash",
    damaged: (list) => "Started; damaged in this browser's storage: " +
      names(list) + ". The rest was kept. \"Download the flash\" gives it as " +
      "found.",
    ready_found: "Ready. \"Download the flash\" gives it as found before " +
                 "repairs.",
    ready_kept: "Ready: the flash kept in this browser was loaded.",
    ready_new: "Ready: a new, empty flash.",
    refused: (ex) => "The browser's storage refused the flash: " + ex,
    stopped: (msg) => "The firmware stopped: " + msg,
    no_start: (msg) => "Could not start: " + msg + ". \"Download the " +
                       "flash\" keeps a copy.",
    no_lang: (msg) => "The device's language did not change: " + msg,
    no_game: "No game on the flash yet.",
    downloaded: (name) => "Downloaded " + name + ": score it with " +
                          "`marcador score " + name + "`.",
    wipe_ask: "Erase every game and setting kept in this browser? " +
              "(\"Download the flash\" first to keep a copy.)",
    pressed: (k) => "Key " + keyName(k) + ".",
    handled: (k) => keyName(k) + ": done; the flash saved in this browser.",
    handled_says: (k, msg) => keyName(k) + ": the device says \"" + msg +
                              "\"; saved in this browser.",
    lang_set: "Language: English, the device's too.",
  },
};
const KEY_NAMES = ["up", "down", "ok", "back"];   // by pin: UP DOWN OK BACK

function keyName(k) {
  return t(KEY_NAMES[k]);
}

function names(list) {
  // What loadFlash found damaged, in words (WHOLE: the whole flash).
  return list.map((x) => x === WHOLE ? t("whole") : x).join(", ");
}

function storedLang() {
  // The language kept in this browser, or null (none, not a language, or
  // a storage the browser will not open).
  try {
    const v = localStorage.getItem(LANG_KEY);
    return LANGS.includes(v) ? v : null;
  } catch (ex) {
    return null;
  }
}

let lang = storedLang() || "es";
let langChosen = storedLang() !== null;   // else the firmware's, at start
let status = ["loading", [], false];  // what the status line says

function t(key, ...args) {
  const v = TEXTS[lang][key];
  return typeof v === "function" ? v(...args) : v;
}

function showLang() {
  // Every text of the page in the language chosen, the status line too.
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const el of document.querySelectorAll("[data-t]"))
    el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-html]"))
    el.innerHTML = t(el.dataset.tHtml);
  for (const el of document.querySelectorAll("[data-t-title]"))
    el.title = t(el.dataset.tTitle);
  for (const el of document.querySelectorAll("[data-t-aria]"))
    el.setAttribute("aria-label", t(el.dataset.tAria));
  langSelect.value = lang;
  document.body.dataset.lang = lang;
  say(...status);
}

const canvas = document.getElementById("oled");
const ctx = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const langSelect = document.getElementById("lang");

function keepLang() {
  // Remembered for the next visit; a storage that refuses it changes
  // nothing else (the page and the device still follow the choice).
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch (ex) { /* not kept */ }
}

function setLang(value) {
  // The selector: the page, and the firmware as its Settings screen does.
  if (!LANGS.includes(value)) return;
  lang = value;
  langChosen = true;
  keepLang();
  if (drive) {
    if (drive.set_lang(lang === "en" ? 1 : 0) < 0) {
      showLang();
      say("no_lang", [drive.error()], true);
      return;
    }
    if (saveFlash(mp)) status = ["lang_set", [], false];   // else: why
  }
  showLang();
}

function followDevice() {
  // The language changed in the device's own Settings: the page follows.
  const fw = drive.lang() === 1 ? "en" : "es";
  if (fw !== lang) {
    lang = fw;
    langChosen = true;
    keepLang();
    showLang();
  }
}

langSelect.addEventListener("change", () => setLang(langSelect.value));
let drive = null;
let vmNow = 0;                        // the VM's clock (ms)
let queue = [];                       // pin changes due at VM times
const pressedAt = [-1e9, -1e9, -1e9, -1e9];   // VM times
const downAt = [0, 0, 0, 0];          // the page's clock (event.timeStamp)
const releasedAt = [-1e9, -1e9, -1e9, -1e9];
const down = [false, false, false, false];
let lastFrames = -1;
let lastEvents = -1;
let lastKey = -1;                     // the pin of the last key pressed
let tabNext = false;

function say(key, args = [], isError = false) {
  // The status line: a text of TEXTS (with its arguments), said again in
  // the other language when it changes.
  const changed = status[0] !== key || status[1] !== args;
  status = [key, args, isError];
  const text = t(key, ...args);
  statusLine.textContent = text;
  statusLine.className = isError ? "error" : "";
  if (isError && changed) console.error(text);
}

// --- the flash in the browser's storage
function toB64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromB64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function flashFiles(FS, dir, out) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (FS.isDir(FS.stat(p).mode)) flashFiles(FS, p, out);
    else out[p] = toB64(FS.readFile(p));
  }
  return out;
}

// What the page found in the browser's storage, as it was: kept apart
// (FOUND) when some of it was damaged, so that "Download the flash" gives
// it byte for byte even after the firmware has written over it. When
// even that copy cannot be kept, nothing is saved over the original.
const FOUND = "marcador-flash-found";
const WHOLE = {};                     // damaged: the whole flash (t("whole"))
let saveBlocked = false;

function saveFlash(mp) {
  // True when the flash is in the browser's storage now.
  if (saveBlocked) return false;
  try {
    localStorage.setItem(STORE, JSON.stringify(flashFiles(mp.FS, FLASH, {})));
    return true;
  } catch (ex) {
    say("refused", [String(ex)], true);
    return false;
  }
}

function mkdirs(FS, path) {
  const parts = path.split("/");
  for (let i = 3; i < parts.length; i++) {
    const d = parts.slice(0, i).join("/");
    if (!FS.analyzePath(d).exists) FS.mkdir(d);
  }
}

// The bytes of a stored file: its base64 decoded. A value that is not
// base64 is damaged: the firmware gets it as it stands (its text's bytes),
// as a board would read a damaged file.
function fileBytes(data) {
  if (typeof data === "string") {
    try {
      return { bytes: fromB64(data), ok: true };
    } catch (ex) { /* damaged: below */ }
  }
  const text = typeof data === "string" ? data : String(JSON.stringify(data));
  return { bytes: new TextEncoder().encode(text), ok: false };
}

// Puts the stored files on the VM's flash; returns {kept, damaged}: how
// many files, and the names of the damaged ones (not written, or written
// as they stand).
function loadFlash(mp) {
  const FS = mp.FS;
  FS.mkdir(FLASH);
  const text = localStorage.getItem(STORE);
  const damaged = [];
  let saved = {};
  if (text !== null) {
    try {
      saved = JSON.parse(text);
    } catch (ex) {
      saved = null;
    }
    if (!saved || typeof saved !== "object" || Array.isArray(saved)) {
      damaged.push(WHOLE);
      saved = {};
    }
  }
  // Shallower paths first: where a file and a folder clash ("games/cur"
  // and "games/cur/x"), the file a board has wins.
  const depth = (p) => p.split("/").length;
  const entries = Object.entries(saved).sort((a, b) => depth(a[0]) -
                                                       depth(b[0]));
  let kept = 0;
  for (const [p, data] of entries) {
    const name = p.startsWith(FLASH + "/") ? p.slice(FLASH.length + 1) : p;
    const parts = name.split("/");
    if (name === p || parts.some((s) => s === "" || s === "." || s === "..")) {
      damaged.push(p);
      continue;
    }
    const { bytes, ok } = fileBytes(data);
    try {
      mkdirs(FS, p);
      FS.writeFile(p, bytes);
    } catch (ex) {
      damaged.push(name);
      continue;
    }
    if (ok) kept++;
    else damaged.push(name);
  }
  if (damaged.length && localStorage.getItem(FOUND) === null) {
    try {
      localStorage.setItem(FOUND, text);
    } catch (ex) {
      saveBlocked = true;
    }
  }
  return { kept, damaged };
}

// "Download the flash": the storage as it was found when something in it
// was damaged, else as it is now.
function downloadFlash() {
  const found = localStorage.getItem(FOUND);
  const text = found !== null ? found : localStorage.getItem(STORE) || "{}";
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = "marcador-flash.json";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// --- the display: an OLED's light on black
function draw() {
  const hex = drive.panel();
  const img = ctx.createImageData(128, 64);
  const contrast = drive.frames() >> 1 & 0xff;
  const level = 90 + Math.round(165 * Math.min(contrast, 0xcf) / 0xcf);
  for (let i = 0; i < 1024; i++) {
    const byte = parseInt(hex.substr(2 * i, 2), 16);
    for (let b = 0; b < 8; b++) {
      const o = (i * 8 + b) * 4;
      const lit = byte & (0x80 >> b);
      img.data[o] = lit ? Math.round(level * 0.75) : 0;
      img.data[o + 1] = lit ? level : 4;
      img.data[o + 2] = lit ? level : 8;
      img.data[o + 3] = 255;
    }
  }
  // Drawn at 1:1 on a scratch canvas, then scaled up 4x with a faint glow.
  const small = draw.small || (draw.small = new OffscreenCanvas(128, 64));
  small.getContext("2d").putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.shadowColor = "rgba(120, 220, 255, 0.6)";
  ctx.shadowBlur = 4;
  ctx.drawImage(small, 0, 0, 128, 64, 0, 0, canvas.width, canvas.height);
  ctx.shadowBlur = 0;
}

// --- keys: pin changes queued at VM times, so that a quick click still
// lasts TAP_MS for the firmware (its buttons debounce). A key's events are
// timestamped when they happen (event.timeStamp, even when the page is
// busy and handles them late) and a hold lasts on the VM's clock what it
// lasted on the page's: while a key is down, the VM runs no further than
// the hold so far (advance), so its release is never in the VM's past.
function press(key, t) {
  if (down[key]) return;
  down[key] = true;
  const at = Math.max(vmNow, releasedAt[key] + GAP_MS);
  pressedAt[key] = at;
  downAt[key] = t;
  queue.push({ at, key, level: 0 });
  buttons[key].classList.add("down");
  if (drive) say("pressed", [key]);
}

function release(key, t, holdMs = TAP_MS) {
  if (!down[key]) return;
  down[key] = false;
  const at = pressedAt[key] + Math.max(holdMs, Math.round(t - downAt[key]));
  releasedAt[key] = at;
  queue.push({ at, key, level: 1 });
  buttons[key].classList.remove("down");
}

function tapHeld(key, t, ms) {
  press(key, t);
  release(key, t, ms);
}

function heldEnd(now) {
  // The VM time no held key can have been let go before: its press plus
  // how long it has been down on the page's clock.
  let end = Infinity;
  for (let k = 0; k < 4; k++)
    if (down[k]) end = Math.min(end, pressedAt[k] + Math.max(0, now - downAt[k]));
  return end;
}

function advance(ms, now) {
  // Runs the VM up to ms on; returns how far it went (less while a key is
  // held: see heldEnd).
  const from = vmNow;
  const end = Math.min(vmNow + ms, heldEnd(now));
  queue.sort((a, b) => a.at - b.at);
  let handled = false;
  let saved = false;
  for (;;) {
    const next = queue.length && queue[0].at <= end ? queue.shift() : null;
    const upTo = next ? next.at : end;
    if (upTo > vmNow) {
      const r = drive.run(upTo - vmNow);
      if (r < 0) throw new Error(drive.error());
      vmNow = drive.now();
      lastEvents = lastEvents < 0 ? r : lastEvents;
      if (r !== lastEvents) {
        lastEvents = r;
        saved = saveFlash(mp);  // every event is on the flash by now
        handled = true;
      }
    }
    if (!next) break;
    if (next.level === 0) lastKey = next.key;
    drive.pin(next.key, next.level);
  }
  if (handled) {
    followDevice();
    // The status follows: the key handled and saved, with the device's
    // message if it shows one (unless saving failed: that is said).
    if (saved && lastKey >= 0) {
      const msg = drive.toast();
      say(msg ? "handled_says" : "handled", msg ? [lastKey, msg] : [lastKey]);
    }
  }
  document.body.dataset.pending = queue.length + down.filter((d) => d).length;
  return vmNow - from;
}

const buttons = [];
for (const b of document.querySelectorAll(".buttons button")) {
  const key = Number(b.dataset.key);
  buttons[key] = b;
  b.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    b.setPointerCapture(e.pointerId);
    press(key, e.timeStamp);
  });
  b.addEventListener("pointerup", (e) => release(key, e.timeStamp));
  b.addEventListener("pointercancel", (e) => release(key, e.timeStamp));
  b.addEventListener("contextmenu", (e) => e.preventDefault());
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Tab") { tabNext = true; e.preventDefault(); return; }
  if (e.key === "PageUp" || e.key === "PageDown") {
    tapHeld(e.key === "PageUp" ? 0 : 1, e.timeStamp, FAST_MS);
    e.preventDefault();
    return;
  }
  if (!(e.key in KEYS)) return;
  e.preventDefault();
  if (e.repeat) return;
  const key = KEYS[e.key];
  if (tabNext) { tabNext = false; tapHeld(key, e.timeStamp, LONG_MS); return; }
  press(key, e.timeStamp);
});
document.addEventListener("keyup", (e) => {
  if (e.key in KEYS) release(KEYS[e.key], e.timeStamp);
});

// --- start
let mp;
async function start() {
  const romfs = new Uint8Array(await (await fetch("firmware.romfs"))
                                 .arrayBuffer());
  mp = await loadMicroPython({
    heapsize: 256 * 1024, romfs, linebuffer: true,
    stdout: (s) => console.log(s), stderr: (s) => console.warn(s) });
  const { kept, damaged } = loadFlash(mp);
  drive = mp.pyimport("drive");
  if (drive.boot() < 0) throw new Error(drive.error());
  // The days of past games in the browser's time zone (JavaScript gives
  // UTC minus local; the firmware keeps local minus UTC).
  if (drive.local_time(-new Date().getTimezoneOffset()) < 0)
    throw new Error(drive.error());
  // The language: the one chosen in this browser, given to the firmware;
  // else the firmware's own (its settings; Spanish by default).
  let langError = "";
  if (!langChosen)
    lang = drive.lang() === 1 ? "en" : "es";
  else if (drive.set_lang(lang === "en" ? 1 : 0) < 0)
    langError = drive.error();
  vmNow = drive.now();
  saveFlash(mp);
  if (damaged.length)
    say("damaged", [damaged], true);
  else if (localStorage.getItem(FOUND) !== null)
    say("ready_found");
  else
    say(kept ? "ready_kept" : "ready_new");
  if (langError) say("no_lang", [langError], true);
  showLang();
  document.body.dataset.ready = "1";
  let last = performance.now();
  const tick = () => {
    const t = performance.now();
    if (t - last > 1000) last = t - 200;   // a hidden tab: drop lost time
    const ms = Math.min(200, Math.floor((t - last) / 10) * 10);
    if (ms > 0) {
      try {
        last += advance(ms, t);
      } catch (ex) {
        say("stopped", [ex.message], true);
        return;
      }
      const f = drive.frames();
      if (f !== lastFrames) { lastFrames = f; draw(); }
    }
    setTimeout(tick, 15);
  };
  tick();
}

document.getElementById("download").addEventListener("click", () => {
  const text = drive ? drive.record() : "";
  if (!text) { say("no_game"); return; }
  const rec = JSON.parse(text);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 1) + "\n"],
                                        { type: "application/json" }));
  a.download = "marcador-" + rec.game + ".json";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  say("downloaded", [a.download]);
});

document.getElementById("flash").addEventListener("click", downloadFlash);

document.getElementById("wipe").addEventListener("click", () => {
  if (!confirm(t("wipe_ask"))) return;
  localStorage.removeItem(STORE);
  localStorage.removeItem(FOUND);
  location.reload();
});

showLang();
start().catch((ex) => say("no_start", [ex.message], true));
