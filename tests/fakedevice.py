"""A fake Marcador device speaking protocol 3 frames, in process: a
stand-in for pyserial's port (write, readline, close) that answers each
request as docs/protocol.md says, or misbehaves in one named way.

    dev = FakeDevice(entries, mode="bad-crc")
    monkeypatch.setattr(serial, "serial_for_url", lambda *a, **k: dev)

It keeps what a device keeps (games, synced marks, damaged items) and
checks what the PC sends (every mark must name games it holds, at most 16
spans), so a sync that marks a wrong number fails the test.
"""

import base64
import json

import serial

from marcador.link import frame, parse

DEVICE = "e6614104032f6a2b"
FSID = "3f9a12c0"


class FakeDevice:
    timeout = 2.0                       # pyserial's attribute (seconds)

    def __init__(self, entries, mode="ok", damaged=None, device=DEVICE,
                 fsid=FSID, proto=3):
        self.games = {}                 # number -> entry bytes
        for raw in entries:
            self.games[int.from_bytes(raw[3:7], "little")] = raw
        self.synced = set()
        self.damaged_items = dict(damaged or {})
        self.mode = mode
        self.device, self.fsid, self.proto = device, fsid, proto
        self.out = bytearray()
        self.requests = []
        self.marked = []                # the numbers of every mark
        self.endless = 0                # frames sent by endless modes
        self.clock = None               # what `time` set
        self.tz_min = None              # and the UTC offset it gave
        self.names = ["Ana", "Bea"]     # the roster
        self.settings = {"lang": "es", "dim_s": "30", "off_s": "300"}

    # ------------------------------------------------------- pyserial side

    def _unplugged(self):
        # "unplug-K": the cable goes after the K-th request reached the
        # device; the port then fails as pyserial's does (SerialException).
        if self.mode.startswith("unplug-") and \
                len(self.requests) >= int(self.mode[7:]):
            raise serial.SerialException(
                "device reports readiness to read but returned no data "
                "(device disconnected or multiple access on port?)")

    def write(self, data):
        if self.mode.startswith("unplug-") and \
                len(self.requests) >= int(self.mode[7:]):
            raise serial.SerialException("write failed: [Errno 5] "
                                         "Input/output error")
        words = parse(data.decode("ascii").strip())
        assert words is not None, data    # the PC sends good frames
        self.requests.append(words)
        self.answer(words)
        return len(data)

    def readline(self, size=-1):
        self._unplugged()
        if self.mode == "garbage-lines":
            self.endless += 1
            return b"garbage that is not a frame\n"
        if self.mode == "endless-line":
            self.endless += 1
            return b"x" * (size if size > 0 else 1 << 20)
        i = self.out.find(b"\n")
        if i < 0 and self.mode == "endless-damaged" and \
                self.requests[-1][0] == "damaged":
            self.endless += 1             # frames for ever, never "end"
            self.send("ok", "damaged", "a0001.%d.5" % self.endless, 5)
            i = self.out.find(b"\n")
        if i < 0:
            return b""                    # the timeout: nothing pending
        if 0 < size < i + 1:
            i = size - 1
        line = bytes(self.out[:i + 1])
        del self.out[:i + 1]
        return line

    def close(self):
        pass

    def reset_input_buffer(self):
        self.out.clear()

    # ------------------------------------------------------- device side

    def send(self, *words, crc_ok=True):
        f = frame([str(w) for w in words])
        if not crc_ok:
            f = f[:-3] + ("00\n" if not f.endswith("00\n") else "11\n")
        self.out += f.encode()

    def err(self, code, text):
        self.send("err", code, text)

    def catalog(self):
        return sorted(self.games)

    def answer(self, w):
        m = self.mode
        cmd = w[0]
        if m == "silent":
            return
        if m == "bad-crc":
            self.send("ok", "hello", self.device, "0.6", 3, self.fsid,
                      crc_ok=False)
            return
        if m == "busy" and cmd != "hello":
            return self.err(7, "busy")
        if m == "internal-error" and cmd == "pull":
            return self.err(8, "internal")
        getattr(self, "do_" + cmd)(w[1:])

    def do_hello(self, a):
        m = self.mode
        if m == "short-hello":
            return self.send("ok", "hello", self.device)
        if m == "protocol-2":
            return self.send("ok", "hello", self.device, "0.5", 2)
        if m == "protocol-word":
            return self.send("ok", "hello", self.device, "0.6", "three",
                             self.fsid)
        if m == "bad-device-id":
            return self.send("ok", "hello", "../\x1b[2J", "0.6", 3,
                             self.fsid)
        if m == "huge-protocol":
            return self.send("ok", "hello", self.device, "0.6", "9" * 5000,
                             self.fsid)
        if m == "wrong-answer":
            return self.send("ok", "mark", "1")
        self.send("ok", "hello", self.device, "0.6", self.proto, self.fsid)

    def do_pull(self, a):
        m = self.mode
        first, most = int(a[0]), int(a[1])
        every = len(a) > 2 and a[2] == "all"
        todo = [n for n in self.catalog() if n >= first and
                (every or n not in self.synced)]
        data, count = bytearray(), 0
        nxt = 0
        for n in todo:
            if count and len(data) + len(self.games[n]) > most:
                nxt = n
                break
            data += self.games[n]
            count += 1
        if m == "next-never-advances" and nxt == 0:
            nxt = first                       # "more from where you are"
        if m == "next-goes-back":
            nxt = 1
        text = base64.b64encode(bytes(data)).decode() if data else "-"
        if m == "short-pull":
            return self.send("ok", "pull", nxt)
        if m == "bad-base64":
            text = text[:-4] + "!@#$"
        if m == "non-integer-next":
            return self.send("ok", "pull", "next", count, text)
        if m == "non-integer-count":
            return self.send("ok", "pull", nxt, "1.5", text)
        if m == "negative-count":
            return self.send("ok", "pull", nxt, -count, text)
        if m == "count-mismatch":
            count += 1
        if m.startswith("mutate-"):          # a seeded random corruption
            import random
            rnd = random.Random(m)
            for _ in range(rnd.randrange(1, 6)):
                if data:
                    data[rnd.randrange(len(data))] = rnd.randrange(256)
            if rnd.random() < 0.3:
                del data[rnd.randrange(len(data) + 1):]
            text = base64.b64encode(bytes(data)).decode() if data else "-"
        if m == "truncated-entries":
            text = base64.b64encode(bytes(data[:-9])).decode()
        if m == "trailing-dash" and data:  # firmware 0.5's stream()
            text += "-"
        if m == "bad-crc-pull":
            return self.send("ok", "pull", nxt, count, text, crc_ok=False)
        self.send("ok", "pull", nxt, count, text)

    def do_mark(self, a):
        assert len(a) <= 16, a
        numbers = []
        for span in a:
            lo, _, hi = span.partition("-")
            lo, hi = int(lo), int(hi or lo)
            if lo < 1 or hi < lo:
                return self.err(4, "bad_arguments")
            numbers += range(lo, hi + 1)
        for n in numbers:
            if n not in self.games:
                return self.err(5, "no_game_%d" % n)
        if self.mode == "mark-refused":
            return self.err(5, "no_game_%d" % numbers[0])
        self.synced.update(numbers)
        self.marked += numbers
        self.send("ok", "mark", *a)

    def do_damaged(self, a):
        if self.mode == "endless-damaged":
            return                        # readline makes them up
        for name, raw in self.damaged_items.items():
            self.send("ok", "damaged", name, len(raw))
        self.send("ok", "end", len(self.damaged_items))

    def do_raw(self, a):
        name, off = a[0], int(a[1])
        if name not in self.damaged_items:
            return self.err(5, "no_such_item")
        raw = self.damaged_items[name]
        part = raw[off:off + 192]
        if self.mode == "raw-never-advances":
            part = b""
        if self.mode == "raw-wrong-offset":
            off += 1
        text = base64.b64encode(part).decode() if part else "-"
        self.send("ok", "raw", name, off, len(raw), text)

    def do_time(self, a):
        # The clock the PC sets first; "time-refused": old firmware.
        if self.mode == "time-refused":
            return self.err(3, "unknown_command")
        if len(a) > 1 and self.mode == "time-utc-only":
            return self.err(4, "bad_arguments")   # firmware before the offset
        self.clock = int(a[0])
        self.tz_min = int(a[1]) if len(a) > 1 else None
        self.send("ok", "time", a[0])

    def do_list(self, a):
        for n in self.catalog():
            self.send("ok", "game", n, "free", 0, len(self.games[n]),
                      int(n in self.synced), 1)
        self.send("ok", "end", len(self.games), 0)

    def do_roster(self, a):
        if a[0] == "set":
            self.names = json.loads(base64.b64decode(a[1]))
            return self.send("ok", "roster", len(self.names))
        self.send("ok", "roster", base64.b64encode(
            json.dumps(self.names).encode()).decode())

    def do_settings(self, a):
        if a[0] == "set":
            self.settings.update(zip(a[1::2], a[2::2]))
            return self.send("ok", "settings", "set")
        words = []
        for k, v in self.settings.items():
            words += [k, v]
        self.send("ok", "settings", *words)
