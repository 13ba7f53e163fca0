"""What the site answers while PostgreSQL is unreachable: a clear "try again", not a crash.

When the database is down (restarted, failed over, out of connections), Django raises
``OperationalError`` or ``InterfaceError`` from the first query. Left alone, a table
socket's consumer dies with it (the browser sees its socket close with 1011 and the
move it sent vanish) and a page answers 500 with a traceback. Nothing is lost either
way, because a game changes only through ``submit``'s compare-and-set, which either
committed or did not (a second try at the same version is refused as stale and
shows the table as it is); the player should just be told to try again:

* on a table socket, the error frame :func:`error_frame` (``data-error="unavailable"``),
  after which the socket stays open and the player may send the move again;
* on a page, :class:`DatabaseOutageMiddleware` answers 503 with a short message and
  ``Retry-After``.

Once the database is back, connections recover by themselves: ``CONN_HEALTH_CHECKS``
replaces a dead persistent connection before its next use.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html

from tables.drawing import frames

log = logging.getLogger(__name__)

DATABASE_ERRORS = (OperationalError, InterfaceError)
CODE = "unavailable"
MESSAGE = (
    "The club's database is not answering, so your move was not played. Try again in a moment."
)
RETRY_AFTER = 5  # seconds; a restart of PostgreSQL takes a few


def is_outage(exc: BaseException) -> bool:
    return isinstance(exc, DATABASE_ERRORS)


def error_frame() -> str:
    """The table socket's answer to a message it could not handle for want of a database."""
    return frames.error_frame(CODE, MESSAGE)


def unavailable_response() -> HttpResponse:
    body = format_html(
        "<!doctype html><title>Try again in a moment</title>"
        "<h1>Try again in a moment</h1><p>{}</p>",
        "The club's database is not answering just now. Nothing you did is lost; "
        "reload this page in a few seconds.",
    )
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


class DatabaseOutageMiddleware:
    """Answers 503 instead of 500 when a view fails because the database is down.

    Add ``"tables.socket.outage.DatabaseOutageMiddleware"`` to ``MIDDLEWARE`` (anywhere after
    the session middleware: an outage there is caught too, as it raises through here).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        log.warning("database unavailable for %s: %s", request.path, exception)
        return unavailable_response()
