"""Where a measurement's figures are kept: one JSON file per section of
docs/benchmarks.md, out/bench/<section>.json (out/ is git-ignored), the
last measurement of that section. render.py turns them into the page.

A file holds {"section", "command" (what measured it), "run" (the
measurement's start, UTC: the sections of one `make bench` share it),
"date" (its day, as the page prints it), "versions" (python, MicroPython
on the unix port, node, the git commit measured), "data" (the raw
figures, each section's own shape: see its renderer)}.

The page itself keeps the provenance once the files are gone: its first
line dates the whole `make bench` and names MicroPython's version, and each
section measured apart since carries a dated line naming its command
(render.notes)."""

import datetime
import functools
import json
import platform
import shutil
import subprocess
import sys

from roots import ROOT

DIR = ROOT / "out" / "bench"


def now():
    """The run's stamp: UTC to the second (sorts as text)."""
    return datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ")


@functools.lru_cache(maxsize=None)
def _git_commit():
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
    except OSError:
        return None
    return head + ("+changes" if dirty else "") if head else None


@functools.lru_cache(maxsize=None)
def _node():
    node = shutil.which("node")
    if node is None:
        return None
    return subprocess.run([node, "--version"], capture_output=True,
                          text=True).stdout.strip() or None


@functools.lru_cache(maxsize=None)
def _micropython():
    try:
        from measure_unix import micropython_version
        return micropython_version()
    except (OSError, RuntimeError):
        return None


def versions(micropython=None):
    """The tools a measurement ran on: Python, the unix port's MicroPython
    (measure_unix.micropython_version(), or micropython), node, the git
    commit ("+changes" when the tree had some)."""
    return {"python": platform.python_version(),
            "micropython": micropython or _micropython(),
            "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(),
            "node": _node(), "commit": _git_commit()}


def make(section, data, command, run=None, micropython=None):
    """A section's document, not yet saved."""
    run = run or now()
    return {"section": section, "command": command, "run": run,
            "date": run[:10], "versions": versions(micropython),
            "data": data}


def save(doc, folder=None):
    folder = folder or DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{doc['section']}.json"
    tmp = path.with_suffix(".tmp")
    # Keys in their order: the renderers list titles as measured.
    tmp.write_text(json.dumps(doc) + "\n")
    tmp.replace(path)
    print(f"  figures kept in {path}", file=sys.stderr)
    return doc


def load(section, folder=None):
    """The section's last document, or None (never measured here, or the
    file unreadable: the page keeps that section's text)."""
    path = (folder or DIR) / f"{section}.json"
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("section") != section or \
            "data" not in doc:
        return None
    return doc


def load_all(folder=None):
    folder = folder or DIR
    docs = {}
    for path in sorted(folder.glob("*.json")) if folder.exists() else []:
        doc = load(path.stem, folder)
        if doc is not None:
            docs[path.stem] = doc
    return docs
