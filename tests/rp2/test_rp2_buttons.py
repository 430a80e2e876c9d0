"""The button driver on the real rp2 port (the release image on the
emulated Pico): a tap made while a step runs long with interrupts held off
(as in a flash erase, which the rp2 port runs with them disabled) is
latched by the pin's hard IRQ once they are on again, and polled into one
press. Same needs as tests/rp2/test_uf2_emulated.py."""

import pytest

from rp2_build import boot, emulated_release

pico_emu = pytest.importorskip(
    "marcador.pico_emu", reason="no host_tools/pico_emu.py (the emulated "
    "Pico) in this tree")

pytestmark = pytest.mark.rp2

OK_PIN = 12          # boards/pico_ssd1306/board.py: UP, DOWN, OK, BACK 10-13

# At the raw REPL, the app interrupted: the firmware's own Buttons on the
# board's pins, polled every 10 ms around a 150 ms step with interrupts
# disabled (the tap comes and goes inside it).
CODE = """import machine, time
from machine import Pin
from drivers.buttons import Buttons
b = Buttons([Pin(n, Pin.IN, Pin.PULL_UP) for n in (10, 11, 12, 13)])
if %d:
    b.listen(Pin.IRQ_FALLING)
b.poll(time.ticks_ms())
print('step')
t = time.ticks_ms()
s = machine.disable_irq()
while time.ticks_diff(time.ticks_ms(), t) < 150:
    pass
machine.enable_irq(s)
evs = []
for k in range(20):
    time.sleep_ms(10)
    b.poll(time.ticks_ms())
    e = b.get()
    while e:
        evs.append(e)
        e = b.get()
print('events', evs)
"""


def _serial_until(pico, marker, got, limit_ms=5000):
    def seen():
        got.extend(pico.take_serial())
        return marker in got
    assert pico.run_until(seen, limit_ms, step_ms=1), bytes(got[-300:])


def events_of_a_tap_in_a_long_step(uf2, img, listen):
    with pico_emu.Pico(img, uf2=uf2) as pico:
        boot(pico)
        got = bytearray()
        pico.write(b"\r\x03\x03")
        _serial_until(pico, b">>> ", got)
        pico.write(b"\r\x01")
        _serial_until(pico, b"CTRL-B to exit\r\n>", got)
        got.clear()
        pico.write((CODE % listen).encode() + b"\x04")
        _serial_until(pico, b"step", got)
        pico.run_ms(20)
        pico.pin(OK_PIN, 0)          # a 60 ms tap, inside the 150 ms step
        pico.run_ms(60)
        pico.pin(OK_PIN, 1)
        _serial_until(pico, b"\x04>", got)
        line = bytes(got).split(b"events ", 1)[1].split(b"\r\n", 1)[0]
        return line.decode()


def test_a_tap_inside_a_step_with_interrupts_off_is_one_press(tmp_path):
    uf2 = emulated_release("pico_ssd1306")
    # Polling alone never sees it; with the IRQ latch it is one OK PRESS
    # (key 3, kind 0).
    assert events_of_a_tap_in_a_long_step(uf2, tmp_path / "a.img", 0) == "[]"
    assert events_of_a_tap_in_a_long_step(uf2, tmp_path / "b.img", 1) == \
        "[3]"
