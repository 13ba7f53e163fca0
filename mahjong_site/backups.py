"""Backing up the club's database and restoring a backup (``manage.py backup`` and
``manage.py restore``), for both databases the site runs on.

PostgreSQL: ``pg_dump --format=custom`` as the site's own role (the one in
``DATABASE_URL``: it owns every table, so it can read them all, and root, which has no
role on a stock Debian server, is not needed). A restore runs ``pg_restore`` as that
role too, into an empty database, with ``--no-owner``: every table it creates belongs to
the role that created it, the site's, whatever the dump says. (Run as ``postgres``, the
same restore makes ``postgres`` own every table and the site cannot read them.)

SQLite (the embedded default): SQLite's own online backup (``sqlite3.Connection.backup``)
copies a consistent database while the site writes to it, which copying the file does
not (a write-ahead log beside it may hold the latest games). A restore copies the backup
into a new file beside the database and puts it in place in one rename, keeping the old
file as ``<name>.before-restore-<time>``.

A restore never runs over a running site: see ``running_site`` for what counts.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

PG_MAGIC = b"PGDMP"  # the first bytes of a pg_dump custom-format file
SQLITE_MAGIC = b"SQLite format 3\x00"
# Our own backups' names: club-2026-11-27-031500.dump (PostgreSQL) or .sqlite3
NAME = re.compile(r"^club-\d{4}-\d\d-\d\d-\d{6}\.(dump|sqlite3)$")
# The argument every ASGI server of this site is started with (daphne, the systemd unit).
ASGI_APP = "mahjong_site.asgi:application"


class BackupError(Exception):
    """Refused or failed, with a message for the administrator; nothing was changed."""


@dataclass
class Plan:
    """What a backup or restore does: said first (and only said, on a dry run)."""

    kind: str  # "postgresql" or "sqlite"
    source: Path | str
    target: Path | str
    command: list[str] = field(default_factory=list)  # the external program, if any

    def describe(self, verb: str) -> str:
        how = " ".join(self.command) if self.command else "SQLite's online backup"
        return f"{verb} {self.source} -> {self.target} ({self.kind}: {how})"


def kind_of(database: dict) -> str:
    engine = database["ENGINE"]
    if engine.endswith("postgresql"):
        return "postgresql"
    if engine.endswith("sqlite3"):
        return "sqlite"
    raise BackupError(f"backups know PostgreSQL and SQLite, not {engine}")


def pg_environment(database: dict) -> dict[str, str]:
    """The libpq variables that make pg_dump and pg_restore connect as the site does;
    the password goes in the environment, never on a command line others can read."""
    env = dict(os.environ)
    values = {
        "PGDATABASE": database.get("NAME"),
        "PGUSER": database.get("USER"),
        "PGPASSWORD": database.get("PASSWORD"),
        "PGHOST": database.get("HOST"),
        "PGPORT": str(database.get("PORT") or ""),
    }
    env.update({key: str(value) for key, value in values.items() if value})
    return env


def backup_path(directory: Path, kind: str, now: dt.datetime) -> Path:
    suffix = "dump" if kind == "postgresql" else "sqlite3"
    return directory / f"club-{now:%Y-%m-%d-%H%M%S}.{suffix}"


def plan_backup(database: dict, directory: Path, now: dt.datetime) -> Plan:
    kind = kind_of(database)
    if not directory.is_dir():
        raise BackupError(f"{directory} is not a directory: create it first")
    target = backup_path(directory, kind, now)
    if kind == "postgresql":
        command = ["pg_dump", "--format=custom", f"--file={target}.part"]
        return Plan(kind, database["NAME"], target, command)
    source = Path(database["NAME"])
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    return Plan(kind, source, target)


def backup(database: dict, plan: Plan) -> Path:
    """Write the backup under a temporary name and rename it when complete, so a backup
    cut short (a full disk, a killed job) never looks like a good one."""
    target = Path(plan.target)
    part = target.with_name(target.name + ".part")
    try:
        if plan.kind == "postgresql":
            run(plan.command, pg_environment(database))
        else:
            copy_sqlite(Path(plan.source), part)
        os.replace(part, target)
    finally:
        part.unlink(missing_ok=True)
    return target


def prune(directory: Path, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest of our own backups in ``directory`` (the names
    sort by time); any other file there is left alone."""
    ours = sorted(p for p in directory.iterdir() if NAME.match(p.name))
    gone = ours[:-keep] if keep > 0 else []
    for path in gone:
        path.unlink()
    return gone


def kind_of_file(path: Path) -> str:
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise BackupError(f"cannot read {path}: {error.strerror}") from None
    if head.startswith(PG_MAGIC):
        return "postgresql"
    if head == SQLITE_MAGIC:
        return "sqlite"
    raise BackupError(f"{path} is neither a pg_dump custom-format file nor an SQLite database")


def plan_restore(database: dict, path: Path, base_dir: Path) -> Plan:
    """Everything a restore checks before it changes anything (a dry run stops here)."""
    kind = kind_of(database)
    found = kind_of_file(path)
    if found != kind:
        raise BackupError(f"{path} is a {found} backup, but the site uses {kind}")
    running = running_site(database, base_dir)
    if running:
        raise BackupError(
            "the site is running; stop it first (systemctl stop club-daphne@8001 "
            "club-daphne@8002, or the daphne you started): " + "; ".join(running)
        )
    if kind == "postgresql":
        tables = pg_tables(database)
        if tables:
            raise BackupError(
                f"database {database['NAME']} is not empty ({tables} tables): as postgres, "
                f"drop it and create it again, owned by {database['USER']} (README, Backups)"
            )
        command = [
            "pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
            "--single-transaction", f"--dbname={database['NAME']}", str(path),
        ]  # fmt: skip
        return Plan(kind, path, database["NAME"], command)
    return Plan(kind, path, Path(database["NAME"]))


def restore(database: dict, plan: Plan, now: dt.datetime) -> str:
    if plan.kind == "postgresql":
        run(plan.command, pg_environment(database))
        others = pg_tables(database, owned_by_others=True)
        if others:
            raise BackupError(f"restored, but {others} tables belong to another role")
        return f"{pg_tables(database)} tables restored, owned by {database['USER']}"
    target = Path(plan.target)
    fresh = target.with_name(target.name + ".restoring")
    try:
        copy_sqlite(Path(plan.source), fresh)
        kept = None
        if target.exists():
            kept = target.with_name(f"{target.name}.before-restore-{now:%Y%m%d-%H%M%S}")
            os.replace(target, kept)
        for extra in ("-wal", "-shm"):  # the old database's log goes with it
            log = target.with_name(target.name + extra)
            if log.exists():
                os.replace(log, Path(f"{kept or target}{extra}"))
        os.replace(fresh, target)
    finally:
        fresh.unlink(missing_ok=True)
    return f"restored; the previous database is kept as {kept}" if kept else "restored"


def copy_sqlite(source: Path, target: Path) -> None:
    """SQLite's online backup: a consistent copy even while another process writes."""
    target.unlink(missing_ok=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer)
    finally:
        writer.close()
        reader.close()


def run(command: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True)
    except FileNotFoundError:
        raise BackupError(
            f"{command[0]} is not installed (apt-get install postgresql-client)"
        ) from None
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip()}")


def pg_tables(database: dict, owned_by_others: bool = False) -> int:
    """The tables in the database's public schema (only those another role owns)."""
    from django.db import connection

    others = " AND tableowner <> current_user" if owned_by_others else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM pg_tables WHERE schemaname = 'public'{others}")
        (count,) = cursor.fetchone()
    connection.close()
    return count


# --- is the site running?


def same_database(pid_dir: Path, database: dict) -> bool:
    """Whether the process behind ``pid_dir`` may use ``database``: always, unless its
    environment names another database: on PostgreSQL another name in its
    ``DATABASE_URL``; on SQLite another file in its ``SQLITE_PATH`` (a test server of
    the same checkout, on its own test file), or a ``DATABASE_URL`` of its own. An
    environment that cannot be read, or that names none, counts as the same."""
    try:
        environment = (pid_dir / "environ").read_bytes().split(b"\0")
    except OSError:
        return True
    names = dict(entry.split(b"=", 1) for entry in environment if b"=" in entry)
    url = names.get(b"DATABASE_URL", b"").decode(errors="replace")
    if kind_of(database) == "postgresql":
        if b"DATABASE_URL" not in names:
            return True
        return url.rstrip("/").rsplit("/", 1)[-1].split("?")[0] == database["NAME"]
    if url:  # a server on a database of its own, not this SQLite file
        return False
    path = names.get(b"SQLITE_PATH", b"").decode(errors="replace")
    if not path:
        return True
    try:
        folder = (pid_dir / "cwd").resolve()
    except OSError:
        folder = Path("/")
    return (folder / path).resolve() == Path(database["NAME"]).resolve()


def running_site(database: dict, base_dir: Path, proc: Path = Path("/proc")) -> list[str]:
    """What shows that the site is running, empty when nothing does:

    - a process serving this installation: its command line names the site's ASGI
      application and it runs in this directory (what the systemd units and ``make
      run`` start); with PostgreSQL, unless its environment names another database
      (a test server of the same checkout, say);
    - SQLite: another process holding the database file (or its log) open;
    - PostgreSQL: another session connected to the database.

    Only processes whose details this user may read are seen: run the restore as root
    or as the site's user.
    """
    found = []
    base = base_dir.resolve()
    files = set()
    if kind_of(database) == "sqlite":
        name = Path(database["NAME"]).resolve()
        files = {str(name), f"{name}-wal", f"{name}-shm"}
    for pid_dir in proc.iterdir():
        if not pid_dir.name.isdigit() or int(pid_dir.name) == os.getpid():
            continue
        try:
            args = (pid_dir / "cmdline").read_bytes().split(b"\0")
            serves = any(a.decode(errors="replace").endswith(ASGI_APP) for a in args)
            if serves and (pid_dir / "cwd").resolve() == base and same_database(pid_dir, database):
                found.append(f"process {pid_dir.name} serves this site")
                continue
            if files and any(os.readlink(fd) in files for fd in (pid_dir / "fd").iterdir()):
                found.append(f"process {pid_dir.name} has the database open")
        except OSError:  # gone meanwhile, or not ours to read
            continue
    if kind_of(database) == "postgresql":
        found += pg_sessions(database["NAME"])
    return found


def pg_sessions(name: str) -> list[str]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, coalesce(client_addr::text, 'local'), application_name"
            " FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        )
        rows = cursor.fetchall()
    connection.close()
    return [
        f"session {pid} from {addr} {app}".rstrip() + " is connected" for pid, addr, app in rows
    ]
