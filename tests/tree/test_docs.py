"""The documentation holds together: README is a front page (at most
~10 KB) that links every page under docs/, and every relative link in
README, CHANGELOG and docs/ points at a file that exists."""
import re

from conftest import ROOT

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _pages():
    return [ROOT / "README.md", ROOT / "CHANGELOG.md",
            *sorted((ROOT / "docs").glob("*.md"))]


def test_readme_is_a_front_page():
    readme = (ROOT / "README.md").read_bytes()
    assert len(readme) <= 10 * 1024, len(readme)
    text = readme.decode("utf-8")
    # What a newcomer looks for first, on the first screen of headings.
    for heading in ("## Two commands", "## What you need",
                    "## Put Marcador on a Pico", "## A first game"):
        assert heading in text, heading


def test_every_docs_page_is_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = {m for m in LINK.findall(readme)}
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{page.name}" in linked, page.name


def test_every_relative_link_points_at_a_file():
    broken = []
    for page in _pages():
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken
