# The application: a stack of screens driven by logical key events.
#
# step(now) polls the buttons, hands each event to the screen on top,
# handles the idle timers (dim, then blank the OLED against burn-in; the
# first key after that only wakes the screen) and redraws when something
# changed. run() is the endless loop on a board; the simulator and the tests
# call step() with their own clock.

import gc
from drivers.buttons import OK, BACK, LONG, key_of, kind_of
from . import i18n, ui
from .settings import Settings

_TICK_MS = 10
_AWAKE = 0
_DIM = 1
_BLANK = 2


class App:
    def __init__(self, hw):
        # The log of the game in progress (about 4 KB of buffers), made
        # first, while the heap is in one piece: made later, next to loaded
        # modules, its 2 KB buffer may find no free run that long. Each new
        # game (and the one resumed at boot) takes it over; the game before
        # must be gone from the screens by then (play.start_game goes
        # home first). Past games opened read-only get logs of their own.
        from core.log import GameLog
        self.live_log = GameLog(None)
        self.hw = hw
        hw.app = self              # the simulator looks at the app through hw
        self.fb = hw.display
        self.buttons = hw.buttons
        self.settings = Settings(getattr(hw, "root", None))
        i18n.set_lang(self.settings.lang)
        gc.collect()               # the text table's temporaries
        self.stack = []
        self.session = None        # the game in progress, if any
        self.dirty = True
        self.toast_text = None
        self.toast_until = 0
        self.now = 0
        self.last_key = 0
        self.idle = _AWAKE
        self.swallow = False       # ignore keys until all are released
        self.frames = 0
        self.events = 0
        self.starting = None       # start_later(): a game to start
        self.tidy = False          # a collection is due (see step)
        self.push(HomeLater(self))  # home loads when it is first shown
        from . import storage
        self.store = storage.open_store(self, hw)   # the games on flash
        storage.boot(self)
        self.link = None           # the sync protocol on the serial port
        port = getattr(hw, "serial", None)
        if port is not None:
            from .sync import link
            self.link = link(self, port)

    # --- screens
    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def replace(self, screen):
        self.stack[-1] = screen
        self.dirty = True

    def home(self):
        del self.stack[1:]
        self.dirty = True

    def toast(self, text, ms=1500):
        self.toast_text = text
        self.toast_until = self.now + ms
        self.dirty = True

    def start_later(self, gid, names, opts):
        # Start a game once the key being handled is done: the setup code
        # that asks for it has returned by then and can leave RAM.
        self.starting = (gid, names, opts)

    def error(self, code, ms=2500):
        # Why an event was refused, in the player's language. The texts of
        # all codes are loaded for this moment only.
        from core.errors import message
        from .memory import unload
        self.toast(message(code, self.settings.lang), ms)
        unload("core.error_texts")

    # --- the loop
    def step(self, now):
        self.now = now
        if self.link is not None:
            try:
                self.link.poll()   # answers its requests' own errors
            except Exception:      # the port itself failed: go on playing
                self.link.reset()
        b = self.buttons
        b.poll(now)
        events = self.events
        while True:
            ev = b.get()
            if not ev:
                break
            self.last_key = now
            if self.idle != _AWAKE:
                self.wake()
                continue
            if self.swallow:
                continue
            self.events += 1
            if self.toast_text is not None:
                self.toast_text = None
                self.dirty = True
                if key_of(ev) == OK or key_of(ev) == BACK:
                    continue
            self.top().key(ev)
            self.dirty = True
        if self.starting is not None:
            gid, names, opts = self.starting
            self.starting = None
            from .play import start_game
            start_game(self, gid, names, opts)
        if self.events != events:
            self.tidy = True
        elif self.tidy:
            # The first quiet step after a key (its screen is drawn): a
            # collection now, with a shallow stack, frees what the key left
            # (screens, texts, modules forgotten) before it pins holes in
            # the heap that a later, bigger allocation would need.
            self.tidy = False
            gc.collect()
        if self.swallow and not b.held():
            self.swallow = False
        if self.toast_text is not None and now - self.toast_until >= 0:
            self.toast_text = None
            self.dirty = True
        self.check_idle(now)
        if self.dirty and self.idle != _BLANK:
            self.draw()

    def draw(self):
        fb = self.fb
        self.top().draw(fb)
        if self.toast_text is not None:
            fb.fill_rect(4, 22, 120, 20, 0)
            fb.rect(4, 22, 120, 20, 1)
            ui.center(fb, 28, self.toast_text)
        fb.show()
        self.frames += 1
        self.dirty = False

    def check_idle(self, now):
        s = self.settings
        quiet = now - self.last_key
        if self.idle == _AWAKE and s.dim_s and quiet >= s.dim_s * 1000:
            self.idle = _DIM
            self.fb.contrast(1)
        if self.idle != _BLANK and s.off_s and quiet >= s.off_s * 1000:
            self.idle = _BLANK
            self.fb.poweroff()

    def wake(self):
        if self.idle == _BLANK:
            self.fb.poweron()
        self.fb.contrast(0xCF)
        self.idle = _AWAKE
        self.swallow = True        # the waking key does nothing else
        self.dirty = True

    def run(self):
        clock = self.hw.clock
        # Idle time counts from now: a board's ticks_ms() keeps running
        # across a soft reset, and the simulator's terminal clock is the
        # PC's; from 0 the screen would start blanked, as if long idle.
        self.last_key = clock.ticks_ms()
        while True:
            self.step(clock.ticks_ms())
            clock.sleep_ms(_TICK_MS)


class Screen:
    def __init__(self, app):
        self.app = app

    def draw(self, fb):
        pass

    def key(self, ev):
        pass


class HomeLater(Screen):
    """Stands in for the home screen until it is shown (at boot, and under
    a game being played), so that the home module need not be in RAM
    before; becomes Home then."""

    def real(self):
        from .home import Home
        h = self.app.stack[0] = Home(self.app)
        return h

    def draw(self, fb):
        self.real().draw(fb)

    def key(self, ev):
        self.real().key(ev)


class Choice(Screen):
    """A menu screen: on_pick(index) when OK; BACK pops it (or on_back)."""

    def __init__(self, app, title, items, on_pick, index=0, rights=None,
                 on_back=None):
        super().__init__(app)
        self.menu = ui.Menu(title, items, index, rights)
        self.on_pick = on_pick
        self.on_back = on_back

    def draw(self, fb):
        self.menu.draw(fb)

    def key(self, ev):
        r = self.menu.key(ev)
        if r is None:
            return
        if r < 0:
            if self.on_back:
                self.on_back()
            else:
                self.app.pop()
        else:
            self.on_pick(r)


class Note(Screen):
    """A few centred lines; OK or BACK runs on_ok (default: pop)."""

    def __init__(self, app, title, lines, on_ok=None, blank=False):
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.on_ok = on_ok
        self.blank = blank

    def draw(self, fb):
        ui.message(fb, self.title, self.lines)

    def key(self, ev):
        k = key_of(ev)
        if (k == OK and kind_of(ev) != LONG) or k == BACK:
            if self.on_ok:
                self.on_ok()
            else:
                self.app.pop()


class GridScreen(Screen):
    """A ui.Grid on a screen of its own: on_done(values) after the last
    cell (or a long OK), on_cancel() if BACK leaves the first cell."""

    def __init__(self, app, grid, on_done, on_cancel=None):
        super().__init__(app)
        self.grid = grid
        self.on_done = on_done
        self.on_cancel = on_cancel

    def draw(self, fb):
        self.grid.draw(fb)

    def key(self, ev):
        r = self.grid.key(ev)
        if r is None:
            return
        self.app.pop()
        if r > 0:
            self.on_done(self.grid.values)
        elif self.on_cancel:
            self.on_cancel()
