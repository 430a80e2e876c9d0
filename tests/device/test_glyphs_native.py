"""native/app/glyphs_native.py (imported as app.glyphs_native), textdraw's
glyph copies as viper functions (the frozen image runs them as Thumb code),
gives the same bytes as textdraw's Python ones, which stay where a port has
no native emitter (webassembly) or a board lacks the module (`marcador
flash`, and the sources run from firmware/)."""

from conftest import FIRMWARE, MP_SCRIPTS, NATIVE, printed, run_micropython


def test_native_copies_match_the_python_ones():
    out = run_micropython(MP_SCRIPTS / "glyphs_native_check.py",
                          path=(FIRMWARE, NATIVE / "app"))
    r = printed(out[-1])
    assert r["python_kept"] and r["native_taken"] == [True, True, True]
    assert r["texts"] == 2000 and r["ints"] == 1000
    assert (r["bad"], r["first_bad"]) == (0, None), r
    assert (r["ints_bad"], r["first_bad_int"]) == (0, None), r
    assert r["cut_outside"] == [False] * 4, r
    # draw() without the font-wide FrameBuffer the native case lets go
    assert r["strip_let_go"] == [True, True]
    assert r["draws"] == 300 and r["draws_bad"] == 0, r
