"""The device's sync link under hostile or careless hosts, on the
MicroPython VM (tests/mp/link_check.py: the firmware's App on the
simulated board, its serial port a fake that the script feeds and reads):
no request ends the app loop, every number is bounded, every byte sent is
printable, a host that reads nothing never blocks the device, and settings
are written to flash only when they change."""

import json

import pytest

from conftest import MP_SCRIPTS, run_micropython


def check(*args, timeout=600):
    out = run_micropython(MP_SCRIPTS / "link_check.py", args=args,
                          timeout=timeout)
    return json.loads(out[-1])


def test_settings_and_roster_are_written_only_when_they_change():
    r = check("settings")
    print("\nblock writes:", {k: v[0] for k, v in r.items()})
    for k in ("set_first", "roster_first", "set_other"):
        assert r[k][0] > 0 and r[k][1][0] == "ok", (k, r[k])
    for k in ("set_same", "set_default", "roster_same"):
        assert r[k][0] == 0 and r[k][1][0] == "ok", (k, r[k])
