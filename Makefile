# Grimoire — quick start:  `make serve` (install and start the web server)
#                          `make test`  (install the test tools and run every check)
#                          `make wheels` (the wheels — pure and compiled — and the sdist into dist/)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
DEVSTAMP = $(VENV)/.installed-dev
# The development install (every extra, and the developer tools of the dependency group `dev`)
# pins every dependency at its lowest declared version, so `make test` (and CI) tests the floors in
# pyproject.toml; `make install-dev CONSTRAINTS=` takes the newest. `--group` needs pip 25.1 or later.
CONSTRAINTS ?= constraints/floors.txt
PIN = $(if $(CONSTRAINTS),-c $(CONSTRAINTS))

.PHONY: install install-dev browser compiler compiled play play-en sim serve test lint typecheck pytest \
        pytest-compiled bench bench-peers speed wheels clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# the distribution was called `grimoire` before it had a name of its own: an old install of it is replaced
UNINSTALL_OLD = $(BIN)/pip uninstall -q -y grimoire 2>/dev/null || true

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q --upgrade pip
	$(UNINSTALL_OLD)
	$(BIN)/pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml examples/toy-race/pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/pip install -q --upgrade pip
	$(UNINSTALL_OLD)
	$(BIN)/pip install -q -e '.[all]' --group dev $(PIN)
	$(BIN)/pip install -q -e examples/toy-race $(PIN)   # the example game plugin the tests play
	touch $(STAMP) $@

install: $(STAMP)
install-dev: $(DEVSTAMP)

# The first start runs the pure-Python engine at once while, in the background, the `compiled` extra's tools
# (mypy, setuptools) are installed and the engine is compiled (mypyc) into the per-user cache; every start after
# the build runs the compiled engine (`grimoire --version` says which). The log: $(VENV)/build-engine.log.
COMPILED_TOOLS = $(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["compiled"])'
ENGINE = { $(BIN)/pip install -q $$($(COMPILED_TOOLS)) && $(BIN)/grimoire build-engine --background; } \
         > $(VENV)/build-engine.log 2>&1 < /dev/null &

play: install
	@$(ENGINE)
	$(BIN)/grimoire play chant

play-en: install
	@$(ENGINE)
	$(BIN)/grimoire play chant --lang en

serve: $(BIN)/python
	$(BIN)/pip install -q -e '.[web]'
	@$(ENGINE)
	$(BIN)/grimoire serve

sim: install
	$(BIN)/grimoire sim chant --games 1000

lint: install-dev
	$(BIN)/ruff check src tests bench examples tools setup.py

typecheck: install-dev
	$(BIN)/mypy

# The browser tests drive the system's Chromium (Debian package), never a downloaded one; card faces
# need a Japanese font (IPA P Gothic) and CairoSVG the Cairo library; the web-font test hides every font but DejaVu;
# the 80x24 terminal tests run the game in tmux.
BROWSER_PACKAGES = chromium fonts-ipafont-gothic fonts-dejavu-core libcairo2 tmux
browser:
	@{ test -x /usr/bin/chromium && test -e /usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf && \
	  test -d /usr/share/fonts/truetype/dejavu && command -v tmux >/dev/null && \
	  ldconfig -p | grep -q 'libcairo\.so\.2'; } || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	  apt-get update -qq && apt-get install -y -qq $(BROWSER_PACKAGES); } || \
	  echo "note: install the packages $(BROWSER_PACKAGES) for the browser and card-face tests"

pytest: install-dev browser
	$(BIN)/pytest

# The optional compiled engine (mypyc) is built into build/compiled, never beside the sources, and the
# whole test suite runs again against it; GRIMOIRE_EXPECT_COMPILED makes the suite check it really is.
COMPILED = build/compiled
compiler:
	@{ command -v cc >/dev/null && test -e "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h"; } || \
	  { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && apt-get update -qq && apt-get install -y -qq gcc python3-dev; } || \
	  echo "note: a C compiler and the Python headers are needed for the compiled build"

compiled: install-dev compiler
	$(BIN)/python bench/compiled.py $(COMPILED)

pytest-compiled: compiled browser
	GRIMOIRE_EXPECT_COMPILED=1 PYTHONPATH=$(CURDIR)/$(COMPILED)/src $(BIN)/pytest tests

test: lint typecheck pytest pytest-compiled

bench: install
	$(BIN)/python bench/engine.py --out docs/performance.md

bench-peers: compiled
	$(BIN)/python bench/peers.py --out docs/performance.md

# every figure of the speed report in one run, on the compiled engine (docs/performance.md, "One run of the speed report")
speed: compiled
	$(BIN)/python bench/speed.py --out docs/performance.md

# The distributions a user installs: the wheel (pure Python), the sdist (which also holds the tests, docs and
# examples, so the suite runs from it), and a binary wheel of the compiled engine for each Python of
# WHEEL_PYTHONS (default: this one and every other Python 3.11 to 3.13 found), all into dist/.
WHEEL_PYTHONS ?= $(abspath $(BIN)/python) $(shell bash tools/pythons.sh $(BIN)/python)
wheels: install-dev
	rm -rf dist
	$(BIN)/pip wheel -q --no-deps --no-build-isolation -w dist .
	$(BIN)/python -c 'from setuptools import build_meta; print(build_meta.build_sdist("dist"))'
	bash tools/compiled-wheels.sh $(WHEEL_PYTHONS)

clean:
	rm -rf $(VENV) build dist .bench .pytest_cache .mypy_cache .ruff_cache
