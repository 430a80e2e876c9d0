"""bench/rp2.py reads the heap from outside the emulated Pico: the GC
allocation table found in the chip's RAM must count what the board's own
gc.mem_alloc() says."""

import pytest

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
