"""During a game the text table in RAM keeps only that title's texts
(app/i18n.py keep_title, app/tables.py cut), and finds every other text
by reading the whole table again."""

import json

from conftest import run_micropython


TITLE_CHECK = """
import json
from app import i18n
out = {}
for lang in (i18n.ES, i18n.EN):
    i18n.set_lang(lang)
    whole = len(i18n._B)
    i18n.keep_title("dinos")
    kept = len(i18n._B)
    own = [i18n.tr("disaster"), i18n.tr("dealer"), i18n.tr("p_won")]
    still = i18n._TITLE
    other = i18n.tr("mario_came")      # another title's text: all again
    out[str(lang)] = [whole, kept, own, str(still, "utf-8"), other,
                      i18n._TITLE, len(i18n._B)]
    i18n.keep_title(None)
print(json.dumps(out))
"""


def test_a_game_keeps_only_its_titles_texts(tmp_path):
    # .mpy on a board: the table in RAM during a dinos game leaves the
    # other titles' sections out, finds its own and the shared texts
    # without reloading, and brings all back for another title's text.
    script = tmp_path / "title_check.py"
    script.write_text(TITLE_CHECK)
    got = json.loads(run_micropython(script)[-1])
    es, en = got["0"], got["1"]
    assert es[2] == ["Desastre", "Reparte", "Ganadas"]
    assert en[2] == ["Disaster", "Dealer", "Won"]
    for whole, kept, _, still, other, title, back in (es, en):
        assert kept < whole * 0.8, (kept, whole)
        assert still == "dinos"
        assert title is None and back == whole
    assert es[4] == "¡Apareció Mario Hugo!"
    assert en[4] == "Mario Hugo appeared!"
