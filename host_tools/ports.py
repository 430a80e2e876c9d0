"""The board's serial port when --port is not given: the one candidate
among the PC's serial ports, or one line saying there is none or which
there are.

A candidate is a USB serial port whose vendor is one a Marcador board
shows: Raspberry Pi (a Pico running MicroPython, 0x2E8A), MicroPython's
own id, Espressif's native USB, or the USB-serial bridges ESP32 boards
carry (Silicon Labs CP210x, WCH CH340/CH9102, FTDI); and the simulator's
port while `marcador sim --serial` (or `--board rp2`) runs here, through
the link it makes (out/sim-serial, out/rp2-serial)."""

import os
from pathlib import Path

from .link import LinkError

VENDORS = {
    0x2E8A: "Raspberry Pi",
    0xF055: "MicroPython",
    0x303A: "Espressif",
    0x10C4: "Silicon Labs CP210x",
    0x1A86: "WCH CH340",
    0x0403: "FTDI",
}
# The links the simulators make, relative to where they run (as they
# print them).
SIM_LINKS = (Path("out") / "sim-serial", Path("out") / "rp2-serial")


def _comports():
    from serial.tools import list_ports
    return list_ports.comports()


def candidates():
    """[(port, what it is)] of the serial ports that may be a board."""
    out = []
    for p in sorted(_comports(), key=lambda p: p.device):
        vendor = VENDORS.get(p.vid) if isinstance(p.vid, int) else None
        if vendor:
            out.append((p.device, vendor))
    for link in SIM_LINKS:
        # A link left by a simulator that has ended points at nothing.
        if link.is_symlink() and os.path.exists(link):
            out.append((str(link), "the simulator"))
    return out


def find_port():
    """The only candidate: (port, what it is); LinkError (the exit code of a port that
    cannot be opened) when there is none or there are several."""
    found = candidates()
    if len(found) == 1:
        return found[0]
    if not found:
        others = [p.device for p in _comports()]
        raise LinkError(f"no board found on a serial port (ports here: "
                        f"{', '.join(others) or 'none'}): plug it in, or "
                        f"give --port")
    shown = ", ".join(f"{port} ({what})" for port, what in found)
    raise LinkError(f"{len(found)} possible boards: {shown}; give --port "
                    f"with the one to use")
