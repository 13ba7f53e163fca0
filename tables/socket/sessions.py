"""Signing out ends the sockets opened under that sign-in.

A socket is authenticated once, at its handshake, with the session cookie it came
with; later, signing out (which ends the session) would not reach it. So every
socket of a signed-in member joins a group named after its session, and signing out
sends that group a ``session.ended`` event: each consumer closes its socket (on any
process, through the channel layer). The member's other sessions (another device,
still signed in) keep theirs. The group name is a digest of the session key, which
itself never travels through the channel layer.

A new password ends every sign-in of the member (Django checks each session against
the password), so it closes every socket of theirs: each such socket also joins the
member's own group, which a saved new password tells to close. A socket that
reconnects afterwards is no longer signed in.
"""

from __future__ import annotations

import hashlib
import logging
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from tables.socket.broadcast import layer
from tables.socket.messages import SessionEnded, encode

if TYPE_CHECKING:
    from channels.consumer import Scope
    from django.http import HttpRequest

log = logging.getLogger(__name__)
CLOSE_CODE = 4401  # the socket's sign-in ended


def session_group(session_key: str) -> str:
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def member_group(member_pk: int) -> str:
    return f"member-{member_pk}"


def group_of_scope(scope: Scope) -> str | None:
    """The session group of a socket of a signed-in member (None for anyone else)."""
    user = scope.get("user")
    session = scope.get("session")
    if user is None or not user.is_authenticated or session is None:
        return None
    key = getattr(session, "session_key", None)
    return session_group(key) if key else None


def still_signed_in(scope: Scope) -> bool:
    """Whether the sign-in a socket was opened with still exists (database work)."""
    session = scope.get("session")
    key = getattr(session, "session_key", None)
    return bool(key) and session is not None and session.exists(key)


def groups_of_scope(scope: Scope) -> list[str]:
    """The groups whose ``session.ended`` closes this socket: its sign-in's, its member's."""
    group = group_of_scope(scope)
    return [] if group is None else [group, member_group(scope["user"].pk)]


@receiver(user_logged_out, dispatch_uid="tables.socket.sessions.close_sockets")
def close_sockets(
    sender: object, request: HttpRequest | None = None, user: object = None, **kwargs: Any
) -> None:
    """Runs just before the session is flushed: tell its sockets to close."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if not key:
        return
    async_to_sync(layer().group_send)(session_group(key), encode(SessionEnded()))


@receiver(
    post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="tables.socket.sessions.new_password"
)
def close_sockets_on_new_password(
    sender: object, instance: Any = None, created: bool = False, **kwargs: Any
) -> None:
    """A saved new password (``set_password`` keeps it in ``_password`` until the save
    is done) ends every sign-in of the member: close all their sockets."""
    if created or getattr(instance, "_password", None) is None:
        return
    try:
        async_to_sync(layer().group_send)(member_group(instance.pk), encode(SessionEnded()))
    except Exception:  # the password is saved; a channel layer that is down must not undo it
        log.exception("the sockets of member %s could not be told to close", instance.pk)
