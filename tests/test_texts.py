"""Every text the device shows fits where it is shown, in both languages."""

import json

from conftest import MP_SCRIPTS, run_micropython


def test_every_text_fits_where_it_is_shown():
    # tests/mp/text_fit_check.py draws each text of app/texts.py and
    # core/error_texts.py with the real ui code and reads the glyphs back.
    out = [json.loads(x) for x in run_micropython(MP_SCRIPTS /
                                                  "text_fit_check.py")]
    summary = out[-1]
    fails = out[:-1]
    assert summary["cases"] > 400
    assert not fails, "%d texts do not fit:\n%s" % (
        len(fails), "\n".join(json.dumps(f, ensure_ascii=False)
                              for f in fails))
