# The titles the device knows, by the ids used in files and on the link.
#
# Each title's module is imported only when it is asked for: a board playing
# Duplicon does not hold the other five rule sets in RAM.

IDS = ("doggy", "duplicon", "alebrijes", "dog", "dinos", "free")


def game_class(game_id):
    if game_id == "doggy":
        from .doggy import Doggy
        return Doggy
    if game_id == "duplicon":
        from .duplicon import Duplicon
        return Duplicon
    if game_id == "alebrijes":
        from .alebrijes import Alebrijes
        return Alebrijes
    if game_id == "dog":
        from .dog import Dog
        return Dog
    if game_id == "dinos":
        from .dinos import Dinos
        return Dinos
    if game_id == "free":
        from .free import Free
        return Free
    return None
