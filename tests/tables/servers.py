"""Real daphne processes for the restart and several-process tests.

Each server is a child process started the way an operator would start one, on a
free port, pointed at the test database (and Redis, under the services) through
the environment. Waiting here is for another process to become ready, bounded by
a deadline; no test logic depends on timing.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_url() -> str:
    """The services' Redis, read with a socket timeout above channels-redis's 5 s blocking
    pop: redis-py 8 defaults to exactly 5 s, so an idle socket fails on the boundary."""
    url = os.environ.get("REDIS_URL", "")
    if url and "socket_timeout" not in url:
        url += ("&" if "?" in url else "?") + "socket_timeout=30"
    return url


def database_env() -> dict:
    """Environment that points a child process at the database this test uses."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return {"SQLITE_PATH": str(db["NAME"]), "DATABASE_URL": ""}
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return {"DATABASE_URL": f"postgres://{auth}{host}:{port}/{db['NAME']}"}


class Server:
    def __init__(self, log_dir: Path, name: str, **env):
        self.port = free_port()
        self.log_path = log_dir / f"{name}.log"
        self.env = {
            **os.environ,
            **database_env(),
            "REDIS_URL": redis_url(),
            "DEBUG": "1",
            **{k: str(v) for k, v in env.items()},
        }
        self.process = None

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> "Server":
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
                raise RuntimeError(f"daphne exited: {self.log_path.read_text()[-2000:]}")
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
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if not self.log.closed:
            self.log.close()


def session_headers(user) -> dict:
    """Headers of a signed-in browser: a real session row and the site's origin."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return {
        "Cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
        "Origin": "http://127.0.0.1",
    }
