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
from collections import OrderedDict
from typing import TYPE_CHECKING

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from players import terms
from tables import clock as clocks
from tables import matchmaking, online
from tables.models import QueueEntry
from tables.play_news import announce, member_group
from tables.socket import broadcast, limits, storage
from tables.socket.budgets import TokenBucket
from tables.socket.messages import Message, PlayInvited, PlayMatched

from .consumers import LeavingConsumer, account_of
from .dbwork import in_pool

if TYPE_CHECKING:
    from tables.models import QueueEntry

log = logging.getLogger(__name__)


def status_html(
    entry: QueueEntry | None = None,
    matched_url: str = "",
    error: tuple[str, str] | None = None,
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


def join_rate_bucket(account: int) -> TokenBucket:
    """The member's budget of joins and leaves in this process (a flood is refused).

    The budgets of the ``TABLE_MEMO_ENTRIES`` members who used one last are kept, the
    least recently used out first (one left out starts again with a full burst)."""
    from tables.runtime import keep_at_most, memo_entries

    buckets = in_memory_buckets()
    bucket = buckets.get(account)
    if bucket is None:
        bucket = buckets[account] = TokenBucket.full(
            settings.PLAY_NOW_RATE, settings.PLAY_NOW_BURST, clocks.current()
        )
        keep_at_most(buckets, memo_entries())
    else:
        with contextlib.suppress(KeyError):  # another thread dropped it meanwhile
            buckets.move_to_end(account)
    return bucket


def in_memory_buckets() -> OrderedDict[int, TokenBucket]:
    from tables.runtime import RUNTIME

    buckets: OrderedDict[int, TokenBucket] = RUNTIME.memo("tables.play_now_buckets", OrderedDict)
    return buckets


class PlayNowConsumer(LeavingConsumer):
    def status_html(
        self,
        entry: QueueEntry | None = None,
        matched_url: str = "",
        error: tuple[str, str] | None = None,
    ) -> str:
        """The Play now status in the member's language (players.terms)."""
        with translation.override(terms.terms_of(self.scope.get("user"))):
            return status_html(entry, matched_url, error)

    async def connect(self) -> None:
        self.limits = limits.SocketLimits()
        self.account = account = account_of(self.scope)
        await self.accept()  # a signed-out socket is answered, not refused (see receive)
        if account is None:
            return
        await self.channel_layer.group_add(member_group(account), self.channel_name)
        await self.join_session()
        if self.ended:
            return
        now = clocks.current().now()
        entry = await in_pool(storage.arrive)(account, self.scope["user"], now)
        await self.send(text_data=self.status_html(entry))

    async def leave(self) -> None:
        account: int | None = getattr(self, "account", None)
        if account is None:
            return
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(member_group(account), self.channel_name)
        try:
            now = clocks.current().now()
            user = self.scope["user"]
            left = await in_pool(storage.depart)(account, user, self.channel_name, now)
        except Exception:  # the database may be what failed: the row stays until the next try
            log.warning("play socket: leaving the queue failed", exc_info=True)
            return
        if left:
            with contextlib.suppress(Exception):
                await broadcast.lobby_changed_async()

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
            user = self.scope["user"]
            if what == "join":
                entry, made = await in_pool(storage.join_queue)(user, data, self.channel_name)
            else:
                entry, made = await in_pool(storage.leave_queue)(user)
        except matchmaking.QueueError as exc:
            await self.refuse(exc.code, exc.message)
            return
        await self.send(text_data=self.status_html(entry))
        await announce(made)
        await broadcast.lobby_changed_async()
        if entry is not None and entry.bots_at is not None:
            # every process's driver plans the bots' arrival
            await broadcast.send_claim()

    async def refuse(self, code: str, message: str) -> None:
        await self.send(text_data=self.status_html(error=(code, message), entry=None))

    async def hear(self, message: Message) -> None:
        match message:
            case PlayMatched():
                await self.send(text_data=self.status_html(matched_url=message.url))
            case PlayInvited():  # a rendered notice
                await self.send(text_data=message.html)
            case _:
                await super().hear(message)
