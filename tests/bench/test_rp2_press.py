"""bench/rp2.py's press(): the live heap of a press is read after the app's
own collection, wherever in the press's aftermath that comes (a fake
board: app steps every 10 ms, a heap that only the collection lowers)."""

import rp2

MS = rp2.MS


class FakePico:
    """App steps every 10 ms, 0.5 ms busy each; the step that handles the
    released key runs `long_ms` (a game started in it); the display is
    sent the frame a page pair a step for 4 steps after it, and the step
    after those collects garbage: the heap drops from `garbage` to
    `live`."""

    def __init__(self, long_ms, live=64_000, garbage=80_000,
                 collect_ms=None):
        # collect_ms: the collection comes instead in the first step that
        # starts that long after the key's (a game's start: app/app.py
        # _LATER_MS), the steps before it quiet.
        self.collect_ms = collect_ms
        self.cycles = self.busy = 0
        self.bursts, self.flash_ops = [], []
        self.i2c_bytes = 0
        self.next_ms = 0           # the next step's start
        self.edge_ms = None        # the key's release
        self.key_ms = None         # the step that handles it
        self.after = 0             # steps since the key's step
        self.long_ms = long_ms
        self.live, self.garbage = live, garbage
        self.used = live

    def pin(self, pin, level):
        if level:
            self.edge_ms = self.cycles // MS

    def run_ms(self, ms):
        self.run(ms * MS)

    def run(self, cycles):
        # A step's busy cycles count when it starts; between two steps the
        # core waits (bench/rp2.py between_steps looks for that).
        end = self.cycles + cycles
        while self.next_ms * MS < end:
            t = self.next_ms
            length = 0.5
            if self.edge_ms is not None and self.key_ms is None and \
                    t >= self.edge_ms + 50:
                self.key_ms = t
                length = self.long_ms
                self.used = self.garbage
            elif self.key_ms is not None and self.after < 6:
                self.after += 1
                if self.after <= 4:
                    self.i2c_bytes += 272      # two pages of the frame
                elif self.after == 5 and self.collect_ms is None:
                    self.used = self.live      # the collection
            if self.collect_ms is not None and self.key_ms is not None \
                    and t >= self.key_ms + self.collect_ms:
                self.used = self.live          # the later collection
            busy = int(length * MS)
            self.bursts.append((t * MS, busy))
            self.busy += busy
            self.next_ms = t + int(length) + 10
        self.cycles = end

    def mem(self, addr, n):
        blocks = self.used // rp2.BLOCK
        table = bytes([0x55]) * (blocks // 4) + bytes([0x01] * (blocks % 4 > 0))
        return table + bytes(n - len(table))


def test_the_live_heap_is_read_after_a_collection_past_the_window():
    # A key whose step starts a game (160 ms) and whose frame is sent in
    # the steps after it: the collection comes over 150 ms after the
    # key's step began. Before, the least heap read in the window was the
    # one with the game start's garbage (80,000 for 64,000 live).
    pico = FakePico(long_ms=160)
    got = rp2.press(pico, (0, 4096), 2, rp2.PRESS_MS)
    assert pico.after >= 5                 # the collection did run
    assert got["heap"] == 64_000, got


def test_a_quick_key_reads_the_same_live_heap():
    pico = FakePico(long_ms=1)
    got = rp2.press(pico, (0, 4096), 2, rp2.PRESS_MS)
    assert got["heap"] == 64_000, got


def test_the_live_heap_is_read_after_a_game_starts_later_collection():
    # A game's start: the collection waits 200 ms or more after the key's
    # step (app/app.py _LATER_MS, the file "next"'s step, once the frame
    # is sent: here 240), the board quiet before it. The figure was the
    # start's garbage when the board seemed to wait first.
    pico = FakePico(long_ms=20, collect_ms=240)
    got = rp2.press(pico, (0, 4096), 2, rp2.PRESS_MS)
    assert got["heap"] == 64_000, got
