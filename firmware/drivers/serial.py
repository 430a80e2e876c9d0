# The USB serial port as the sync link sees it: read(1) that never blocks
# (b"" when nothing has arrived, checked with select.poll) and write().
# On a board it wraps sys.stdin/stdout; in the simulator, a pty.

import select


class Port:
    def __init__(self, rx, tx):
        self.rx = rx
        self.tx = tx
        self.poller = select.poll()
        self.poller.register(rx, select.POLLIN)

    def read(self, n=1):
        if self.poller.poll(0):
            return self.rx.read(1)
        return b""

    def write(self, b):
        self.tx.write(b)
