# Two commands for a newcomer: `make run` and `make test`. Both are safe to repeat.
VENV ?= .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
# apt needs root; a developer who is not root is asked through sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test test-fast test-postgres lint browser redis bench-score bench bench-pages \
	bench-club bench-club-two

$(PY):
	python3 -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --editable ".[dev]"
	touch $@

run: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# ruff, then lint-imports: the house reads one way and no module imports itself through
# others (pyproject.toml's contracts, which README.md's layout names).
lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

# The end-to-end tests drive Debian's Chromium, its headless build (tests/e2e/conftest.py
# says why); Playwright never downloads a browser. The core walks run in the two other
# engines too (tests/e2e/engines): WebKit through WebKitGTK's WebDriver and MiniBrowser
# (webkit2gtk-driver) on a virtual screen (xvfb: its headless mode hangs), and Firefox ESR,
# spoken to over WebDriver BiDi.
ENGINES := /usr/bin/chromium-headless-shell /usr/bin/WebKitWebDriver /usr/bin/xvfb-run \
	/usr/bin/firefox-esr
browser:
	@ls $(ENGINES) >/dev/null 2>&1 || { \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq \
			chromium-headless-shell webkit2gtk-driver xvfb firefox-esr >/dev/null; }

# The suite runs on every processor (pytest-xdist); a worker that is free takes the next
# test, so the few long ones do not leave the others idle at the end. One worker more than
# processors: a browser test spends part of its time waiting for the browser's round
# trips, and the extra worker fills it. The whole suite on this 2-core machine: 2 workers
# 319 s with 100 processor-seconds idle; 3 workers 267 and 296 s, with 25 and 64 idle.
WORKERS := $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := $(VENV)/bin/pytest -n $(WORKERS) --dist worksteal

test: lint browser
	$(PY) manage.py makemigrations --check --dry-run
	$(PYTEST)

# The quicker loop while working on a change: all but the browser tests (tests/e2e).
test-fast: $(INSTALLED)
	$(PYTEST) -m "not e2e"

# Again on a throwaway PostgreSQL cluster (needs initdb and pg_ctl): every test that reaches
# the database, and the browser tests of what the database does in a save (the postgres
# marker, tests/conftest.py). The others would repeat `make test` exactly.
test-postgres: lint browser redis
	scripts/with-postgres $(PYTEST) -m postgres

# The PostgreSQL run also serves two "machines" that share one Redis for a cache.
redis:
	@command -v redis-server >/dev/null || { \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq redis-server >/dev/null; }

bench-score: $(INSTALLED)
	$(PY) bench/score.py

# Server time (issue 9): gunicorn on a throwaway PostgreSQL, loaded over loopback; see
# docs/PERFORMANCE.md. Takes 5 to 8 minutes; `bench/server.py --help` for shorter runs.
bench: $(INSTALLED)
	scripts/with-postgres $(PY) bench/server.py

# A group's pages after 10 and after 150 weekly evenings (issue 33), drawn in process on a
# throwaway SQLite file; see docs/PERFORMANCE.md. About a minute (two on a busy machine),
# most of it building the 150 evenings; `bench/pages.py --help` for shorter runs.
bench-pages: $(INSTALLED)
	$(PY) bench/pages.py

# A club's Saturday night (issue 36): 300 tables at real pace against the Procfile's server
# on SQLite, the phones from Locust; see docs/PERFORMANCE.md. About 4 minutes;
# `bench/club.py --help` for other sizes, `--stress 1` with one core taken.
bench-club: $(INSTALLED)
	$(PY) bench/club.py

# A club's second machine: two such servers on one throwaway PostgreSQL and one Redis,
# 1,000 tables. About 6 minutes.
bench-club-two: $(INSTALLED) redis
	scripts/with-postgres $(PY) bench/club.py --servers 2 --redis --tables 1000
