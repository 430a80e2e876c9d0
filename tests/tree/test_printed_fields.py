"""conftest.printed(): a field a tests/mp scenario prints and its test
never reads fails that test, so that no printed figure goes unchecked."""

import shutil
import subprocess
import sys
import textwrap

from conftest import ROOT, printed, unchecked


def test_a_field_counts_as_read_when_compared_or_looked_up():
    r = printed('{"a": 1, "b": {"c": 2, "d": [{"e": 3}]}, "f": 4}')
    assert r["a"] == 1
    assert r.unread() == ["b", "f"]
    assert r["b"] == {"c": 2, "d": [{"e": 3}]}       # all of it, deep
    assert r.unread() == ["f"] and r["b"].unread() == []
    assert r["b"]["d"][0].unread() == []
    # Printing is not checking.
    assert unchecked(r)["f"] == 4 and r.unread() == ["f"]
    assert r.get("f") == 4 and r.unread() == []


def test_a_test_that_leaves_a_printed_field_unread_fails(tmp_path):
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_x.py").write_text(textwrap.dedent('''
        from conftest import printed

        def test_reads_all():
            r = printed('{"ok": true, "n": 3}')
            assert r["ok"] and r["n"] == 3

        def test_reads_one():
            r = printed('{"ok": true, "n": 3}')
            assert r["ok"]

        def test_fails_before_reading():
            r = printed('{"ok": false, "n": 3}')
            assert r["ok"]
        '''))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p",
                           "no:cacheprovider", "-c", "/dev/null",
                           "--rootdir", str(tmp_path), str(tmp_path)],
                          capture_output=True, text=True, cwd=tmp_path,
                          timeout=120)
    out = proc.stdout
    assert proc.returncode == 1, out
    assert "1 failed, 2 passed, 1 error" in out, out
    assert "ERROR at teardown of test_reads_one" in out, out
    assert "fields a scenario printed and this test never checked: " \
        "['n'] in ['n', 'ok']" in out, out
    # A test that failed is not blamed twice for what it did not reach.
    assert "ERROR at teardown of test_fails_before_reading" not in out, out
