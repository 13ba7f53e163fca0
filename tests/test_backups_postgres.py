"""`manage.py backup` and `manage.py restore` on PostgreSQL (make test-services): the
dump is made and restored as the site's own role, so after a restore into a database
created afresh the site owns every table again; a restore into a database that is not
empty, or while another session uses it, is refused with nothing changed."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import using_services

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(not using_services(), reason="needs DATABASE_URL (PostgreSQL)"),
]

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def club():
    """A role with a password and its own database, as the README makes them, under a
    throw-away name; dropped afterwards."""
    import psycopg

    admin_url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    name = f"deploycheck_backup_{os.getpid()}_{secrets.token_hex(3)}"
    password = secrets.token_hex(12)
    admin = psycopg.connect(admin_url, autocommit=True)
    admin.execute(f"CREATE ROLE {name} LOGIN PASSWORD '{password}'")
    admin.execute(f"CREATE DATABASE {name} OWNER {name}")
    url = f"postgres://{name}:{password}@127.0.0.1:5432/{name}"
    with psycopg.connect(url, autocommit=True) as site:
        site.execute("CREATE TABLE game (id serial PRIMARY KEY, log text)")
        site.execute("INSERT INTO game (log) VALUES ('0:discard:5m'), ('0:discard:1z')")
    yield name, url, admin
    admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    admin.execute(f"DROP ROLE IF EXISTS {name}")
    admin.close()


def manage(*args, url):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**env, "DATABASE_URL": url},
        capture_output=True,
        text=True,
    )


def backed_up(url, directory: Path) -> Path:
    directory.mkdir()
    done = manage("backup", str(directory), url=url)
    assert done.returncode == 0, done.stderr
    [dump] = directory.iterdir()
    return dump


def test_a_restore_into_a_fresh_database_gives_the_site_its_own_tables_back(club, tmp_path):
    import psycopg

    name, url, admin = club
    dump = backed_up(url, tmp_path / "backups")
    admin.execute(f"DROP DATABASE {name}")
    admin.execute(f"CREATE DATABASE {name} OWNER {name}")  # as postgres, as the README
    done = manage("restore", str(dump), url=url)
    assert done.returncode == 0, done.stderr
    with psycopg.connect(url) as site:
        owners = site.execute("SELECT tableowner FROM pg_tables WHERE schemaname = 'public'")
        assert [row[0] for row in owners] == [name]
        logs = site.execute("SELECT log FROM game ORDER BY id").fetchall()
        assert logs == [("0:discard:5m",), ("0:discard:1z",)]
        site.execute("INSERT INTO game (log) VALUES ('0:discard:9p')")  # the site writes again


def test_a_restore_into_a_database_that_is_not_empty_is_refused(club, tmp_path):
    name, url, _ = club
    dump = backed_up(url, tmp_path / "backups")
    done = manage("restore", str(dump), url=url)
    assert done.returncode != 0
    assert f"database {name} is not empty (1 tables)" in done.stderr


def test_a_restore_while_another_session_uses_the_database_is_refused(club, tmp_path):
    import psycopg

    name, url, admin = club
    dump = backed_up(url, tmp_path / "backups")
    admin.execute(f"DROP DATABASE {name}")
    admin.execute(f"CREATE DATABASE {name} OWNER {name}")
    with psycopg.connect(url, application_name="a daphne"):
        done = manage("restore", "--dry-run", str(dump), url=url)
    assert done.returncode != 0
    assert "the site is running" in done.stderr and "a daphne is connected" in done.stderr
