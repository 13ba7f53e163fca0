"""Telling every process that a table changed.

One group per table carries small events; no HTML and no hidden tile travels
through the channel layer. Each table consumer renders its own seat's (or the
spectators') view when the event reaches it, so a process only renders for the
sockets it actually holds, and the driver of the table hears the same events.

Event types:

``table.update``   a new version was stored: ``game``, ``version``, ``shown`` (the
                   version frames show, see tables.hidden_claims), ``action`` (its
                   text, so a process one version behind can catch up without the
                   database) and ``timers`` (turn start, deadline as Unix seconds,
                   and the four banks in ms), ``reveal`` (Unix seconds until which
                   what it led to is shown to nobody, or None).
``table.presence`` a seat's socket opened or closed: ``game``, ``seat``,
                   ``connected`` (whether any socket of the seat is still open);
                   without ``seat``: who sits at an open table changed.
``table.reveal``   a call window ended (tables.call_window): ``game``, ``version``;
                   every socket shows what it held of that version.
``table.settings`` a seat changed its auto play: ``game``.
``table.started``  the game of an open table began: ``game``.
"""

from __future__ import annotations

import time

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.urls import reverse
from django.utils.html import format_html

from rules.engine import format_action

from . import timers

LOBBY_GROUP = "lobby"
DRIVER_GROUP = "table-drivers"  # every process's driver listens here


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, cleaning up expired messages at most once a second.

    The stock layer walks every channel and every group membership of the process on
    each ``receive`` and ``group_send``; a move at a table is one group send and five
    receives (four seats and the driver), so with a hundred tables every move paid for
    some three thousand dictionary entries (profiled: a fifth of the event loop's time
    at 100 tables). Messages expire after a minute and memberships after a day, so
    cleaning once a second changes nothing anyone can see. Select it in settings with
    ``CHANNEL_LAYERS = {"default": {"BACKEND": "tables.broadcast.ThrottledInMemoryChannelLayer"}}``.
    """

    clean_every = 1.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cleaned_at = 0.0

    def _clean_expired(self):
        now = time.monotonic()
        if now - self.cleaned_at < self.clean_every:
            return
        self.cleaned_at = now
        super()._clean_expired()


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def update_event(accepted, game_timers) -> dict:
    return {
        "type": "table.update",
        "game": accepted.game_id,
        "version": accepted.version,
        "shown": accepted.shown,
        "action": format_action(accepted.action),
        "timers": timers.to_json(game_timers),
        # what it led to is held until then (Unix seconds; see tables.call_window)
        "reveal": accepted.reveal.timestamp() if accepted.reveal else None,
    }


def announce(accepted) -> None:
    """From sync code (views): a stored move, announced to its table."""
    async_to_sync(send_update)(accepted.table_id, update_event(accepted, accepted.timers))


async def send_reveal(table_id: int, game_id: int, version: int) -> None:
    """A call window ended: every socket shows what it held of ``version``."""
    await get_channel_layer().group_send(
        table_group(table_id), {"type": "table.reveal", "game": game_id, "version": version}
    )


async def send_update(table_id: int, event: dict) -> None:
    await get_channel_layer().group_send(table_group(table_id), event)


async def send_presence(table_id: int, game_id: int | None, seat: int, connected: bool) -> None:
    await get_channel_layer().group_send(
        table_group(table_id),
        {"type": "table.presence", "game": game_id, "seat": seat, "connected": connected},
    )


async def send_settings(table_id: int, game_id: int | None) -> None:
    await get_channel_layer().group_send(
        table_group(table_id), {"type": "table.settings", "game": game_id}
    )


def send_started(table_id: int, game_id: int) -> None:
    """From a view (sync code): a table's game started; drivers should claim it now."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(
        table_group(table_id), {"type": "table.started", "game": game_id}
    )
    async_to_sync(layer.group_send)(DRIVER_GROUP, {"type": "driver.claim"})


def table_changed(table_id: int) -> None:
    """From a view: who sits at an open table changed."""
    async_to_sync(get_channel_layer().group_send)(
        table_group(table_id), {"type": "table.presence", "game": None}
    )


def lobby_refresh_html() -> str:
    """A fragment that makes each lobby page fetch its own list again.

    The list differs per person (private tables, who may leave which seat), so the
    socket carries only the trigger and each browser asks for its own copy.
    """
    # plain text for the channel layer, escaped by format_html
    return str(
        format_html(
            '<div id="lobby-refresh" hx-swap-oob="true" hx-get="{}" '
            'hx-trigger="load" hx-target="#lobby-tables" hx-swap="innerHTML"></div>',
            reverse("tables:lobby_tables"),
        )
    )


def lobby_changed() -> None:
    """From sync code (views): the list of tables changed."""
    async_to_sync(lobby_changed_async)()


async def lobby_changed_async() -> None:
    await get_channel_layer().group_send(
        LOBBY_GROUP, {"type": "lobby.update", "html": lobby_refresh_html()}
    )
