"""marcador sim: the device simulator (the real firmware on the MicroPython
unix port), in this terminal, from a key script, or serving its serial
port to `marcador sync`; with --board rp2, an emulated Pico running
MicroPython's real rp2 port (docs/rp2-emulator.md)."""

import re
import sys
import time
from pathlib import Path

from ..counted import counted
from .common import FileProblem, UsageError, UserError


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
    p.add_argument("--board", choices=("unix", "rp2"), default="unix",
                   help="unix: the MicroPython unix port (default); rp2: "
                        "an emulated Raspberry Pi Pico running the real "
                        "rp2 port (needs Node, `make rp2-emu` and "
                        "../shared/rp2; its serial port is always served, "
                        "at out/rp2-serial unless --serial says where)")
    p.add_argument("--uf2", metavar="FILE",
                   help="with --board rp2: a UF2 image to put on the board "
                        "first, as on its BOOTSEL drive (its littlefs is "
                        "kept); default on an empty flash: the release "
                        "image of `make uf2` if built, else the stock "
                        "MicroPython")
    p.add_argument("--uid", metavar="HEX",
                   help="the board's unique id (machine.unique_id(), 1 to "
                        "16 bytes in hex; default 511a000000000001): "
                        "another id is another device for sync")


def do_sim(state, args):
    from .. import sim
    if args.board == "rp2":
        return _rp2(args)
    if args.uf2:
        raise UsageError("--uf2 goes with --board rp2")
    uid = args.uid
    if uid is not None and not re.fullmatch(r"([0-9a-fA-F]{2}){1,16}", uid):
        raise UsageError(f"--uid {uid!r}: give 1 to 16 bytes in hex, e.g. "
                         f"511a000000000002")
    uid = uid.lower() if uid else None
    text = _script(args.script) if args.script else None
    if text is None and sim.terminal_room():
        raise UserError(sim.terminal_room())
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
    print(counted("screenshots", len(shots))
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


def _rp2(args):
    from .. import pico_emu, pico_sim, sim
    uid = args.uid or pico_emu.UID
    if not re.fullmatch(r"[0-9a-fA-F]{16}", uid):
        raise UsageError(f"--uid {uid!r}: an rp2 board's id is its flash "
                         f"chip's, 8 bytes in hex, e.g. e6605838834b5d2a")
    if args.uf2 and not Path(args.uf2).is_file():
        raise FileProblem(f"no UF2 file {args.uf2}")
    flash = args.flash or (None if args.script else pico_sim.FLASH)
    try:
        if args.script:
            if args.serial:
                raise UsageError("--script and --serial do not go together "
                                 "with --board rp2")
            text = _script(args.script)
            shots, steps = pico_sim.run_script(
                text, args.shots, flash, args.uf2, args.sh1106, uid.lower())
            steps = sorted(steps)
            print(counted("screenshots", len(shots))
                  + (f" in {args.shots}" if args.shots and shots else "")
                  + f"; {len(steps)} key presses, busy cycles per press: "
                  f"median {steps[len(steps) // 2] if steps else 0}, "
                  f"worst {steps[-1] if steps else 0}")
            return 0
        return pico_sim.interactive(
            flash, args.uf2, args.sh1106, args.serial or pico_sim.SERIAL_LINK,
            uid.lower(), say=lambda text: print(text, file=sys.stderr,
                                                flush=True))
    except sim.ScriptError as ex:
        raise FileProblem(f"{args.script}: {ex}")
    except (pico_emu.Unavailable, pico_emu.BadFile) as ex:
        raise FileProblem(str(ex))
    except (OSError, RuntimeError, TimeoutError) as ex:
        raise FileProblem(str(ex))
