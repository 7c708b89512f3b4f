# boardlab developer entry points. Everything runs inside ./.venv, made on first use.
#   make lab    set up .venv, install boardlab, open JupyterLab on notebooks/
#   make test   set up .venv, install boardlab[test], run ruff and pytest
#   make soak   long randomized self-play run
#   make bench  install boardlab[test,bench] and run benchmarks/run_all.py
#   make lint   ruff only
#   make clean  remove .venv, build output and caches

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Install stamps: redone only when pyproject.toml changes (or .venv is removed).
STAMP       := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

# Lint only the source folders that exist (benchmarks/ may hold no code yet).
LINT_PATHS = $(wildcard boardlab tests benchmarks)

.PHONY: lab test soak bench lint clean

lab: $(STAMP)
	@if [ -f notebooks/00_start_here.ipynb ]; then \
	  $(BIN)/jupyter lab notebooks/00_start_here.ipynb; \
	else \
	  $(BIN)/jupyter lab notebooks/; \
	fi

test: lint
	$(BIN)/python -m pytest

soak: $(STAMP)
	$(BIN)/python -m boardlab.soak --matches 100000

bench: $(BENCH_STAMP)
	@if [ -f benchmarks/run_all.py ]; then \
	  $(BIN)/python benchmarks/run_all.py; \
	else \
	  echo "bench: benchmarks/run_all.py does not exist yet; nothing to run"; \
	fi

lint: $(STAMP)
	@if [ -n "$(LINT_PATHS)" ]; then \
	  echo "$(BIN)/ruff check $(LINT_PATHS)"; \
	  $(BIN)/ruff check $(LINT_PATHS); \
	else \
	  echo "lint: no source folders yet"; \
	fi

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[test]'
	touch $@

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[test,bench]'
	touch $(STAMP) $@

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache docs/_build
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print \
	  | xargs rm -rf
