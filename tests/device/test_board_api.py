"""The board API check (tools/board_api_check.py, `make typecheck`): pyright
over firmware/ and the boards' board.py, once per board family, against the
stubs generated from that family's MicroPython 1.29 firmware. The firmware
must pass with 0 errors; a control file proves the check catches a call to
an API that one port lacks."""

import importlib.util

import pytest

from conftest import FIRMWARE, ROOT

# pyright runs on Node.js, against the stubs `make typecheck` installs.
pytestmark = pytest.mark.node

spec = importlib.util.spec_from_file_location(
    "board_api_check", ROOT / "tools" / "board_api_check.py")
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def errors_of(family, files=None):
    # Run alone (not by `make test`, which installs them first), the
    # stubs may be missing: say what to run rather than fail.
    if not (check.STUBS / family / "machine.pyi").exists():
        pytest.skip(f"no {family} stubs in out/stubs: run `make "
                    f"typecheck` once (it installs them)")
    diags, count = check.run(family, files)
    return [check.describe(d) for d in diags if d["severity"] == "error"], \
        count


@pytest.mark.parametrize("family", sorted(check.FAMILIES))
def test_firmware_and_boards_use_only_their_ports_api(family):
    errors, count = errors_of(family)
    sources = list(FIRMWARE.rglob("*.py"))
    boards = check.FAMILIES[family]["boards"]
    assert count == len(sources) + len(boards), "pyright missed files"
    assert errors == []


# Valid on one port only: Pin.high() is rp2's (also nrf, stm32), ESP32 pins
# have on()/off(); TouchPad and the esp32 module are the ESP32's, rp2 the
# Pico's. time.ticks_ms() is MicroPython's on both; time.monotonic() and
# os.path are CPython's, on neither.
CONTROL = """\
import time
import os
from machine import Pin
Pin(25, Pin.OUT).high()
time.ticks_ms()
time.monotonic()
os.path.join("a", "b")
"""
RP2_ONLY = "import rp2\nrp2.PIO(0)\n"
ESP32_ONLY = ("from machine import Pin, TouchPad\nimport esp32\n"
              "TouchPad(Pin(4)).read()\n")


def rules_by_line(errors):
    # "path:LINE: error: message [rule]" -> {LINE: message}
    return {int(e.split(":")[1]): e.split(": ", 2)[2] for e in errors}


def test_control_an_api_the_port_lacks_is_an_error(tmp_path):
    (tmp_path / "control.py").write_text(CONTROL)
    (tmp_path / "rp2_only.py").write_text(RP2_ONLY)
    (tmp_path / "esp32_only.py").write_text(ESP32_ONLY)
    files = sorted(tmp_path.glob("*.py"))
    found = {}
    for family in check.FAMILIES:
        errors, count = errors_of(family, files)
        assert count == 3
        found[family] = {f.name: rules_by_line(
            [e for e in errors if e.startswith(str(f))]) for f in files}

    rp2, esp32 = found["rp2"], found["esp32"]
    # Pin.high(): fine on rp2, an error on esp32.
    assert 4 not in rp2["control.py"]
    assert '"high"' in esp32["control.py"][4]
    # CPython-only time and os on neither port: the MicroPython stdlib
    # stubs replace CPython's.
    assert sorted(rp2["control.py"]) == [6, 7]
    assert sorted(esp32["control.py"]) == [4, 6, 7]
    for port in (rp2, esp32):
        assert '"monotonic"' in port["control.py"][6]
        assert '"path"' in port["control.py"][7]
    # Each port's own module is unknown to the other.
    assert rp2["rp2_only.py"] == {}
    assert '"rp2"' in esp32["rp2_only.py"][1]
    assert esp32["esp32_only.py"] == {}
    assert '"TouchPad"' in rp2["esp32_only.py"][1]
    assert '"esp32"' in rp2["esp32_only.py"][2]
