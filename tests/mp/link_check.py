# The sync link's robustness on the MicroPython VM, each mode printing one
# JSON line for tests/device/test_link.py:
#
#   micropython link_check.py longname   a 260-letter command
#   micropython link_check.py time N     "time N"
#   micropython link_check.py fuzz N     N hostile requests: every byte sent
#   micropython link_check.py flood N    N requests while the host reads nothing
#   micropython link_check.py internal   a request that fails inside the device
#   micropython link_check.py settings   flash writes of settings/roster sets
#   micropython link_check.py pace       a port that takes 100 bytes a step
#   micropython link_check.py ask        the answers to requests on stdin
#                                        (one JSON list of words a line)
#
# The firmware's App boots on the simulated board (flash in RAM); its
# serial port is FakePort below, fed and read by this script, and the app
# is stepped on a virtual clock as its loop does.

import sys
import json
import gc

from vmboard import fresh
import board                           # noqa: E402
from app.app import App                # noqa: E402
from binascii import crc32, b2a_base64  # noqa: E402


def frame(words):
    # As the PC builds a request (host_tools/link.py), from str or bytes.
    body = b" ".join([w if isinstance(w, bytes) else w.encode()
                      for w in words])
    return b"#" + body + b"*%08x\n" % (crc32(body) & 0xFFFFFFFF)


class FakePort:
    """The board's serial port as drivers/serial.Port offers it: read(1)
    gives b"" when nothing waits; write(b) takes what the host has room
    for (cap bytes, None: all) and returns how many, never waiting."""

    def __init__(self):
        self.inq = bytearray()
        self.pos = 0
        self.out = bytearray()
        self.cap = None
        self.refused = 0          # bytes offered that did not fit

    def feed(self, data):
        if self.pos > 4096:       # keep the input queue small
            self.inq = self.inq[self.pos:]
            self.pos = 0
        self.inq += data

    def waiting(self):
        return self.pos < len(self.inq)

    def read(self, n=1):
        if self.pos < len(self.inq):
            self.pos += 1
            return bytes(self.inq[self.pos - 1:self.pos])
        return b""

    def write(self, b):
        n = len(b) if self.cap is None else min(len(b), self.cap)
        self.out += bytes(b[:n])
        if self.cap is not None:
            self.cap -= n
        self.refused += len(b) - n
        return n

    def take(self):
        # The host reads everything the device sent.
        out = bytes(self.out)
        self.out = bytearray()
        return out


def boot():
    dev = fresh(64)
    board.CONFIG["blockdev"] = dev
    hw = board.setup()
    port = FakePort()
    hw.serial = port
    app = App(hw)
    return app, port


class Clock:
    now = 0


def step(app, n=1):
    for _ in range(n):
        Clock.now += 10
        app.step(Clock.now)


def frames_of(data):
    # Every line the device sent: (words or None if malformed, bad bytes).
    out = []
    bad = 0
    for c in data:
        if c != 10 and (c < 32 or c > 126):
            bad += 1
    for line in data.split(b"\n")[:-1]:
        ok = (len(line) >= 10 and line[:1] == b"#" and line[-9:-8] == b"*"
              and line[-8:] == b"%08x" % (crc32(line[1:-9]) & 0xFFFFFFFF))
        out.append(line[1:-9].decode().split(" ") if ok else None)
    tail = data[data.rfind(b"\n") + 1:]
    return out, bad, tail


def ask(app, port, words, steps=5):
    port.feed(frame(words))
    step(app, steps)
    got, bad, tail = frames_of(port.take())
    return got, bad, tail


def alive(app, port):
    # The loop still answers.
    got, bad, tail = ask(app, port, ["settings", "get"])
    return bool(got) and got[-1] is not None and got[-1][:2] == [
        "ok", "settings"]


def mode_longname():
    app, port = boot()
    step(app)
    res = {}
    try:
        got, bad, tail = ask(app, port, ["a" * 260])
        res["answer"] = got
    except Exception as e:
        res["raised"] = "%s: %s" % (type(e).__name__, e)
    res["alive"] = alive(app, port)
    return res


def mode_time(n):
    app, port = boot()
    step(app)
    got, bad, tail = ask(app, port, ["time", n])
    return {"answer": got, "alive": alive(app, port)}


def mode_tz(words):
    # `time T OFFSET`: the PC's UTC offset (minutes) kept in the settings,
    # through a reboot, and the past games' day shown in it.
    app, port = boot()
    step(app)
    got, bad, tail = ask(app, port, ["time"] + words)
    kept = app.settings.tz_min
    app2 = App(app.hw)
    from app.history import day_month
    return {"answer": got, "tz": kept, "tz_after_reboot": app2.settings.tz_min,
            "day": day_month(1758499200, app2.settings.tz_min),
            "alive": alive(app, port)}


def hostile(rnd, i):
    # A request with bytes a PC should never send: NUL, Ctrl-C, Ctrl-D,
    # bytes >= 0x80, under a valid CRC or not.
    cmds = [b"hello", b"list", b"fetch", b"pull", b"mark", b"time",
            b"roster", b"settings", b"damaged", b"raw", b"nope"]
    weird = b"\x00\x03\x04\x7f\x80\xff\xc3\xa9\x1b\x08\t"

    def junk(k):
        return bytes([weird[rnd(len(weird))] if rnd(3) == 0 else
                      32 + rnd(95) for _ in range(k)])

    k = i % 4
    if k == 0:                    # a weird command name, valid CRC
        return frame([junk(1 + rnd(40))])
    if k == 1:                    # a real command, weird arguments
        words = [cmds[rnd(len(cmds))]]
        for _ in range(rnd(4)):
            words.append(junk(1 + rnd(12)) if rnd(2) else
                         str(rnd(1 << 30) * (1 + rnd(99999))).encode())
        return frame(words)
    if k == 2:                    # raw bytes, no frame
        return junk(1 + rnd(60)).replace(b"\n", b"?") + b"\n"
    return frame([cmds[rnd(len(cmds))]] + [junk(1 + rnd(5))])


def mode_fuzz(n):
    import random
    random.seed(7)

    def rnd(k):
        return random.getrandbits(30) % k

    app, port = boot()
    step(app)
    sent = 0
    bad = 0
    malformed = 0
    answers = 0
    echo = 0                      # longest request text echoed in an err
    raised = []
    for i in range(n):
        try:
            port.feed(hostile(rnd, i))
            step(app, 2)
            data = port.take()
            sent += len(data)
            got, b, tail = frames_of(data)
            bad += b
            malformed += len([g for g in got if g is None]) + (1 if tail
                                                                else 0)
            answers += len(got)
            for g in got:
                if g and g[:2] == ["err", "3"]:
                    echo = max(echo, len(g[2]) - len("unknown_"))
        except Exception as e:
            raised.append("%s: %s" % (type(e).__name__, e))
            if len(raised) > 5:
                break
    return {"requests": n, "answers": answers, "bytes": sent,
            "non_printable": bad, "malformed": malformed,
            "longest_echo": echo, "raised": raised, "alive": alive(app, port)}


def mode_flood(n):
    app, port = boot()
    step(app, 3)
    port.take()
    port.cap = 0                  # the host reads nothing from now on
    home = app.top()
    moved = []
    reqs = [frame(["list"]), frame(["settings", "get"]),
            frame(["roster", "get"]), frame(["pull", "1"]),
            frame(["hello"]), frame(["fetch", "1", "0"])]
    base = None
    peak = 0
    raised = []
    for i in range(n):
        port.feed(reqs[i % len(reqs)])
        try:
            step(app, 1)
            if i % 50 == 10:      # a key tap while the link is flooded
                app.hw.pins[1].level = 0
                step(app, 8)
                app.hw.pins[1].level = 1
                step(app, 8)
                moved.append(app.top().menu.index)
        except Exception as e:
            raised.append("%s: %s" % (type(e).__name__, e))
            break
        if i == len(reqs) - 1:
            # Each kind of request answered once: the modules they load
            # (the archive's reader, the file format, the table of titles:
            # not in RAM at home) stay from now on. What the flood adds
            # after that is what must stay bounded.
            gc.collect()
            base = gc.mem_alloc()
        elif base is not None and i % 100 == 0:
            gc.collect()
            peak = max(peak, gc.mem_alloc() - base)
    steps_flooded = Clock.now // 10
    buffered = len(port.inq) - port.pos
    # The host reads again: everything pending comes out whole.
    port.cap = None
    step(app, 400)
    out = port.take()
    got, bad, tail = frames_of(out)
    last = alive(app, port)
    return {"requests": n, "raised": raised, "moved": moved,
            "home_kept": app.top() is home, "peak_growth": peak,
            "unread_input": buffered, "steps": steps_flooded,
            "frames": len(got), "malformed": len([g for g in got if g is None]),
            "tail": len(tail), "non_printable": bad,
            "busy": len([g for g in got if g and g[:2] == ["err", "7"]]),
            "kinds": sorted(set([" ".join(g[:2]) for g in got if g])),
            "alive": last}


class NoLang:
    # Settings as the app loop reads them, without what a request needs.
    dim_s = 60
    off_s = 300


def mode_internal():
    app, port = boot()
    step(app)
    real = app.settings
    app.settings = NoLang()        # "settings get" now fails inside
    got, bad, tail = ask(app, port, ["settings", "get"])
    app.settings = real

    def no_memory(first, every):
        raise MemoryError

    app.link.handlers._games = no_memory  # as if the heap were exhausted
    got2, bad, tail = ask(app, port, ["list"])
    del app.link.handlers._games

    def broken(b):
        raise OSError(5)          # EIO: the port itself fails

    port.write = broken
    port.feed(frame(["settings", "get"]))
    stepped = 0
    try:
        for _ in range(5):
            step(app)
            stepped += 1
    except Exception:
        pass
    del port.write
    return {"answer": got, "memory": got2, "port_failed_steps": stepped,
            "alive": alive(app, port), "internal": app.link.internal}


def mode_settings():
    app, port = boot()
    step(app)
    dev = app.hw.flash
    res = {}

    def writes(words):
        w = dev.writes
        got, bad, tail = ask(app, port, words)
        return [dev.writes - w, got[-1] if got else None]

    names = b2a_base64(json.dumps(["Ana", "Beto"]).encode()).strip()
    res["set_first"] = writes(["settings", "set", "lang", "en"])
    res["set_same"] = writes(["settings", "set", "lang", "en"])
    res["set_default"] = writes(["settings", "set", "dim_s", "60"])
    res["roster_first"] = writes(["roster", "set", names])
    res["roster_same"] = writes(["roster", "set", names])
    res["set_other"] = writes(["settings", "set", "dim_s", "30"])
    return res


def mode_pace():
    # A port with a budget (an ESP32's UART): the link writes no more than
    # that per step, and a long answer still arrives whole.
    app, port = boot()
    step(app)
    names = ["N%02d-abcdefgh" % i for i in range(12)]
    ask(app, port, ["roster", "set",
                    b2a_base64(json.dumps(names).encode()).strip()])
    port.budget = 100
    port.feed(frame(["roster", "get"]))
    per_step = []
    data = b""
    for _ in range(40):
        step(app)
        got = port.take()
        per_step.append(len(got))
        data += got
    got, bad, tail = frames_of(data)
    return {"per_step": per_step, "answer": got}


def mode_ask():
    app, port = boot()
    step(app)
    res = []
    for line in sys.stdin:
        if line.strip():
            got, bad, tail = ask(app, port, json.loads(line))
            res.append(got)
    return {"answers": res, "alive": alive(app, port)}


def mode_lazy():
    # The link is in RAM only while the PC talks: not after boot, loaded
    # by a request's first byte (which it reads), gone after 10 s quiet,
    # back for the next request.
    def loaded():
        return [m for m in ("app.sync", "drivers.link", "drivers.outbuf")
                if m in sys.modules]
    app, port = boot()
    step(app, 3)
    res = {"boot": loaded(), "boot_link": app.link is not None}
    got, bad, tail = ask(app, port, ["settings", "get"])
    res["first"] = got[-1][:2] if got and got[-1] else got
    res["talking"] = loaded()
    step(app, 950)                     # 9.5 s: still there
    res["after_9s"] = loaded()
    step(app, 60)
    res["after_10s"] = loaded()
    res["after_10s_link"] = app.link is not None
    got, bad, tail = ask(app, port, ["settings", "get"])
    res["again"] = got[-1][:2] if got and got[-1] else got
    return res


mode = sys.argv[1]
arg = sys.argv[2] if len(sys.argv) > 2 else None
if mode == "longname":
    r = mode_longname()
elif mode == "time":
    r = mode_time(arg)
elif mode == "tz":
    r = mode_tz(sys.argv[2:])
elif mode == "fuzz":
    r = mode_fuzz(int(arg))
elif mode == "flood":
    r = mode_flood(int(arg))
elif mode == "internal":
    r = mode_internal()
elif mode == "pace":
    r = mode_pace()
elif mode == "ask":
    r = mode_ask()
elif mode == "lazy":
    r = mode_lazy()
else:
    r = mode_settings()
print(json.dumps(r))
