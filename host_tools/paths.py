"""Where Marcador's own files are: in a checkout, and once installed.

The PC tools read the firmware (to flash it, to simulate it, to check a
name against the device's font), the boards' pin files and the simulator.
In a checkout they are the folders firmware/, boards/ and sim/ beside this
package; a wheel carries the same folders inside the package, in bundle/
(pyproject.toml maps them), so the tools work from any folder. Build output (the .mpy
files `marcador flash` copies) goes to the checkout's out/, or, once
installed, to the user's cache folder: never into site-packages.
"""

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# Installed: the firmware travels inside the package.
INSTALLED = (PACKAGE / "bundle" / "firmware" / "main.py").is_file()
# The folder that holds firmware/, boards/ and sim/.
ROOT = PACKAGE / "bundle" if INSTALLED else PACKAGE.parent
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
SIM = ROOT / "sim"


def sim_flash():
    """The simulated board's flash image that `marcador sim` keeps between
    runs (as a board keeps its flash): out/flash.img in a checkout;
    installed, beside the archive in $XDG_DATA_HOME/marcador
    (~/.local/share/...), where an upgrade does not lose its games."""
    if not INSTALLED:
        return ROOT / "out" / "flash.img"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "marcador" / "sim-flash.img"


def out_dir():
    """The folder for build output: out/ in a checkout; installed,
    $XDG_CACHE_HOME/marcador/VERSION (~/.cache/... by default)."""
    if not INSTALLED:
        return ROOT / "out"
    from marcador_core.version import VERSION
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "marcador" / VERSION
