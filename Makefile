# Grimoire — quick start:  `make serve` (install and start the web server)
#                          `make test`  (install the test tools and run every check)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
DEVSTAMP = $(VENV)/.installed-dev
# The development install pins every dependency at its lowest declared version, so `make test`
# (and CI) tests the floors in pyproject.toml; `make install-dev CONSTRAINTS=` takes the newest.
CONSTRAINTS ?= constraints/floors.txt
PIN = $(if $(CONSTRAINTS),-c $(CONSTRAINTS))

.PHONY: install install-dev browser play play-en sim serve test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(DEVSTAMP): pyproject.toml examples/toy-race/pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]' $(PIN)
	$(BIN)/pip install -q -e examples/toy-race $(PIN)   # the example game plugin the tests play
	touch $(STAMP) $@

install: $(STAMP)
install-dev: $(DEVSTAMP)

play: install
	$(BIN)/grimoire play chant

play-en: install
	$(BIN)/grimoire play chant --lang en

serve: $(BIN)/python
	$(BIN)/pip install -q -e '.[web]'
	$(BIN)/grimoire serve

sim: install
	$(BIN)/grimoire sim chant --games 1000

lint: install-dev
	$(BIN)/ruff check src tests bench examples

typecheck: install-dev
	$(BIN)/mypy

# The browser tests drive the system's Chromium (Debian package), never a downloaded one.
browser:
	@test -x /usr/bin/chromium || { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	  apt-get update -qq && apt-get install -y -qq chromium; } || \
	  echo "note: /usr/bin/chromium is missing; install the 'chromium' package for the browser tests"

pytest: install-dev browser
	$(BIN)/pytest

test: lint typecheck pytest

bench: install
	$(BIN)/python bench/engine.py --out docs/performance.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
