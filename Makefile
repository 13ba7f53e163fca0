# Two commands do all set-up: `make run` serves the demo club, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The exact versions CI tested (`make lock` writes it from a working venv).
LOCK := requirements.lock
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
REDIS ?= redis://127.0.0.1:6379/0
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-services lint typecheck format bench simulate lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Installs what pyproject.toml asks for, every package at the version in the lock file.
$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]" -c $(LOCK)
	touch $(STAMP)

# Set-up prints nothing unless something is wrong; the demo passwords come last, in a
# box, just before the server starts.
run: $(STAMP)
	@$(BIN)/python manage.py migrate --noinput -v0
	@$(BIN)/python manage.py collectstatic --noinput -v0
	@$(BIN)/python manage.py load_demo --url http://$(HOST):$(PORT)/
	@$(BIN)/daphne -v1 -b $(HOST) -p $(PORT) mahjong_site.asgi:application

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# mypy --strict on the pure engine (the config is in pyproject.toml); part of `make
# test`, so CI fails on a type error. 6-8 s from a clean cache on a busy machine (as in
# CI's fresh clone), under half a second once .mypy_cache holds the results.
typecheck: $(STAMP)
	$(BIN)/mypy

# Lint, the engine's types, then the whole suite on the embedded default (SQLite,
# in-memory channel layer).
test: lint typecheck
	env -u DATABASE_URL -u REDIS_URL $(BIN)/pytest

# The suites whose behaviour depends on the database and the channel layer, against
# the real services, as several daphne processes use them: the tables, tournaments,
# history, the hardening and fault tests. The pure engine, the rulebook and the
# browser tests drive nothing that differs between the backends; they run once, in
# `make test`.
SERVICE_TESTS := tests/test_services.py tests/tables tests/tournaments tests/history \
	$(wildcard tests/hardening tests/faults)
test-services: $(STAMP)
	DATABASE_URL=$(PG_URL) REDIS_URL=$(REDIS) $(BIN)/pytest -m "not browser" $(SERVICE_TESTS)

bench: $(STAMP)
	$(BIN)/python manage.py bench_scoring
	$(BIN)/python manage.py simulate --games 20 --seed 1 --bots tsumogiri,tsumogiri,tsumogiri,tsumogiri

# Rewrite the lock file from the venv after changing the dependencies in pyproject.toml.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	$(BIN)/python -m pip freeze --exclude-editable --disable-pip-version-check > $(LOCK)

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
