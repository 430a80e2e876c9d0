# The simulator's key scripts (sim/scripts/*.keys), one command a line:
#   up|down|ok|back [N]   tap a key (N times)
#   long KEY              hold it LONG_MS (a long press)
#   hold KEY MS           hold it MS milliseconds
#   wait MS               let time pass
#   shot [NAME]           screenshot (a PNG with `marcador sim --shots`)
#   state                 dump the app's state
#   serve                 keep running in real time (the sync tests)
#   quit                  stop here
# "#" starts a comment. compile() packs the script for feeders.ScriptFeeder.

from feeders import KEYS, TAP_MS, LONG_MS, HOLD, WAIT, SHOT, STATE, QUIT, \
    SERVE


def compile(lines):
    # (steps, names): 4 bytes a step (kind << 4 | key, then a 24-bit
    # argument: milliseconds, or an index into names, the shot names).
    steps = bytearray()
    names = []

    def add(kind, key, arg):
        steps.append(kind << 4 | key)
        steps.append(arg & 0xFF)
        steps.append(arg >> 8 & 0xFF)
        steps.append(arg >> 16)

    for n, line in enumerate(lines):
        line = line.split("#")[0].strip()
        if not line:
            continue
        words = line.split()
        cmd = words[0].lower()
        try:
            if cmd in KEYS:
                times = int(words[1]) if len(words) > 1 else 1
                for _ in range(times):
                    add(HOLD, KEYS[cmd], TAP_MS)
            elif cmd == "long":
                add(HOLD, KEYS[words[1].lower()], LONG_MS)
            elif cmd == "hold":
                add(HOLD, KEYS[words[1].lower()], int(words[2]))
            elif cmd == "wait":
                add(WAIT, 0, int(words[1]))
            elif cmd == "shot":
                names.append(words[1] if len(words) > 1 else "")
                add(SHOT, 0, len(names) - 1)
            elif cmd == "state":
                add(STATE, 0, 0)
            elif cmd == "quit":
                add(QUIT, 0, 0)
            elif cmd == "serve":
                add(SERVE, 0, 0)
            else:
                raise KeyError(cmd)
        except (KeyError, IndexError, ValueError):
            raise ValueError("script line %d: %s" % (n + 1, line))
    return bytes(steps), names
