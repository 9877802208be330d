# railwidgets: the two commands of the README, and a few more.
#
#   make lab    set up .venv (once) and open JupyterLab on the tutorials
#   make test   set up .venv (once) and run every test: unit, notebooks, browser, the docs
#   make docs   the documentation site, offline, into docs/_build/html (warnings are errors)
#   make lint   ruff
#   make voila  a game's board alone, as an app (Voilà): GAME=mini-rails (default),
#               twisty-tracks or off-the-rails; on VOILA_PORT (8866), beside make lab's 8888
#   make bench  the speed measurements in benchmarks/
#   make puzzles-check  search every stored puzzle again: its answer still best by its margin
#   make puzzles  find each game's puzzles afresh in self-play (PUZZLE_MINUTES a game, default 12)
#   make messages  the interface's words: pybabel extract into railwidgets/locale/railwidgets.pot,
#               then update every language's .po (translate, then make catalogs compiles them)
#   make notebooks-metadata   save every notebook as JupyterLab writes it (opening one
#               then changes nothing; tests/test_notebooks_metadata.py checks it), without
#               the widget state no saved view needs (tests/test_notebook_sizes.py)

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
PORT ?= 8888
# JupyterLab's default-settings overrides (no news pop-up), installed where JupyterLab
# looks for them: the app settings folder of this project's .venv (never your home)
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
# Voilà starts a kernel per page load and keeps it after a reload: shut down kernels that
# are idle and disconnected for 10 minutes (the pages still open keep theirs)
KERNEL_CULLING := --MappingKernelManager.cull_idle_timeout=600 \
	--MappingKernelManager.cull_interval=60 --MappingKernelManager.cull_connected=False
# Each kernel message leaves the server when written, not after the browser's delayed
# acknowledgement (railwidgets/server.py: TCP_NODELAY on the kernel websocket)
NODELAY := railwidgets.server.NoDelayConnection
# pip on this kind of machine warns about every empty local index folder: hide that noise only
QUIET_PIP := grep -v "is ignored: it is neither a file nor a directory" || true

# The interface's gettext catalogs (railwidgets/i18n.py): each .po compiled to its .mo
LOCALE := railwidgets/locale
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/railwidgets.po))
MESSAGE_KEYWORDS := -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k T_ -k TC_:1c,2 -k NT_:1,2

.PHONY: help venv catalogs messages lab voila test test-unit test-notebooks test-e2e browser postgresql docs lint bench fuzz puzzles puzzles-check clean

help:
	@echo "make lab    set up and open JupyterLab on the tutorials (notebooks/)"
	@echo "make test   set up and run every test (unit, notebooks, browser, docs)"
	@echo "make docs   build the documentation site into docs/_build/html"
	@echo "make voila  play a game as a Voilà app (GAME=mini-rails, twisty-tracks or off-the-rails)"
	@echo "make lint   check the code with ruff"
	@echo "make bench  print the speed measurements"
	@echo "make puzzles-check  check every stored puzzle by searching it again"
	@echo "make notebooks-metadata  save the notebooks as JupyterLab writes them"

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "Installing railwidgets and its tools into $(VENV) ..."
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[dev,e2e,docs]' 2>&1 | $(QUIET_PIP)
	@$(PY) -c "import railwidgets, ipycanvas, anywidget, jupyterlab, pytest, sphinx, myst_nb, furo"
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

venv: $(STAMP) catalogs

catalogs: $(CATALOGS)

$(LOCALE)/%/LC_MESSAGES/railwidgets.mo: $(LOCALE)/%/LC_MESSAGES/railwidgets.po | $(STAMP)
	$(VENV)/bin/pybabel compile -D railwidgets -l $* -i $< -o $@

messages: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-default-keywords $(MESSAGE_KEYWORDS) \
		--sort-by-file --add-comments=Translators: --project=railwidgets \
		--copyright-holder="railwidgets authors" --msgid-bugs-address="" \
		-o $(LOCALE)/railwidgets.pot .
	$(VENV)/bin/pybabel update -D railwidgets -i $(LOCALE)/railwidgets.pot -d $(LOCALE) \
		--no-fuzzy-matching --ignore-obsolete

# JupyterLab prints the address to open, with its login token, once it is up.
$(LAB_OVERRIDES): binder/overrides.json | venv
	install -D -m 644 $< $@

lab: venv $(LAB_OVERRIDES)
	@echo "Starting JupyterLab on 127.0.0.1:$(PORT) with the tutorials (Ctrl-C to stop) ..."
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) --no-browser \
		$(if $(filter 0,$(shell id -u)),--allow-root) \
		--ServerApp.root_dir=. --LabApp.default_url=/lab/tree/notebooks/index.ipynb \
		--ServerApp.kernel_websocket_connection_class=$(NODELAY)

test: venv browser postgresql docs test-unit test-notebooks test-e2e

# The site, from the docstrings and the notebooks' saved outputs (nothing is executed):
# every warning is an error (-W), every cross-reference must resolve (-n).
docs: venv
	$(PY) -m sphinx -b html -n -W --keep-going -q -d docs/_build/doctrees docs docs/_build/html
	@echo "The site: docs/_build/html/index.html"

test-unit: venv postgresql
	$(PY) -m pytest -q -n 2 --doctest-modules --ignore=tests/e2e railwidgets tests

test-notebooks: venv
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then \
		$(PY) -m pytest -q --nbval-lax -p no:randomly notebooks; \
	else echo "no notebooks yet"; fi

test-e2e: venv browser
	@if [ -d tests/e2e ]; then $(PY) -m pytest -q tests/e2e; else echo "no browser tests yet"; fi

# The browser tests drive Debian's Chromium. Install it when missing and we may (root, as in CI).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's chromium for the browser tests ..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "The browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'."; \
		fi; \
	fi

# The table-store tests start a throw-away PostgreSQL (Debian's postgresql: initdb, pg_ctl).
# Install it when missing and we may (root, as in CI), as for Chromium.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Debian's postgresql for the table-store tests ..."; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
		else \
			echo "The table-store tests need PostgreSQL's initdb: run 'sudo apt-get install postgresql'."; \
		fi; \
	fi

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check railwidgets tests benchmarks

# engines.py measures against python-chess (the [bench] extra): installed here when missing.
bench: venv browser
	@$(PY) -c "import chess" 2>/dev/null || { \
		$(PY) -m pip install -q --disable-pip-version-check -e '.[bench]' 2>&1 | $(QUIET_PIP); }
	@$(PY) -c "import chess"
	$(PY) benchmarks/engines.py
	$(PY) benchmarks/redraw.py
	$(PY) benchmarks/browser_latency.py

# The fuzz suite of tests/fuzz for longer: FUZZ_SECONDS (default 600) of seeded inputs
# (make test runs the same suite for about a minute).
fuzz: venv
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} $(PY) -m pytest -q -p no:randomly tests/fuzz

# The puzzles (railwidgets/<game>/puzzles.json, scripts/puzzles.py): checked by searching
# each one again (a few minutes), or made afresh from self-play (rewrites the files).
puzzles-check: venv
	$(PY) scripts/puzzles.py check

PUZZLE_MINUTES ?= 12
puzzles: venv
	for game in minirails twistytracks offtherails; do \
		$(PY) scripts/puzzles.py make --game $$game --minutes $(PUZZLE_MINUTES); done

GAME ?= mini-rails

# Voilà's own port (JupyterLab keeps PORT): the address printed is the one it listens on,
# or it stops at once with a word on how to choose another (it never moves to a port
# nobody was told of).
VOILA_PORT ?= 8866

voila: venv
	@test -f notebooks/play-$(GAME).ipynb || { echo "GAME must be mini-rails, twisty-tracks or off-the-rails, not '$(GAME)'"; exit 2; }
	@$(PY) -c "import socket, sys; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(('127.0.0.1', $(VOILA_PORT)))" 2>/dev/null || { \
		echo "Port $(VOILA_PORT) is in use (another Voilà?): run 'make voila VOILA_PORT=8867'"; exit 2; }
	@echo "Voilà on http://127.0.0.1:$(VOILA_PORT)/ (Ctrl-C to stop)"
	$(VENV)/bin/voila notebooks/play-$(GAME).ipynb --no-browser --port=$(VOILA_PORT) --Voila.port_retries=0 \
		--Voila.ip=127.0.0.1 $(KERNEL_CULLING) --Voila.kernel_websocket_connection_class=$(NODELAY)

# After editing or running a notebook (any notebook in notebooks/): the kernel metadata
# JupyterLab writes on open, cell ids, nbformat's layout; execution timings dropped.
notebooks-metadata: venv
	$(PY) -m tests.tools.normalise_notebooks

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist *.egg-info docs/_build docs/tutorials/*.ipynb docs/tutorials/*/
