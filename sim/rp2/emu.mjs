// An emulated Raspberry Pi Pico for Marcador: rp2040js (Wokwi's RP2040
// emulator) running a MicroPython UF2 with the real bootrom, driven from
// Python (host_tools/pico_emu.py) over stdin/stdout, one command a line.
//
// Python -> emulator:
//   run N          run N more cycles (125 MHz), then answer "ok CYCLES BUSY"
//   pin P V        drive GPIO P's input to V (0/1) from now on
//   usb HEX        bytes the USB host sends to the CDC serial port
//   mem ADDR N     answer "mem HEX": N bytes of the chip's memory at ADDR
//   prof           (with --profile N) answer "prof PC:COUNT ..." (hex PC, the
//                  program counter seen every N busy cycles since the last
//                  prof; PC 0: waiting for a flash erase/program), and start
//                  counting afresh
//   quit
// Emulator -> Python (in the order they happened, before "ok"):
//   i2c ADDR HEX   one write transaction (start .. stop) to ADDR (hex), either bus
//   usb HEX        bytes the board sent on the CDC serial port
//   conn           the CDC port enumerated (after each power-on)
//   reset          the firmware reset the chip (watchdog): power-cycled
//   off            the power was cut (--cut-after): nothing runs any more
//   fault MESSAGE  the core did what rp2040js refuses: the chip stopped
//   flash OP ADDR N  an erase ("E") or program ("P") of N bytes at ADDR
//                  (with --log-data, a program's bytes follow: d=HEX)
//   burst AT BUSY  (with --bursts) the core ran BUSY cycles from cycle AT
//                  until it waited for an interrupt again
//   ok CYCLES BUSY emulated cycles since power-on / spent executing
//
// Everything is deterministic: time is counted in cycles (a core waiting
// for an interrupt skips to the next timer alarm), never wall time.
//
// The flash lives in an image file (2 MB, the Pico's): the bootrom's
// flash routines are intercepted (rp2040js does not model flash writes)
// and each erase/program is done on the flash array and written through
// to the file, so littlefs survives a power cycle as on a board. Each takes
// the time a W25Q16JV typically takes (the core spins in RAM meanwhile,
// interrupts off: busy cycles): ERASE_MS a 4 KB sector, PROGRAM_MS a 256 B
// page (--no-flash-time: none).

import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'fs';
import { createInterface } from 'readline';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const FLASH_SIZE = 2 * 1024 * 1024;
const FLASH_BASE = 0x10000000;
const CYCLE_NS = 8; // 125 MHz
const ERASE_MS = 45; // W25Q16JV sector erase (4 KB), typical (max 400)
const PROGRAM_MS = 0.4; // W25Q16JV page program (256 B), typical (max 3)

function parseArgs(argv) {
  const opts = { high: [], i2c: [0x3c], cutAfter: 0, tear: false, uid: 'e6605838834b5d2a',
    logData: false, bursts: false, i2cTime: true, i2cHz: 0, flashTime: true, profile: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--bootrom') opts.bootrom = next();
    else if (a === '--flash') opts.flash = next();
    else if (a === '--uf2') opts.uf2 = next();
    else if (a === '--high') opts.high = next().split(',').filter(Boolean).map(Number);
    else if (a === '--i2c') opts.i2c = next().split(',').filter(Boolean).map((s) => parseInt(s, 16));
    else if (a === '--cut-after') opts.cutAfter = Number(next());
    else if (a === '--tear') opts.tear = true;
    else if (a === '--uid') opts.uid = next();
    else if (a === '--log-data') opts.logData = true;
    else if (a === '--bursts') opts.bursts = true;
    else if (a === '--no-i2c-time') opts.i2cTime = false;
    else if (a === '--i2c-hz') opts.i2cHz = Number(next());
    else if (a === '--no-flash-time') opts.flashTime = false;
    else if (a === '--profile') opts.profile = Number(next());
    else throw new Error(`unknown option ${a}`);
  }
  if (!opts.bootrom || !opts.flash) {
    throw new Error('usage: emu.mjs --bootrom FILE --flash IMAGE [--uf2 FILE] [--high 10,11] ' +
      '[--i2c 3c] [--uid HEX16] [--no-i2c-time] [--cut-after N [--tear]]');
  }
  return opts;
}

process.on('uncaughtException', (ex) => {
  // One line for the Python side (host_tools/pico_emu.py), no stack.
  process.stderr.write(`${String(ex.message || ex).split('\n')[0]}\n`);
  process.exit(2);
});

const opts = parseArgs(process.argv.slice(2));

// rp2040js warns of each read of an SIO register it lacks (MicroPython's
// soft reset reads two): harmless, and not to be drawn over a terminal.
const warn = console.warn;
console.warn = (...a) => {
  if (!/invalid SIO address/.test(String(a[0]))) warn(...a);
};
const out = [];
const emit = (line) => out.push(line);
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// ---- the flash image ------------------------------------------------------
const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
if (existsSync(opts.flash)) {
  const img = readFileSync(opts.flash);
  flash.set(img.subarray(0, FLASH_SIZE));
}
const flashFd = openSync(opts.flash, existsSync(opts.flash) ? 'r+' : 'w+');
function persist(start, end) {
  writeSync(flashFd, flash, start, end - start, start);
}
persist(0, FLASH_SIZE);

// A UF2 dropped onto the BOOTSEL drive: each block's 256 bytes replace the
// flash there (the sectors it covers are erased first); the rest of the
// flash (littlefs) is kept, as on a board.
if (opts.uf2) {
  const uf2 = readFileSync(opts.uf2);
  const blocks = [];
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    const b = uf2.subarray(off, off + 512);
    const v = new DataView(b.buffer, b.byteOffset, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157 ||
        v.getUint32(508, true) !== 0x0ab16f30) {
      throw new Error(`${opts.uf2}: not a UF2 file (block ${off / 512})`);
    }
    if (v.getUint32(8, true) & 1) continue; // "not main flash"
    const addr = v.getUint32(12, true) - FLASH_BASE;
    const size = v.getUint32(16, true);
    if (addr < 0 || addr + size > FLASH_SIZE) {
      throw new Error(`${opts.uf2}: block ${off / 512} outside the 2 MB flash`);
    }
    blocks.push([addr, b.subarray(32, 32 + size)]);
  }
  for (const [addr, data] of blocks) {
    flash.fill(0xff, addr & ~0xfff, ((addr + data.length + 0xfff) & ~0xfff));
  }
  for (const [addr, data] of blocks) flash.set(data, addr);
  persist(0, FLASH_SIZE);
}

// ---- the bootrom, its flash routines intercepted ---------------------------
const romBytes = readFileSync(opts.bootrom);
if (romBytes.length !== 16384) throw new Error(`${opts.bootrom}: not a 16 KB RP2040 bootrom`);
const rom = new Uint32Array(romBytes.buffer.slice(romBytes.byteOffset, romBytes.byteOffset + 16384));
const rom16 = new Uint16Array(rom.buffer);
const ROUTINES = ['IF', 'EX', 'RE', 'RP', 'FC', 'CX'];
const entries = {};
for (let p = rom16[0x14 / 2] / 2; rom16[p]; p += 2) {
  const code = String.fromCharCode(rom16[p] & 0xff, rom16[p] >> 8);
  if (ROUTINES.includes(code)) entries[code] = rom16[p + 1] & ~1;
}
for (const [i, code] of ROUTINES.entries()) {
  if (entries[code] === undefined) throw new Error(`bootrom without the ${code} routine`);
  rom16[entries[code] / 2] = 0xbe00 | (0x40 + i); // BKPT #0x40+i
}

// The flash chip's unique id (command 0x4B: 4 dummy bytes, then 8 id
// bytes), which the SDK reads at boot for machine.unique_id(): rp2040js
// answers every SSI byte with 0, so every emulated board would be the same
// device to `marcador sync`.
const uid = Buffer.from(opts.uid, 'hex');
if (uid.length !== 8) throw new Error('--uid: 8 bytes in hex');
function modelUniqueId(ssi) {
  const write = ssi.writeUint32.bind(ssi);
  let k = -1; // bytes of a 0x4B command so far, -1: none under way
  ssi.writeUint32 = (offset, value) => {
    if (offset === 0x60) {
      if (k < 0 && (value & 0xff) === 0x4b) {
        k = 0;
        ssi.dr0 = 0;
        return;
      }
      if (k >= 0) {
        k++;
        ssi.dr0 = k >= 5 ? uid[k - 5] : 0;
        if (k === 12) k = -1;
        return;
      }
    }
    write(offset, value);
  };
}

// ---- one power-on ----------------------------------------------------------
let mcu = null;
let cdc = null;
let hostQueue = []; // bytes the host still has to send
let pendingRead = null; // an OUT transfer the device is waiting on
let powered = true;
let flashOps = 0;
let stall = 0; // cycles the flash routine just intercepted takes
let busy = 0;
let powerOnNanos = 0;
const levels = new Map();

function flashOp(kind, addr, n, apply, data) {
  flashOps++;
  const cut = opts.cutAfter && flashOps >= opts.cutAfter;
  if (!cut || opts.tear) apply(cut ? Math.floor(n / 2) : n);
  const logged = opts.logData && data ? ` d=${hex(data)}` : '';
  emit(`flash ${kind} ${addr.toString(16)} ${n}${cut ? (opts.tear ? ' torn' : ' lost') : ''}${logged}`);
  if (cut) {
    powered = false;
    emit('off');
  }
}

function onBreak(code) {
  const core = mcu.core;
  const routine = ROUTINES[code - 0x40];
  if (!routine) {
    process.stderr.write(`breakpoint ${code} at ${(core.PC - 2).toString(16)}\n`);
    return;
  }
  const r = core.registers;
  if (routine === 'RE') {
    // flash_range_erase(addr, count, block_size, block_cmd): whole 4 KB sectors.
    const start = r[0] & ~0xfff;
    const end = Math.min(FLASH_SIZE, (r[0] + r[1] + 0xfff) & ~0xfff);
    if (opts.flashTime) stall = ((end - start) / 4096) * ERASE_MS * 125000;
    flashOp('E', start, end - start, (n) => {
      flash.fill(0xff, start, start + n);
      mcu.flash.fill(0xff, start, start + n);
      persist(start, start + n);
    });
  } else if (routine === 'RP') {
    // flash_range_program(addr, data, count): NOR flash only clears bits.
    const addr = r[0];
    const src = r[1];
    const count = r[2];
    if (opts.flashTime) {
      const pages = ((addr + count + 255) >> 8) - (addr >> 8);
      stall = Math.round(pages * PROGRAM_MS * 125000);
    }
    flashOp('P', addr, count, (n) => {
      for (let i = 0; i < n && addr + i < FLASH_SIZE; i++) {
        flash[addr + i] &= mcu.readUint8(src + i);
        mcu.flash[addr + i] = flash[addr + i];
      }
      persist(addr, Math.min(FLASH_SIZE, addr + n));
    }, opts.logData ? Array.from({ length: count }, (_, i) => mcu.readUint8(src + i)) : null);
  }
  core.PC = core.LR & ~1; // return from the routine
}

function completeRead() {
  if (!pendingRead || !hostQueue.length) return;
  const { endpoint, size } = pendingRead;
  pendingRead = null;
  const n = Math.min(size, hostQueue.length);
  cdc.usb.endpointReadDone(endpoint, Uint8Array.from(hostQueue.splice(0, n)));
}

function powerOn() {
  mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(rom);
  mcu.flash.set(flash);
  mcu.onBreak = onBreak;
  modelUniqueId(mcu.peripherals[0x18000]);
  mcu.core.PC = FLASH_BASE;
  powerOnNanos = mcu.clock.nanos;
  busy = 0;
  stall = 0;
  wasWaiting = false;
  burstAt = 0;
  burstBusy = 0;
  pendingRead = null;
  hostQueue = [];
  // Pull-ups are not modelled: the buttons' pins idle high.
  for (const p of opts.high) levels.set(p, 1);
  for (const [p, v] of levels) mcu.gpio[p].setInputValue(!!v);

  mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    resetRequested = true;
  };

  // I2C0 and I2C1 (boards/pico_ssd1306 wires its display to the one,
  // pico_sh1106 to the other): write transactions to the attached
  // addresses are reported whole.
  for (const i2c of mcu.i2c) hookI2C(i2c);

  // USB CDC, with a host that answers an OUT transfer only when it has
  // data (as a real host NAKs), not at once with an empty packet.
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onDeviceConnected = () => emit('conn');
  cdc.onSerialData = (data) => emit(`usb ${hex(data)}`);
  cdc.usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return;
    pendingRead = { endpoint, size };
    completeRead();
  };
}

let resetRequested = false;
// --profile N: the PC of the instruction about to run, every N busy cycles
// (bench/rp2_profile.py maps them to the firmware's symbols).
const samples = new Map();
let sampleLeft = opts.profile;
let wasWaiting = false; // --bursts: the core's state last seen
let burstAt = 0;
let burstBusy = 0;

function hookI2C(i2c) {
  let addr = -1;
  let bytes = [];
  const flush = () => {
    if (addr >= 0) emit(`i2c ${addr.toString(16)} ${hex(bytes)}`);
    addr = -1;
    bytes = [];
  };
  // Each step of a transfer takes its time on the wire (rp2040js does
  // them at once): `bits` SCL periods as the firmware set the controller
  // (high + low counts of clk_sys), during which the firmware waits.
  const clock = mcu.clock;
  const later = (bits, fn) => {
    if (!opts.i2cTime) return fn();
    // (--i2c-hz: at that SCL rate instead, as the SDK would set it: what
    // a board.py asking for that rate would get)
    const period = opts.i2cHz ? Math.round(125e6 / opts.i2cHz)
      : i2c.sclHighPeriod + i2c.sclLowPeriod;
    const ns = bits * period * CYCLE_NS;
    clock.createAlarm(fn).schedule(ns);
  };
  i2c.onStart = () => {
    flush();
    later(1, () => i2c.completeStart());
  };
  i2c.onConnect = (address, mode) => {
    const present = opts.i2c.includes(address);
    addr = present && mode === 0 ? address : -1; // 0: write
    later(9, () => i2c.completeConnect(present));
  };
  i2c.onWriteByte = (value) => {
    bytes.push(value);
    later(9, () => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => later(9, () => i2c.completeRead(0xff));
  i2c.onStop = () => {
    flush();
    later(1, () => i2c.completeStop());
  };
}

function cycles() {
  return Math.round((mcu.clock.nanos - powerOnNanos) / CYCLE_NS);
}

function run(n) {
  try {
    runCycles(n);
  } catch (ex) {
    // rp2040js refuses what the core did (a misaligned access, ...):
    // the chip stops, as a real one locks up.
    emit(`fault ${String(ex.message || ex).split('\n')[0]}`);
    powered = false;
  }
}

function runCycles(n) {
  let clock = mcu.clock;
  let core = mcu.core;
  let target = clock.nanos + n * CYCLE_NS;
  while (powered && clock.nanos < target) {
    if (opts.bursts && core.waiting !== wasWaiting) {
      if (core.waiting) emit(`burst ${burstAt} ${busy - burstBusy}`);
      else {
        burstAt = cycles();
        burstBusy = busy;
      }
      wasWaiting = core.waiting;
    }
    if (core.waiting) {
      const left = target - clock.nanos;
      const next = clock.nextAlarm ? clock.nanosToNextAlarm : left;
      clock.tick(Math.max(0, Math.min(next, left)));
      if (core.interruptsUpdated && core.checkForInterrupts()) core.waiting = false;
    } else {
      if (opts.profile && sampleLeft <= 0) {
        sampleLeft += opts.profile;
        samples.set(core.PC, (samples.get(core.PC) || 0) + 1);
      }
      let c = core.executeInstruction();
      sampleLeft -= c;
      if (stall) {
        c += stall; // a flash erase or program: the core waits it out
        if (opts.profile) samples.set(0, (samples.get(0) || 0) + Math.floor(stall / opts.profile));
        stall = 0;
      }
      busy += c;
      clock.tick(c * CYCLE_NS);
    }
    if (resetRequested) {
      resetRequested = false;
      emit('reset');
      const left = target - clock.nanos;
      powerOn();
      clock = mcu.clock;
      core = mcu.core;
      target = clock.nanos + left;
    }
  }
}

powerOn();

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const [cmd, a, b] = line.trim().split(/\s+/);
  if (cmd === 'run') {
    run(Number(a));
    emit(`ok ${powered ? cycles() : -1} ${busy}`);
  } else if (cmd === 'pin') {
    levels.set(Number(a), Number(b));
    if (powered) mcu.gpio[Number(a)].setInputValue(!!Number(b));
  } else if (cmd === 'usb') {
    hostQueue.push(...Buffer.from(a || '', 'hex'));
    if (powered) completeRead();
  } else if (cmd === 'mem') {
    const at = Number(a);
    emit(`mem ${hex(Array.from({ length: Number(b) }, (_, i) => mcu.readUint8(at + i)))}`);
  } else if (cmd === 'prof') {
    emit(`prof ${Array.from(samples, ([pc, n]) => `${pc.toString(16)}:${n}`).join(' ')}`);
    samples.clear();
  } else if (cmd === 'quit') {
    closeSync(flashFd);
    process.exit(0);
  } else if (cmd) {
    emit(`error unknown command ${cmd}`);
  }
  if (out.length) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
});
rl.on('close', () => process.exit(0));
