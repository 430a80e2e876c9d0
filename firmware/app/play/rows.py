# Rows checked by the values they show, for the play screens of DOG and
# Doggy Style (in RAM only with them): their rows are made of a few numbers
# and of texts that do not change while the screen is up (the players'
# names, the texts of the language in use), so a row that is kept needs
# no strings made (on MicroPython each str made is first searched among
# the interned strings). fresh() checks a band
# (app/ui.py's partial redraw) against a checksum of those values, started
# from salt(): the title, the names and the language. Only a band that
# must be drawn gets its texts made, drawn with ui.draw_row() or
# ui.draw_title(). tests/device/test_partial_redraw.py: never stale.

from binascii import crc32
from app.ui import band, text_sum

_ONE = b"\x00"      # mix() folds a value into a CRC's state


def mix(sig, v):
    # A checksum with the int v (0 <= v < 2**30) folded in.
    return crc32(_ONE, sig ^ v)


def salt(session):
    # A value checksum's start: the game's title, its players' names and
    # the language (a new play screen is made after home, where the
    # language is chosen).
    from app.i18n import lang
    sig = text_sum(session.gid, lang + 1)
    for name in session.names:
        sig = text_sum(name, sig)
    return sig


def fresh(fb, b, sig, flags=0):
    # True when band b (0: the title bar; i + 1: content row i) must be
    # drawn for value checksum sig (it is then cleared, or lit: flags &
    # ui.LIT); False when it already shows it.
    return band(fb, b, mix(sig, flags), flags)
