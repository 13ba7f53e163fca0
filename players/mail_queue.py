"""The e-mail queue: :class:`~players.models.MailOut` rows worked off outside requests.

:func:`send_due` sends every mail that is due, one at a time, through Django's mail
framework (``EMAIL_BACKEND``: the console by default, SMTP from the environment). It
claims a row by moving its ``next_try`` forward by a lease (a compare-and-set, so two
processes never send one mail); a sent mail is marked ``sent``; a failure (the server
down, a refusal) keeps the row and moves ``next_try`` forward with back-off
(:func:`backoff`), so nothing is lost and it is tried again later. A process that dies
while sending leaves the lease to run out and the mail is tried again.

Each process has one daemon worker thread (:func:`wake` starts or nudges it) that runs
:func:`send_due` when woken and every ``MAIL_QUEUE_POLL`` seconds; ``manage.py
send_mail_queue`` does the same from cron or by hand. Time is injected (``now``).
"""

from __future__ import annotations

import datetime
import logging
import threading

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import connections
from django.utils import timezone

from .models import MailOut

log = logging.getLogger(__name__)

LEASE = datetime.timedelta(minutes=5)
FIRST_RETRY = 60  # seconds; doubled after each failure
LAST_RETRY = 6 * 3600


def backoff(attempts: int) -> datetime.timedelta:
    """The wait after the ``attempts``-th failure: 1, 2, 4 ... minutes, at most 6 hours."""
    return datetime.timedelta(seconds=min(FIRST_RETRY * 2 ** max(attempts - 1, 0), LAST_RETRY))


def _claim(mail: MailOut, now: datetime.datetime) -> bool:
    taken = MailOut.objects.filter(pk=mail.pk, sent=None, next_try=mail.next_try).update(
        next_try=now + LEASE
    )
    return taken == 1


def send_one(mail: MailOut, now: datetime.datetime, connection=None) -> bool:
    """Send a claimed mail; ``True`` when sent, else its next try is set."""
    message = EmailMessage(
        mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to], connection=connection
    )
    try:
        message.send(fail_silently=False)
    except Exception as error:  # the server down or refusing: keep it, try later
        attempts = mail.attempts + 1
        MailOut.objects.filter(pk=mail.pk).update(
            attempts=attempts,
            next_try=now + backoff(attempts),
            last_error=f"{type(error).__name__}: {error}"[:300],
        )
        log.warning("mail %s to %s not sent (attempt %s): %s", mail.pk, mail.to, attempts, error)
        return False
    MailOut.objects.filter(pk=mail.pk).update(sent=now, attempts=mail.attempts + 1)
    return True


def send_due(now: datetime.datetime | None = None, limit: int = 200) -> int:
    """Send the mails due at ``now``; returns how many went out."""
    now = now or timezone.now()
    due = list(MailOut.objects.filter(sent=None, next_try__lte=now).order_by("next_try")[:limit])
    if not due:
        return 0
    sent = 0
    connection = get_connection(fail_silently=False)
    for mail in due:
        if _claim(mail, now):
            sent += send_one(mail, now, connection)
    return sent


def pending() -> int:
    return MailOut.objects.filter(sent=None).count()


class Worker:
    """The process's one mail thread: sends when woken and every ``poll`` seconds."""

    def __init__(self, poll: float):
        self.poll = poll
        self.nudge = threading.Event()
        self.stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def wake(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="mail-queue", daemon=True)
                self._thread.start()
        self.nudge.set()

    def stop(self) -> None:
        """End the thread after its current round (tests; a process just exits)."""
        self.stopping.set()
        self.nudge.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while True:
            self.nudge.wait(self.poll)
            self.nudge.clear()
            if self.stopping.is_set():
                return
            try:
                send_due()
            except Exception:  # the database away: the rows wait for the next round
                log.exception("the mail queue could not run")
            finally:
                connections.close_all()


_worker: Worker | None = None
_worker_lock = threading.Lock()


def wake() -> None:
    """Start or nudge this process's worker (unless ``MAIL_QUEUE_WORKER`` is off)."""
    global _worker
    if not settings.MAIL_QUEUE_WORKER:
        return
    with _worker_lock:
        if _worker is None:
            _worker = Worker(settings.MAIL_QUEUE_POLL)
    _worker.wake()
