# One-step set-up and the test matrix.  `make play` and `make test` are the quick start.
SHELL := /bin/bash
PY      := .venv/bin/python
MPY     := .venv/bin/micropython
NODE    := node
# Heap caps for the core suite, one fresh process per test module.  The suite proves the
# code runs on MicroPython; its scaffolding (fake filesystems, a game and its replay side by
# side) is not device code, and 64-bit objects are larger than the RP2040's, so it gets
# 192 KB.  Full games (engine, no UI) run at 64 KB (tests/host/test_*_micropython.py,
# test_speedrun_mp.py).  No test here runs the whole app at DESIGN.md's 128 KB: make test
# plays a complete game of each against the AI on the 64-bit unix port capped at 288 KB
# and the 32-bit WebAssembly port at 224 KB (HEAP in tests/host/test_app_memory.py and
# test_app_memory_wasm.py).  The device figures were measured once, on MicroPython 1.28's
# rp2 firmware in an RP2040 emulator, not by make test: peaks of 70-79 KB with the app
# frozen into the firmware, 163-181 KB of the 240 KB heap as make flash installs it
# (docs/memory.md).
UNIX_HEAP ?= 192K
WASM_HEAP ?= 256K

.PHONY: setup play test test-cpython test-unix test-wasm test-mpy bench soak clean soak-speedrun soak-steppingstones web test-web chromium

setup: .venv/.stamp node_modules/.stamp

# The browser tests (tests/host/test_web.py) drive Debian's Chromium with playwright-core
# (npm); a test tool's own browser download does not work here.  As root with apt, it is
# installed; otherwise make stops with the command to run.  Only the tests need it.
chromium:
	@test -x "$${CHROMIUM:-/usr/bin/chromium}" || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else echo "make: the browser tests need Chromium: sudo apt-get install -y chromium"; exit 1; fi; }

.venv/.stamp: requirements-dev.txt
	python3 -m venv .venv
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.stamp: package.json
	npm install --no-audit --no-fund --loglevel=error
	touch $@

# The simulator window (tools/sim.py): the whole app against the AI.  LAYOUT=display2 for
# the 320x240 four-button board; SEED=N replays the deal whose seed a run printed.  Without
# a display it explains headless mode and exits 0.
play: setup
	$(PY) -m tools.sim --layout $(or $(LAYOUT),lcd13) $(if $(SEED),--seed $(SEED))

test: setup chromium test-mpy test-unix test-wasm test-cpython
	@echo "make test: all four runtimes passed"

test-mpy: setup
	@echo "=== mpy-cross -march=armv6m: device modules compile for the RP2040 ==="
	$(PY) -m tools.check_mpy
	@echo "=== the frozen firmware (firmware/manifest.py) fits before the RPI_PICO filesystem ==="
	$(PY) -m tools.check_firmware_fit

test-unix: setup
	@echo "=== MicroPython unix port (heap $(UNIX_HEAP)): core suite ==="
	$(PY) -m tools.mp_suite unix --heap $(UNIX_HEAP)

test-wasm: setup
	@echo "=== MicroPython WebAssembly port, 32-bit (heap $(WASM_HEAP)): core suite + zero-allocation checks ==="
	$(PY) -m tools.mp_suite wasm --heap $(WASM_HEAP)

# pytest-xdist spreads the host tests over both cores (most of them wait on a MicroPython
# or Node subprocess); the two ports' suites above already run two modules at a time.
test-cpython: setup chromium
	@echo "=== CPython + pytest: all host tests (2 workers) ==="
	$(PY) -m pytest -n 2 tests

# The third way to play: the app in a web page (docs/web.md).  Builds build/web (any
# static server serves it) and serves it on localhost, printing the address.
web: setup
	$(PY) -m tools.build_web --serve --port $(or $(PORT),8000)

# The browser tests alone (make test runs them with the host tests).
test-web: setup chromium
	$(PY) -m pytest -q -s tests/host/test_web.py

bench: setup
	$(PY) -m tools.bench

clean:
	rm -rf .venv node_modules .pytest_cache .hypothesis build out

soak-speedrun: setup
	SPEEDRUN_GAMES=20000 $(PY) -m pytest -q tests/host/test_speedrun_props.py

soak-steppingstones: setup
	SS_SOAK=25 $(PY) -m pytest -q tests/host/test_steppingstones_props.py

.PHONY: arena-speed
arena-speed: setup
	$(PY) -m tools.arena_speed --rounds 1000 --jobs 2
	$(PY) -m tools.arena_speed --rounds 1000 --jobs 2 --baselines greedy,random,paced-greedy,paced-random

# Reds AI strength (docs/ai.md, Reds): duplicate deals, 95% intervals, exact-bid rates.
REDS_ARENA := $(PY) -m tools.arena --game reds --jobs 2
.PHONY: arena-reds
arena-reds: setup
	$(REDS_ARENA) --option players=4 --a ai:default --b random --deals 1000
	$(REDS_ARENA) --option players=4 --a ai:default --b greedy --deals 1000
	$(REDS_ARENA) --option players=3 --a ai:default --b greedy --deals 1000
	$(REDS_ARENA) --option players=6 --a ai:default --b greedy --deals 1000
	$(REDS_ARENA) --option players=4 --option partnership=true --a ai:default --b greedy --deals 1000
	$(REDS_ARENA) --option players=3 --a ai:default --b random --deals 1000
	$(REDS_ARENA) --option players=6 --a ai:default --b random --deals 1000
	$(REDS_ARENA) --option players=4 --option partnership=true --a ai:default --b random --deals 1000
	$(REDS_ARENA) --option players=4 --a ai:hard --b ai:default --deals 1000
	$(REDS_ARENA) --option players=4 --a ai:reference --b ai:default --deals 200

# Stepping Stones AI arenas (docs/ai.md, "Stepping Stones"): duplicate deals, 3 rotations.
SS_ARENA := $(PY) -m tools.arena --game steppingstones --jobs 2
.PHONY: arena-steppingstones
arena-steppingstones: setup
	$(SS_ARENA) --a ai:default --b random --deals 1000
	$(SS_ARENA) --a ai:default --b greedy --deals 1000
	$(SS_ARENA) --option contracts=advanced --option redo=true --a ai:default --b greedy --deals 300
	$(SS_ARENA) --a ai:hard --b ai:default --deals 1000
	$(SS_ARENA) --a ai:reference --b ai:default --deals 100

# Speed Run AI arenas and device-time/heap bench (docs/ai.md, "Speed Run").
SR_ARENA := $(PY) -m tools.arena --game speedrun --jobs 2
.PHONY: arena-speedrun bench-ai-speedrun arena
arena-speedrun: setup
	$(SR_ARENA) --a ai:default --b greedy --deals 1000
	$(SR_ARENA) --a ai:default --b random --deals 1000
	$(SR_ARENA) --a ai:hard --b ai:default --deals 1000
	$(SR_ARENA) --a ai:reference --b ai:default --deals 60
	$(PY) -m tools.ai_ablation --a noplan --b base --deals 200 --jobs 2
	$(PY) -m tools.ai_ablation --a harm1 --b base --deals 200 --jobs 2

bench-ai-speedrun: setup
	$(PY) -m tools.bench_ai --game speedrun --level default --games 200

# Every AI arena of the three trick-taking games.
arena: arena-speedrun arena-steppingstones arena-reds

# Deploy to a Pico over USB (docs/firmware.md): make flash [PORT=/dev/ttyACM0] [BOARD=pico_lcd_1_3]
.PHONY: flash
flash: setup
	$(PY) -m tools.deploy --port $(or $(PORT),auto) $(if $(BOARD),--board $(BOARD))

# Link soak (docs/link.md): full games of every game (Reds 2/3/4/6 units, partnership,
# Speed Run, Stepping Stones, Speed) over faulty pty wires; the issue-15 fault matrix (every
# game x BER 1e-3, 5% drops, 1% dups, the three, a 10 s unplug, end/middle/host restarted
# mid-hand) in memory and its pty subset.  Every figure first (JSON lines, also kept in
# LINK_SOAK_OUT) and the fault matrix as a table, then the soak tests (their verdict is
# make's exit status).
LINK_SOAK_OUT ?= /tmp/link-soak.jsonl
.PHONY: soak-link
soak-link: setup
	$(PY) -m tools.bench_link --games | tee $(LINK_SOAK_OUT)
	$(PY) -m tools.bench_link --matrix | tee -a $(LINK_SOAK_OUT)
	$(PY) -m tools.bench_link --summarize $(LINK_SOAK_OUT)
	LINK_SOAK=1 LINK_SOAK_RESULTS=$(LINK_SOAK_OUT) $(PY) -m pytest -q -rxX \
		tests/host/test_link_pty.py tests/host/test_link_soak.py \
		tests/host/test_link_resync.py tests/host/test_link_live_fuzz.py

# Save fuzz soak (issue #15 item 5; tests/core/test_save_fuzz.py): mutated saves with a
# right checksum, of every game, through the loader and the boot: 125k loads on the
# MicroPython unix port, 25k on CPython.  Prints the outcomes and any stray exception.
.PHONY: soak-saves
soak-saves: setup
	$(PY) -c "from tools.mp_suite import precompile_core; precompile_core()"
	SAVE_FUZZ=125000 $(MPY) -X heapsize=256K tests/mprun.py unix --path build/unix-mpy test_save_fuzz
	SAVE_FUZZ=25000 $(PY) -m pytest -q -s tests/core/test_save_fuzz.py
