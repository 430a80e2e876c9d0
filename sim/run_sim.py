# The simulator's entry point, run by the MicroPython unix port:
#   micropython sim/run_sim.py [--script FILE | -] [--sh1106]
#     [--blocks N] [--seg-bytes N]  (a smaller flash, smaller segments:
#     tests that fill the flash, tests/device/test_soak_flash.py)
# It puts the fake board first on the import path, then runs the real
# firmware/main.py. Usually started through `marcador sim` or `make sim`.
import sys

# The script's folder as it was given (MicroPython puts its absolute path
# first on sys.path): with the relative paths host_tools/sim.py uses, every
# module's __file__, which stays in the heap, is the same wherever the
# clone is.
_here = sys.argv[0].rpartition("/")[0] or "."
sys.path[0] = _here
_args = sys.argv[1:]
# --firmware DIR runs another copy of the firmware (e.g. compiled .mpy).
if "--firmware" in _args:
    sys.path.append(_args[_args.index("--firmware") + 1])
else:
    sys.path.append(_here + "/../firmware")

import board  # noqa: E402  (sim/board.py, the fake)
import feeders  # noqa: E402

args = sys.argv[1:]
if "--flash" in args:
    board.CONFIG["flash"] = args[args.index("--flash") + 1]
if "--serial" in args:
    board.CONFIG["serial"] = args[args.index("--serial") + 1]
if "--uid" in args:
    # Another board: its machine.unique_id() in hex (the device id).
    board.CONFIG["uid"] = bytes.fromhex(args[args.index("--uid") + 1])
if "--blocks" in args:
    # A smaller flash (4 KB blocks; an image made now), for tests that
    # fill it up.
    board.CONFIG["blocks"] = int(args[args.index("--blocks") + 1])
if "--seg-bytes" in args:
    # Smaller archive segments (drivers/store.py seg_bytes), for the same.
    from drivers import store
    store.Store.seg_bytes = int(args[args.index("--seg-bytes") + 1])
    del store
if "--sh1106" in args:
    board.CONFIG["driver"] = "sh1106"
if "--script" in args:
    path = args[args.index("--script") + 1]
    f = sys.stdin if path == "-" else open(path)
    board.CONFIG["feeder"] = feeders.ScriptFeeder(
        f.read().split("\n"), heap_stats="--heap-stats" in args)
else:
    import terminal
    cols = 80
    if "--cols" in args:
        cols = int(args[args.index("--cols") + 1])
    # --stall MS: the PC stops the simulator this long whenever a key goes
    # down or up, as a busy machine may (the tests of keys under load).
    board.CONFIG["feeder"] = terminal.TerminalFeeder(
        cols, int(args[args.index("--stall") + 1]) if "--stall" in args
        else 0)

import main  # noqa: E402,F401  (firmware/main.py: never returns)
