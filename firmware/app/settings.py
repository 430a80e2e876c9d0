# Device settings and the roster of player names. Kept in RAM here; the
# storage layer saves and restores them (write a temporary file, rename).

DIM_CHOICES = (15, 30, 60, 120, 300, 0)        # seconds, 0 = never
OFF_CHOICES = (60, 120, 300, 600, 1800, 0)
ROSTER_MAX = 12


class Settings:
    def __init__(self, root=None):
        self.root = root
        self.lang = 0          # i18n.ES
        self.dim_s = 60
        self.off_s = 300
        self.roster = []       # player names remembered on the device
        self.last_n = {}       # player count last used, per title

    def name(self, i):
        # The roster's i-th name, or the default J1..J8.
        if i < len(self.roster):
            return self.roster[i]
        return "J%d" % (i + 1)
