"""Telling every process that a table changed.

One group per table carries small events; no HTML and no hidden tile travels
through the channel layer. Each table consumer renders its own seat's (or the
spectators') view when the event reaches it, so a process only renders for the
sockets it actually holds, and the driver of the table hears the same events.

The events are the typed messages of :mod:`tables.socket.messages` (``table.update``,
``table.presence``, ``table.reveal``, ``table.settings``, ``table.started``, and
``driver.claim`` to every driver, ``lobby.update`` to the lobby); every one is sent
through :func:`send` (or :func:`send_sync` from a view), which encodes it once. A
``table.update`` carries the move's Action, written as text only on the wire, so a
process one version behind catches up without the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from copy import deepcopy
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer

from tables.drawing import fragments
from tables.play import timers as timing
from tables.socket.messages import (
    DriverClaim,
    LobbyUpdate,
    Message,
    TablePresence,
    TableReveal,
    TableSettings,
    TableStarted,
    TableUpdate,
    encode,
)

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
    ``CHANNEL_LAYERS = {"default": {"BACKEND": "tables.socket.broadcast.ThrottledInMemoryChannelLayer"}}``.
    """

    clean_every = 1.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cleaned_at = 0.0

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """``message`` to every member of ``group``: copied once for all of them, and
        queued at once.

        The stock layer copies the message for each member and starts a task per member
        to queue it; a move's news goes to every socket of its table and the driver, so
        that was a copy and a task per socket per move. Every receiver only reads the
        message (it is decoded once into a frozen one, :mod:`tables.socket.messages`),
        so one copy, which the sender cannot change any more, serves them all. A full
        member's queue is skipped, as the stock layer does.
        """
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        members = list(self.groups.get(group, ()))
        if not members:
            return
        shared = deepcopy(message)
        expires = time.time() + self.expiry
        for channel in members:
            queue = self.channels.setdefault(
                channel, asyncio.Queue(maxsize=self.get_capacity(channel))
            )
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait((expires, shared))

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self.cleaned_at < self.clean_every:
            return
        self.cleaned_at = now
        super()._clean_expired()


def layer() -> BaseChannelLayer:
    """The site's channel layer (settings.CHANNEL_LAYERS always names one)."""
    return required(get_channel_layer())


def required(found: BaseChannelLayer | None) -> BaseChannelLayer:
    """``found`` (what ``get_channel_layer()`` answered), which must be a layer.

    Channels answers None when no layer is configured: that is a broken deployment,
    said here in words rather than as an AttributeError on None further on.
    """
    if found is None:
        raise RuntimeError("no channel layer is configured (settings.CHANNEL_LAYERS)")
    return found


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def update_event(accepted: Any, game_timers: timing.Timers) -> TableUpdate:
    """The news of a stored move (a :class:`tables.play.submit.Accepted`)."""
    return TableUpdate(
        game=accepted.game_id,
        version=accepted.version,
        shown=accepted.shown,
        action=accepted.action,
        timers=game_timers,
        # what it led to is held until then (Unix seconds; see tables.play.call_window)
        reveal=accepted.reveal.timestamp() if accepted.reveal else None,
    )


async def send(group: str, message: Message) -> None:
    """Send ``message`` to every member of ``group``, in any process."""
    await layer().group_send(group, encode(message))


def send_sync(group: str, message: Message) -> None:
    """:func:`send` from sync code (a view)."""
    async_to_sync(layer().group_send)(group, encode(message))


def announce(accepted: Any) -> None:
    """From sync code (a view): a stored move (:class:`tables.play.submit.Accepted`),
    announced to its table."""
    send_sync(table_group(accepted.table_id), update_event(accepted, accepted.timers))


async def send_reveal(table_id: int, game_id: int, version: int) -> None:
    """A call window ended: every socket shows what it held of ``version``."""
    await send(table_group(table_id), TableReveal(game_id, version))


async def send_update(table_id: int, update: TableUpdate) -> None:
    await send(table_group(table_id), update)


async def send_presence(table_id: int, game_id: int | None, seat: int, connected: bool) -> None:
    await send(table_group(table_id), TablePresence(game_id, seat, connected))


async def send_settings(table_id: int, game_id: int | None) -> None:
    await send(table_group(table_id), TableSettings(game_id))


async def send_claim() -> None:
    """Every process's driver takes the games it may now (a game began, bots are due)."""
    await send(DRIVER_GROUP, DriverClaim())


def send_started(table_id: int, game_id: int) -> None:
    """From a view (sync code): a table's game started; drivers should claim it now."""
    send_sync(table_group(table_id), TableStarted(game_id))
    send_sync(DRIVER_GROUP, DriverClaim())


def table_changed(table_id: int) -> None:
    """From a view: who sits at an open table changed."""
    send_sync(table_group(table_id), TablePresence(None))


def lobby_refresh_html() -> str:
    """A fragment that makes each lobby page fetch its own list again.

    The list differs per person (private tables, who may leave which seat), so the
    socket carries only the trigger and each browser asks for its own copy.
    """
    return str(fragments.lobby_refresh())  # plain text for the channel layer


def lobby_changed() -> None:
    """From sync code (views): the list of tables changed."""
    async_to_sync(lobby_changed_async)()


async def lobby_changed_async() -> None:
    await send(LOBBY_GROUP, LobbyUpdate(lobby_refresh_html()))
