# The application: a stack of screens driven by logical key events.
#
# step(now) polls the buttons, hands each event to the screen on top,
# handles the idle timers (dim, then blank the OLED against burn-in; the
# first key after that only wakes the screen) and redraws when something
# changed. run() is the endless loop on a board; the simulator and the tests
# call step() with their own clock.

import gc
from drivers.buttons import OK, BACK, key_of
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
        # must be gone from the screens by then (flow.start_game goes
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
        self.toasted = False       # a toast was drawn last time
        self.push(HomeLater(self))  # home loads when it is first shown
        from . import startup
        self.store = startup.open_store(self, hw)   # the games on flash
        startup.resume(self)
        del startup
        from .memory import unload
        unload("app.startup")         # once only
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

    def forget_home(self):
        # Home leaves RAM (a game is played): HomeLater stands in for it.
        from .memory import unload
        self.stack[0] = HomeLater(self)
        unload("app.home")

    def toast(self, text, ms=1500):
        self.toast_text = text
        self.toast_until = self.now + ms
        self.dirty = True

    def start_later(self, gid, names, opts):
        # Start a game once the key being handled is done: the setup code
        # that asks for it has returned by then and can leave RAM.
        self.starting = (gid, names, opts)

    def error(self, code, ms=2500, arg=None):
        # Why an event was refused, in the player's language (arg: the
        # number some texts name, as the round of LATER_INVALID). The
        # texts of all codes are loaded for this moment only.
        from core.error_texts import message
        from .memory import unload
        self.toast(message(code, self.settings.lang, arg), ms)
        unload("core.error_texts")

    # --- the loop
    def step(self, now):
        # Kept small, as the methods it calls: a function with more than
        # 11 locals and stack slots gets its frame from the heap, a search
        # of a collected heap at each call (~10,000 instructions).
        self.now = now
        if self.link is not None:
            self.poll_link()
        b = self.buttons
        b.poll(now)
        events = self.events
        while True:
            ev = b.get()
            if not ev:
                break
            self.handle_key(ev, now)
        if self.starting is not None:
            self.start_pending()
        if self.events != events:
            self.tidy = True
        elif self.tidy:
            # The first quiet step after a key (its screen is drawn): a
            # collection now, with a shallow stack, frees what the key left
            # (screens, texts, modules forgotten) before it pins holes in
            # the heap that a later, bigger allocation would need. The
            # code of a toast or a Note (app/notes.py) goes too, unless a
            # toast is still up.
            self.tidy = False
            if self.toast_text is None:
                from .memory import unload
                unload("app.notes")
            gc.collect()
        if self.swallow and not b.held():
            self.swallow = False
        if self.toast_text is not None and now - self.toast_until >= 0:
            self.toast_text = None
            self.dirty = True
        self.check_idle(now)
        if self.dirty and self.idle != _BLANK:
            self.draw()

    def poll_link(self):
        link = self.link
        if link is None:
            return
        try:
            link.poll()            # answers its requests' own errors
        except Exception:          # the port itself failed: go on playing
            link.reset()

    def handle_key(self, ev, now):
        # One key event for the screen on top.
        self.last_key = now
        if self.idle != _AWAKE:
            self.wake()
            return
        if self.swallow:
            return
        self.events += 1
        if self.toast_text is not None and key_of(ev):
            # (a held UP/DOWN let go is no key: the message stays)
            self.toast_text = None
            self.dirty = True
            if key_of(ev) == OK or key_of(ev) == BACK:
                return
        self.top().key(ev)
        self.dirty = True

    def start_pending(self):
        st = self.starting
        if st is None:
            return
        gid, names, opts = st
        self.starting = None
        from .flow import start_game
        start_game(self, gid, names, opts)

    def draw(self):
        # Partial redraw (ui.begin): only the rows whose texts changed,
        # whichever screen draws them; all of them when a toast covers the
        # rows or just did.
        fb = self.fb
        toast = self.toast_text is not None
        if toast or self.toasted:
            ui._full = True            # the next begin() draws everything
        self.toasted = toast
        self.top().draw(fb)
        pages = ui.end(fb)
        if toast:
            from .notes import draw_toast
            draw_toast(fb, self.toast_text)
            pages = 0xFF
        fb.show(False, pages)
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


class HomeLater:
    """Stands in for the home screen until it is shown (at boot, and under
    a game being played), so that the home module need not be in RAM
    before; becomes Home then."""

    def __init__(self, app):
        self.app = app

    def real(self):
        from .home import Home
        h = self.app.stack[0] = Home(self.app)
        return h

    def draw(self, fb):
        self.real().draw(fb)

    def key(self, ev):
        self.real().key(ev)
