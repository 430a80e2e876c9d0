"""Each real board.py, run on the MicroPython VM with a checking fake
machine module: the pins are ones the chip accepts for that job, the
buttons use the internal pull-ups, the display decodes pixel for pixel."""


from conftest import FIRMWARE, MP_SCRIPTS, ROOT, printed, run_micropython


def test_every_board_sets_up_its_display_and_buttons():
    out = run_micropython(MP_SCRIPTS / "board_check.py",
                          path=(MP_SCRIPTS / "fake_machine", FIRMWARE,
                                ROOT / "sim"), args=(ROOT,))
    res = printed(out[-1])
    assert [r["board"] for r in res] == ["pico_ssd1306", "esp32_ssd1306",
                                         "pico_sh1106"]
    for r in res:
        assert "error" not in r, r
        assert r["bad_pixels"] == 0 and r["model_errors"] == []
        assert r["pullups"] and len(set(r["buttons"])) == 4
        # Press edges latched by the pins' IRQ (drivers/buttons.py listen):
        # a tap unseen by polling (down and up between two polls 100 ms
        # apart) is one OK press (3), 50 ms after the gap.
        assert r["irq_falling"] and r["tap_latched"] == [[1150, 3]]
    assert [r["display"] for r in res] == ["SSD1306", "SSD1306", "SH1106"]
