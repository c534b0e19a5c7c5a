# Two set-up commands (README): `make serve` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip -q --disable-pip-version-check

.PHONY: serve test test-full mcr-differential bench install dev clean

# Editable installs map top-level packages when installed: reinstall when one appears.
$(VENV)/.installed: pyproject.toml $(filter-out tests/%,$(wildcard */__init__.py))
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip
	$(PIP) install -e .
	touch $@

$(VENV)/.dev-installed: $(VENV)/.installed
	$(PIP) install -e '.[dev]'
	touch $@

install: $(VENV)/.installed
dev: $(VENV)/.dev-installed

serve: $(VENV)/.installed
	$(VENV)/bin/mjtable serve

test: $(VENV)/.dev-installed
	$(PY) -m pytest -q -m "not slow" -n 2 --hypothesis-profile=repeatable

# The full MCR differential run against PyMahjongGB (100,000 hands); prints the agreement.
mcr-differential: $(VENV)/.dev-installed
	$(PY) -m tests.differential.mcr_vs_pymahjonggb --hands 100000

test-full: $(VENV)/.dev-installed
	$(PY) -m pytest -q -n 2

bench: $(VENV)/.installed
	$(VENV)/bin/mjtable bench scorer

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
