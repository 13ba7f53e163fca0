"""Signing out ends the sockets opened under that sign-in.

A socket is authenticated once, at its handshake, with the session cookie it came
with; later, signing out (which ends the session) would not reach it. So every
socket of a signed-in member joins a group named after its session, and signing out
sends that group a ``session.ended`` event: each consumer closes its socket (on any
process, through the channel layer). The member's other sessions (another device,
still signed in) keep theirs. The group name is a digest of the session key, which
itself never travels through the channel layer.
"""

from __future__ import annotations

import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

CLOSE_CODE = 4401  # the socket's sign-in ended


def session_group(session_key: str) -> str:
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def group_of_scope(scope) -> str | None:
    """The session group of a socket of a signed-in member (None for anyone else)."""
    user = scope.get("user")
    session = scope.get("session")
    if user is None or not user.is_authenticated or session is None:
        return None
    key = getattr(session, "session_key", None)
    return session_group(key) if key else None


@receiver(user_logged_out, dispatch_uid="tables.sessions.close_sockets")
def close_sockets(sender, request=None, user=None, **kwargs) -> None:
    """Runs just before the session is flushed: tell its sockets to close."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if not key:
        return
    async_to_sync(get_channel_layer().group_send)(session_group(key), {"type": "session.ended"})
