# Runs on the MicroPython VM: loads each real boards/<name>/board.py with a
# checking fake machine module, calls setup() and reports what it built.
import sys
import json
import machine

BOARDS = (("pico_ssd1306", "rp2", "ssd1306"),
          ("esp32_ssd1306", "esp32", "ssd1306"),
          ("pico_sh1106", "rp2", "sh1106"))
root = sys.argv[1]
out = []
for name, chip, model in BOARDS:
    machine.use_chip(chip)
    machine.MODEL = model
    del machine.made[:]
    sys.modules.pop("board", None)
    sys.path.insert(0, root + "/boards/" + name)
    res = {"board": name}
    try:
        import board
        hw = board.setup()
        bus = hw.display.i2c
        hw.display.fill(0)
        hw.display.text("ok", 0, 0, 1)
        hw.display.show()
        # A board sends a few pages a step (drivers/hardware.py per_step);
        # the app flushes the rest in the steps after.
        calls = 0
        while hw.display.due and calls < 8:
            hw.display.flush()
            calls += 1
        bad = 0
        for y in range(64):
            for x in range(128):
                if hw.display.pixel(x, y) != bus.model.pixel(x, y):
                    bad += 1
        res.update(display=type(hw.display).__name__, bad_pixels=bad,
                   model_errors=bus.model.errors,
                   buttons=[p.n for p in hw.buttons.pins],
                   pullups=all(p.pull == machine.Pin.PULL_UP and
                               p.mode == machine.Pin.IN
                               for p in hw.buttons.pins))
        # A press pulls its pin low: the IRQ latches falling edges, and a
        # tap on the pin (its level set, the handler run as the chip does)
        # becomes one OK press on the next polls after a long gap.
        res["irq_falling"] = all(getattr(p, "trigger", 0) ==
                                 machine.Pin.IRQ_FALLING
                                 for p in hw.buttons.pins)
        ok = hw.buttons.pins[2]
        b = hw.buttons
        b.poll(1000)
        ok.set(0)
        ok.set(1)
        evs = []
        for t in (1100, 1110, 1120, 1130, 1140, 1150, 1160):
            b.poll(t)
            ev = b.get()
            if ev:
                evs.append([t, ev])
        res["tap_latched"] = evs
    except Exception as ex:
        res["error"] = repr(ex)
    sys.path.pop(0)
    out.append(res)
print(json.dumps(out))
