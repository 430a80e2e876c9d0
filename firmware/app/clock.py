# The board's clock in Unix seconds, the unit of every time the firmware
# stores or sends (game files, the link). MicroPython's rp2 and esp32 ports
# count time.time() from 2000-01-01, the unix port from 1970: the one place
# that knows which.

import time
from micropython import const

_EPOCH_2000 = const(946684800)  # 2000-01-01 00:00:00 in Unix seconds
del const   # read by no code (mpy-cross folds each const()): a global
            # fewer, the globals' table a size smaller


def _since_1970():
    return _EPOCH_2000 if time.gmtime(0)[0] == 2000 else 0


def now_s():
    # Unix seconds, or 0 while the board's clock is not set: an RTC that
    # starts at 2000 or 2021 after power-up. `marcador sync`, `roster` and
    # `settings` set it first (link command `time`). A soft reset (Ctrl-D,
    # main.py ending) keeps it on rp2 and esp32 alike: neither port
    # touches the RTC in its soft-reset loop. esp32 also keeps it over
    # machine.reset() and deep sleep (lost only at power-on); the RP2040
    # restarts it at 2021-01-01 on a hard reset. Nothing is kept in flash
    # to bridge a power-off: the time spent off is not known, so a game
    # started then is dated 0 (unknown), never a guess.
    t = time.time() + _since_1970()
    return int(t) if t >= 1704067200 else 0      # 2024-01-01


def gmtime(t):
    # time.gmtime of Unix seconds t, on any port.
    return time.gmtime(t - _since_1970())
