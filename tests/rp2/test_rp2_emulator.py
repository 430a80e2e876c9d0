"""The real board, emulated (docs/rp2-emulator.md): MicroPython's rp2 port
on rp2040js, the buttons by GPIO, the display decoded from I2C by the
unix simulator's own controller model, the USB serial port on a pty for
the PC tools, unchanged.

Needs ../shared/rp2 (the stock UF2 and the bootrom), Node and `make
rp2-emu`; skipped without them (failed under MARCADOR_REQUIRE_RP2=1, as
`make test-rp2` runs). The frozen image's test builds it (`make uf2
BOARD=pico_ssd1306`, tests/rp2_build.py) when it is not up to date.

Emulated time is kept small: about 11-17 M cycles a wall second here."""

import contextlib
import io
import shutil
import sqlite3

import pytest

from marcador import cli, pico_emu, sim
from rp2_build import boot, emulated_stock

pytestmark = pytest.mark.rp2

# The shortest archived game the unix simulator plays: the free pad, 2
# players, no target, one round (J1 5, J2 3), ended from the game menu,
# then BACK from the final breakdown (which archives it).
SHORT_GAME = """
ok
down 5
ok                  # Marcador libre
up 2
ok                  # 2 players
up
ok                  # Empezar
up 2
ok                  # no target
ok                  # lowest wins: no
ok                  # enter a round
up 5
ok                  # J1: 5
up 3
ok                  # J2: 3
back                # the game menu
down 4
ok                  # Terminar partida
down
ok                  # Si
shot final
back                # archived
shot home
"""


@pytest.fixture(scope="module")
def emulator():
    return emulated_stock()


@pytest.fixture(scope="module")
def unix_shots():
    """The unix simulator's home screen and the short game's screens."""
    _, home = sim.run_script("wait 1000\nshot home\n")
    _, game = sim.run_script(SHORT_GAME)
    return home["home"], game


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def flashed(emulator, tmp_path_factory):
    """`marcador flash` onto the stock MicroPython, through the emulated
    USB: the image file of that board, and what the tool said."""
    img = tmp_path_factory.mktemp("rp2") / "flash.img"
    with pico_emu.Pico(img, uf2=emulator) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("flash", "--board", "pico_ssd1306",
                                   "--port", port, "--wait", "60")
        # The tool's machine.reset(): the watchdog; the board comes back.
        assert pico.run_until(lambda: pico.resets == 1, 2000, step_ms=1)
        resets = pico.resets
        boot(pico)
        screen = pico.screen_hex()
        errors = pico.panel.errors
    return {"image": img, "rc": rc, "out": out, "err": err,
            "resets": resets, "screen": screen, "panel_errors": errors}


def test_marcador_flash_onto_stock_micropython_boots_into_marcador(
        flashed, unix_shots):
    assert flashed["rc"] == 0, flashed["err"]
    files = len(pico_emu_plan())
    assert f"{files} of {files} files copied" in flashed["out"]
    from marcador_core.version import VERSION
    assert f"board has no Marcador firmware, this is {VERSION}: {files} " \
           f"of {files} files change" in flashed["err"], flashed["err"]
    assert flashed["resets"] == 1
    assert flashed["panel_errors"] == []
    assert flashed["screen"] == unix_shots[0]


def pico_emu_plan():
    from marcador import flash
    return flash.plan("pico_ssd1306")


def test_flash_again_finds_everything_there_and_boots_back(
        emulator, flashed, unix_shots, tmp_path):
    # A board running Marcador (main.py reading the serial port): the
    # tool interrupts it, copies nothing, and resets it.
    img = tmp_path / "flash.img"
    shutil.copy(flashed["image"], img)
    with pico_emu.Pico(img) as pico:
        boot(pico)
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("flash", "--board", "pico_ssd1306",
                                   "--port", port, "--wait", "60")
        assert rc == 0, err
        assert "0 of" in out and "unchanged" in out
        # The version the board's own firmware says (its core/version).
        from marcador_core.version import VERSION
        assert f"board has {VERSION}, this is {VERSION}: nothing changes" \
            in err, err
        assert pico.run_until(lambda: pico.resets == 1, 2000, step_ms=1)
        boot(pico)
        assert pico.screen_hex() == unix_shots[0]


def test_power_cut_mid_flash_then_flash_again_completes(emulator,
                                                      unix_shots, tmp_path):
    # The power goes at the 150th flash write of `marcador flash` (of
    # about 340, torn): the tool says the board stopped answering; powered
    # again, the board has no /main.py (removed first, written last) and
    # stays at the REPL; the same command then completes it.
    img = tmp_path / "flash.img"
    with pico_emu.Pico(img, uf2=emulator, cut_after=150, tear=True) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("flash", "--board", "pico_ssd1306",
                                   "--port", port, "--wait", "60")
        assert pico.off
    assert rc != 0 and "the board stopped answering" in err
    assert "run the same command again" in err
    with pico_emu.Pico(img) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        pico.run_ms(1000)
        assert pico.i2c_writes == 0                # no Marcador started
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("flash", "--board", "pico_ssd1306",
                                   "--port", port, "--wait", "60")
        assert rc == 0, err
        assert " 0 of " not in out
        assert pico.run_until(lambda: pico.resets == 1, 2000, step_ms=1)
        boot(pico)
        assert pico.screen_hex() == unix_shots[0]
        assert pico.panel.errors == []


def test_a_game_by_gpio_keys_is_the_unix_simulators_then_syncs(
        flashed, unix_shots, tmp_path):
    img = tmp_path / "flash.img"
    shutil.copy(flashed["image"], img)
    db = tmp_path / "games.sqlite"
    with pico_emu.Pico(img) as pico:
        boot(pico)
        shots, steps = pico_emu.play(pico, SHORT_GAME)
        assert shots == unix_shots[1]          # pixel for pixel
        assert len(steps) == 36 and pico.panel.errors == []
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("sync", "--port", port, "--db", str(db))
            assert rc == 0, err
            assert "1 game received, 1 new" in out
            assert f"device {pico_emu.UID}" in out
            rc, out, err = run_cli("roster", "--port", port)
            assert rc == 0, err
            rc, out, err = run_cli("settings", "--port", port)
            assert rc == 0, err
            assert "lang=es" in out
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from games").fetchone()[0] == 1


def test_the_frozen_release_image_boots_to_the_unix_home_screen(
        emulator, unix_shots, tmp_path):
    from rp2_build import release_uf2          # make uf2, if not built
    uf2 = release_uf2("pico_ssd1306")
    with pico_emu.Pico(tmp_path / "flash.img", uf2=uf2) as pico:
        boot(pico)
        assert pico.screen_hex() == unix_shots[0]
        assert pico.panel.errors == []
        # ... and plays the short game as the unix simulator does.
        shots, steps = pico_emu.play(pico, SHORT_GAME)
        assert shots == unix_shots[1]


def test_the_emulation_is_deterministic(emulator, tmp_path):
    # Twice the same: a fresh board with the release image, booted, five
    # presses. Same cycles, same work, same flash writes, same bytes.
    from rp2_build import release_uf2
    uf2 = release_uf2("pico_ssd1306")
    runs = []
    for n in range(2):
        img = tmp_path / f"flash{n}.img"
        with pico_emu.Pico(img, uf2=uf2) as pico:
            boot(pico)
            shots, steps = pico_emu.play(pico, "ok\ndown 3\nback\nshot s\n")
            runs.append((pico.cycles, pico.busy, steps, shots,
                         pico.flash_ops, pico.i2c_writes))
        runs[-1] += (img.read_bytes(),)
    assert runs[0] == runs[1]
    assert runs[0][4]                           # littlefs was written


def test_i2c_transfers_take_their_time_on_the_wire(emulator, tmp_path):
    # The release image booted with and without the wire's time: the
    # firmware waits out 9 SCL periods a byte at the 400 kHz board.py asks
    # for (312 cycles of 125 MHz a period).
    from rp2_build import release_uf2
    uf2 = release_uf2("pico_ssd1306")
    runs = []
    for timed, hz in ((True, 0), (False, 0), (True, 1_000_000)):
        with pico_emu.Pico(tmp_path / f"f{timed}{hz}.img", uf2=uf2,
                           i2c_time=timed, i2c_hz=hz) as pico:
            boot(pico)
            runs.append((pico.busy, pico.i2c_bytes, pico.i2c_writes,
                         pico.screen_hex()))
    (timed, n, t, screen), (untimed, n2, t2, screen2), \
        (fast, n3, t3, screen3) = runs
    assert (n, t, screen) == (n2, t2, screen2) == (n3, t3, screen3)
    # Data and address bytes; the firmware fills the controller's FIFO
    # while earlier bytes go out, so some of its own work hides in the
    # wire's time (here 95%).
    wire = (n + t) * 9 * 312
    assert wire * 0.85 <= timed - untimed <= wire
    # i2c_hz: the wire at 1 MHz instead (125 cycles a period), as a
    # board.py asking for it would get.
    wire = (n + t) * 9 * 125
    assert wire * 0.8 <= fast - untimed <= wire


def test_flash_erase_and_program_take_a_w25q16jvs_time(emulator, tmp_path):
    # A fresh board formats its littlefs (erases, programs), with and
    # without the flash chip's time: the core waits 45 ms a 4 KB sector
    # erased and 0.4 ms a 256 B page programmed (busy, interrupts off).
    runs = []
    for timed in (True, False):
        with pico_emu.Pico(tmp_path / f"f{timed}.img", uf2=emulator,
                           flash_time=timed) as pico:
            assert pico.run_until(lambda: pico.connections == 1, 2000)
            pico.run_ms(100)
            runs.append((pico.busy, pico.flash_ops))
    (timed, ops), (untimed, ops2) = runs
    assert ops == ops2 and ops
    ms = sum(n / 4096 * 45 if kind == "E" else -(-n // 256) * 0.4
             for kind, _, n in ops)
    wait = round(ms * pico_emu.CYCLES_MS)
    assert wait <= timed - untimed <= wait * 1.02


def test_the_sh1106_release_image_on_i2c1_draws_the_unix_sh1106_screen(
        emulator, tmp_path):
    from rp2_build import release_uf2
    uf2 = release_uf2("pico_sh1106")
    _, unix = sim.run_script("wait 1000\nshot home\n", sh1106=True)
    with pico_emu.Pico(tmp_path / "flash.img", uf2=uf2,
                       sh1106=True) as pico:
        boot(pico)
        assert pico.screen_hex() == unix["home"]
        assert pico.panel.errors == []
    # marcador sim --board rp2 --sh1106 on a new board: that image.
    keys = tmp_path / "k.keys"
    keys.write_text("down\nshot down\n")
    sim.run_script("down\nshot down\n", tmp_path / "unix", sh1106=True)
    rc, out, err = run_cli("sim", "--board", "rp2", "--sh1106", "--script",
                           str(keys), "--shots", str(tmp_path / "rp2"))
    assert rc in (0, None), err
    assert (tmp_path / "rp2" / "down.png").read_bytes() == \
        (tmp_path / "unix" / "down.png").read_bytes()


def test_marcador_sim_board_rp2_plays_a_script_with_shots(emulator,
                                                          tmp_path):
    from rp2_build import release_uf2
    uf2 = release_uf2("pico_ssd1306")
    script = tmp_path / "game.keys"
    script.write_text(SHORT_GAME)
    rc, out, err = run_cli("sim", "--board", "rp2", "--uf2", str(uf2),
                           "--script", str(script), "--shots",
                           str(tmp_path / "shots"))
    assert rc in (0, None), err
    assert "2 screenshots" in out and "36 key presses" in out
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == \
        ["final.png", "home.png"]


def test_marcador_sim_board_rp2_refuses_what_it_cannot_run(tmp_path):
    rc, out, err = run_cli("sim", "--board", "rp2", "--uid", "12",
                           "--script", "x")
    assert rc != 0 and "8 bytes in hex" in err
    rc, out, err = run_cli("sim", "--board", "rp2", "--uf2",
                           str(tmp_path / "none.uf2"), "--script", "x")
    assert rc != 0 and "no UF2 file" in err
    rc, out, err = run_cli("sim", "--uf2", "x.uf2", "--script", "x")
    assert rc != 0 and "--uf2 goes with --board rp2" in err


def test_a_file_that_is_not_a_uf2_is_refused_in_one_line(emulator,
                                                        tmp_path):
    keys = tmp_path / "k.keys"
    keys.write_text("ok\n")
    for name, data in (("text.uf2", b"not an image\n" * 100),
                       ("short.uf2", bytes(700))):
        bad = tmp_path / name
        bad.write_bytes(data)
        rc, out, err = run_cli("sim", "--board", "rp2", "--uf2", str(bad),
                               "--flash", str(tmp_path / "f.img"),
                               "--script", str(keys))
        assert rc != 0
        assert err.strip().count("\n") == 0, err        # one line
        assert "not a UF2 image" in err and str(bad) in err
        assert not (tmp_path / "f.img").exists()        # nothing changed


def test_a_flash_image_of_another_size_is_refused_in_one_line(
        emulator, tmp_path):
    keys = tmp_path / "k.keys"
    keys.write_text("ok\n")
    img = tmp_path / "flash.img"
    img.write_bytes(b"\xff" * 4096 * 256)      # the unix simulator's 1 MB
    rc, out, err = run_cli("sim", "--board", "rp2", "--flash", str(img),
                           "--script", str(keys))
    assert rc != 0 and err.strip().count("\n") == 0, err
    assert "not a 2 MB Pico flash image" in err
    assert img.read_bytes() == b"\xff" * 4096 * 256


def test_a_chip_that_faults_stops_in_one_line(emulator, tmp_path):
    # Flash full of noise: the core soon does what rp2040js refuses (a
    # misaligned read); the harness says so in one line.
    import random
    img = tmp_path / "flash.img"
    img.write_bytes(random.Random(7).randbytes(2 * 1024 * 1024))
    with pico_emu.Pico(img) as pico:
        with pytest.raises(RuntimeError) as ex:
            pico.run_ms(100)
    text = str(ex.value)
    assert text.startswith("the emulated chip stopped: ")
    assert "\n" not in text and "at file:" not in text


# ---------------------------------------------------------------- the chip

def repl(pico, code, limit_ms=2000):
    """Run one line at the friendly REPL (idle at its prompt); what it
    printed."""
    pico.take_serial()
    pico.write(code.encode() + b"\r\n")
    line = code.encode()

    def answered():
        _, echo, after = bytes(pico.serial).partition(line)
        return echo and b"\r\n>>> " in after
    assert pico.run_until(answered, limit_ms, step_ms=5)
    after = pico.take_serial().partition(line)[2].decode()
    return after.split("\r\n>>> ")[0].strip("\r\n")


def test_a_file_survives_a_power_cycle_and_reset_is_one(emulator,
                                                        tmp_path):
    img = tmp_path / "flash.img"
    with pico_emu.Pico(img, uf2=emulator) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        assert repl(pico, "f = open('f.txt', 'w'); f.write('kept'); "
                          "f.close()") == "4"
        # machine.reset() goes through the watchdog: a power cycle.
        pico.write(b"import machine; machine.reset()\r\n")
        assert pico.run_until(lambda: pico.connections == 2, 1000)
        assert pico.resets == 1
        assert repl(pico, "print(open('f.txt').read())") == "kept"
    assert img.stat().st_size == 2 * 1024 * 1024
    with pico_emu.Pico(img) as pico:           # off, and on again
        assert pico.run_until(lambda: pico.connections == 1, 1000)
        assert repl(pico, "print(open('f.txt').read())") == "kept"
        assert repl(pico, "import machine; print(machine.unique_id()"
                          ".hex())") == pico_emu.UID


def test_the_power_goes_at_the_nth_flash_write(emulator, tmp_path):
    # A fresh board formats its littlefs: an erase, then a program of
    # 256 bytes at the same place. Cut at the program, torn half-way.
    img = tmp_path / "flash.img"
    with pico_emu.Pico(img, uf2=emulator, cut_after=2, tear=True) as pico:
        with pytest.raises(pico_emu.PowerOff):
            pico.run_ms(200)
        with pytest.raises(pico_emu.PowerOff):
            pico.run_ms(1)
        assert [op[0] for op in pico.flash_ops] == ["E", "P"]
        kind, addr, n = pico.flash_ops[1]
    data = img.read_bytes()
    assert n == 256
    assert data[addr:addr + 128] != b"\xff" * 128      # the half done
    assert data[addr + 128:addr + 256] == b"\xff" * 128
    assert data[addr + 256:addr + 4096] == b"\xff" * (4096 - 256)
