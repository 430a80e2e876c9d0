"""Every target docs/benchmarks.md holds a figure against: its value and
the words the page gives it, in one place. The renderers (render_*.py,
growth*.py) compare with these and write `met` or `**missed**` (met()).

The key presses per number keep theirs in bench/presses.py (TARGETS,
GAME_TARGET): its own command line prints them too."""

from collections import namedtuple

Target = namedtuple("Target", "value text")


def met(cond):
    """The page's word for a target met or missed."""
    return "met" if cond else "**missed**"


def met_bold(cond):
    """The same, both in bold (the growth sections' sentences)."""
    return f"**{'met' if cond else 'missed'}**"


# --- the unix port (render_unix.py)
HEAP_PER_EVENT = Target(0, "0")                         # bytes
FIRMWARE_HEAP = Target(64 * 1024, "64 KB")              # live peak, bytes
I2C_PAGES = Target(2, "median <= 256 (2 pages)")        # pages per press
INSTR_MEDIAN = Target(300_000, "median <= 300,000")     # per press
INSTR_WORST = Target(3_000_000, "worst <= 3,000,000")
INSTR_TEXT = f"{INSTR_MEDIAN.text}; {INSTR_WORST.text}"
FLASH_PER_EVENT = Target(8, "<= 8")                     # record bytes
GAMES_PER_MB = Target(500, ">= 500")
SYNC_RATIO = Target(1.4, "<= 1.4")                      # wire / game bytes

# --- the emulated Pico (render_rp2.py): heap live at key boundaries per
# deployment, boot (frozen), the key's step, a press with its aftermath.
RP2_HEAP = {"frozen": 20 * 1024, "mpy": 64 * 1024}
RP2_BOOT = 12_500_000                 # busy cycles, frozen
RP2_STEP = (375_000, 3_100_000)       # median, worst
RP2_PRESS = 6_250_000                 # worst

# --- growth (growth.py, growth_rp2.py): one request, past games, a
# correction and booting into a corrected game, many against few.
GROWTH_RATIO = 2

# --- the PC tools (growth_pc.py, issue 24): report of 10,000 games in
# <= 15 s of CPU and <= 300 MB; every command within 12x from 1,000 to
# 10,000 games.
REPORT_CPU, REPORT_MB, PC_GROWTH = 15, 300, 12
