# A board with MicroPython but no Marcador, for testing `marcador flash`:
# runs on the MicroPython VM with its stdin/stdout on a pty (the board's USB
# serial port) and speaks the REPL protocol mpremote uses: Ctrl-C, Ctrl-A
# raw REPL, raw-paste mode with its flow-control window, Ctrl-D soft reset,
# "OK" / output / Ctrl-D / error / Ctrl-D / ">". The code mpremote sends runs on this VM, so the
# scripts `marcador flash` sends are run by real MicroPython, and the files
# land in a littlefs2 image mounted at "/" as on a board.
#
#   micropython raw_repl_board.py IMAGE SIM_DIR
# machine.reset() ends the process with exit code 42.
import io
import os
import sys

img, sim_dir = sys.argv[1], sys.argv[2]
sys.path.insert(0, sim_dir)
from fakes.blockdev import BlockDev  # noqa: E402

dev = BlockDev(256, path=img)
try:
    vfs = os.VfsLfs2(dev)
except OSError:
    os.VfsLfs2.mkfs(dev)
    vfs = os.VfsLfs2(dev)


class FakeMachine:
    @staticmethod
    def reset():
        raise SystemExit(42)

    @staticmethod
    def unique_id():
        return b"\xe6\x61\x00\x00\x00\x00\x00\x07"


sys.modules["machine"] = FakeMachine
# From here on "/" is the board's flash, as on a real board.
os.umount("/")
os.mount(vfs, "/")
os.chdir("/")
sys.path[:] = ["", "/lib"]

rd = sys.stdin.buffer
out = sys.stdout.buffer


def banner():
    out.write(b"raw REPL; CTRL-B to exit\r\n>")


WINDOW = 256


def paste():
    # Raw-paste mode: the PC sends at most WINDOW bytes, then waits for
    # b"\x01" to send more; b"\x04" ends the code, acknowledged.
    out.write(b"R\x01" + bytes((WINDOW & 0xFF, WINDOW >> 8)))
    code = bytearray()
    left = WINDOW
    while True:
        c = rd.read(1)
        if c == b"\x04" or not c:
            out.write(b"\x04")
            return bytes(code)
        code.extend(c)
        left -= 1
        if left == 0:
            left = WINDOW
            out.write(b"\x01")


def run(code, env, ok=True):
    if ok:
        out.write(b"OK")
    err = io.StringIO()
    try:
        exec(code, env)
    except SystemExit:
        raise
    except BaseException as e:     # noqa: B036  (as the board reports it)
        sys.print_exception(e, err)
    out.write(b"\x04")
    out.write(err.getvalue().encode())
    out.write(b"\x04>")


env = {}
raw = False
code = bytearray()
while True:
    c = rd.read(1)
    if not c:
        break
    if c == b"\x01":                 # enter raw REPL
        raw = True
        code = bytearray()
        out.write(b"\r\n")
        banner()
    elif c == b"\x02":               # back to the friendly REPL
        raw = False
        out.write(b"\r\nMicroPython fake board\r\n>>> ")
    elif c == b"\x03":               # interrupt: nothing runs here
        code = bytearray()
    elif c == b"\x05" and raw:       # raw-paste request
        if rd.read(2) == b"A\x01":
            run(paste(), env, ok=False)
        else:
            out.write(b"R\x00")
    elif c == b"\x04":
        if raw and code:
            run(bytes(code), env)
            code = bytearray()
        else:                        # soft reset
            env = {}
            out.write(b"MPY: soft reboot\r\n")
            if raw:
                banner()
    elif raw:
        code.extend(c)
