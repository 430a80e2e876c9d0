# The application: a stack of screens driven by logical key events.
#
# step(now) polls the buttons, hands each event to the screen on top,
# handles the idle timers (dim, then blank the OLED against burn-in; the
# first key after that only wakes the screen) and redraws when something
# changed. run() is the endless loop on a board; the simulator and the tests
# call step() with their own clock.

import gc
from micropython import const
from drivers.buttons import OK, BACK, key_of
from . import i18n, ui
from .memory import forget, modules, release

_TICK_MS = const(10)
# The shortest idle timer (settings.DIM_CHOICES, OFF_CHOICES: whole
# seconds, 15 s the least): none is checked sooner after a key.
_IDLE_MIN_MS = const(1000)
# A step with nothing in hand (every key up and debounced so, no frame to
# draw or send, no game to start, no sync link) sleeps this long instead:
# half the idle steps, each a wake of the core and a turn of the loop.
# A press is not missed meanwhile: its pin's IRQ latches it
# (drivers/buttons.py), and the next step, at most this much later, reads
# it; from then on the steps come every _TICK_MS (its debounce, repeats).
_QUIET_MS = const(20)
_AWAKE = const(0)
_DIM = const(1)
_BLANK = const(2)
# Work that can wait (the file "next" after a game's start) waits until
# the keys have been quiet this long and the screen is sent: a quick next
# press is taken first, not after it.
_LATER_MS = const(200)
del const   # read by no code (mpy-cross folds each const()): with Settings
            # imported where it is used, 12 globals, the table a size smaller


class App:
    def __init__(self, hw):
        # The log of the game in progress (the largest buffers held), made
        # first, while the heap is in one piece: made later, next to loaded
        # modules, its largest buffer may find no free run that long. Each new
        # game (and the one resumed at boot) takes it over; the game before
        # must be gone from the screens by then (flow.start_game goes
        # home first). Past games opened read-only get logs of their own.
        from core.log import GameLog
        self.live_log = GameLog(None)
        self.hw = hw
        hw.app = self              # the simulator looks at the app through hw
        self.fb = hw.display
        # On a board (drivers/hardware.py) the step that takes a key only
        # takes it (hw.draw_later): the screen is drawn in the next step and
        # sent over the following ones (the display's per_step pages a
        # step), so that a key's step stays short and the buttons are read
        # in between. (Read from hw: each attribute of the App is a slot of
        # its table, in the heap for good; 23 or fewer fit a smaller one.)
        self.buttons = hw.buttons
        from app.settings import Settings
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
        self.starting = None       # start_later(): a game to start (0:
                                   # started, the next game's number due)
        self.tidy = False          # a collection is due (see step)
        self.next_due = False      # the file "next" waits (start_pending)
        self.meta_at = 0           # store.saved when make_room last ran
        self.push(None)            # home: loaded when first shown (top)
        import app.startup as startup
        self.store = startup.open_store(hw)   # the games on flash
        startup.resume(self)
        del startup
        release(*modules("boot"))     # once only
        # The sync protocol on the serial port: loaded when a byte comes
        # (poll_link), forgotten when quiet again.
        self.port = getattr(hw, "serial", None)
        self.link = None
        self.link_at = 0           # when the link last had work

    # --- screens
    def top(self):
        # The screen on top. None at the bottom of the stack stands for the
        # home screen until it is shown (at boot, and while a game is
        # played: forget_home), so that its module need not be in RAM
        # before: it is loaded here.
        s = self.stack[-1]
        if s is None:
            from app.home import Home
            s = self.stack[0] = Home(self)
        return s

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
        # Home leaves RAM (a game is played): None stands in for it (top).
        self.stack[0] = None
        forget("home")

    # A toast's keys go on to the screen (see toast); a class default: the
    # App gets the attribute only once a toast lets keys through.
    toast_through = False

    def toast(self, text, ms=1500, through=False):
        # through: keys go on to the screen (and end the message), OK and
        # BACK too: a message that must not cost a press (or a long BACK
        # that undoes what it announces).
        if through != self.toast_through:
            self.toast_through = through
        self.toast_text = text
        self.toast_until = self.now + ms
        self.dirty = True

    def start_later(self, gid, names, opts):
        # Start a game in the next step, before any key: the setup code
        # that asks for it has returned by then and can leave RAM. This
        # key's step clears the screen at once (draw()); the next one
        # writes the journal (flow.start_game), then draws the play
        # screen: the screen says the game started only once it is on
        # flash.
        self.starting = (gid, names, opts)

    def error(self, code, ms=2500, arg=None):
        # Why an event was refused, in the player's language (arg: the
        # number some texts name, as the round of LATER_INVALID). The
        # texts of all codes are loaded for this moment only.
        from core.error_texts import message
        self.toast(message(code, self.settings.lang, arg), ms)
        forget("error_texts")

    # --- the loop
    def step(self, now):
        # One step of the loop; a MemoryError anywhere in it (a screen's
        # key or drawing, a game starting) ends in out_of_memory(), never
        # in a stopped device. Returns the ms to wait before the next
        # step (run; the simulator and the tests keep their own pace).
        try:
            return self._step(now)
        except MemoryError:
            self.out_of_memory()
        return _TICK_MS

    def out_of_memory(self):
        # The screens above home go (and what they held), the heap is
        # collected, and a message says so; the game in progress stays
        # (home resumes it), as do its journal and the archive.
        del self.stack[1:]
        self.starting = None
        self.tidy = False
        gc.collect()
        ui.redraw_all = True            # a drawing may have stopped halfway
        self.toast(i18n.tr("no_ram"), 4000)

    def _step(self, now):
        # Kept small, as the methods it calls (docs/architecture.md,
        # "Performance rules": the frame rule).
        self.now = now
        if self.link is not None or self.port is not None and \
                self.port.waiting():
            self.poll_link(now)
        started = self.starting        # a game to start: drawn next step
        if started is not None:
            self.start_pending()
        b = self.buttons
        keyed = False                  # a key went to the screen
        if b.poll(now):                # events wait (most steps: none)
            while True:
                ev = b.get()
                if not ev:
                    break
                if self.handle_key(ev, now):
                    keyed = True
        if keyed:
            self.tidy = True
        elif self.tidy and self.starting is None and not (
                self.hw.draw_later and (self.dirty or self.fb.due)):
            # (after a start: next; drawn later: once the screen is sent)
            # The first quiet step after a key (its screen is drawn): a
            # collection now, with a shallow stack, frees what the key left
            # (screens, texts, modules forgotten) before it pins holes in
            # the heap that a later, bigger allocation would need. The
            # code of a toast or a Note (app/notes.py, app/note.py) goes
            # too, unless a toast is still up.
            self.tidy = False
            import sys      # (a global would grow the globals' table: +48 B)
            if self.toast_text is None and (
                    "app.notes" in sys.modules or "app.note" in sys.modules):
                # (its line's modules, app/memory.py: finding that line
                # costs a step of this press far more than this test)
                forget("notes")
            gc.collect()
        elif self.next_due and b.quiet and \
                now - self.last_key >= _LATER_MS and not self.fb.due:
            # (b.quiet: every key released and debounced, as for the
            # compaction below: a flash write holds a Pico's interrupts off)
            self.start_pending()       # the file "next"
        elif self.store is not None and \
                self.store.saved != self.meta_at and b.quiet and \
                now - self.last_key >= _LATER_MS and not self.fb.due:
            # An event was saved since: if the next one's commit would
            # not fit in the games folder's metadata block, littlefs
            # compacts it now, not in the next key's step (inline here:
            # a method of App is a function object in RAM for good; no
            # local name: the frame rule).
            self.meta_at = self.store.saved
            __import__("drivers.lfs_meta").lfs_meta.make_room(
                self.store, self.hw)
            forget("meta")
        if self.swallow and not b.held():
            self.swallow = False
        if self.toast_text is not None and now - self.toast_until >= 0:
            self.toast_text = None
            self.dirty = True
        if now - self.last_key >= _IDLE_MIN_MS:
            self.check_idle(now)   # (not in the second after a key)
        if (keyed or started) and self.hw.draw_later:
            pass                       # drawn in the next step
        elif self.dirty and self.idle != _BLANK:
            self.draw()
        elif self.fb.due:
            self.fb.flush()            # the rest of the frame
        if b.quiet and not (self.dirty and self.idle != _BLANK or
                            self.fb.due) and \
                self.starting is None and self.link is None:
            return _QUIET_MS
        return _TICK_MS

    def poll_link(self, now):
        # The sync link (app/sync.py poll), in RAM only while a PC talks
        # to the board. Called only while it is loaded or a byte waits
        # (_step).
        from app.sync import poll
        poll(self, now)

    def handle_key(self, ev, now):
        # One key event for the screen on top; True when it went to the
        # screen (or ended a toast), not to waking the display or swallowed.
        self.last_key = now
        if self.idle != _AWAKE:
            self.wake()
            return
        if self.swallow:
            return
        if self.toast_text is not None and key_of(ev):
            # (a held UP/DOWN let go is no key: the message stays)
            self.toast_text = None
            self.dirty = True
            if not self.toast_through and (key_of(ev) == OK or
                                           key_of(ev) == BACK):
                return True
        self.top().key(ev)
        self.dirty = True
        return True

    def start_pending(self):
        if self.starting:
            # A key asked for a game in the last step (start_later).
            from app.flow import start_game
            start_game(self, *self.starting)    # (starting = 0)
            return
        if self.next_due:
            # Later, once the keys are quiet and the screen is sent (step):
            # the collection that follows a key (the start's garbage), and
            # the file "next" (the next game's number) that Store.start
            # left, out of the start's press (the journal, the play
            # screen). Until then the journal, then the game's archive
            # entry, hold the number (boot raises "next" past them), so it
            # is never given twice. Written here, not by a Store method:
            # one more function would be in RAM all the time. A failure is
            # let go, as those hold the number.
            self.next_due = False
            # What app/flow.py start_game left (frozen): the setup's
            # modules, unless home was shown since (it is in use: its
            # own forgetting), the journal's writer, the lifecycle's.
            if self.stack[0] is None:
                forget("setup")
            forget("game_file")
            forget("lifecycle")
            gc.collect()
            if self.store is not None:
                try:
                    self.store.replace_file(self.store.path("next"),
                                            str(self.store.next))
                except OSError:
                    pass
            return
        # The step after, before any key: the play screen is drawn (step);
        # the collection that follows a key waits for the quiet step of
        # the file "next" (above), out of the start's press.
        self.starting = None
        self.tidy = False
        self.next_due = True

    def draw(self):
        # Partial redraw (ui.begin): only the rows whose texts changed,
        # whichever screen draws them; all of them when a toast just
        # covered the rows. A toast coming up is drawn over the rows as
        # they are (only the changed ones drawn again, as without it):
        # the bands under it show what their checksums say, as ever.
        fb = self.fb
        toast = self.toast_text is not None
        if self.starting:
            # A game starts in the next step: the screen cleared now, so
            # that the key is seen to be taken at once. (Its title there
            # cost the key's step more, and by the heap's layout could
            # raise Dinos' peak on the 32-bit VM.)
            ui.begin(fb)
        else:
            self.top().draw(fb)
        pages = ui.end(fb)
        if toast:
            from .notes import draw_toast
            draw_toast(fb, self.toast_text)
            pages = 0xFF
            ui.redraw_all = True       # it covers the bands: the frame
                                       # after it is drawn whole too
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
        ticks, sleep, step = clock.ticks_ms, clock.sleep_ms, self.step
        while True:
            sleep(step(ticks()))

