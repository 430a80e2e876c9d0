# The sync link's output: a ring buffer of fixed size where answers wait
# until the serial port takes them. The app loop drains it with writes
# that never wait (drivers/serial.py), so a host that stops reading can
# fill it but never stop the device.


class OutBuf:
    def __init__(self, size):
        self.buf = bytearray(size)
        self.mv = memoryview(self.buf)
        self.a = 0               # index of the first byte waiting
        self.n = 0               # bytes waiting

    def room(self):
        return len(self.buf) - self.n

    def put(self, data, whole=True):
        # Copy data in (all of it or nothing when whole, else as much as
        # fits); returns the number of bytes taken.
        size = len(self.buf)
        n = len(data)
        if n > size - self.n:
            if whole:
                return 0
            n = size - self.n
        w = (self.a + self.n) % size
        k = min(n, size - w)
        data = memoryview(data)
        self.mv[w:w + k] = data[:k]
        if n > k:
            self.mv[:n - k] = data[k:n]
        self.n += n
        return n

    def drain(self, port, most):
        # Hand the port what it takes now, most bytes at most (port.write
        # returns how many bytes it took, 0 when it has no room); returns
        # how many it took.
        size = len(self.buf)
        sent = 0
        while self.n and sent < most:
            k = min(self.n, size - self.a, most - sent)
            t = port.write(self.mv[self.a:self.a + k])
            if not t:
                break
            self.a = (self.a + t) % size
            self.n -= t
            sent += t
        return sent
