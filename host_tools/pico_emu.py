"""An emulated Raspberry Pi Pico: MicroPython's real rp2 port (a UF2) on
rp2040js, driven from here (sim/rp2/emu.mjs runs the chip under Node).

The board as wired in boards/pico_ssd1306: an SSD1306 (or SH1106) at 0x3C
on I2C0, whose bytes are decoded by the unix simulator's own controller
model (sim/fakes/oled_model.py), four buttons on GPIO 10-13 (active low),
the USB CDC serial port, and 2 MB of flash kept in an image file.

Time is emulated cycles (125 MHz), never wall time: the same inputs at the
same cycles give the same run. docs/rp2-emulator.md tells how to use it.
"""

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMU_DIR = ROOT / "sim" / "rp2"
HZ = 125_000_000
CYCLES_MS = HZ // 1000
BUTTON_PINS = (10, 11, 12, 13)     # UP, DOWN, OK, BACK (boards/pico_*)
KEYS = {"up": 0, "down": 1, "ok": 2, "back": 3}
TAP_MS = 80                         # as the unix simulator (sim/feeders.py)
GAP_MS = 150
LONG_MS = 1200
UID = "e6605838834b5d2a"           # the flash chip's unique id (8 bytes)
UF2_NAME = "firmware-RPI_PICO-v1.28.0.uf2"
BOOTROM_NAME = "bootrom-rp2040-b1.bin"


class Unavailable(Exception):
    """What is missing to run the emulator, and how to get it."""


def shared_dir():
    """../shared/rp2 beside the clone (CI keeps a copy beside its clone;
    for a git worktree, also beside its main checkout);
    MARCADOR_RP2_SHARED points elsewhere."""
    env = os.environ.get("MARCADOR_RP2_SHARED")
    if env:
        return Path(env)
    places = [ROOT.parent]
    try:
        common = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--path-format=absolute",
             "--git-common-dir"], capture_output=True, text=True,
            timeout=10).stdout.strip()
        if common:
            places.append(Path(common).parent.parent)
    except (OSError, subprocess.SubprocessError):
        pass
    for place in places:
        if (place / "shared" / "rp2").is_dir():
            return place / "shared" / "rp2"
    return places[0] / "shared" / "rp2"


def bootrom():
    path = shared_dir() / BOOTROM_NAME
    if not path.exists():
        raise Unavailable(f"the RP2040 bootrom is missing: put {BOOTROM_NAME}"
                          f" in {shared_dir()} (or set MARCADOR_RP2_SHARED)")
    return path


def stock_uf2():
    path = shared_dir() / UF2_NAME
    if not path.exists():
        raise Unavailable(f"the stock MicroPython image is missing: put "
                          f"{UF2_NAME} in {shared_dir()}")
    return path


def node():
    found = shutil.which("node")
    if not found:
        raise Unavailable("Node.js (18+) is needed for the rp2 emulator: "
                          "apt-get install nodejs npm")
    if not (EMU_DIR / "node_modules" / "rp2040js").exists():
        raise Unavailable("rp2040js is not installed: run `make rp2-emu` "
                          "(npm ci in sim/rp2)")
    return found


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def panel_model(sh1106=False):
    """The unix simulator's controller model (strict: a byte a real
    controller would refuse is an error, kept in .errors)."""
    mod = _load("marcador_oled_model", ROOT / "sim" / "fakes" /
                "oled_model.py")
    return (mod.SH1106Model if sh1106 else mod.SSD1306Model)(strict=False)


def panel_hex(panel):
    """The panel as the unix simulator's SHOT lines give it: 1024 bytes,
    row-major, MSB first, in hex (sim/reports.py panel_bits)."""
    out = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y):
                out[y * 16 + (x >> 3)] |= 0x80 >> (x & 7)
    return out.hex()


FLASH_SIZE = 2 * 1024 * 1024


class BadFile(ValueError):
    """A UF2 or flash image this board cannot take (one line)."""


def check_uf2(path):
    """A UF2 image of the Pico's flash, or BadFile."""
    import struct
    data = Path(path).read_bytes()
    if not data or len(data) % 512:
        raise BadFile(f"{path} is not a UF2 image ({len(data)} bytes, not "
                      f"blocks of 512): give a Pico's .uf2 file")
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size = struct.unpack_from("<5I", data, i)
        end, = struct.unpack_from("<I", data, i + 508)
        if (m0, m1, end) != (0x0A324655, 0x9E5D5157, 0x0AB16F30):
            raise BadFile(f"{path} is not a UF2 image (block {i // 512} "
                          f"is not a UF2 block): give a Pico's .uf2 file")
        if not flags & 1 and not (0x10000000 <= addr and addr + size <=
                                  0x10000000 + FLASH_SIZE and size <= 476):
            raise BadFile(f"{path} is not a UF2 image for a Pico (block "
                          f"{i // 512} is outside its 2 MB flash)")


def check_flash(path):
    """A flash image: absent or empty (a new board), or exactly 2 MB."""
    path = Path(path)
    size = path.stat().st_size if path.exists() else 0
    if path.exists() and not path.is_file():
        raise BadFile(f"{path} is not a file: give a flash image's path")
    if size not in (0, FLASH_SIZE):
        raise BadFile(f"{path} is not a 2 MB Pico flash image ({size} "
                      f"bytes): give another path (a new one is a new "
                      f"board)")


class PowerOff(Exception):
    """The power was cut (cut_after): the board runs no more."""


class Pico:
    """One emulated board. flash: its image file (made on first use);
    uf2: an image to copy onto it first, as a drop on the BOOTSEL drive
    does (littlefs is kept). cut_after=N: the power goes at the Nth
    flash erase or program (not done; tear: half done). uid: its flash
    chip's unique id in hex, machine.unique_id() (another id is another
    device for sync). i2c_time: each I2C transfer takes its time on the
    wire at the SCL rate the firmware set (the firmware waits for it, as
    on a board); False: none, as rp2040js alone. i2c_hz: the wire at that
    rate instead (what a board.py asking for it would get). flash_time: each flash
    erase/program takes a W25Q16JV's typical time (45 ms a 4 KB sector,
    0.4 ms a 256 B page), busy cycles (False: none). log_data: each program's
    bytes kept in flash_data (None for an erase), to rebuild the flash at
    any moment. bursts: each run of the core between two waits for an
    interrupt kept in .bursts as (cycle it started at, busy cycles).
    profile=N: the program counter sampled every N busy cycles (samples()
    takes them)."""

    def __init__(self, flash, uf2=None, sh1106=False, cut_after=0,
                 tear=False, on_serial=None, uid=UID, i2c_time=True,
                 log_data=False, bursts=False, profile=0, flash_time=True,
                 i2c_hz=0):
        check_flash(flash)
        if uf2:
            check_uf2(uf2)
        cmd = [node(), str(EMU_DIR / "emu.mjs"), "--bootrom", str(bootrom()),
               "--flash", str(flash), "--uid", uid,
               "--high", ",".join(str(p) for p in BUTTON_PINS)]
        if uf2:
            cmd += ["--uf2", str(uf2)]
        if not i2c_time:
            cmd.append("--no-i2c-time")    # transfers take no time
        if not flash_time:
            cmd.append("--no-flash-time")
        if i2c_hz:
            cmd += ["--i2c-hz", str(int(i2c_hz))]
        if cut_after:
            cmd += ["--cut-after", str(cut_after)]
            if tear:
                cmd.append("--tear")
        if log_data:
            cmd.append("--log-data")
        if bursts:
            cmd.append("--bursts")
        if profile:
            cmd += ["--profile", str(int(profile))]
        import tempfile
        self.stderr = tempfile.TemporaryFile()     # read if it stops
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True,
                                     bufsize=1)
        self.panel = panel_model(sh1106)
        self.cycles = 0             # since the last power-on
        self.busy = 0               # of them, spent executing
        self.total = 0              # since this object started
        self.serial = bytearray()   # what the board sent, not yet taken
        self.on_serial = on_serial  # or a function given each piece
        self.connections = 0        # CDC enumerations (one per power-on)
        self.resets = 0             # watchdog resets (each a power cycle)
        self.flash_ops = []         # (kind "E"/"P", address, bytes)
        self.i2c_writes = 0         # transactions to the display
        self.i2c_bytes = 0          # their bytes (address byte not counted)
        self.flash_data = []        # log_data: a program's bytes, or None
        self.bursts = []            # bursts: (start cycle, busy cycles)
        self._mem = None
        self.off = False
        self.fault = None           # what stopped the chip, if it did

    # -- the link to the emulator ------------------------------------------
    def _stopped(self):
        self.proc.wait()
        self.stderr.seek(0)
        lines = self.stderr.read().decode(errors="replace").splitlines()
        why = lines[-1] if lines else f"exit code {self.proc.returncode}"
        return RuntimeError(f"the rp2 emulator stopped: {why}")

    def _send(self, line):
        if self.proc.poll() is not None:
            raise self._stopped()
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._stopped() from None

    def run(self, cycles):
        """Run `cycles` more cycles; returns the cycle count since
        power-on. Raises PowerOff once the power is cut."""
        if self.fault:
            raise RuntimeError(f"the emulated chip stopped: {self.fault}")
        if self.off:
            raise PowerOff()
        self._send(f"run {int(cycles)}")
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise self._stopped()
            kind, _, rest = line.rstrip("\n").partition(" ")
            if kind == "ok":
                now, busy = (int(w) for w in rest.split())
                self.total += cycles
                if self.fault:
                    raise RuntimeError(
                        f"the emulated chip stopped: {self.fault}")
                if now < 0:
                    self.off = True
                    raise PowerOff()
                self.cycles, self.busy = now, busy
                return now
            if kind == "i2c":
                addr, _, data = rest.partition(" ")
                if int(addr, 16) == 0x3C:
                    self.panel.write(bytes.fromhex(data))
                    self.i2c_writes += 1
                    self.i2c_bytes += len(data) // 2
            elif kind == "usb":
                data = bytes.fromhex(rest)
                if self.on_serial:
                    self.on_serial(data)
                else:
                    self.serial += data
            elif kind == "conn":
                self.connections += 1
            elif kind == "reset":
                self.resets += 1
            elif kind == "flash":
                words = rest.split()
                op, addr, n = words[:3]
                self.flash_ops.append((op, int(addr, 16), int(n)))
                data = words[-1][2:] if words[-1].startswith("d=") else None
                self.flash_data.append(bytes.fromhex(data) if data
                                       else None)
            elif kind == "burst":
                at, busy = rest.split()
                self.bursts.append((int(at), int(busy)))
            elif kind == "mem":
                self._mem = bytes.fromhex(rest)
            elif kind == "prof":
                self._mem = {int(pc, 16): int(n) for pc, n in
                             (w.split(":") for w in rest.split())}
            elif kind == "off":
                pass                  # "ok -1" follows
            elif kind == "fault":
                self.fault = rest     # "ok -1" follows
            else:
                raise RuntimeError(f"rp2 emulator: {line.strip()}")

    def mem(self, addr, n):
        """n bytes of the chip's memory (RAM, ROM, XIP) at addr, read
        between runs without disturbing the firmware."""
        self._mem = None
        self._send(f"mem {int(addr)} {int(n)}")
        self.run(0)
        return self._mem

    def samples(self):
        """(profile=N) {program counter: times seen} since the last call."""
        self._mem = None
        self._send("prof")
        self.run(0)
        return self._mem or {}

    def run_ms(self, ms):
        return self.run(ms * CYCLES_MS)

    def run_until(self, done, limit_ms, step_ms=10):
        """Run in steps of step_ms until done() is true; False if it was
        not within limit_ms."""
        for _ in range(0, limit_ms, step_ms):
            if done():
                return True
            self.run_ms(step_ms)
        return done()

    # -- the board's inputs -------------------------------------------------
    def pin(self, gpio, level):
        self._send(f"pin {gpio} {1 if level else 0}")

    def press(self, key, ms=TAP_MS, gap=GAP_MS):
        """A button pressed for `ms`, then released for `gap` (both
        emulated time), as the unix simulator's key scripts do."""
        pin = BUTTON_PINS[KEYS[key] if isinstance(key, str) else key]
        self.pin(pin, 0)
        self.run_ms(ms)
        self.pin(pin, 1)
        self.run_ms(gap)

    def write(self, data):
        """Bytes the PC sends on the USB serial port."""
        data = bytes(data)
        for i in range(0, len(data), 2048):
            self._send("usb " + data[i:i + 2048].hex())

    def take_serial(self):
        data = bytes(self.serial)
        self.serial.clear()
        return data

    def screen_hex(self):
        return panel_hex(self.panel)

    def close(self):
        if self.proc.poll() is None:
            try:
                self._send("quit")
                self.proc.wait(timeout=10)
            except (OSError, RuntimeError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.stderr):
            try:
                f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


PTY_MAX = 65536     # bytes kept for a PC that does not read, then dropped


class SerialPty:
    """The board's USB serial port as a pty pair on the PC: the ordinary
    tools (marcador sync --port, mpremote) open `port`. pump() moves bytes
    both ways without ever blocking; call it between runs."""

    def __init__(self, pico):
        import tty
        self.pico = pico
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)            # no echo, no line editing
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self._slave)
        self.to_pc = bytearray()
        pico.on_serial = self.to_pc.extend

    def pump(self):
        """Returns True if anything moved."""
        moved = False
        try:
            data = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            data = b""
        if data:
            self.pico.write(data)
            moved = True
        if self.to_pc:
            try:
                n = os.write(self.master, self.to_pc)
            except (BlockingIOError, OSError):
                n = 0
            del self.to_pc[:n]
            moved = moved or n > 0
            if len(self.to_pc) > PTY_MAX:   # nobody reads: as a full host
                del self.to_pc[:-PTY_MAX]
        return moved

    def close(self):
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass


def serve(pico, port, stop, step_ms=2, realtime=True, each=None):
    """Run the board and its serial pty until stop() is true (checked
    between steps of step_ms emulated ms). realtime: never ahead of the
    wall clock (emulated timeouts then last as long as real ones); the
    emulator is usually slower than that anyway. each(): called after
    every step (the terminal's keys and screen)."""
    import time
    start = time.monotonic()
    ran = 0
    while not stop():
        port.pump()
        pico.run_ms(step_ms)
        ran += step_ms
        port.pump()
        if each:
            each()
        if realtime:
            ahead = ran / 1000 - (time.monotonic() - start)
            if ahead > 0:
                time.sleep(ahead)


def settle(pico, step_ms=10, idle=0.25, limit_ms=5000, quiet=3):
    """Run until the firmware waits: `quiet` steps of step_ms in a row in
    each of which the core was busy less than `idle` of the time and sent
    the display nothing (on a board a frame goes out a few pages an app
    step, 10 ms of sleep between them: one quiet window alone can fall
    between two). Returns the busy
    cycles spent; pico.settled_busy is pico.busy when the quiet run began.
    TimeoutError past limit_ms."""
    spent = 0
    run = 0
    for _ in range(0, limit_ms, step_ms):
        before = pico.busy
        sent = pico.i2c_bytes
        pico.run_ms(step_ms)
        delta = pico.busy - before if pico.busy >= before else pico.busy
        spent += delta
        if delta < idle * step_ms * CYCLES_MS and pico.i2c_bytes == sent:
            if not run:
                pico.settled_busy = before
            run += 1
            if run >= quiet:
                return spent
        else:
            run = 0
    raise TimeoutError(f"the board was still busy after {limit_ms} ms")


def play(pico, script_text):
    """Play a key script of the unix simulator (sim/keyscript.py's
    commands) with the buttons' GPIOs: each press waits for the firmware
    to be idle first, is held as long as there (TAP_MS, LONG_MS, hold MS),
    then released for GAP_MS. Returns (shots {name: hex}, steps: the busy
    cycles from each press to the firmware waiting again)."""
    from .sim import _keyscript, check_script
    names = check_script(script_text)
    ks = _keyscript()
    steps, _ = ks.compile(script_text.splitlines())
    shots, costs = {}, []
    for j in range(0, len(steps), 4):
        kind, key = steps[j] >> 4, steps[j] & 0x0F
        arg = steps[j + 1] | steps[j + 2] << 8 | steps[j + 3] << 16
        if kind == ks.HOLD:
            settle(pico)
            before = pico.busy
            pico.press(key, arg)
            costs.append(pico.busy - before + settle(pico))
        elif kind == ks.WAIT:
            pico.run_ms(arg)
        elif kind == ks.SHOT:
            settle(pico)
            shots[names[len(shots)]] = pico.screen_hex()
        elif kind == ks.QUIT:
            break
    return shots, costs


class Served:
    """The board running on its own (a thread) with its USB serial port
    on a pty, for the PC tools:

        with Served(pico) as port:
            cli.main(["sync", "--port", port])

    On leaving, whatever the PC wrote last reaches the board."""

    def __init__(self, pico, realtime=True, each=None):
        self.pico = pico
        self.realtime = realtime
        self.each = each
        self.stopping = False
        self.error = None

    def __enter__(self):
        import threading
        self.pty = SerialPty(self.pico)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        return self.pty.port

    def _serve(self):
        try:
            serve(self.pico, self.pty, lambda: self.stopping,
                  realtime=self.realtime, each=self.each)
        except BaseException as ex:       # PowerOff, the emulator gone
            self.error = ex
            # As a board's USB port vanishes: the PC's reads fail.
            self.pty.close()

    def __exit__(self, *exc):
        self.stopping = True
        self.thread.join()
        if self.error is None and not self.pico.off:
            self.pty.pump()
            self.pico.run_ms(1)
        self.pty.close()
        self.pico.on_serial = None
