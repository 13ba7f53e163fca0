"""`manage.py backup` and `manage.py restore` on the embedded default (SQLite): a backup
is consistent while the site writes, a dry run changes nothing, old backups are pruned,
a restore keeps the database it replaces, and a restore over a running site, or of a
file that is no backup of this kind, is refused with nothing changed. (PostgreSQL's
dump and restore, with the site's role owning every table, are run by `make
deploy-check`, mahjong_site/deploy/flow.py.)"""

import datetime as dt
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_site import backups

ROOT = Path(__file__).resolve().parent.parent
NOW = dt.datetime(2026, 11, 27, 3, 15, 0, tzinfo=dt.UTC)


def manage(*args, sqlite_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**env, "SQLITE_PATH": str(sqlite_path)},
        capture_output=True,
        text=True,
    )


def games_in(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [row[0] for row in db.execute("SELECT log FROM game ORDER BY id")]


@pytest.fixture
def site_db(tmp_path):
    """A database in write-ahead-log mode whose last game is still only in the log: a
    connection stays open, so SQLite has not copied it into the main file yet."""
    path = tmp_path / "db.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("CREATE TABLE game (id INTEGER PRIMARY KEY, log TEXT)")
    db.execute("INSERT INTO game (log) VALUES ('0:discard:5m')")
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("INSERT INTO game (log) VALUES ('0:discard:1z')")
    db.commit()
    yield path
    db.close()


def database(path: Path) -> dict:
    return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}


def test_it_backs_up_the_games_still_in_the_write_ahead_log(site_db, tmp_path):
    (tmp_path / "backups").mkdir()
    done = manage("backup", str(tmp_path / "backups"), sqlite_path=site_db)
    assert done.returncode == 0, done.stderr
    [written] = (tmp_path / "backups").iterdir()
    assert backups.NAME.match(written.name)
    assert games_in(written) == ["0:discard:5m", "0:discard:1z"]
    # a copy of the file alone would have missed the second game
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(site_db.read_bytes())
    assert games_in(copy) == ["0:discard:5m"]


def test_a_dry_run_backup_says_what_it_would_write_and_writes_nothing(site_db, tmp_path):
    (tmp_path / "backups").mkdir()
    done = manage("backup", "--dry-run", str(tmp_path / "backups"), sqlite_path=site_db)
    assert done.returncode == 0, done.stderr
    assert "would back up" in done.stdout and "club-" in done.stdout
    assert list((tmp_path / "backups").iterdir()) == []


def test_a_backup_into_a_missing_directory_is_refused(site_db, tmp_path):
    done = manage("backup", str(tmp_path / "nowhere"), sqlite_path=site_db)
    assert done.returncode != 0
    assert "is not a directory: create it first" in done.stderr


def test_it_keeps_only_the_newest_backups_and_leaves_other_files_alone(tmp_path):
    names = [f"club-2026-11-{day:02d}-031500.sqlite3" for day in range(20, 27)]
    for name in [*names, "notes.txt", "club-latest.sqlite3"]:
        (tmp_path / name).write_text("x")
    gone = backups.prune(tmp_path, keep=3)
    assert sorted(p.name for p in gone) == names[:4]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [*names[4:], "notes.txt", "club-latest.sqlite3"]
    )


def test_it_restores_a_backup_and_keeps_the_database_it_replaces(site_db, tmp_path):
    db = database(site_db)
    saved = backups.backup(db, backups.plan_backup(db, tmp_path, NOW))
    with sqlite3.connect(site_db) as later:
        later.execute("INSERT INTO game (log) VALUES ('0:discard:9p')")
    plan = backups.plan_restore(db, saved, base_dir=tmp_path / "elsewhere")
    said = backups.restore(db, plan, NOW)
    assert games_in(site_db) == ["0:discard:5m", "0:discard:1z"]
    kept = tmp_path / "db.sqlite3.before-restore-20261127-031500"
    assert f"kept as {kept}" in said
    assert games_in(kept) == ["0:discard:5m", "0:discard:1z", "0:discard:9p"]


@pytest.fixture
def other_process(tmp_path):
    """Start a process (that waits on its input, no sleeping) and stop it afterwards."""
    started = []

    def start(code: str, *args: str, cwd: Path = tmp_path) -> None:
        child = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        started.append(child)
        assert child.stdout.readline() == b"ready\n"

    yield start
    for child in started:
        child.communicate(b"")


WAIT = "import sys; print('ready', flush=True); sys.stdin.read()"


def test_a_restore_while_a_daphne_of_the_site_runs_is_refused(site_db, tmp_path, other_process):
    db = database(site_db)
    saved = backups.backup(db, backups.plan_backup(db, tmp_path, NOW))
    site = tmp_path / "site"
    site.mkdir()
    # what the systemd unit starts: a command naming the site's application, in its directory
    other_process(WAIT, "-b", "127.0.0.1", "-p", "8001", backups.ASGI_APP, cwd=site)
    with pytest.raises(backups.BackupError, match=r"the site is running.*serves this site"):
        backups.plan_restore(db, saved, base_dir=site)
    # the same server for another installation is not this site
    assert backups.plan_restore(db, saved, base_dir=tmp_path / "another").kind == "sqlite"


def test_a_restore_over_a_database_another_process_holds_open_is_refused(
    site_db, tmp_path, other_process
):
    db = database(site_db)
    saved = backups.backup(db, backups.plan_backup(db, tmp_path, NOW))
    opener = f"import sqlite3; db = sqlite3.connect({str(site_db)!r}); db.execute('SELECT 1'); "
    other_process(opener + WAIT)
    with pytest.raises(backups.BackupError, match="has the database open"):
        backups.plan_restore(db, saved, base_dir=tmp_path / "site")
    assert games_in(site_db) == ["0:discard:5m", "0:discard:1z"]


def test_the_restore_command_refuses_a_postgresql_dump_on_a_sqlite_site(site_db, tmp_path):
    dump = tmp_path / "club-2026-11-27-031500.dump"
    dump.write_bytes(backups.PG_MAGIC + b"\x01\x0e\x00" + b"\x00" * 64)
    done = manage("restore", str(dump), sqlite_path=site_db)
    assert done.returncode != 0
    assert "is a postgresql backup, but the site uses sqlite" in done.stderr
    assert games_in(site_db) == ["0:discard:5m", "0:discard:1z"]


def test_a_file_that_is_no_backup_is_refused(site_db, tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database")
    with pytest.raises(backups.BackupError, match="neither a pg_dump custom-format file"):
        backups.plan_restore(database(site_db), junk, base_dir=tmp_path)


def test_a_dry_run_restore_makes_the_checks_and_changes_nothing(site_db, tmp_path):
    db = database(site_db)
    saved = backups.backup(db, backups.plan_backup(db, tmp_path, NOW))
    (tmp_path / "empty.sqlite3").touch()
    done = manage("restore", "--dry-run", str(saved), sqlite_path=tmp_path / "empty.sqlite3")
    assert done.returncode == 0, done.stderr
    assert "would restore" in done.stdout
    assert (tmp_path / "empty.sqlite3").stat().st_size == 0


def test_a_server_of_the_same_checkout_on_another_postgresql_database_is_not_this_site(tmp_path):
    """A test server (another database named in its environment) does not stop a
    restore; one naming this database, or whose environment cannot be read, does."""
    site = {"ENGINE": "django.db.backends.postgresql", "NAME": "club"}
    other, same, unread = tmp_path / "1", tmp_path / "2", tmp_path / "3"
    for folder in (other, same, unread):
        folder.mkdir()
    other.joinpath("environ").write_bytes(b"HOME=/\0DATABASE_URL=postgres://u@h:5432/test_gw1\0")
    same.joinpath("environ").write_bytes(b"DATABASE_URL=postgres://u@h:5432/club\0")
    assert not backups.same_database(other, site)
    assert backups.same_database(same, site)
    assert backups.same_database(unread, site)
    # SQLite: a server naming no database of its own (or one of its own on PostgreSQL)
    assert backups.same_database(unread, {"ENGINE": "django.db.backends.sqlite3", "NAME": "x"})
    assert not backups.same_database(other, {"ENGINE": "django.db.backends.sqlite3", "NAME": "x"})


def test_a_server_of_the_same_checkout_on_another_sqlite_file_is_not_this_site(tmp_path):
    """A test server of the same checkout on its own SQLite file (a browser test's daphne
    beside the restore's test, in CI) does not stop a restore; one on this file, or on
    the checkout's default file, does."""
    site_file = tmp_path / "db.sqlite3"
    site = {"ENGINE": "django.db.backends.sqlite3", "NAME": str(site_file)}
    other, same, default = tmp_path / "1", tmp_path / "2", tmp_path / "3"
    for folder in (other, same, default):
        folder.mkdir()
    other.joinpath("environ").write_bytes(b"SQLITE_PATH=/tmp/mahjong-test-1.sqlite3\0")
    same.joinpath("environ").write_bytes(b"SQLITE_PATH=" + str(site_file).encode() + b"\0")
    default.joinpath("environ").write_bytes(b"HOME=/\0")
    assert not backups.same_database(other, site)
    assert backups.same_database(same, site)
    assert backups.same_database(default, site)
