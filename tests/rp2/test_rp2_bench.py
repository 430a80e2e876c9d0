"""bench/rp2.py reads the heap from outside the emulated Pico: the GC
allocation table found in the chip's RAM must count what the board's own
gc.mem_alloc() says."""

import json

import pytest

from conftest import MP_SCRIPTS, ROOT, run_micropython
from marcador import pico_emu

import rp2

pytestmark = pytest.mark.rp2


def test_the_heap_read_from_ram_is_gc_mem_alloc(tmp_path):
    try:
        pico_emu.node()
        uf2 = pico_emu.stock_uf2()
    except pico_emu.Unavailable as ex:
        pytest.skip(str(ex))
    with pico_emu.Pico(tmp_path / "flash.img", uf2=uf2) as pico:
        assert pico.run_until(lambda: pico.connections == 1, 2000)
        pico.run_ms(200)
        heap = rp2.find_heap(pico)
        for extra in (0, 5000):
            # Allocated and kept (x), collected, counted by the board;
            # the table read once the REPL waits again.
            said = rp2.raw_exec(pico, f"import gc\nx = bytearray({extra})\n"
                                "gc.collect()\nprint(gc.mem_alloc())")
            seen = rp2.heap_used(pico, heap)
            # The REPL allocates (and frees) a little around the count.
            assert abs(seen - int(said)) <= 512, (said, seen)
            if extra:
                assert int(said) - before >= extra - 64
            before = int(said)


def test_a_flash_filled_on_the_pc_is_what_the_board_reads(tmp_path):
    # bench/growth_rp2.py fills the board's littlefs on the PC
    # (bench/mp/rp2_image.py, the rp2 port's geometry): the release image
    # must boot on it and offer those games (`list`), and take a
    # correction by the bench's keys in a game in progress made there.
    try:
        pico_emu.node()
        pico_emu.bootrom()
    except pico_emu.Unavailable as ex:
        pytest.skip(str(ex))
    from rp2_build import missing
    if missing():
        pytest.skip(missing())
    import shutil
    import growth_rp2 as G
    from flashfill import small_game
    img = tmp_path / "games.img"
    shutil.copy(G.base_image(), img)
    lines = "".join(small_game(k).hex() + "\n" for k in range(1, 13))
    assert G.vm(img, "games", 5, stdin=lines)["synced"] == [[1, 5]]
    with pico_emu.Pico(img, bursts=True) as pico:
        rp2.boot(pico)
        heap = rp2.find_heap(pico)
        pico.take_serial()
        busy, n, start, peak = G.request(pico, heap, ["list"], b"#ok end")
        assert n == 13 and busy > 0 and peak >= start > 0
    fix = tmp_path / "fix.img"
    shutil.copy(G.base_image(), fix)
    assert G.vm(fix, "fix", 3, 2)["events"] == 5
    held = json.loads(run_micropython(MP_SCRIPTS / "rp2_store.py",
                                      heapsize="4m", path=(),
                                      args=(fix,))[-1])
    assert held["session"] and held["archived"] == {}, held
    with pico_emu.Pico(fix, bursts=True) as pico:
        rp2.boot(pico)
        heap = rp2.find_heap(pico)
        ps = G.keys(pico, heap, G.FIX_KEYS)
        assert [p["flash"] > 0 for p in ps].count(True) == 1


def _release_or_skip():
    try:
        pico_emu.node()
        pico_emu.bootrom()
    except pico_emu.Unavailable as ex:
        pytest.skip(str(ex))
    from rp2_build import missing, release_uf2
    if missing():
        pytest.skip(missing())
    return release_uf2("pico_ssd1306")


def test_a_key_pressed_during_a_step_is_counted_in_the_step_that_takes_it(
        tmp_path, monkeypatch):
    # The button goes down while an app step runs (before its poll): that
    # step reads it, and the key's event comes 50 ms later. The key's step
    # on a board takes the key only (the screen is drawn in the next one,
    # and a DOWN on home draws two rows and sends their pages): it must
    # not be taken for the step after it.
    uf2 = _release_or_skip()
    settle = pico_emu.settle

    def settle_then_into_a_step(pico, **kw):
        got = settle(pico, **kw)
        before = pico.busy
        while pico.busy == before:
            pico.run(500)
        return got
    with pico_emu.Pico(tmp_path / "flash.img", uf2=uf2,
                       bursts=True) as pico:
        rp2.boot(pico)
        heap = rp2.find_heap(pico)
        monkeypatch.setattr(pico_emu, "settle", settle_then_into_a_step)
        p = rp2.press(pico, heap, 1, rp2.PRESS_MS)       # DOWN on home
    assert p["step"] < p["longest"], p
    assert p["step_flash"] == p["press_flash"] == 0, p


def test_the_flash_busy_time_is_what_the_chip_holds_the_core(tmp_path):
    # The same erase and program at the REPL, with the chip's time and
    # without: the difference is what flash_busy counts for them.
    _release_or_skip()
    code = ("import rp2\nf = rp2.Flash()\nf.ioctl(6, 300)\n"
            "f.writeblocks(300, bytes(range(256)) * 2, 100)\n")
    busy = {}
    for timed in (True, False):
        img = tmp_path / f"{timed}.img"
        with pico_emu.Pico(img, uf2=pico_emu.stock_uf2(),
                           flash_time=timed) as pico:
            assert pico.run_until(lambda: pico.connections == 1, 2000)
            pico.run_ms(200)
            ops = len(pico.flash_ops)
            before = pico.busy
            rp2.raw_exec(pico, code)
            busy[timed] = pico.busy - before
            done = pico.flash_ops[ops:]
    # one sector erased, 512 bytes from offset 100: three pages
    assert [op for op, _, _ in done] == ["E", "P"], done
    assert rp2.flash_busy(done) == 45 * 125_000 + 3 * 50_000
    assert busy[True] - busy[False] == rp2.flash_busy(done)
