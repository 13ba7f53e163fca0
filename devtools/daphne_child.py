"""A daphne server in a child process, on a free port and this process's database.

The fuzzer starts one when it is given no server to aim at, and the several-process
and fault tests start two; each is started the way an operator starts one, with its
settings in the environment. Waiting here is for another process to listen, bounded
by a deadline.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_url() -> str:
    """This process's Redis, read with a socket timeout above channels-redis's 5 s
    blocking pop: redis-py 8 defaults to exactly 5 s, so an idle read fails on the edge."""
    url = os.environ.get("REDIS_URL", "")
    if url and "socket_timeout" not in url:
        url += ("&" if "?" in url else "?") + "socket_timeout=30"
    return url


def database_env() -> dict:
    """Environment pointing a child process at the database this process uses."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return {"SQLITE_PATH": str(db["NAME"]), "DATABASE_URL": ""}
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    host = db.get("HOST") or "127.0.0.1"
    return {"DATABASE_URL": f"postgres://{auth}{host}:{db.get('PORT') or 5432}/{db['NAME']}"}


class DaphneChild:
    """One daphne process; ``env`` adds settings (``TABLE_BOT_DELAY=0.05`` and such)."""

    def __init__(self, log_path: Path, **env):
        self.port = free_port()
        self.log_path = log_path
        self.env = {
            **os.environ,
            **database_env(),
            "REDIS_URL": redis_url(),
            "DEBUG": "1",
            # No collected files: pages link the plain static names and WhiteNoise
            # serves the source files, as in the tests' own servers (tests/conftest.py),
            # never the hashed copies an earlier `make run` left in the checkout
            # (mahjong_site/static_files.py).
            "STATIC_ROOT": str(log_path.with_name(log_path.name + ".no-static")),
            **{k: str(v) for k, v in env.items()},
        }
        self.process: subprocess.Popen | None = None

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30):
        daphne = Path(sys.executable).with_name("daphne")
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [str(daphne), "-b", "127.0.0.1", "-p", str(self.port), "mahjong_site.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        limit = time.monotonic() + timeout
        while time.monotonic() < limit:
            if self.process.poll() is not None:
                tail = self.log_path.read_bytes()[-2000:].decode(errors="replace")
                raise RuntimeError(f"daphne exited ({self.log_path}): {tail}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("daphne did not start listening")

    def kill(self) -> None:
        """A crash: no clean shutdown, nothing released."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if not self.log.closed:
            self.log.close()
