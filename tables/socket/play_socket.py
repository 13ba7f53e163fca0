"""The Play now socket (``/ws/play/``): the queue, presence online, invitations live.

Every page a signed-in member has open holds one (``layout.html``), so it also says the
member is online (:mod:`tables.online`), and an invitation reaches them on any page.

In (JSON): ``{"play": "join", "ruleset": <id>, "length": "tonpuusen"|"hanchan",
"bots": ""|"club"|"10"|...}`` to queue, ``{"play": "leave"}`` to leave, ``{"here": 1}``
every minute or so from an open page. Out: HTML fragments marked ``hx-swap-oob``:
``#play-now-status`` (``data-state``: ``idle``, ``waiting`` or ``matched``, with
``data-table-url`` when matched) and ``#play-now-error`` (``data-error``: a code such as
``signed_out``, ``no_ruleset``, ``twice``, ``seated``, ``cooling_off``,
``rate_limited``, ``malformed``), ``#play-notice`` for a new invitation. A refused
message changes nothing and the socket stays open.

Closing the socket (the tab, the network) takes the member out of the queue they
joined with it. A match made in any process reaches the members' sockets through the
channel layer (the group :func:`member_group`), as does the driver's wake-up.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.template.loader import render_to_string

from tables import clock as clocks
from tables import matchmaking, online
from tables.play_news import announce, member_group
from tables.socket import broadcast, limits

from .consumers import LeavingConsumer, account_of
from .dbwork import in_pool

if TYPE_CHECKING:
    from tables.matchmaking import Matched
    from tables.models import QueueEntry

log = logging.getLogger(__name__)


def status_html(
    entry: QueueEntry | None = None, matched_url: str = "", error: tuple[str, str] | None = None
) -> str:
    return render_to_string(
        "tables/_play_now_status.html",
        {
            "entry": entry,
            "matched_url": matched_url,
            "error": error,
            "go_after_ms": int(settings.PLAY_NOW_GO_DELAY_MS),
        },
    )


def join_rate_bucket(account: int) -> limits.TokenBucket:
    """The member's budget of joins and leaves in this process (a flood is refused)."""
    buckets = in_memory_buckets()
    bucket = buckets.get(account)
    if bucket is None:
        bucket = buckets[account] = limits.TokenBucket.full(
            settings.PLAY_NOW_RATE, settings.PLAY_NOW_BURST, clocks.current()
        )
    return bucket


def in_memory_buckets() -> dict[int, limits.TokenBucket]:
    from tables.runtime import RUNTIME

    return RUNTIME.memo("tables.play_now_buckets")


class PlayNowConsumer(LeavingConsumer):
    async def connect(self) -> None:
        self.limits = limits.SocketLimits()
        self.account = account_of(self.scope)
        await self.accept()  # a signed-out socket is answered, not refused (see receive)
        if self.account is None:
            return
        await self.channel_layer.group_add(member_group(self.account), self.channel_name)
        await self.join_session()
        if self.ended:
            return
        entry = await in_pool(self.arrive)()
        await self.send(text_data=status_html(entry))

    def arrive(self) -> QueueEntry | None:
        online.seen(self.account, clocks.current().now())
        return matchmaking.entry_of(self.scope["user"])

    async def leave(self) -> None:
        if getattr(self, "account", None) is None:
            return
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(member_group(self.account), self.channel_name)
        try:
            left = await in_pool(self.depart)()
        except Exception:  # the database may be what failed: the row stays until the next try
            log.warning("play socket: leaving the queue failed", exc_info=True)
            return
        if left:
            with contextlib.suppress(Exception):
                await broadcast.lobby_changed_async()

    def depart(self) -> bool:
        online.seen(self.account, clocks.current().now())
        return matchmaking.leave(self.scope["user"], channel=self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.limits.allow():
            await self.refuse("rate_limited", "Too many messages: slow down")
            return
        if self.limits.too_large(text_data, bytes_data):
            await self.refuse("too_large", "That message is too large")
            return
        data = limits.read_message(text_data)
        if not isinstance(data, dict):
            await self.refuse("malformed", 'Send JSON such as {"play": "leave"}')
            return
        if data.get("here"):
            if self.account is not None:
                await in_pool(online.seen)(self.account, clocks.current().now())
            return
        what = data.get("play")
        if what not in ("join", "leave"):
            await self.refuse("malformed", 'Send {"play": "join", ...} or {"play": "leave"}')
            return
        if self.account is None:
            await self.refuse("signed_out", "Sign in to play")
            return
        if not join_rate_bucket(self.account).take(clocks.current().now().timestamp()):
            await self.refuse(
                "rate_limited",
                "Too many joins and leaves: wait a few seconds before pressing again",
            )
            return
        try:
            if what == "join":
                entry, made = await in_pool(self.join_queue)(data)
            else:
                entry, made = await in_pool(self.leave_queue)()
        except matchmaking.QueueError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send(text_data=status_html(entry))
        await announce(made)
        await broadcast.lobby_changed_async()
        if entry is not None and entry.bots_at is not None:
            # every process's driver plans the bots' arrival
            await self.channel_layer.group_send(broadcast.DRIVER_GROUP, {"type": "driver.claim"})

    def join_queue(self, data: dict[str, Any]) -> tuple[QueueEntry | None, list[Matched]]:
        ruleset, length = data.get("ruleset"), data.get("length")
        if isinstance(data.get("kind"), str):  # the lobby's choice: "<ruleset id>:<length>"
            ruleset, _, length = data["kind"].partition(":")
        entry = matchmaking.join(
            self.scope["user"],
            ruleset,
            length,
            bots_wait=True if data.get("bots") == "club" else data.get("bots"),
            channel=self.channel_name,
        )
        made = matchmaking.match(entry.ruleset_id, entry.length)
        still = matchmaking.entry_of(self.scope["user"])
        return still, made

    def leave_queue(self) -> tuple[None, list[Matched]]:
        if not matchmaking.leave(self.scope["user"]):
            raise matchmaking.QueueError("not_waiting", "You are not waiting in a queue")
        return None, []

    async def refuse(self, code: str, message: str) -> None:
        await self.send(text_data=status_html(error=(code, message), entry=None))

    async def play_matched(self, event: dict[str, Any]) -> None:
        await self.send(text_data=status_html(matched_url=event["url"]))

    async def play_invited(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["html"])
