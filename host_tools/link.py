"""The sync protocol, PC side (docs/protocol.md; the device side is
firmware/drivers/link.py): frames are printable ASCII lines with a CRC-32
(their format: marcador_core.wire, shared with the device), sent and read
through pyserial."""

import base64
import binascii
import json
import os
import re
import time

import serial

from marcador_core import gamefile, wire

from .counted import counted
from .termsafe import clean

# The protocol's shared facts (the device imports the same module).
CHUNK = wire.CHUNK
PULL_MAX = wire.PULL_MAX
MAX_SPANS = wire.MARK_SPANS
E_BUSY = wire.E_BUSY
MAX_LINE = 8192      # the longest frame a device sends (a pull: ~5.5 KB)
MAX_NOISE = 64 << 10  # bytes of non-frames skipped while awaiting an answer
MAX_FRAMES = 4096    # frames of one answer (list, damaged)
RAW_MAX = 16 << 20   # bytes of one damaged item
BUSY_RETRIES = 5     # err 7 (busy): read what is pending and ask again
BUSY_WAIT = 0.2
# The first answer (hello) may take longer: the device loads its link
# module when a PC's first frame arrives (app.py poll_link), from flash
# into RAM on stock MicroPython with .mpy files.
FIRST_TIMEOUT = 5.0

DEVICE_ID = re.compile(r"^[0-9A-Za-z]{1,32}$")
FSID = re.compile(r"^[0-9a-f]{8}$")
ITEM = re.compile(r"^(a[0-9]{4,10}\.[0-9]{1,10}\.[0-9]{1,10}"
                  r"|bad[0-9]{1,10}(-[0-9]{1,10})?)$")


class LinkError(Exception):
    """The device answered with an error, wrongly, or not at all."""


class DeviceError(LinkError):
    """An `err CODE text` frame."""

    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


def frame(words):
    """The frame of these words, as text (the format: marcador_core.wire,
    the device's own)."""
    return wire.frame(words).decode()


parse = wire.parse


def shown(words, most=60):
    # Device words for a message: printable, short.
    text = clean(" ".join(words))
    return text if len(text) <= most else text[:most] + "..."


def number(word, what, hi=0xFFFFFFFF):
    """A decimal field of a device answer, or LinkError naming it."""
    if not (0 < len(word) <= 10 and word.isascii() and word.isdigit()) \
            or int(word) > hi:
        raise LinkError(f"the device sent a bad {what} ({shown([word])}): "
                        f"is its firmware up to date (`marcador flash`)?")
    return int(word)


def b64(word, what):
    if word == "-":
        return b""
    if word.endswith("-"):
        # Firmware up to 0.5 streams a "-" after data whose length is a
        # multiple of 3 (drivers/link.py stream()): tolerated.
        word = word[:-1]
    try:
        return base64.b64decode(word, validate=True)
    except (binascii.Error, ValueError):
        raise LinkError(f"the device sent damaged data in {what} (bad "
                        f"base64): try again; if it persists, update its "
                        f"firmware (`marcador flash`)") from None


def split_entries(data):
    """Whole archive entries from a pull's bytes: (entries, rest), rest
    being bytes after the last entry whose length could be read (kept
    apart by the caller). An entry whose CRC or fields are wrong is still
    returned: the archive keeps it apart with the reason."""
    out = []
    i = 0
    while i < len(data):
        size = gamefile.entry_size(data, i)
        if size == 0 or i + size > len(data):
            return out, bytes(data[i:])
        out.append(bytes(data[i:i + size]))
        i += size
    return out, b""


def serial_ports():
    """The serial ports pyserial finds on this PC (device paths)."""
    from serial.tools import list_ports
    return [p.device for p in list_ports.comports()]


def open_error(port, ex):
    """The one line for a port that cannot be opened (sync, roster,
    settings and flash alike): busy, or absent with the ports that are
    here. pyserial says the errno twice ("[Errno 2] could not open port
    X: [Errno 2] No such file or directory: 'X'"): the reason is said
    once, in words."""
    text = str(ex)
    low = text.lower()
    if any(w in low for w in ("busy", "lock", "errno 11", "errno 16")):
        return LinkError(f"{port} is busy: close the program using it "
                         f"(mpremote, Thonny, a serial terminal, another "
                         f"marcador) and try again")
    errno = getattr(ex, "errno", None)
    inner = ex.args[1] if len(ex.args) > 1 and isinstance(
        ex.args[1], str) else None
    if errno is not None and os.strerror(errno):
        reason = os.strerror(errno)
    elif inner:
        reason = inner
    else:
        reason = text
    reason = reason.rstrip(".")
    return LinkError(f"cannot open {port}: {reason}. Is the board plugged "
                     f"in? Serial ports here: "
                     f"{', '.join(serial_ports()) or 'none'}")


class Client:
    def __init__(self, port, timeout=2.0, baudrate=115200):
        try:
            self.ser = serial.serial_for_url(port, baudrate=baudrate,
                                             timeout=timeout)
        except (serial.SerialException, OSError) as e:
            raise open_error(port, e) from e
        self.sent = 0          # bytes on the wire, both ways
        self.received = 0

    def close(self):
        self.ser.close()

    def _io(self, call, *args):
        # One read or write on the port; the port gone (the board
        # unplugged, reset, its USB lost) is a LinkError like a timeout.
        try:
            return call(*args)
        except (serial.SerialException, OSError) as ex:
            raise LinkError(f"the board's port stopped working (unplugged "
                            f"or reset? {ex}): plug it in again and run "
                            f"the command again") from None

    def _read_frame(self):
        noise = damaged = 0
        while True:
            raw = self._io(self.ser.readline, MAX_LINE + 1)
            if not raw:
                if damaged:
                    raise LinkError(f"{counted('damaged_answers', damaged)}"
                                    f" (bad CRC): check the "
                                    f"cable, then try again")
                raise LinkError("the device did not answer (timeout): is "
                                "the Marcador firmware running on it?")
            self.received += len(raw)
            if len(raw) <= MAX_LINE and raw.endswith(b"\n"):
                words = parse(raw.decode("ascii", "replace").strip())
                if words is not None:
                    return words
            # Anything else on the line (REPL output, noise) is skipped,
            # up to a point.
            damaged += raw.startswith(b"#")
            noise += len(raw)
            if noise > MAX_NOISE:
                raise LinkError(f"the device sent {noise} bytes that are "
                                f"not Marcador frames: is this its port, "
                                f"and its firmware up to date (`marcador "
                                f"flash`)?")

    def request(self, *words, many=False, expect=None):
        """Send one request; its answer's words after "ok" (a list of them
        up to and including "end" with many). expect: the word the answer
        must start with (the command's own name by default)."""
        words = [str(w) for w in words]
        expect = expect or words[0]
        for attempt in range(BUSY_RETRIES + 1):
            data = wire.frame(words)
            self._io(self.ser.write, data)
            self.sent += len(data)
            try:
                return self._answer(words, expect, many)
            except DeviceError as ex:
                if ex.code != E_BUSY or attempt == BUSY_RETRIES:
                    raise
                time.sleep(BUSY_WAIT)

    def _answer(self, words, expect, many):
        out = []
        while True:
            r = self._read_frame()
            if r[0] == "err":
                code = r[1] if len(r) > 1 else "?"
                text = r[2].replace("_", " ") if len(r) > 2 else ""
                raise DeviceError(f"device error {shown([code])}: "
                                  f"{shown([text])} (to `{words[0]}`)",
                                  int(code) if code.isdigit() and
                                  len(code) < 4 else -1)
            if r[0] != "ok" or len(r) < 2 or (
                    r[1] != expect and not (many and r[1] == "end")):
                raise LinkError(f"the device answered `{shown(words, 20)}` "
                                f"with `{shown(r)}`: is its firmware up to "
                                f"date (`marcador flash`)?")
            if not many:
                return r[1:]
            out.append(r[1:])
            if r[1] == "end":
                return out
            if len(out) > MAX_FRAMES:
                raise LinkError(f"the device's answer to `{words[0]}` did "
                                f"not end ({MAX_FRAMES} frames)")

    @staticmethod
    def _need(r, count, what):
        if len(r) < count:
            raise LinkError(f"the device sent a short answer to {what} "
                            f"(`{shown(r)}`): is its firmware up to date "
                            f"(`marcador flash`)?")

    def _timeout(self, seconds):
        # pyserial reconfigures the port to change it: a port gone is a
        # LinkError here too.
        self._io(setattr, self.ser, "timeout", seconds)

    def hello(self):
        usual = self.ser.timeout
        self._timeout(max(usual or 0, FIRST_TIMEOUT))
        try:
            r = self.request("hello")
        finally:
            try:
                self._timeout(usual)
            except LinkError:
                pass        # the port is gone: what request() raised says
        self._need(r, 4, "hello")
        out = {"device": r[1], "firmware": r[2],
               "protocol": number(r[3], "protocol version"),
               "fsid": r[4] if len(r) > 4 else None}
        if not DEVICE_ID.match(out["device"]):
            raise LinkError(f"the device sent a bad device id "
                            f"({shown([r[1]])})")
        if out["fsid"] is not None and not FSID.match(out["fsid"]):
            raise LinkError(f"the device sent a bad filesystem id "
                            f"({shown([r[4]])})")
        return out

    def games(self):
        out = []
        for r in self.request("list", many=True, expect="game"):
            if r[0] == "game":
                self._need(r, 7, "list")
                out.append({"number": number(r[1], "game number"),
                            "game": r[2],
                            "time": number(r[3], "time"),
                            "size": number(r[4], "size"),
                            "synced": r[5] == "1", "finished": r[6] == "1"})
        return out

    def fetch(self, number_, size, progress=None):
        data = bytearray()
        while len(data) < size:
            r = self.request("fetch", number_, len(data), CHUNK,
                             expect="data")
            self._need(r, 5, "fetch")
            if number(r[2], "offset") != len(data):
                raise LinkError("out-of-order chunk")
            part = b64(r[4], "fetch")
            if not part:
                raise LinkError("empty chunk before the end")
            data += part
            if progress:
                progress(len(part))
        try:
            gamefile.read_entry(data)
        except ValueError as ex:
            raise LinkError(f"game {number_} arrived damaged ({ex}): try "
                            f"again") from None
        return bytes(data)

    def pull(self, first, most=PULL_MAX, every=False):
        """Archive entries from game number `first` on (unsynced ones
        unless every): (next number or 0, [entry bytes, ...], rest), rest
        being bytes that are not whole entries."""
        words = ["pull", first, most] + (["all"] if every else [])
        r = self.request(*words)
        self._need(r, 4, "pull")
        nxt = number(r[1], "next game number")
        count = number(r[2], "game count")
        out, rest = split_entries(b64(r[3], "pull"))
        if not rest and len(out) != count:
            raise LinkError(f"the device said {count} games and sent "
                            f"{len(out)}: try again; if it persists, "
                            f"update its firmware (`marcador flash`)")
        if nxt and not count:
            raise LinkError("the device sent no game but said there were "
                            "more: update its firmware (`marcador flash`)")
        return nxt, out, rest

    def mark(self, *numbers):
        """Mark exactly these games synced: consecutive numbers as "A-B"
        spans, at most MAX_SPANS per request."""
        spans = []
        for n in sorted(set(numbers)):
            if spans and n == spans[-1][1] + 1:
                spans[-1][1] = n
            else:
                spans.append([n, n])
        words = [f"{a}-{b}" if a != b else str(a) for a, b in spans]
        for i in range(0, len(words), MAX_SPANS):
            self.request("mark", *words[i:i + MAX_SPANS])

    def damaged(self):
        """[(name, size)] of the device's damaged items (protocol 3)."""
        out = []
        for r in self.request("damaged", many=True):
            if r[0] == "end":
                break
            self._need(r, 3, "damaged")
            if not ITEM.match(r[1]):
                raise LinkError(f"the device named a damaged item "
                                f"{shown([r[1]])}, which is not a "
                                f"segment span or a journal")
            out.append((r[1], number(r[2], "item size", RAW_MAX)))
        return out

    def raw(self, name, size):
        """The bytes of one damaged item, in pieces."""
        data = bytearray()
        while len(data) < size:
            r = self.request("raw", name, len(data))
            self._need(r, 5, "raw")
            if r[1] != name or number(r[2], "offset") != len(data) or \
                    number(r[3], "item size", RAW_MAX) != size:
                raise LinkError(f"the device sent another piece than asked "
                                f"for ({shown(r[:4])}) for {name}")
            part = b64(r[4], "raw")
            if not part or len(part) > size - len(data):
                raise LinkError(f"the device sent a wrong piece of {name} "
                                f"({len(part)} bytes at {len(data)} of "
                                f"{size})")
            data += part
        return bytes(data)

    def settings(self, **new):
        """The device's settings (lang, dim_s, off_s); sets any given."""
        if new:
            words = []
            for k, v in new.items():
                words += [k, v]
            self.request("settings", "set", *words)
        r = self.request("settings", "get")
        d = dict(zip(r[1::2], r[2::2]))
        self._need(r, 7, "settings")
        if d.get("lang") not in ("es", "en") or "dim_s" not in d or \
                "off_s" not in d:
            raise LinkError(f"the device sent odd settings ({shown(r)})")
        return {"lang": d["lang"], "dim_s": number(d["dim_s"], "dim_s"),
                "off_s": number(d["off_s"], "off_s")}

    def set_time(self, t, tz_min=None):
        # tz_min: the PC's offset from UTC in minutes, for the days the
        # device shows (firmware before it refuses a second argument).
        if tz_min is None:
            self.request("time", int(t))
        else:
            self.request("time", int(t), int(tz_min))

    def roster(self, names=None):
        if names is None:
            r = self.request("roster", "get")
            self._need(r, 2, "roster")
            try:
                names = json.loads(b64(r[1], "roster").decode("utf-8"))
            except (ValueError, RecursionError):
                names = None
            if not isinstance(names, list) or not all(
                    isinstance(x, str) for x in names):
                raise LinkError("the device sent a damaged roster: set it "
                                "again with `marcador roster --port PORT "
                                "NAME...`")
            return names
        payload = base64.b64encode(json.dumps(names).encode()).decode()
        self.request("roster", "set", payload)
        return names
