"""Key scripts for a game of each title at its maximum player count
(its class's MAX_PLAYERS), played to the end. Used by the heap test and
the benchmark; `python sim/scripts/maxplayers.py GAME` prints one.

A title is found by its id: the keys to its first play screen come from
the menus (tests/title_data start_keys: its row in core/games.py IDS, its
count), the game's own keys from tests/title_data/<id>.py (max_game)."""

import sys
from pathlib import Path

if __name__ == "__main__":     # as pytest and bench/roots.py put them
    for _folder in ("tests", "bench"):
        sys.path.append(str(Path(__file__).resolve().parents[2] / _folder))

import title_data  # noqa: E402
from marcador_core.games import game_class  # noqa: E402


def start(gid):
    """From home to the first play screen, at the most players."""
    return title_data.start_keys(gid, game_class(gid).MAX_PLAYERS)


def game(gid):
    """From the first play screen to the final one."""
    return title_data.load(gid).max_game()


def script(gid):
    return start(gid) + game(gid) + "shot final\n"


if __name__ == "__main__":
    print(script(sys.argv[1]))
