"""marcador sim: the device simulator (the real firmware on the MicroPython
unix port), in this terminal, from a key script, or serving its serial
port to `marcador sync`."""

import re
import sys
import time

from .common import FileProblem, UsageError


def args_sim(p):
    from ..simport import SERIAL_LINK
    p.add_argument("--script", metavar="FILE",
                   help="play a key script instead of the terminal (- for "
                        "stdin); the commands are in docs/simulator.md, "
                        "\"In a terminal\"")
    p.add_argument("--shots", metavar="DIR",
                   help="save the script's screenshots as PNG files here")
    p.add_argument("--sh1106", action="store_true",
                   help="simulate the SH1106 display instead of SSD1306")
    p.add_argument("--flash", metavar="IMG",
                   help="the board's flash image (littlefs, 1 MB); "
                        "scripts get an empty one unless given, the "
                        "interactive simulator keeps its own (out/flash.img "
                        "in a checkout, ~/.local/share/marcador/"
                        "sim-flash.img installed)")
    p.add_argument("--serial", nargs="?", const=str(SERIAL_LINK),
                   metavar="LINK",
                   help="expose the board's USB serial port: a pty, linked "
                        f"at LINK (default {SERIAL_LINK}) for `marcador "
                        f"sync --port LINK`; with --script the device "
                        f"serves after the script until Ctrl-C")
    p.add_argument("--uid", metavar="HEX",
                   help="the board's unique id (machine.unique_id(), 1 to "
                        "16 bytes in hex; default 511a000000000001): "
                        "another id is another device for sync")


def do_sim(state, args):
    from .. import sim
    uid = args.uid
    if uid is not None and not re.fullmatch(r"([0-9a-fA-F]{2}){1,16}", uid):
        raise UsageError(f"--uid {uid!r}: give 1 to 16 bytes in hex, e.g. "
                         f"511a000000000002")
    uid = uid.lower() if uid else None
    text = _script(args.script) if args.script else None
    try:
        if args.serial:
            if args.shots:
                raise UsageError("--shots and --serial do not go together: "
                                 "take the screenshots in a run without "
                                 "--serial")
            if text is None:
                # The simulator's screen is about to be drawn over this
                # terminal: the stable link path first, for a moment.
                print(f"the simulated board's serial port is linked at "
                      f"{args.serial}: in another terminal, `marcador sync "
                      f"--port {args.serial}`", file=sys.stderr, flush=True)
                time.sleep(1.5)
            from .. import simport
            return simport.serve(args.flash, args.serial, text,
                                 args.sh1106, uid,
                                 ready=_ready(text is None))
        if text is None:
            return sim.interactive(args.sh1106, args.flash or sim.FLASH,
                                   uid)
        states, shots = sim.run_script(text, args.shots, args.sh1106,
                                       flash=args.flash, uid=uid)
    except sim.ScriptError as ex:
        raise FileProblem(f"{args.script}: {ex}")
    except (OSError, RuntimeError) as ex:
        raise FileProblem(str(ex))
    last = states[-1] if states else {}
    print(f"{len(shots)} screenshot(s)"
          + (f" in {args.shots}" if args.shots and shots else "")
          + f"; simulated {last.get('t', 0) / 1000:.1f} s, "
          f"{last.get('frames', 0)} frames, screen {last.get('screen')}")


def _script(path):
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as ex:
        raise FileProblem(f"cannot read {path}: {ex.strerror}")


def _ready(terminal):
    def ready(port, link):
        if not terminal:
            print(f"the simulated board's serial port: {port}, linked at "
                  f"{link}; the device serves until Ctrl-C\n  in another "
                  f"terminal: marcador sync --port {link}", file=sys.stderr,
                  flush=True)
    return ready
