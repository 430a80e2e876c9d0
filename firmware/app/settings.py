# Device settings and the roster of player names, kept in the board's flash
# as settings.json. Saved by drivers/store.replace (a temporary file renamed
# over the old one: littlefs replaces atomically; never delete first), so a
# power cut leaves either the old settings or the new ones. Written only when a
# value differs from what the flash holds (each save costs the flash about
# four block writes).

import json

DIM_CHOICES = (15, 30, 60, 120, 300, 0)        # seconds, 0 = never
OFF_CHOICES = (60, 120, 300, 600, 1800, 0)
ROSTER_MAX = 12
_FILE = "/settings.json"
_FIELDS = ("lang", "dim_s", "off_s", "roster", "last_n", "tz_min")


def showable_name(name):
    # A roster name as `marcador roster` and the name editor make them:
    # a str of 1 to 12 printable characters (MicroPython's json gives a
    # \ud800 escape as a lone surrogate, which is no character at all).
    if type(name) is not str or not 0 < len(name) <= 12:
        return False
    for i in range(len(name)):
        # (a slice: a character iterated would be interned, in the heap
        # for good, app/textdraw.py glyph_offset)
        o = ord(name[i:i + 1])
        if o < 32 or o == 127 or 0xD800 <= o <= 0xDFFF:
            return False
    return True


class Settings:
    def __init__(self, root=None):
        self.root = root
        self.lang = 0          # i18n.ES
        self.dim_s = 60
        self.off_s = 300
        self.roster = []       # player names remembered on the device
        self.last_n = {}       # player count last used, per title
        self.tz_min = 0        # the PC's UTC offset at the last sync (minutes)
        self.load()

    def name(self, i):
        # The roster's i-th name, or the default J1..J8.
        if i < len(self.roster):
            return self.roster[i]
        return "J%d" % (i + 1)

    def load(self):
        if not self.root:
            return
        try:
            with open(self.root + _FILE) as f:
                d = json.load(f)
        except (OSError, ValueError):
            return                 # none yet, or unreadable: defaults
        if type(d) is not dict:
            return
        for k in _FIELDS:
            # A value of another type than the default's is not ours (a
            # damaged or hand-edited file): the default stays.
            if k in d and type(d[k]) is type(getattr(self, k)):
                setattr(self, k, d[k])
        if self.lang not in (0, 1):
            self.lang = 0
        if self.dim_s not in DIM_CHOICES:
            self.dim_s = 60
        if self.off_s not in OFF_CHOICES:
            self.off_s = 300
        if not -720 <= self.tz_min <= 840:
            self.tz_min = 0            # no zone has it: gmtime must not see it
        del self.roster[ROSTER_MAX:]
        # Only names the device can show (a damaged file's other entries
        # would stop the screens that draw them): dropped, not drawn.
        self.roster = [x for x in self.roster if showable_name(x)]

    def save(self):
        # Compared with the file, not with a copy of the values kept in
        # RAM for good: written only when the flash holds other text.
        if not self.root:
            return
        d = {}
        for k in _FIELDS:
            d[k] = getattr(self, k)
        text = json.dumps(d)
        path = self.root + _FILE
        try:
            with open(path) as f:
                if f.read(len(text) + 1) == text:
                    return         # nothing changed: no flash write
        except (OSError, ValueError):
            pass                   # none yet, or unreadable: written
        from drivers.store import replace
        try:
            replace(path, text)
        except OSError:
            pass                   # full or failing flash: keep RAM values
