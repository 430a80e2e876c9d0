"""Where the emulated Pico's busy cycles go: the program counter sampled
every N busy cycles (sim/rp2/emu.mjs --profile N), each sample mapped to
the firmware ELF's function (arm-none-eabi-nm, out/rp2/build-<board>/
firmware.elf) or to the bootrom, then grouped (I2C wait, bytecode VM, gc,
framebuf...). A measuring tool, not a benchmark row: nothing is added to
the firmware.

    .venv/bin/python bench/rp2_profile.py [--title doggy] [--every 1000]
        [--top 15] [--board pico_ssd1306] [--uf2 FILE]

boots the release image on a fresh flash, then again (profile "boot"),
then plays the
title's max-player game (sim/scripts/maxplayers.py) and profiles each
press's window (the press, its aftermath, until the board waits again):
"keys" sums them all, "worst press" is the press with the most busy cycles
(a round saved to flash, a game started or ended).
"""

import argparse
import bisect
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from roots import ROOT  # noqa: E402  (tests/, tools/, sim/scripts on the path)

sys.path.insert(0, str(ROOT))

from marcador import pico_emu  # noqa: E402

# Groups, by a function name's prefix (the first that matches; the rest is
# "other C"). Kept coarse: which layer spends the cycles.
GROUPS = (
    # (the SDK's i2c_write_blocking polls the controller, checking its
    # timeout at each turn: check_single_timeout_us)
    ("I2C (busy-wait on the bus)", ("machine_i2c", "i2c_", "mp_machine_i2c",
                                    "mp_machine_soft_i2c",
                                    "check_single_timeout_us")),
    ("gc (collect, alloc, free)", ("gc_", "m_malloc", "m_realloc", "m_free",
                                   "m_new", "gc_helper")),
    ("bytecode VM", ("mp_execute_bytecode", "fun_bc_call", "mp_setup_code",
                     "mp_call", "mp_load", "mp_store", "mp_obj_get",
                     "mp_obj_is", "mp_binary_op", "mp_unary_op",
                     "mp_iternext", "mp_getiter", "mp_convert",
                     "mp_obj_new_bound", "mp_native", "mp_import",
                     "mp_builtin", "mp_raise", "nlr_", "mp_make",
                     "mp_obj_fun", "mp_obj_class", "mp_obj_instance",
                     "instance_", "type_", "mp_obj_type", "mp_stack",
                     "mp_resume", "mp_arg", "mp_small_int", "mp_obj_int",
                     "mp_obj_new_int", "mp_map", "mp_obj_dict",
                     "dict_", "mp_obj_list", "list_", "mp_obj_tuple",
                     "tuple_", "mp_obj_str", "str_", "mp_obj_new_str",
                     "mp_obj_new", "bytes_", "array_", "mp_seq",
                     "mp_obj_equal", "mp_obj_hash", "qstr_", "mp_qstr",
                     "mp_obj_", "mp_globals", "mp_locals", "fun_",
                     "closure_", "gen_", "mp_vfs", "mp_reader",
                     "mp_raw_code", "load_raw_code", "mp_lexer")),
    ("framebuf", ("framebuf", "fill_rect", "mono_", "mvlsb_", "setpixel",
                  "getpixel", "line", "rgb565", "gs")),
    ("littlefs / flash", ("lfs2_", "lfs_", "mp_vfs_lfs", "rp2_flash",
                          "flash_", "mp_vfs_blockdev")),
    ("USB / interrupts / time", ("tud_", "dcd_", "tu_", "usbd_", "hw_",
                                 "isr_", "irq_", "timer_", "alarm_",
                                 "mp_hal", "time_", "machine_pin",
                                 "gpio_", "hardware_alarm", "busy_wait",
                                 "mp_event", "mp_handle_pending",
                                 "mp_sched", "mp_usbd", "best_effort",
                                 "soft_timer", "mp_thread")),
    ("memcpy/memset/crc", ("memcpy", "memset", "memmove", "memcmp",
                           "__aeabi_mem", "__wrap_mem", "uzlib_crc32",
                           "crc32", "mod_binascii")),
)


def symbols(elf):
    """Sorted (address, name) of the ELF's functions (Thumb bit cleared)."""
    out = subprocess.run(["arm-none-eabi-nm", "-n", "--defined-only", str(elf)],
                         capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            rows.append((int(parts[0], 16) & ~1, parts[2]))
    rows.sort()
    return rows


class Mapper:
    def __init__(self, elf):
        self.rows = symbols(elf)
        self.addrs = [a for a, _ in self.rows]

    def name(self, pc):
        if pc == 0:
            return "(flash erase/program wait)"
        if pc < 0x4000:
            return "(bootrom)"
        i = bisect.bisect_right(self.addrs, pc) - 1
        return self.rows[i][1] if i >= 0 else f"?{pc:x}"


def group_of(name):
    if name == "(flash erase/program wait)":
        return "flash chip busy (erase/program, modelled)"
    if name == "(bootrom)":
        return "bootrom (flash routines, float/int helpers)"
    for label, prefixes in GROUPS:
        if name.startswith(prefixes):
            return label
    return "other C"


def report(title, samples, mapper, every, top, out=print):
    funcs = Counter()
    for pc, n in samples.items():
        funcs[mapper.name(pc)] += n
    total = sum(funcs.values()) or 1
    groups = Counter()
    for name, n in funcs.items():
        groups[group_of(name)] += n
    out(f"\n{title}: {total * every:,} busy cycles sampled "
        f"({total:,} samples, 1 every {every:,})")
    for label, n in groups.most_common():
        out(f"  {100 * n / total:5.1f}%  {label}")
    out("  top functions:")
    for name, n in funcs.most_common(top):
        out(f"  {100 * n / total:5.1f}%  {name}  [{group_of(name)}]")


def main(argv=None):
    import maxplayers
    from marcador.sim import _keyscript
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", default="doggy")
    ap.add_argument("--every", type=int, default=1000)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--board", default="pico_ssd1306")
    ap.add_argument("--uf2")
    ap.add_argument("--presses", type=int, default=0,
                    help="only the first N presses (0: all)")
    args = ap.parse_args(argv)
    from rp2_build import release_uf2
    uf2 = args.uf2 or release_uf2(args.board)
    elf = ROOT / "out" / "rp2" / f"build-{args.board}" / "firmware.elf"
    mapper = Mapper(elf)
    ks = _keyscript()
    steps, _ = ks.compile(maxplayers.script(args.title).splitlines())
    with tempfile.TemporaryDirectory() as tmp:
        # The first power-on formats the littlefs (erases): profiled is the
        # next one, as every boot after it (and as bench/rp2.py counts).
        with pico_emu.Pico(Path(tmp) / "f.img", uf2=uf2) as pico:
            assert pico.run_until(lambda: pico.i2c_writes > 0, 6000)
            pico_emu.settle(pico)
        profile(args, mapper, steps, ks, Path(tmp) / "f.img")


def profile(args, mapper, steps, ks, img):
    with pico_emu.Pico(img, profile=args.every) as pico:
        assert pico.run_until(lambda: pico.i2c_writes > 0, 6000, step_ms=1)
        pico_emu.settle(pico)
        report("boot (power-on to the home screen, idle)", pico.samples(),
               mapper, args.every, args.top)
        keys, worst, worst_n, n = Counter(), {}, 0, 0
        for j in range(0, len(steps), 4):
            kind, key = steps[j] >> 4, steps[j] & 0x0F
            arg = steps[j + 1] | steps[j + 2] << 8 | steps[j + 3] << 16
            if kind == ks.HOLD:
                pico.samples()
                pico.press(key, arg)
                pico_emu.settle(pico)
                got = pico.samples()
                keys.update(got)
                n += 1
                if sum(got.values()) > sum(worst.values()):
                    worst, worst_n = got, n
                if args.presses and n >= args.presses:
                    break
            elif kind == ks.WAIT:
                pico.run_ms(arg)
            elif kind == ks.QUIT:
                break
        report(f"keys ({n} presses of {args.title}, each with its "
               f"aftermath and idle steps)", keys, mapper, args.every,
               args.top)
        report(f"worst press (press {worst_n})", worst, mapper, args.every,
               args.top)


if __name__ == "__main__":
    main()
