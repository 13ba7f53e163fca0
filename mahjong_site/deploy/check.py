"""``make deploy-check``: the README's deployment recipe, run on this Debian machine.

As root, with PostgreSQL and Redis running (nginx is installed with apt-get when
missing): clone the repository's HEAD into a temporary directory, run the README's
``deploy-check`` blocks there (recipe.py says how they are run and what differs), start
two daphnes and nginx on loopback ports, play a game against bots through nginx in
Chromium, kill the daphne that holds the page's socket and play on, back up, restore
into a database created afresh, see the game there and play on again; then tear it all
down, whatever happened. Each step prints its time.

``check.py --dry [--readme FILE]`` only lints the recipe (nothing runs, nothing is
installed): what ``tests/test_deploy_recipe.py`` uses. ``check.py units start|stop
PORT...`` is the systemd stand-in the recipe's blocks call.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recipe
import units

REPO = Path(__file__).resolve().parents[2]
HTTPS = "https://localhost:18443"
# The check's own settings, added to the example environment file: bots that move at
# once, no call window, a driver's lease that another process takes over quickly, a
# fixed wall, and a closed page never played for (the check closes its browser while
# it backs up and restores). They make the game short and the same every run.
CHECK_SETTINGS = (
    "\n# deploy-check: a quick, repeatable game\n"
    "TABLE_BOT_DELAY=0.05\nTABLE_CALL_WINDOW=0\nTABLE_LEASE_SECONDS=3\nTABLE_SEED=20250101\n"
    "TABLE_AWAY_GRACE=3600\n"
)
EXAMPLE_FILES = ("nginx.conf", "club.env.example", "club-daphne@.service", "club-backup.cron")


class CheckFailed(Exception):
    pass


def step(name: str, started: list[float]) -> None:
    now = time.monotonic()
    print(f"== {name} ({now - started[0]:.0f} s so far)", flush=True)


def sh(*command: str, **kwargs) -> str:
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode:
        raise CheckFailed(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def psql(database: str, sql: str) -> str:
    return sh("runuser", "-u", "postgres", "--", "psql", "-d", database, "-Atc", sql).strip()


class Deployment:
    """The temporary directory, names and processes of one run, and their teardown."""

    def __init__(self, keep: bool):
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix="deploycheck-", dir=memory_directory()))
        self.root.chmod(0o755)  # nginx's workers (www-data) read the static files
        self.name = f"deploycheck_{os.getpid()}"
        self.place = recipe.Place(self.root, self.name, self.root / "source")
        self.password = secrets.token_hex(16)
        self.site = self.root / "srv" / "club"

    def env(self) -> dict[str, str]:
        """What the blocks run with: root's plain environment on Debian (not this shell's:
        no virtualenv, no DATABASE_URL), pip's own settings kept (its cache, its index),
        and the check's helper for the stand-ins."""
        kept = {k: v for k, v in os.environ.items() if k.startswith(("PIP_", "LC_"))}
        kept |= {k: v for k, v in os.environ.items() if k.lower().endswith("_proxy")}
        return {
            **kept,
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": os.environ.get("HOME", "/root"),
            "LANG": "C.UTF-8",
            "DEPLOYCHECK": f"{sys.executable} {Path(__file__).resolve()}",
            "DEPLOYCHECK_ROOT": str(self.root),
            "DEPLOYCHECK_PASSWORD": self.password,
        }

    def prepare(self) -> dict[str, str]:
        """The repository to clone (HEAD with the example files under the check's names)
        and a copy of Debian's nginx configuration; returns the README's blocks."""
        source = self.root / "source"
        head = sh("git", "-C", str(REPO), "rev-parse", "HEAD").strip()
        sh("git", "clone", "-q", "--no-checkout", str(REPO), str(source))
        sh("git", "-C", str(source), "checkout", "-q", "-B", "deploycheck", head)
        readme = (source / "README.md").read_text()
        problems = recipe.lint(readme)
        if problems:
            raise CheckFailed("the README's recipe cannot work:\n  " + "\n  ".join(problems))
        deploy = source / "mahjong_site" / "deploy"
        for name in EXAMPLE_FILES:
            path = deploy / name
            path.write_text(self.place.apply(path.read_text()))
        with (deploy / "club.env.example").open("a") as file:
            file.write(CHECK_SETTINGS)
        git = (
            "git",
            "-C",
            str(source),
            "-c",
            "user.name=check",
            "-c",
            "user.email=check@localhost",
        )
        sh(*git, "commit", "-qam", "deploy-check: the check's names and places")
        for sub in ("srv", "etc/systemd/system", "etc/cron.d", "run", "log"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)
        nginx = self.root / "etc" / "nginx"
        shutil.copytree("/etc/nginx", nginx, symlinks=True)
        main = (nginx / "nginx.conf").read_text().replace("/etc/nginx", str(nginx))
        main = main.replace("/run/nginx.pid", str(self.root / "run" / "nginx.pid"))
        main = main.replace("/var/log/nginx", str(self.root / "log"))
        # which daphne served each request: how the check sees the spread
        main = main.replace(
            "http {",
            "http {\n\tlog_format upstream '$upstream_addr $cookie_sessionid $uri';\n"
            f"\taccess_log {self.root / 'log' / 'upstream.log'} upstream;",
            1,
        )
        (nginx / "nginx.conf").write_text(main)
        return recipe.blocks(readme)

    def run_blocks(self, blocks: dict[str, str], *names: str) -> None:
        lines = [line for name in names for line in recipe.logical_lines(blocks[name])]
        text = recipe.script(lines, self.place)
        path = self.root / f"{'-'.join(names)}.sh"
        path.write_text(text)
        log = self.root / "log" / f"{'-'.join(names)}.log"
        with log.open("w") as out:  # pip's, migrate's and openssl's chatter: shown on failure
            done = subprocess.run(
                ["bash", "-x", str(path)], cwd=self.root, env=self.env(), stdout=out, stderr=out
            )
        if done.returncode:
            tail = "\n".join(log.read_text().splitlines()[-40:])
            raise CheckFailed(
                f"the README's {' + '.join(names)} block failed; the end of its output "
                f"(bash -x: each command after a +):\n{tail}"
            )

    def teardown(self) -> None:
        """Everything the run made goes, each part on its own (one failing does not stop
        the rest)."""
        pid = self.root / "run" / "nginx.pid"
        steps = [
            lambda: pid.exists() and os.kill(int(pid.read_text()), signal.SIGQUIT),
            lambda: units.stop_all(self.root),
            lambda: sh("runuser", "-u", "postgres", "--", "dropdb", "--if-exists", self.name),
            lambda: psql("postgres", f"DROP ROLE IF EXISTS {self.name}"),
            lambda: subprocess.run(["userdel", self.name], capture_output=True),
            lambda: forget_redis_keys(5, "club:"),
        ]
        if not self.keep:
            steps.append(lambda: shutil.rmtree(self.root))
        started = time.monotonic()
        for part in steps:
            try:
                part()
            except Exception as error:  # tell it and go on tearing down
                print(f"teardown: {error}", file=sys.stderr)
        print(f"== torn down in {time.monotonic() - started:.0f} s", flush=True)


def memory_directory() -> str | None:
    """/dev/shm when it is a memory file system that may hold programs: the deployed copy
    (about 220 MB, 18,000 files: the venv, the static files) is written and removed
    there in seconds, where a disk shared with other jobs took 45 s just to remove it.
    Where the recipe's files lie changes nothing in it."""
    try:
        flags = os.statvfs("/dev/shm").f_flag
    except OSError:
        return None
    usable = not flags & (os.ST_NOEXEC | os.ST_RDONLY) and os.access("/dev/shm", os.W_OK)
    return "/dev/shm" if usable else None


def forget_redis_keys(db: int, prefix: str) -> None:
    import redis

    client = redis.Redis(host="127.0.0.1", port=6379, db=db)
    for key in client.scan_iter(match=f"{prefix}*"):
        client.delete(key)


def fetch(path: str, headers: dict[str, str] | None = None):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    request = urllib.request.Request(HTTPS + path, headers=headers or {})
    with urllib.request.urlopen(request, context=context, timeout=20) as response:
        # a header sent twice (nginx's Cache-Control from `expires` and from
        # `add_header`) is read as one list, as HTTP allows
        headers = {name: ", ".join(response.headers.get_all(name)) for name in response.headers}
        return response.status, headers, response.read()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry", action="store_true", help="only lint the README's recipe")
    parser.add_argument("--readme", type=Path, default=REPO / "README.md")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--shots", type=Path, help="save screenshots of the game here")
    if argv[:1] == ["units"]:
        return units.main(argv[1:])
    args = parser.parse_args(argv)
    if args.dry:
        problems = recipe.lint(args.readme.read_text())
        for problem in problems:
            print(problem, file=sys.stderr)
        print("the recipe looks runnable" if not problems else "the recipe cannot work")
        return 1 if problems else 0
    if os.geteuid() != 0:
        print("make deploy-check runs as root (it adds a user, installs nginx)", file=sys.stderr)
        return 2
    sys.modules.setdefault("check", sys.modules[__name__])  # flow imports from here
    import flow

    deployment = Deployment(args.keep)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        flow.run(deployment, args.shots)
    except CheckFailed as error:
        print(f"\ndeploy-check FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        deployment.teardown()
    print("deploy-check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
