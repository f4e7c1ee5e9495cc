# Two commands for a newcomer: `make run` and `make test`. Both are safe to repeat.
VENV ?= .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed

.PHONY: run test lint bench-score

$(PY):
	python3 -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --editable ".[dev]"
	touch $@

run: $(INSTALLED)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: lint
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest

bench-score: $(INSTALLED)
	$(PY) bench/score.py
