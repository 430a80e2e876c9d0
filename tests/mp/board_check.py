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
    machine.CHIP = chip
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
    except Exception as ex:
        res["error"] = repr(ex)
    sys.path.pop(0)
    out.append(res)
print(json.dumps(out))
