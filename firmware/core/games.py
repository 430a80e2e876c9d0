# The titles the device knows, by the ids used in files and on the link.

from .doggy import Doggy
from .duplicon import Duplicon
from .alebrijes import Alebrijes
from .dog import Dog
from .dinos import Dinos
from .free import Free

GAMES = (Doggy, Duplicon, Alebrijes, Dog, Dinos, Free)
IDS = tuple(g.ID for g in GAMES)


def game_class(game_id):
    for g in GAMES:
        if g.ID == game_id:
            return g
    return None
