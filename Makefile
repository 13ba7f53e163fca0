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

.PHONY: run test test-services deploy-check lint typecheck typecount format bench simulate lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Installs what pyproject.toml asks for, every package at the version in the lock file,
# with uv (pinned; about 7 s on a fresh machine where pip took 67 s of CI's 15 minutes).
UV_VERSION := 0.13.9
$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e ".[dev]" -c $(LOCK)
	$(BIN)/python mahjong_site/compile_messages.py
	touch $(STAMP)

# The translations (locale/*/LC_MESSAGES/django.po) compiled to the .mo files Django
# reads, in pure Python (no gettext needed); the .mo files are not committed.
MESSAGES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
$(MESSAGES): %.mo: %.po | $(BIN)/python
	$(BIN)/python mahjong_site/compile_messages.py

# Set-up prints nothing unless something is wrong; the demo passwords come last, in a
# box, just before the server starts.
run: $(STAMP) $(MESSAGES)
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

# mypy --strict on the pure engine, history/logs and tables' play, socket and drawing,
# with django-stubs' plugin (the config is in pyproject.toml); part of `make test`, so
# CI fails on a type error. Reading django-stubs makes it some 2.5 times the engine's
# check alone; the tables packages add about a second more: 6-8 s from a clean cache on
# an idle machine, 15-25 s on a busy one (as in CI's fresh clone), 1-4 s once
# .mypy_cache holds the results (the plugin sets Django up on every run).
typecheck: $(STAMP)
	$(BIN)/mypy

# The strict errors left in each package not yet under `make typecheck` (README, "Types").
typecount: $(STAMP)
	$(BIN)/python devtools/strict_report.py

# Two test processes (pytest-xdist): CI's machine has two cores, and much of the suite
# waits on a browser, a daphne child or a socket rather than computing. Tests run in a
# random order (pytest-randomly); the seed is printed at the end, and
# `make test PYTEST_ARGS=--randomly-seed=N` runs that order again.
WORKERS ?= 2
PARALLEL := -n $(WORKERS) --dist worksteal
PYTEST_ARGS ?=
# The engine's own tests run apart, under coverage, with a gate on the lines of
# rules/engine (they alone cover 95.4% of them); measuring the rest of the suite too
# (the rules pages drive the engine as well) would slow it by more than it adds. Run
# beside the rest, they slowed both (two cores): they run after it.
ENGINE_TESTS := tests/engine
ENGINE_COVERAGE := --cov=rules.engine --cov-report=term:skip-covered --cov-fail-under=95

# Lint, the engine's types, then the whole suite on the embedded default (SQLite,
# in-memory channel layer).
test: lint typecheck $(MESSAGES)
	env -u DATABASE_URL -u REDIS_URL $(BIN)/pytest $(PARALLEL) \
		$(addprefix --ignore=,$(ENGINE_TESTS)) $(PYTEST_ARGS)
	env -u DATABASE_URL -u REDIS_URL $(BIN)/pytest $(PARALLEL) $(ENGINE_COVERAGE) \
		$(ENGINE_TESTS) $(PYTEST_ARGS)

# Again on PostgreSQL and Redis, only the tests whose outcome can differ there: those
# of the files tests/backend_sensitive.py lists (each group with its reason) and every
# test marked `services`, all of them marked `backends` at collection. They are the ones
# whose code holds its own connections (threads, several daphne processes on one
# database, racing writers), talks through the channel layer (Redis serialises every
# frame and group message; its blocking reads, restarts and idle sockets), takes row
# locks (select_for_update, also with `of=`, which SQLite ignores and PostgreSQL may
# refuse), lets an IntegrityError happen inside a transaction (PostgreSQL aborts the
# rest of it), or stores what PostgreSQL refuses (a NUL, a lone surrogate, text longer
# than its column); and the services checks and the PostgreSQL backups (pg_dump and
# pg_restore as the site's role, skipped in `make test`). Pages, permissions, log
# parsing, markup and arithmetic are the same Python over the same queries on either
# backend and run once, in `make test`, like the engine, rules and browser tests: a new
# test file runs once until it is listed. The fault tests stop and start PostgreSQL and
# Redis, so they run alone, after the rest; the engine never touches either (it does not
# import Django), so its tests are not even collected.
SERVICE_TESTS := -m "backends and not browser" tests --ignore=tests/faults --ignore=tests/engine
FAULT_TESTS := tests/faults
SERVICES_ENV := DATABASE_URL=$(PG_URL) REDIS_URL=$(REDIS)
test-services: $(STAMP) $(MESSAGES)
	$(SERVICES_ENV) $(BIN)/pytest $(PARALLEL) $(SERVICE_TESTS) $(PYTEST_ARGS)
	$(SERVICES_ENV) $(BIN)/pytest -p no:xdist $(FAULT_TESTS) $(PYTEST_ARGS)

# The README's deployment recipe run for real on this Debian machine, as root: a clean
# clone of HEAD installed as the README says, two daphnes and nginx on loopback ports, a
# game through nginx in Chromium across a killed daphne, a backup and a restore; all torn
# down afterwards (README, "The deployment check"). About two minutes.
deploy-check: $(STAMP)
	$(BIN)/python mahjong_site/deploy/check.py $(DEPLOY_CHECK_ARGS)

# Frame bytes and render time, the engine's hands/s and the scoring adapter, each next
# to the same figure of a reference commit measured turn about in the same run (a
# ratio): HEAD with uncommitted changes, else HEAD~1; `make bench BENCH_ARGS="--ref
# a658df9"` for another. Some 3 minutes on two idle cores.
BENCH_ARGS ?=
bench: $(STAMP)
	$(BIN)/python devtools/bench_compare.py $(BENCH_ARGS)

# Rewrite the lock file from the venv after changing the dependencies in pyproject.toml.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	$(BIN)/python -m pip freeze --exclude-editable --exclude uv --disable-pip-version-check > $(LOCK)

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
