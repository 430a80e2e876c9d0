"""The SSD1306 and SH1106 drivers, checked through the fake I2C bus whose
controller models decode the bytes back into pixels (MicroPython VM)."""


import json

from conftest import FIRMWARE, MP_SCRIPTS, ROOT, printed, run_micropython


# the commands that set where a run of columns goes (page addressing,
# both controllers): the page (0xB0|p), the column's low and high nibbles
CMD_BYTES = {"SSD1306": 3, "SH1106": 3}


def results(lo, hi):
    # The scenario's results lo..hi-1, each a Printed: a test must read
    # every field of the part it checks.
    out = run_micropython(MP_SCRIPTS / "oled_check.py",
                          path=(FIRMWARE, ROOT / "sim"))
    return printed(json.dumps(json.loads(out[-1])[lo:hi]))


def test_drivers_match_the_framebuffer_pixel_for_pixel():
    r = results(0, 5)
    assert [drv["driver"] for drv in r[:2]] == ["SSD1306", "SH1106"]
    for drv in r[:2]:
        assert drv["errors"] == [], drv
        assert drv["on"] and drv["frames"] == 40
        # the controller's power-on noise never shows: dark until the
        # first frame is in
        assert drv["dark_before_first_frame"]
        assert drv["bad"] == 0, drv
        assert drv["pages_idle"] == 0          # nothing changed, nothing sent
        assert drv["pages_one_pixel"] == 1     # one pixel, one page
        # and of it only the 32 columns around it: their address (a
        # command control byte and the driver's commands), a data
        # control byte and the 32 bytes
        assert drv["bytes_one_pixel"] == (
            1 + CMD_BYTES[drv["driver"]] + 1 + 32), drv
        assert drv["inverted_ok"] and drv["off_dark"]
    # A driver that forgets the SH1106 column offset is caught: every
    # frame shows shifted pixels (an inverted pixel lands in the wrong
    # column), and nothing else is wrong.
    bad = r[2]
    assert bad["driver"] == "SH1106NoOffset" and bad["bad"] > 1000
    assert not bad["inverted_ok"], bad
    assert bad["errors"] == [] and bad["on"] and bad["frames"] == 40
    assert bad["pages_idle"] == 0 and bad["pages_one_pixel"] == 1
    assert bad["bytes_one_pixel"] == 1 + 3 + 1 + 32
    assert bad["off_dark"] and bad["dark_before_first_frame"]
    assert r[3] == {"no_device": 19}            # ENODEV, as a real bus
    assert r[4]["bad_control"] == "bad control byte 0x13"


def test_a_frame_is_sent_a_few_pages_a_call_when_asked():
    # per_step = 2 (drivers/hardware.py on a board): show() and each
    # flush() send two pages; the panel lights once all eight are in and
    # then equals the framebuffer, the page drawn again while due included.
    for drv in results(5, 7):
        assert drv["errors"] == []
        assert drv["sent"] == [2, 4, 6, 8]
        assert drv["on"] == [False, False, True]
        assert drv["bad"] == 0


def test_put_copies_what_draw_blits():
    # Rows and titles are drawn by textdraw.put() (glyph columns copied
    # into a cleared page; a highlighted row's page inverted): the same
    # pixels as textdraw.draw()'s blits, accents, unknown characters and
    # the right edge included; put_int() what put() of the number draws.
    out = run_micropython(MP_SCRIPTS / "text_check.py", path=(FIRMWARE,))
    r = printed(out[-1])
    assert r["texts"] == 400 and r["rows"] == 200
    assert (r["bad"], r["first_bad"]) == (0, None), r
    assert r["ends_bad"] == 0
    assert (r["rows_bad"], r["first_bad_row"]) == (0, None), r
    assert r["ints"] == 300
    assert (r["ints_bad"], r["first_bad_int"]) == (0, None), r


def test_toasts_and_notes_copy_what_blits_draw():
    # app/notes.py centres a toast's and a Note's lines with put(): glyph
    # columns copied on a line that starts a page (inside a toast's box,
    # on a cleared screen), blitted elsewhere. Over a screen full of
    # pixels, the same as blitting every glyph.
    out = run_micropython(MP_SCRIPTS / "notes_text_check.py", path=(FIRMWARE,))
    r = printed(out[-1])
    assert r["toasts"] == 300 and min(r["lines"][:3]) > 20, r
    assert (r["bad"], r["first_bad"]) == (0, None), r
    assert (r["messages"], r["messages_bad"]) == (7, 0), r
