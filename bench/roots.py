"""The folders bench/'s scripts import from besides the installed packages
(marcador, marcador_core), put on sys.path here, once: the test helpers
(tests/: gamegen, flashfill, rp2_build), web/make_site.py,
tools/build_uf2.py and sim/scripts/maxplayers.py. bench/ itself is there
already (Python puts a script's folder first). Every bench script starts
with `from roots import ROOT`; pytest's list is `pythonpath` in
pyproject.toml."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

for _folder in ("tests", "web", "tools", "sim/scripts"):
    if str(ROOT / _folder) not in sys.path:
        sys.path.append(str(ROOT / _folder))
