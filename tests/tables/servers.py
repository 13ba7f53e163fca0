"""Real daphne processes for the restart and several-process tests.

Each server is a child process started the way an operator would start one, on a
free port, pointed at the test database (and Redis, under the services) through
the environment. Waiting here is for another process to become ready, bounded by
a deadline; no test logic depends on timing.
"""

from pathlib import Path

from django.conf import settings

from devtools.daphne_child import DaphneChild


class Server(DaphneChild):
    """A server named for its log file in the test's directory."""

    def __init__(self, log_dir: Path, name: str, **env):
        super().__init__(log_dir / f"{name}.log", **env)


# Quick bots, timers and leases, so a takeover or a resumed game plays on in seconds.
QUICK = {
    "TABLE_BOT_DELAY": 0.05,
    "TABLE_AUTO_DELAY": 0.05,
    "TABLE_RESULT_PAUSE": 0.2,
    # No call window: scripted players answer at network speed, and a window this short
    # would pass for them first (tests/tables/test_call_window.py is about the window).
    "TABLE_CALL_WINDOW": 0,
    "TABLE_LEASE_SECONDS": 2,
    "TABLE_AWAY_GRACE": 60,
}


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
