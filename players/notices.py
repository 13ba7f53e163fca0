"""Notices: what the site tells a member, under the bell and (if they chose) by e-mail.

Any app may call :func:`notify` (``players`` sits below ``tables`` and
``tournaments``): it stores a :class:`~players.models.Notice` and, when the member has
an address and chose this kind by mail, queues one :class:`~players.models.MailOut`
row. Nothing is sent inside the request: the queue's worker (:mod:`players.mail_queue`)
is woken after the transaction commits, so a rollback sends nothing and a slow or
failing mail server never holds a page.

The bell (:func:`bell`, a context processor) costs one query per page: the member's
unread count.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from .models import NOTICE_KINDS, MailOut, Notice, Player

Clock = Callable[[], datetime.datetime]
KINDS = dict(NOTICE_KINDS)


def wants_mail(member: Player, kind: str) -> bool:
    """Whether ``member`` has an address and chose ``kind`` by mail."""
    return bool(member.email) and kind in (member.mail_notices or [])


def absolute(url: str) -> str:
    """``url`` as a whole address for an e-mail (``SITE_URL`` in front of a path)."""
    if url.startswith("/"):
        return settings.SITE_URL.rstrip("/") + url
    return url


def notify(
    member,
    kind: str,
    text: str,
    url: str,
    *,
    mail_subject: str | None = None,
    clock: Clock = timezone.now,
) -> Notice | None:
    """Tell ``member`` ``text`` (linking to ``url``); ``None`` for nobody to tell.

    Bots, placeholders and missing members are skipped. The notice is mailed too when
    the member chose ``kind`` by mail (subject ``mail_subject``, else the text).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown notice kind {kind!r}")
    if member is None or member.is_bot or member.is_placeholder or not member.is_active:
        return None
    now = clock()
    notice = Notice.objects.create(
        member=member, kind=kind, text=text[:300], url=url[:300], created=now
    )
    if wants_mail(member, kind):
        subject = mail_subject or f"{settings.CLUB_NAME}: {text}"
        with translation.override(words_of(member)):
            footer = gettext(
                "You chose to receive these by e-mail; change it on your settings page: %(url)s"
            ) % {"url": absolute("/players/preferences/")}
        MailOut.objects.create(
            to=member.email,
            subject=" ".join(subject.split())[:200],
            body=f"{text}\n\n{absolute(url)}\n\n{footer}\n",
            notice=notice,
            created=now,
            next_try=now,
        )
        transaction.on_commit(_wake)
    return notice


def words_of(member) -> str:
    """The language a notice to ``member`` is written in: their site language and words
    (players.terms), whoever's request makes the notice."""
    from .terms import terms_of

    return terms_of(member)


def notify_all(members: Iterable, kind: str, text: str, url: str, **kwargs) -> int:
    """:func:`notify` each member once (a member named twice is told once)."""
    seen: set[int] = set()
    count = 0
    for member in members:
        if member is None or member.pk in seen:
            continue
        seen.add(member.pk)
        count += notify(member, kind, text, url, **kwargs) is not None
    return count


def _wake() -> None:
    from . import mail_queue

    mail_queue.wake()


def unread_count(member) -> int:
    return Notice.objects.filter(member=member, read=None).count()


def recent(member, limit: int = 100) -> list[Notice]:
    return list(Notice.objects.filter(member=member)[:limit])


def mark_all_read(member, *, clock: Clock = timezone.now) -> int:
    return Notice.objects.filter(member=member, read=None).update(read=clock())


def mark_read(notice: Notice, *, clock: Clock = timezone.now) -> None:
    if notice.read is None:
        Notice.objects.filter(pk=notice.pk, read=None).update(read=clock())


def bell(request) -> dict:
    """Context processor: the signed-in member's unread count (one query)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": unread_count(user)}
