"""The board's port found by itself when --port is not given (flash, sync,
roster, settings): the only serial port a board may be on is used, none
or several is one line (exit 4, as a port that cannot be opened). The
PC's ports are pyserial's list_ports, patched here; the simulator's port
is found through the link `marcador sim --serial` makes."""

import os
import tty
from types import SimpleNamespace

import pytest
import serial

from marcador import ports
from marcador.cli import main as cli


def port(device, vid=None, pid=None):
    return SimpleNamespace(device=device, vid=vid, pid=pid)


PICO = port("/dev/ttyACM0", 0x2E8A, 0x0005)
ESP32 = port("/dev/ttyUSB0", 0x10C4, 0xEA60)
BUILTIN = port("/dev/ttyS0")
MOUSE = port("/dev/ttyACM3", 0x046D, 0xC52B)


@pytest.fixture
def here(monkeypatch, tmp_path):
    """Set the PC's serial ports; run where no simulator link is."""
    monkeypatch.chdir(tmp_path)
    listed = []
    monkeypatch.setattr(ports, "_comports", lambda: list(listed))
    return listed


@pytest.fixture
def opened(monkeypatch):
    """The ports the commands open (nothing answers: a timeout)."""
    seen = []

    def open_(url, **kw):
        seen.append(url)
        raise serial.SerialException(f"could not open port {url}: test")
    monkeypatch.setattr(serial, "serial_for_url", open_)
    return seen


def test_only_board_vendors_are_candidates(here):
    here += [BUILTIN, MOUSE, PICO, ESP32]
    assert ports.candidates() == [("/dev/ttyACM0", "Raspberry Pi"),
                                  ("/dev/ttyUSB0", "Silicon Labs CP210x")]


@pytest.mark.parametrize("argv", [["sync"], ["roster"], ["settings"],
                                  ["roster", "Ana"]])
def test_the_only_board_is_used(here, opened, capsys, argv, tmp_path):
    here += [BUILTIN, MOUSE, PICO]
    if argv[0] == "sync":
        argv = argv + ["--db", str(tmp_path / "a.sqlite")]
    assert cli(argv) == 4                   # opened, and nothing answers
    assert opened == ["/dev/ttyACM0"]
    err = capsys.readouterr().err
    assert f"marcador {argv[0]}: using /dev/ttyACM0 (Raspberry Pi), the " \
           f"only board found" in err


@pytest.mark.parametrize("argv", [["sync"], ["roster"], ["settings"],
                                  ["flash", "--board", "esp32_ssd1306"]])
def test_no_board_or_two_are_one_line_naming_the_ports(here, opened, capsys,
                                                       argv):
    here += [BUILTIN]
    if argv[0] == "sync":
        argv = argv + ["--db", "a.sqlite"]
    assert cli(argv) == 4
    assert not os.path.exists("a.sqlite")          # no archive made
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "no board found on a serial port (ports here: /dev/ttyS0)" in err
    assert "--port" in err and "Nothing was lost" not in err
    here += [PICO, ESP32]
    assert cli(argv) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert ("2 possible boards: /dev/ttyACM0 (Raspberry Pi), /dev/ttyUSB0 "
            "(Silicon Labs CP210x); give --port") in err
    assert opened == []


def test_flash_of_stock_micropython_uses_the_only_board(here, monkeypatch,
                                                        capsys):
    from marcador import flash
    here += [ESP32]
    got = []

    def fake_flash(board, port, **kw):
        got.append((board, port))
        return {"files": 3, "copied": 1, "bytes": 10, "removed": 0,
                "unchanged": 2}
    monkeypatch.setattr(flash, "flash", fake_flash)
    assert cli(["flash", "--board", "esp32_ssd1306"]) == 0
    assert got == [("esp32_ssd1306", "/dev/ttyUSB0")]
    assert "esp32_ssd1306 on /dev/ttyUSB0: 1 of 3" in capsys.readouterr().out


def test_the_simulators_link_is_a_candidate_while_it_runs(here):
    master, slave = os.openpty()
    tty.setraw(slave)
    os.mkdir("out")
    try:
        os.symlink(os.ttyname(slave), "out/sim-serial")
        os.symlink("/dev/pts/nothing-here", "out/rp2-serial")   # stale
        assert ports.find_port() == ("out/sim-serial", "the simulator")
    finally:
        os.close(master)
        os.close(slave)


def test_roster_without_port_on_the_simulator(here, tmp_path, capsys):
    # End to end: the simulated board serving its port, reached through
    # the link in out/ of the folder marcador runs in, as `marcador sim
    # --serial` leaves it.
    from marcador.simport import SimDevice
    with SimDevice(tmp_path / "flash.img", "serve\n") as dev:
        os.mkdir("out")
        os.symlink(dev.port, "out/sim-serial")
        assert cli(["roster", "Ana", "Beto"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "Ana Beto"
    assert "using out/sim-serial (the simulator)" in err
