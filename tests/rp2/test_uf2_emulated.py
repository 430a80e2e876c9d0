"""The release image on the emulated Pico (host_tools/pico_emu.py, the
rp2-emu work: skipped while it is not in this tree): files on the
filesystem do not shadow the frozen firmware, and `marcador flash` refuses
a board that runs the image. Same needs as tests/rp2/test_uf2.py, plus Node and
`make rp2-emu`."""

import contextlib
import io

import pytest

from rp2_build import boot, emulated_release

pico_emu = pytest.importorskip(
    "marcador.pico_emu", reason="no host_tools/pico_emu.py (the emulated "
    "Pico) in this tree")

pytestmark = pytest.mark.rp2


@pytest.fixture(scope="module")
def uf2():
    return emulated_release("pico_ssd1306")


@pytest.fixture(scope="module")
def unix_home():
    from marcador import sim
    return sim.run_script("wait 1000\nshot home\n")[1]["home"]


def run_cli(*argv):
    from marcador import cli
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(list(argv))
    return rc, out.getvalue(), err.getvalue()


def test_files_on_the_filesystem_do_not_shadow_the_frozen_firmware(
        uf2, unix_home, tmp_path):
    # A /board.py left on the filesystem (as `marcador flash` leaves one)
    # that fails when imported: the frozen board.py must be the one run.
    # With main.py as it was ('' before '.frozen') the board drew nothing.
    from marcador import flash
    img = tmp_path / "flash.img"
    with pico_emu.Pico(img, uf2=uf2) as pico:
        boot(pico)
        with pico_emu.Served(pico) as port:
            t = flash.open_transport(port, 60)
            t.enter_raw_repl(soft_reset=True, timeout_overall=60)
            t.fs_writefile("/board.py", b"raise Exception('shadowed')\n")
            t.exit_raw_repl()
            t.close()
    with pico_emu.Pico(img) as pico:            # power cycle
        boot(pico)
        assert pico.screen_hex() == unix_home
        assert pico.panel.errors == []


def test_marcador_flash_refuses_a_board_with_the_release_image(
        uf2, tmp_path):
    from marcador_core.version import VERSION
    with pico_emu.Pico(tmp_path / "flash.img", uf2=uf2) as pico:
        boot(pico)
        with pico_emu.Served(pico) as port:
            rc, out, err = run_cli("flash", "--board", "pico_ssd1306",
                                   "--port", port, "--wait", "60")
    assert rc != 0
    assert f"the Marcador {VERSION} release image" in err
    assert "nothing was changed" in err
