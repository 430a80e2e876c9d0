# What every board.py builds, once: the display on its I2C bus and the four
# buttons. A board file only says which pins and parts it has. The
# simulators (sim/board.py, sim/wasm/board.py) fill the same Hardware with
# fakes, so `machine` is imported only by build().


class Hardware:
    # What build() fills in (annotations cost nothing on MicroPython: its
    # compiler drops them; they tell the type checker the attributes).
    display: object
    buttons: object
    clock: object
    root: str
    uid: bytes
    serial: object
    # True on a board: the app draws a key's screen in the next step.
    draw_later = False


def build(display_cls, i2c_id, sda, scl, freq, addr, button_pins):
    import time
    from machine import I2C, Pin, unique_id
    from .buttons import Buttons
    hw = Hardware()
    i2c = I2C(i2c_id, sda=Pin(sda), scl=Pin(scl), freq=freq)
    display = display_cls(i2c, addr)
    # A page takes 3 ms on the wire at 400 kHz (1.2 ms at 1 MHz) and the
    # core waits for it: a key's step takes the key only, the screen is
    # drawn in the next step and sent two pages a step (app/app.py).
    display.per_step = 2
    hw.display = display
    hw.draw_later = True
    # Buttons between the GPIO and GND, read with the internal pull-ups.
    hw.buttons = Buttons([Pin(n, Pin.IN, Pin.PULL_UP) for n in button_pins])
    hw.buttons.listen(Pin.IRQ_FALLING)     # a press pulls its pin low
    hw.clock = time            # ticks_ms() and sleep_ms()
    hw.root = "/"              # the board's littlefs
    hw.uid = unique_id()   # with the game number: a stable game id
    # The sync protocol shares the USB serial port with the REPL.
    import sys
    from drivers.serial import Port
    # An ESP32 DevKit's REPL is a UART at 115200 baud behind a USB bridge:
    # its writes wait for the wire (11 bytes a millisecond), so the link
    # writes little per 10 ms step. The rp2's USB CDC takes 64-byte
    # packets as fast as the host reads them.
    slow = sys.platform == "esp32"
    hw.serial = Port(sys.stdin.buffer, sys.stdout.buffer, sys.stdin,
                     sys.stdout, budget=128 if slow else 2048)
    return hw
