"""The sync protocol, PC side (docs/protocol.md; the device side is
firmware/drivers/link.py): frames are printable ASCII lines with a CRC-32,
sent and read through pyserial."""

import base64
import binascii

import serial

from marcador_core import gamefile

CHUNK = 192
PULL_MAX = 4096      # bytes of games per "pull" frame (the device's cap)


class LinkError(Exception):
    """The device answered with an error, or not at all."""


def frame(words):
    body = " ".join(words)
    return f"#{body}*{binascii.crc32(body.encode()) & 0xFFFFFFFF:08x}\n"


def parse(line):
    if len(line) < 11 or line[0] != "#" or line[-9] != "*":
        return None
    body = line[1:-9]
    ok = line[-8:] == f"{binascii.crc32(body.encode()) & 0xFFFFFFFF:08x}"
    return body.split(" ") if ok else None


class Client:
    def __init__(self, port, timeout=2.0, baudrate=115200):
        try:
            self.ser = serial.serial_for_url(port, baudrate=baudrate,
                                             timeout=timeout)
        except serial.SerialException as e:
            raise LinkError(f"cannot open {port}: {e}. Is the board plugged "
                            f"in, and no other program (mpremote, a serial "
                            f"terminal) using the port?") from e
        self.sent = 0          # bytes on the wire, both ways
        self.received = 0

    def close(self):
        self.ser.close()

    def _read_frame(self):
        while True:
            raw = self.ser.readline()
            if not raw:
                raise LinkError("the device did not answer (timeout)")
            self.received += len(raw)
            words = parse(raw.decode("ascii", "replace").strip())
            if words is not None:
                return words
            # Anything else on the line (REPL output, noise) is skipped.

    def request(self, *words, many=False):
        data = frame([str(w) for w in words]).encode()
        self.ser.write(data)
        self.sent += len(data)
        out = []
        while True:
            r = self._read_frame()
            if r[0] == "err":
                raise LinkError(f"device error {r[1]}: "
                                f"{r[2].replace('_', ' ') if len(r) > 2 else ''}")
            if not many:
                return r[1:]
            out.append(r[1:])
            if r[1] == "end":
                return out

    def hello(self):
        r = self.request("hello")
        return {"device": r[1], "firmware": r[2], "protocol": int(r[3])}

    def games(self):
        out = []
        for r in self.request("list", many=True):
            if r[0] == "game":
                out.append({"number": int(r[1]), "game": r[2],
                            "time": int(r[3]), "size": int(r[4]),
                            "synced": r[5] == "1", "finished": r[6] == "1"})
        return out

    def fetch(self, number, size, progress=None):
        data = bytearray()
        while len(data) < size:
            r = self.request("fetch", number, len(data), CHUNK)
            if int(r[2]) != len(data):
                raise LinkError("out-of-order chunk")
            part = b"" if r[4] == "-" else base64.b64decode(r[4])
            if not part:
                raise LinkError("empty chunk before the end")
            data += part
            if progress:
                progress(len(part))
        gamefile.read_entry(data)     # ValueError if damaged on the way
        return bytes(data)

    def pull(self, first, most=PULL_MAX, every=False):
        """Whole archive entries from game number `first` on (unsynced
        ones unless every): (next number or 0, [entry bytes, ...])."""
        words = ["pull", first, most] + (["all"] if every else [])
        r = self.request(*words)
        nxt, count = int(r[1]), int(r[2])
        data = b"" if r[3] == "-" else base64.b64decode(r[3])
        out = []
        i = 0
        while i < len(data):
            size = gamefile.entry_size(data, i)
            if size == 0 or i + size > len(data):
                raise LinkError("damaged pull frame")
            gamefile.read_entry(data, i)      # ValueError if damaged
            out.append(data[i:i + size])
            i += size
        if len(out) != count:
            raise LinkError(f"pull said {count} games, sent {len(out)}")
        return nxt, out

    def mark(self, *numbers):
        """Mark games synced: numbers, as few "A-B" spans as possible."""
        spans = []
        for n in sorted(set(numbers)):
            if spans and n == spans[-1][1] + 1:
                spans[-1][1] = n
            else:
                spans.append([n, n])
        self.request("mark", *[f"{a}-{b}" if a != b else str(a)
                               for a, b in spans])

    def settings(self, **new):
        """The device's settings (lang, dim_s, off_s); sets any given."""
        if new:
            words = []
            for k, v in new.items():
                words += [k, v]
            self.request("settings", "set", *words)
        r = self.request("settings", "get")
        d = dict(zip(r[1::2], r[2::2]))
        return {"lang": d["lang"], "dim_s": int(d["dim_s"]),
                "off_s": int(d["off_s"])}

    def set_time(self, t):
        self.request("time", int(t))

    def roster(self, names=None):
        import json
        if names is None:
            r = self.request("roster", "get")
            return json.loads(base64.b64decode(r[1]))
        payload = base64.b64encode(json.dumps(names).encode()).decode()
        self.request("roster", "set", payload)
        return names
