# The USB serial port as the sync link sees it, never waiting either way:
# read(1) gives b"" when nothing has arrived, write(b) takes only what the
# port has room for now (0 when none) and says how many bytes it took.
# Both are checked with select.poll first. On a board it wraps
# sys.stdin/stdout (the USB CDC); in the simulator, a pty.
#
# Why writes go in small pieces: a board's USB CDC reports POLLOUT as soon
# as its transmit FIFO has one free byte, and a write bigger than the free
# space waits (up to MicroPython's CDC timeout, 500 ms) for the host to
# read. A piece of _PIECE bytes after a POLLOUT fits, or at worst waits
# once; the host frees the FIFO 64 bytes (one USB packet) at a time. A
# Linux pty reports POLLOUT only with hundreds of bytes free.
#
# A port whose stdio does not report POLLOUT at all (some ports only poll
# for reading) would never look writable: an output with nothing written
# yet must be, so when it is not at start the port writes without asking.
# Such a board talks through a UART bridge, which sends at its baud rate
# whether the host reads or not, so its writes never wait long.

import select
from micropython import const

_PIECE = const(64)
del const   # read by no code (mpy-cross folds each const()): a global
            # fewer, the globals' table a size smaller


class Port:
    def __init__(self, rx, tx, rx_poll=None, tx_poll=None, piece=_PIECE,
                 budget=2048):
        # rx_poll / tx_poll: the objects to poll, when rx / tx cannot be
        # (a board's sys.stdin.buffer: poll sys.stdin, the same device).
        # piece: most bytes per write (more for a non-blocking file);
        # budget: most bytes the link writes per step of the app loop.
        self.rx = rx
        self.tx = tx
        self.piece = piece
        self.budget = budget
        self.poll_in = select.poll()
        self.poll_in.register(rx_poll or rx, select.POLLIN)
        # The output's poll object is made at the first write (most boots
        # never meet a PC; made here, it was in the heap for good): until
        # then poll_out is what to poll, and ask_out None.
        self.poll_out = tx_poll or tx
        self.ask_out = None

    def waiting(self):
        # True when a byte has come (read(1) gives it). The app asks at
        # every step: ipoll() allocates nothing (poll() makes a list).
        for _ in self.poll_in.ipoll(0):
            return True
        return False

    def read(self, n=1):
        if self.poll_in.poll(0):
            return self.rx.read(1)
        return b""

    def write(self, b):
        if self.ask_out is None:
            p = select.poll()
            p.register(self.poll_out, select.POLLOUT)
            self.poll_out = p
            self.ask_out = bool(p.poll(0))   # nothing written yet
        if self.ask_out and not self.poll_out.poll(0):
            return 0
        n = self.tx.write(b[:self.piece] if len(b) > self.piece else b)
        return n or 0             # None: a non-blocking file took nothing
