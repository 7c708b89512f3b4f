# boardlab developer entry points. Everything runs inside ./.venv, made on first use.
#   make lab    set up .venv, install boardlab[lab] (JupyterLab and what the notebooks
#               import, no developer tools), open JupyterLab on notebooks/00_start_here
#               (make lab LAB_ARGS="--ip 0.0.0.0 --port 8899": options for jupyter lab)
#   make test   set up .venv, install boardlab[test,docs], run ruff, mypy (make typecheck),
#               pytest, the notebooks under strict nbval (make notebooks) and the docs build
#   make check  the inner loop while working: ruff, mypy and the tests not marked slow
#               (pytest -m "not slow"; make test runs the slow ones too, as CI does)
#   make typecheck  mypy: strict on boardlab.core and boardlab.prob, checked elsewhere
#   make notebooks      re-run every notebooks/*.ipynb and compare with its stored outputs
#   make notebooks-run  re-execute every notebook in place, storing fresh outputs (and
#               rewrite the student edition)
#   make student  write the student edition notebooks/student/ from notebooks/*.ipynb
#               (outputs cleared, solutions removed, setup code collapsed: by cell tags)
#   make docs   install boardlab[test,docs] and build the manual into docs/_build/html
#   make soak   long randomized self-play run (make soak GAME=name SOAK_MATCHES=n)
#   make overlap  the rule-text overlap check alone (it also runs inside make test)
#   make bench  install boardlab[test,bench] and run benchmarks/run_all.py
#   make lint   ruff only
#   make serve  play in class: boardlab serve $(GAME) (SERVE_ARGS="--players 4 --host 0.0.0.0")
#   make lite   build the browser edition (JupyterLite, offline): the teacher site into
#               build/lite/, the student site (student edition only) into build/lite-student/
#   make lite-serve  serve build/lite/ on http://127.0.0.1:8000/ for a quick look
#               (make lite-serve LITE_SITE=student: the student site)
#   make clean  remove .venv, build output and caches

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Install stamps: redone only when pyproject.toml changes (or .venv is removed).
STAMP       := $(VENV)/.installed
LAB_STAMP   := $(VENV)/.installed-lab
BENCH_STAMP := $(VENV)/.installed-bench
DOCS_STAMP  := $(VENV)/.installed-docs
LITE_STAMP  := $(VENV)/.installed-lite

# Lint only the source folders that exist (benchmarks/ may hold no code yet).
LINT_PATHS = $(wildcard boardlab tests benchmarks scripts docs/conf.py docs/_tools)

# Notebooks run with a fixed hash seed (stable set/dict order in outputs) and with the
# kernel's own inline matplotlib backend (an inherited MPLBACKEND would replace it).
NB_ENV = env -u MPLBACKEND PYTHONHASHSEED=0

# pytest as the Makefile runs it. Bytecode is kept even where PYTHONDONTWRITEBYTECODE is set
# (as in many containers): without it every run compiles and rewrites the asserts of all
# ~400 modules of boardlab/ and tests/ again, and so do the Python processes the tests
# start (collection alone: 13 s instead of 3.5 s here). The __pycache__ folders are
# ignored by git; make clean removes them.
PYTEST = env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest
# make test and make check run the tests on every core and one more (pytest-xdist;
# PYTEST_WORKERS=0 runs them in one process): many tests wait on a browser, a server or a
# kernel, and with one worker a core a 2-core machine sat partly idle (one more: make test
# 2 min less, docs/performance.md). A test file stays on one worker (--dist loadfile): the files
# that share a session's server or build (the browser tests, the JupyterLite site) then
# start it once per worker at most, never twice at once in one folder. (--dist loadgroup
# would group by mark, but pytest-xdist 3.8 did not honour the marks here.)
PYTEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
XDIST = -n $(PYTEST_WORKERS) --dist loadfile

# The soak's game and length: `make soak GAME=mall-of-horror SOAK_MATCHES=2000`.
GAME         ?= mall-of-horror
SOAK_MATCHES ?= 100000

.PHONY: serve lab test check typecheck notebooks notebooks-run student docs soak overlap bench lint clean lite lite-serve

# JupyterLab serves the repository root, so the notebooks' links into docs/ resolve, and
# opens the first notebook. As root (containers, lab machines) it adds --allow-root; with
# no display (Linux without DISPLAY or WAYLAND_DISPLAY) it adds --no-browser, and the URL
# to open, with its token, is printed. LAB_ARGS goes to jupyter lab as it is:
#   make lab LAB_ARGS="--ip 0.0.0.0 --port 8899"     make lab LAB_ARGS=--no-browser
# The served configuration adds .jupyter/ to the config path: no news or update pop-ups
# (JupyterLab's notification settings, no update check), and Voila's server extension
# (installed by the test extra, not needed here) left out, so nothing warns on start.
LAB_ARGS  ?=
LAB_START := notebooks/00_start_here.ipynb
LAB_ROOT  = $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)
LAB_NOTE  = make lab: no display, so no browser is opened. Open the URL printed below (it\
  carries the token); from another machine, see 'A machine without a screen' in README.md.
LAB_HEADLESS = $(if $(or $(DISPLAY),$(WAYLAND_DISPLAY),$(filter Darwin,$(shell uname -s))),,--no-browser)

lab: $(LAB_STAMP)
	@$(if $(LAB_HEADLESS),echo "$(LAB_NOTE)",true)
	env -u PYTHONDONTWRITEBYTECODE JUPYTER_CONFIG_PATH="$(CURDIR)/.jupyter$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	  $(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" \
	  $(if $(wildcard $(LAB_START)),--LabApp.default_url=/lab/tree/$(LAB_START)) \
	  $(LAB_ROOT) $(LAB_HEADLESS) $(LAB_ARGS)

# After pytest, the notebooks (strict nbval, one kernel at a time) and the docs build (one
# process) run side by side on two cores, each one's output printed whole when it is done
# (-O): about half a minute less than one after the other (docs/performance.md).
test: $(DOCS_STAMP) $(LITE_STAMP) lint typecheck
	$(PYTEST) $(XDIST)
	@$(MAKE) --no-print-directory -j2 -O notebooks docs

# The inner loop: everything of `make test` but the long loops marked slow (the whole
# frozen fixtures, conformance counts, seat views, the advice's brute force, saved-file
# sweeps, the browser, classroom-browser and JupyterLite tests, notebook runs; each keeps
# a quick share here: a test's `check` part, tests/shares.py) and the notebooks and docs
# builds; the property tests draw a third of their examples (BOARDLAB_HYPOTHESIS=check).
# Aimed at under 3 minutes on a 2-core machine (docs/performance.md, "The test suite").
check: lint typecheck
	BOARDLAB_HYPOTHESIS=$${BOARDLAB_HYPOTHESIS:-check} $(PYTEST) $(XDIST) -m "not slow"

# Strict nbval: every stored output must come back the same (never --nbval-lax).
# Explicit path and no addopts: the main run's --doctest-modules stays out of it.
notebooks: $(STAMP)
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then \
	  echo "$(BIN)/python -m pytest --nbval notebooks/*.ipynb ..."; \
	  $(NB_ENV) $(PYTEST) --nbval notebooks/*.ipynb \
	    --nbval-sanitize-with notebooks/nbval_sanitize.cfg --nbval-current-env \
	    -p no:cacheprovider -o addopts=""; \
	else \
	  echo "notebooks: notebooks/ holds no .ipynb yet; nothing to check"; \
	fi

notebooks-run: $(STAMP)
	$(NB_ENV) $(BIN)/python scripts/execute_notebooks.py
	$(BIN)/python scripts/make_student.py

# The student edition (notebooks/student/, committed): made from the teacher edition by
# cell tags (docs/lesson-authors.md); tests/notebooks/test_student_edition.py fails when
# it is stale, holds an output or a solution, or does not run top to bottom.
student: $(STAMP)
	$(BIN)/python scripts/make_student.py

docs: $(DOCS_STAMP)
	$(BIN)/sphinx-build -W --keep-going -b html docs docs/_build/html

soak: $(STAMP)
	$(BIN)/python -m boardlab.soak --game $(GAME) --matches $(SOAK_MATCHES)
	# The hostile-input property tests, long profile: the odds layer (tests/prob/hostile.py),
	# the core and the replay state machine (tests/conftest.py), Mall of Horror's public
	# names, and every registered game's saved files, positions, pushes, command line,
	# board and exact replay (tests/test_hostile_games.py), with every variant of the
	# 16 MiB / 2 s / 512 MiB file bounds (tests/test_hostile_sizes.py), and Level 7's sweep
	# of every mutated count and list of all its file kinds (test_l7_hostile_files.py), and
	# Breakout's of every mutant of its saved files (test_lb_hostile_files.py).
	BOARDLAB_HYPOTHESIS=soak $(BIN)/python -m pytest -q -p no:cacheprovider -o addopts="" \
	  tests/prob/test_hostile_prob.py tests/mall_of_horror/test_odds_hostile.py \
	  tests/core/test_hostile.py tests/core/test_replay_machine.py \
	  tests/mall_of_horror/test_moh_hostile_props.py tests/test_hostile_games.py \
	  tests/test_hostile_sizes.py tests/level7_lockdown/test_l7_hostile_files.py \
	  tests/lockup_breakout/test_lb_hostile_files.py

# No passage of the repository may repeat a rule text (../shared/tools/rule_text_overlap.py).
# Part of `make test` through tests/test_docs.py; without ../shared it skips with the reason
# shown, and fails under BOARDLAB_REQUIRE_SHARED=1 (as .ci/run sets).
overlap: $(STAMP)
	$(BIN)/python -m pytest -q -rs -p no:cacheprovider -o addopts="" \
	  tests/test_docs.py::test_no_passage_repeats_the_rule_texts

# Play in class (docs/classroom.md): the classroom extra is part of the test extra.
SERVE_ARGS ?=
serve: $(STAMP)
	$(BIN)/python -m boardlab serve $(GAME) $(SERVE_ARGS)

bench: $(BENCH_STAMP)
	@if [ -f benchmarks/run_all.py ]; then \
	  $(BIN)/python benchmarks/run_all.py; \
	else \
	  echo "bench: benchmarks/run_all.py does not exist yet; nothing to run"; \
	fi

# The configuration (what is strict, what is skipped for now) is [tool.mypy] in pyproject.toml.
typecheck: $(STAMP)
	$(BIN)/mypy

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

# The test extra holds everything of the lab extra, so a .venv made for the tests also
# serves make lab (its stamp is touched too); make lab alone installs the lab extra only.
# Each install compiles the bytecode of boardlab and of the libraries: where
# PYTHONDONTWRITEBYTECODE is set (many containers) every kernel would otherwise compile
# them from source again, 2-2.5x the time of the first board (docs/performance.md); make
# lab's kernels write it as they go, too. pip would compile the libraries one file at a
# time (most of an install's time); compileall -j0 does it on every core (pip
# --no-compile), skipping what is already compiled.
PIP_INSTALL = $(BIN)/pip install --no-compile
COMPILE = $(BIN)/python -m compileall -q -j0 boardlab $(VENV)/lib

$(STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[test]'
	$(COMPILE)
	touch $(LAB_STAMP) $@

$(LAB_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[lab]'
	$(COMPILE)
	touch $@

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[test,bench]'
	$(COMPILE)
	touch $(STAMP) $(LAB_STAMP) $@

$(DOCS_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[test,docs]'
	$(COMPILE)
	touch $(STAMP) $(LAB_STAMP) $@

# -- the browser edition (JupyterLite) ------------------------------------------------------
# Pins: scripts/lite/lite.toml. Downloads are cached in build/lite-cache/; npm is needed only
# once, to fetch the Pyodide core. `make test` builds and tests it too (tests/lite/): it
# skips with the reason without npm or Chromium, and fails under BOARDLAB_REQUIRE_LITE=1.
LITE_PORT  ?= 8000
LITE_SITE  ?= teacher

$(LITE_STAMP): scripts/lite/lite.toml $(STAMP)
	$(BIN)/pip install --quiet $$($(BIN)/python -m scripts.lite.build tools)
	touch $@

lite: $(LITE_STAMP)
	$(BIN)/python -m scripts.lite.build

lite-serve:
	$(BIN)/python -m scripts.lite.build serve $(LITE_PORT) $(LITE_SITE)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis \
	  docs/_build
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print \
	  | xargs rm -rf
