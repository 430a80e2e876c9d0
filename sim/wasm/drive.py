# The firmware driven from JavaScript, one call at a time (web/app.js in the
# browser, bench/wasm/heap.mjs under node). Every function returns an int or
# a str: an object handed to JavaScript stays pinned in the heap. A
# MemoryError (or any error) is caught here and returned as a negative
# number, since one that escapes to JavaScript can hang the VM; error()
# tells what it was.
#
# The VM collects garbage only when the outermost call from JavaScript
# returns (gc.collect() inside a call just schedules it), so each call asks
# for one on its way out and mem(), the next call, reads the live heap.

import gc
import board

TICK_MS = 10                  # App.run's step
GAP_MS = 150                  # after a key is released (sim/feeders.py)

_hw = board.prepare()
_app = None
_err = ""
_events = 0                   # keys that went to a screen (run's answer)


def _fail(ex):
    global _err
    _err = "%s: %s" % (type(ex).__name__, ex)
    return -2 if isinstance(ex, MemoryError) else -1


def _counted(handle):
    # App.handle_key, each key that went to a screen counted: the page
    # saves the flash after an event (web/app.js advance). The App keeps
    # no such counter (an attribute of its in a board's RAM for good).
    def key(ev, now):
        global _events
        if handle(ev, now):
            _events += 1
            return True
        return False
    return key


def boot():
    # The app on the board (the firmware's main.py, without its endless
    # loop): resumes a game kept on the flash, draws the first screen.
    global _app
    try:
        board.setup(_hw)
        from app.app import App
        _app = App(_hw)
        _app.handle_key = _counted(_app.handle_key)
        _app.last_key = _hw.clock.now
        _app.step(_hw.clock.now)
    except Exception as ex:      # MemoryError too: see above
        return _fail(ex)
    gc.collect()
    return 0


def local_time(tz_min):
    # The browser's offset from UTC in minutes, as `marcador sync` gives a
    # board the PC's (app/sync.py do_time): the past games' days are the
    # player's own. Kept in the settings, written only if it changed.
    try:
        _app.settings.tz_min = tz_min
        _app.settings.save()
    except Exception as ex:
        return _fail(ex)
    return 0


def lang():
    # The firmware's language: 0 Spanish, 1 English (its settings).
    return _app.settings.lang if _app else 0


def set_lang(code):
    # The page's language (web/app.js), set as the device's Settings screen
    # sets it: kept in the settings (written only if it changed), the
    # texts switched, the whole screen drawn again. A list or message
    # already open keeps the texts it was made with until it closes.
    if code not in (0, 1):
        global _err
        _err = "ValueError: language %r" % (code,)
        return -1
    try:
        from app import i18n, ui
        st = _app.settings
        if st.lang != code or i18n.lang != code:
            st.lang = code
            i18n.set_lang(code)
            st.save()
            ui.redraw_all = True
            _app.dirty = True
    except Exception as ex:
        return _fail(ex)
    gc.collect()
    return 0


def toast():
    # The message the device shows over its screen, or "".
    return (_app.toast_text or "") if _app else ""


def run(ms):
    # Let ms of simulated time pass, stepping the app every 10 ms.
    try:
        clock = _hw.clock
        end = clock.now + ms
        while clock.now < end:
            _app.step(clock.now)
            clock.now += TICK_MS
    except Exception as ex:
        return _fail(ex)
    gc.collect()
    return _events


def pin(key, level):
    # A button: key 0 UP, 1 DOWN, 2 OK, 3 BACK; level 0 pressed, 1 released.
    _hw.pins[key].level = level
    return 0


def hold(key, ms):
    # One key press of a script: held ms, released, then the gap before
    # the next one (as sim/feeders.py plays it).
    pin(key, 0)
    r = run(ms)
    pin(key, 1)
    return r if r < 0 else run(GAP_MS)


def mem():
    return gc.mem_alloc()


def now():
    return _hw.clock.now


def frames():
    # Changes whenever the app has drawn or the panel's state changed: the
    # page redraws its canvas only then.
    p = _hw.panel
    return ((_app.frames if _app else 0) * 512 + p.contrast * 2 + p.on) \
        & 0x3FFFFFFF


def error():
    return _err


def screen():
    if not _app:
        return ""
    top = _app.stack[-1]
    return "Home" if top is None else type(top).__name__   # (App.top)


def panel():
    # What the panel shows (decoded from the I2C bytes), 1024 bytes in hex,
    # row-major, MSB first: the format of the unix simulator's SHOT lines.
    # An all-dark panel when it is off.
    p = _hw.panel
    out = bytearray(1024)
    if p.on and p.seg_remap and p.com_reverse and not (
            p.start_line or p.inverted or p.entire_on or p.OFFSET or
            p.RAM_COLS != 128):
        # The usual orientation (the drivers set it): RAM page = 8 rows,
        # column = x; read a byte at a time, 5x faster than pixel().
        ram = p.ram
        for x in range(128):
            m = 0x80 >> (x & 7)
            o = x >> 3
            for page in range(8):
                v = ram[page * 128 + x]
                if v:
                    for b in range(8):
                        if v >> b & 1:
                            out[(page * 8 + b) * 16 + o] |= m
    elif p.on:
        for y in range(64):
            for x in range(128):
                if p.pixel(x, y):
                    out[y * 16 + (x >> 3)] |= 0x80 >> (x & 7)
    from binascii import hexlify
    return hexlify(out).decode()


def record():
    # The game in progress, else the newest archived game, as the JSON
    # record `marcador score` reads (docs/records.md); "" when there is none.
    # The modules this loads are forgotten again unless the app had them.
    import sys
    had = [m for m in _RECORD_MODULES if m in sys.modules]
    try:
        return _record()
    except Exception as ex:
        _fail(ex)
        return ""
    finally:
        from app.memory import unload
        unload(*[m for m in _RECORD_MODULES if m not in had])
        gc.collect()


_RECORD_MODULES = ("core.record", "drivers.segments", "json")


def _record():
    # With the start and end times the device knows, as `marcador sync`
    # archives them (core/record.py record_of): an archived game's from its
    # header; the game in progress its start only (on the final screen too:
    # its end is the archive's, and a power cut there forgets it).
    s = _app.session if _app else None
    if s is not None:
        gid, names, opts = s.gid, s.names, s.opts
        data = bytes(s.log.buf[:s.log.used])
        started, ended = s.time, 0
    else:
        st = _app.store if _app else None
        if st is None:
            return ""
        from drivers.segments import index, read
        where = index(st)
        if not where:
            return ""
        h, data = read(st, where[0])
        gid, names, opts = h.gid, h.names, h.opts
        started, ended = h.time, h.ended
    import json
    from core.record import record_of
    return json.dumps(record_of(gid, names, opts, data, started, ended))
