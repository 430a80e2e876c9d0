# What the simulator prints for the PC side (host_tools/sim.py reads it):
#   SHOT name HEX      the panel as decoded from the I2C traffic, 1024 bytes
#   STATE {json}       the app's state, the game in progress and the last
#                      archived game, counters
# Imported only while printing (feeders.ScriptFeeder.report), then dropped.

import sys
import json
from binascii import hexlify


def panel_bits(panel, out):
    # The decoded panel as 1024 bytes, row-major, MSB first (PBM layout).
    for i in range(1024):
        out[i] = 0
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y):
                out[y * 16 + (x >> 3)] |= 0x80 >> (x & 7)
    return out


def past(store):
    # How many readable games are archived, and the newest of them as a
    # Session (replayed on the device from its stored log), or None.
    # Damaged entries are skipped, as the firmware skips them.
    if store is None or not store.segments():
        return 0, None          # nothing archived: no reader loaded
    from drivers.segments import entries, read
    count = 0
    newest = None
    # A segment at a time, newest first (no list of every game: a flash
    # with thousands of them is dumped in a small heap too).
    for seg in reversed(store.segments()):
        for off, n in reversed(entries(store, seg)):
            count += 1
            if newest is None:
                try:
                    newest = read(store, (seg, off))
                except (OSError, ValueError):
                    count -= 1      # checked, yet not a readable game
    if newest is None:
        return 0, None
    from app.history import from_entry
    return count, from_entry(newest[0], newest[1])


def state(hw):
    # The modules this loads are forgotten again unless the app had them.
    had = [m for m in _READERS if m in sys.modules]
    app = hw.app
    s = app.session
    top = app.stack[-1]
    info = {"t": hw.clock.ticks_ms(),
            "screen": "Home" if top is None else type(top).__name__,
            "depth": len(app.stack), "frames": app.frames,
            "i2c_bytes": hw.bus.bytes, "session": None,
            "past": 0,
            "idle": app.idle,
            "panel_on": hw.panel.on, "contrast": hw.panel.contrast,
            "lang": app.settings.lang, "roster": app.settings.roster,
            "flash_writes": hw.flash.writes,
            # the app's modules in RAM (app/memory.py unload forgets some)
            "app_modules": sorted(n for n in sys.modules
                                  if n.startswith("app.")),
            # every firmware module in RAM (core and drivers too)
            "modules": sorted(n for n in sys.modules if n.split(".")[0] in
                              ("app", "core", "drivers"))}
    g = getattr(top, "grid", None)
    if g is not None and hasattr(g, "values"):
        # The number table on top: its cursor and values.
        info["grid"] = {"r": g.r, "c": g.c, "values": g.values}
    info["past"], latest = past(app.store)
    for key, sess in (("session", s), ("last_past", latest)):
        if sess is not None:
            g = sess.log.game
            info[key] = {"game": sess.gid, "names": sess.names,
                         "number": sess.number,
                         "opts": hexlify(sess.opts).decode(),
                         "log": hexlify(bytes(sess.log.buf[:sess.log.used]))
                         .decode(),
                         "over": bool(g.over), "winners": g.winners,
                         "totals": [g.total[p] for p in range(sess.n)]}
    from app.memory import unload
    unload(*[m for m in _READERS if m not in had])
    return info


_READERS = ("app.history", "drivers.seg_index", "drivers.segments",
            "core.gamefile", "core.games")  # past()


def shot(panel, name, buf):
    # Streamed 32 bytes at a time: no 2 KB string in the heap.
    bits = panel_bits(panel, buf)
    sys.stdout.write("SHOT " + name + " ")
    for i in range(0, 1024, 32):
        sys.stdout.write(hexlify(bits[i:i + 32]))
    sys.stdout.write("\n")


def dump(hw, heap_peak=None):
    st = state(hw)
    if heap_peak is not None:
        st["heap_peak"] = heap_peak
    sys.stdout.write("STATE ")
    json.dump(st, sys.stdout)
    sys.stdout.write("\n")
