"""The README's deployment recipe as the deployment check (check.py) runs it.

The README's fenced blocks marked ```` ```sh deploy-check NAME ```` are the recipe. The
check runs them with bash as written, with two kinds of differences, both listed here
and nowhere else:

- ``substitutions``: names and places. The recipe's system paths lie under a temporary
  directory, its user, role and database (``mjclub``) are a throw-away ``deploycheck_…``
  one, its ports are loopback ports of the 18000s, its host is ``localhost`` and its
  repository the clone the check prepared. They apply to the README's commands and to
  the example files the commands install.
- ``STAND_INS``: the few lines that need what a test machine lacks (systemd as PID 1,
  a terminal, the network when nothing is missing) are replaced, each matched word for
  word, by the check's own equivalent.

``lint`` refuses, before anything runs, a recipe whose lines cannot work: a block
missing, a shell syntax error, a program this machine does not have, or a line that
asks systemd for something without a stand-in (a stand-in line that was edited in the
README is no longer a stand-in, so it lands here).
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

BLOCK = re.compile(r"^```sh deploy-check (\w+)\n(.*?)^```", re.M | re.S)
# The blocks the check runs, in order; install and serve run in one shell (the README
# says "in the same shell"), the others each in a fresh one, as an administrator days
# later would.
BLOCKS = ("install", "serve", "backup", "restore")
REPOSITORY = "https://git.example.org/riichi-club.git"
SITE_USER = "mjclub"
# What systemd as PID 1 is needed for; a line using it must be a stand-in.
NEEDS_SYSTEMD = ("systemctl", "service", "journalctl")
PACKAGES = "postgresql redis-server nginx python3-venv git openssl"

# README line -> the check's equivalent (bash, with the check's helper as $DEPLOYCHECK).
STAND_INS = {
    # Installing packages needs the network and changes the machine: only when missing.
    f"apt-get update && apt-get install -y {PACKAGES}": (
        f"dpkg -s {PACKAGES} >/dev/null 2>&1 || "
        f"{{ apt-get update -qq && apt-get install -y -qq {PACKAGES}; }}"
    ),
    # createsuperuser asks for the password on a terminal; the check has none.
    ".venv/bin/python manage.py createsuperuser --username admin --email admin@$HOST": (
        "DJANGO_SUPERUSER_PASSWORD=$DEPLOYCHECK_PASSWORD .venv/bin/python manage.py "
        "createsuperuser --noinput --username admin --email admin@$HOST"
    ),
    # systemd is not PID 1 here: the check starts and stops the units as the unit file
    # says (check.py, Units).
    "systemctl daemon-reload && systemctl enable --now club-daphne@8001 club-daphne@8002": (
        "$DEPLOYCHECK units start 18001 18002"
    ),
    "systemctl stop club-daphne@8001 club-daphne@8002": "$DEPLOYCHECK units stop 18001 18002",
    "systemctl start club-daphne@8001 club-daphne@8002": "$DEPLOYCHECK units start 18001 18002",
    # Debian's nginx runs from the package's start; the check's own instance reads a
    # copy of Debian's main configuration under the temporary directory.
    "nginx -t && systemctl reload-or-restart nginx": (
        'nginx -q -t -c "$DEPLOYCHECK_ROOT/etc/nginx/nginx.conf" '
        '&& nginx -c "$DEPLOYCHECK_ROOT/etc/nginx/nginx.conf"'
    ),
}


@dataclass(frozen=True)
class Place:
    """Where and under which names the check deploys."""

    root: Path  # the temporary directory
    name: str  # the user, role and database, deploycheck_…
    source: Path  # the repository the recipe clones
    https_port: int = 18443
    http_port: int = 18080
    redis_db: int = 5

    def substitutions(self) -> list[tuple[str, str]]:
        """Applied in this order (ports first: the paths do not contain them then)."""
        r = self.root
        return [
            ("8001", "18001"),
            ("8002", "18002"),
            ("listen 443 ", f"listen 127.0.0.1:{self.https_port} "),
            ("listen 80;", f"listen 127.0.0.1:{self.http_port};"),
            (REPOSITORY, str(self.source)),
            ("https://club.example.org", f"https://localhost:{self.https_port}"),
            ("club.example.org", "localhost"),
            ("redis://127.0.0.1:6379/0", f"redis://127.0.0.1:6379/{self.redis_db}"),
            (SITE_USER, self.name),
            ("/srv/club", f"{r}/srv/club"),
            ("/etc/nginx", f"{r}/etc/nginx"),
            ("/etc/systemd/system", f"{r}/etc/systemd/system"),
            ("/etc/ssl/club", f"{r}/etc/ssl/club"),
            ("/etc/cron.d", f"{r}/etc/cron.d"),
            ("/var/backups/club", f"{r}/var/backups/club"),
        ]

    def apply(self, text: str) -> str:
        for old, new in self.substitutions():
            text = text.replace(old, new)
        return text


def blocks(readme: str) -> dict[str, str]:
    found = {}
    for name, body in BLOCK.findall(readme):
        if name in found:
            raise RecipeError(f"two README blocks are marked deploy-check {name}")
        found[name] = body
    missing = [name for name in BLOCKS if name not in found]
    if missing:
        raise RecipeError(f"the README has no deploy-check block {', '.join(missing)}")
    return found


def logical_lines(body: str) -> list[str]:
    """The block's commands, a line continued with a backslash joined to the next;
    comments and empty lines dropped."""
    lines, current = [], ""
    for raw in body.splitlines():
        if raw.endswith("\\"):
            current += raw[:-1].rstrip() + " "
            continue
        line = (current + raw.strip()).strip()
        current = ""
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def without_comment(line: str) -> str:
    """A line without its trailing comment (a # after a space, outside quotes)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and index and line[index - 1] in " \t":
            return line[:index].rstrip()
    return line


def script(lines: list[str], place: Place) -> str:
    """One bash script: every line as written (substituted), or its stand-in."""
    out = ["set -euo pipefail"]
    for line in lines:
        bare = without_comment(line)
        out.append(STAND_INS[bare] if bare in STAND_INS else place.apply(line))
    return "\n".join(out) + "\n"


class RecipeError(Exception):
    pass


def lint(readme: str, created: tuple[str, ...] = (".venv/bin/",)) -> list[str]:
    """Why the recipe cannot work, before anything runs: empty when nothing is seen."""
    problems = []
    try:
        found = blocks(readme)
    except RecipeError as error:
        return [str(error)]
    dummy = Place(Path("/nonexistent"), "deploycheck_lint", Path("/nonexistent"))
    for name in BLOCKS:
        lines = logical_lines(found[name])
        text = script(lines, dummy)
        syntax = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True)
        if syntax.returncode:
            problems.append(f"block {name}: {syntax.stderr.strip()}")
            continue
        for line in lines:
            bare = without_comment(line)
            if bare in STAND_INS:
                continue
            for program in programs(bare):
                if program in NEEDS_SYSTEMD:
                    problems.append(f"block {name}: no stand-in for `{bare}`")
                elif not known_program(program, created):
                    problems.append(f"block {name}: `{program}` is not a command here: `{bare}`")
    return problems


SEPARATORS = {"&&", "||", "|", ";", "(", ")", "{", "}", "!"}
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def programs(line: str) -> list[str]:
    """The programs a line runs: the first word of each command, those in $(...) too."""
    found = []
    for inner in re.findall(r"\$\(([^()]*)\)", line):
        found += programs(inner)
    line = re.sub(r"\$\([^()]*\)", "x", line)
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return found  # bash -n reports it
    first = True
    for word in words:
        if word in SEPARATORS:
            first = True
        elif first and ASSIGNMENT.match(word):
            continue
        elif first:
            found.append(word)
            first = False
    return found


BUILTINS = {"cd", "set", ".", "echo", "export", "test", "[", "true", "false", "source"}


def known_program(program: str, created: tuple[str, ...]) -> bool:
    if program in BUILTINS or program.startswith("$"):
        return True
    if program.startswith(created):  # made by an earlier line (the venv)
        return True
    found = shutil.which(program, path=ROOT_PATH) is not None
    return found or program in STAND_IN_PROGRAMS


# root's PATH on Debian (the recipe runs as root), whoever runs the lint
ROOT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# Installed by the recipe's own apt-get line when missing (the check runs it first).
STAND_IN_PROGRAMS = {"nginx", "psql", "createdb", "dropdb", "pg_dump", "redis-server"}
