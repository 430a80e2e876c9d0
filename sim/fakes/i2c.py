# A fake machine.I2C: the same methods the drivers call on a board, routed
# to device models attached by address. An address with nothing attached
# fails the way a real bus does (OSError ENODEV), and every byte is counted
# so the benchmark can report display traffic.

ENODEV = 19


class FakeI2C:
    def __init__(self, freq=400_000):
        self.freq = freq
        self.devices = {}
        self.bytes = 0           # payload bytes written (without address)
        self.transactions = 0

    def attach(self, addr, device):
        self.devices[addr] = device
        return device

    def scan(self):
        return sorted(self.devices)

    def _device(self, addr):
        dev = self.devices.get(addr)
        if dev is None:
            raise OSError(ENODEV)
        return dev

    def writeto(self, addr, buf, stop=True):
        self._device(addr).write(bytes(buf))
        self.bytes += len(buf)
        self.transactions += 1
        return 1

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(b) for b in vector)
        self._device(addr).write(data)
        self.bytes += len(data)
        self.transactions += 1
        return 1

    def bus_us(self):
        # Time on the wire: 9 clocks per byte plus address byte, start and
        # stop per transaction.
        bits = 9 * (self.bytes + self.transactions) + 2 * self.transactions
        return bits * 1_000_000 // self.freq
