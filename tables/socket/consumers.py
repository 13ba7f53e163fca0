"""WebSocket consumers. They stay thin: parse, call one function, push partials.

Table socket protocol (``/ws/tables/<id>/``, optional ``?invite=<token>`` and
``?page=<game id or empty>``, the game the page was rendered with; a page showing
another game than the current one is sent a reload instead of frames):

* in: JSON ``{"action": "<seat>:<type>[:<tile>[:<tiles>]]", "version": <int>}`` from a
  seated, signed-in player (the version its frames showed: the shown version, see
  :mod:`tables.play.hidden_claims`) (htmx's ws-send adds a ``HEADERS`` key, ignored); or
  ``{"settings": 1, "auto_win": "on", ...}`` to change the seat's auto toggles
  (a toggle that is missing is off, as with an HTML form).
* out: HTML fragments marked ``hx-swap-oob``. After every change this socket may see
  (an open claim only reaches the seats it asks) ``#table-board``
  (it carries ``data-version``), plus whichever of ``#table-hand``, ``#table-panel``,
  ``#table-status`` and ``#table-error`` changed for this socket; all of them on
  connect and after a refusal. Each socket gets its own seat's view, spectators the
  spectator view. A refused message gets ``#table-error`` with ``data-error`` set to
  a code (``malformed``, ``not_seated``, ``not_started``, ``illegal``, ``stale``,
  ``finished``, ``missing``, ``rate_limited``, ``too_large``, ``failed``) and the socket stays
  open; a stale one is first sent the current table. Rate and size limits (see
  :mod:`tables.socket.limits`) are checked before a message is parsed. A socket refused at connect (no such table, a private table
  without its invite) is closed with code 4404 before anything is sent.
"""

from __future__ import annotations

import contextlib
import logging
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db.models import Case, F, When
from django.db.models.functions import Greatest

from players import terms
from tables import clock as clocks
from tables import lobby, matchmaking, play_news
from tables.drawing import fragments, frames
from tables.models import Seat, Table
from tables.play import claim_forms, runner, twins
from tables.play.submit import StaleVersion, SubmitError, parse_move, submit
from tables.socket import broadcast, layer_outage, limits, outage, presence, sessions
from tables.socket.screen import TableScreen

from .dbwork import in_pool

log = logging.getLogger(__name__)
LOBBY_GROUP = broadcast.LOBBY_GROUP
TOGGLES = ("auto_win", "no_calls", "auto_riichi_discard", "sort_hand")


def account_of(scope) -> int | None:
    """The signed-in account of a socket (whose shared message budget it spends)."""
    user = scope.get("user")
    return user.pk if user is not None and user.is_authenticated else None


def lobby_error(code: str, message: str) -> str:
    return fragments.lobby_error(code, message)


class LeavingConsumer(AsyncWebsocketConsumer):
    """A consumer whose bookkeeping of leaving (``leave``) runs however it ends.

    A consumer that crashes (a channel layer error, a bug) is never sent its
    websocket.disconnect, so ``leave`` runs here too, whatever ended the socket: a
    seat must not stay "connected", nor a group keep a member, behind a dead socket.
    ``leave`` runs once.

    A signed-in member's socket also joins its session's group and its member's (see
    :mod:`tables.socket.sessions`): signing out, or a new password, closes it, and from then
    on it is not read.
    """

    session_groups: tuple[str, ...] = ()
    ended = False  # closed because its sign-in ended: nothing more is read or sent

    async def __call__(self, scope, receive, send):
        layer_outage.opened(self)
        try:
            await super().__call__(scope, receive, send)
        except Exception as exc:
            if layer_outage.is_layer_failure(exc):  # the other sockets may be deaf now
                await layer_outage.close_all(type(exc).__name__, but=self)
            raise
        finally:
            layer_outage.closed(self)
            await self.leave_once()

    async def disconnect(self, code):
        await self.leave_once()

    async def leave_once(self) -> None:
        if getattr(self, "left", False):
            return
        self.left = True
        for group in self.session_groups:
            with contextlib.suppress(Exception):  # the layer may be what failed
                await self.channel_layer.group_discard(group, self.channel_name)
        await self.leave()

    async def leave(self) -> None:
        raise NotImplementedError

    async def join_session(self) -> None:
        """Join the groups that close this socket, then make sure its sign-in still
        exists: a sign-out between the handshake and the join told nobody."""
        for group in sessions.groups_of_scope(self.scope):
            await self.channel_layer.group_add(group, self.channel_name)
            self.session_groups = (*self.session_groups, group)
        if self.session_groups and not await in_pool(sessions.still_signed_in)(self.scope):
            await self.session_ended({"type": "session.ended"})

    async def dispatch(self, message):
        if self.ended and message["type"] != "websocket.disconnect":
            return
        await super().dispatch(message)

    async def session_ended(self, event):
        """The member signed out of the session this socket was opened with."""
        self.ended = True
        await self.close(code=sessions.CLOSE_CODE)


class LobbyConsumer(LeavingConsumer):
    """Everyone on the lobby page hears about table changes through one group."""

    async def connect(self):
        # Only a per-socket budget: the lobby socket reads nothing, so an account's
        # table budget is not spent on it.
        self.limits = limits.SocketLimits()
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.join_session()
        if self.ended:  # signed out meanwhile: the handshake is refused
            return
        await self.accept()
        runner.ensure_running()

    async def leave(self) -> None:
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        # The lobby is read-only over the socket; actions go through plain forms.
        # Every message is still answered, so a confused client learns why nothing
        # happens; a flood is answered at the socket's rate only.
        if not self.limits.allow():
            await self.send(text_data=lobby_error("rate_limited", "Too many messages."))
        elif self.limits.too_large(text_data, bytes_data):
            await self.send(text_data=lobby_error("too_large", "That message is too large."))
        else:
            await self.send(text_data=lobby_error("listen_only", "The lobby socket only listens."))

    async def lobby_update(self, event):
        """Forward a rendered fragment (hx-swap-oob) to this browser."""
        await self.send(text_data=event["html"])


class TableConsumer(TableScreen, LeavingConsumer):
    """One socket of a seated player or a spectator at one table: connecting, leaving
    and the messages from the browser; what it is sent is :class:`TableScreen`'s."""

    async def dispatch(self, message):
        # Channels closes stale database connections before every message, which is a
        # trip to the database thread for each of the frames a move fans out to; this
        # consumer reaches the database only through in_pool(), which looks after
        # its connections itself, so the trip is left out.
        if self.ended and message["type"] != "websocket.disconnect":
            return  # signed out: the socket is closed and its messages are not read
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        # Limits first: every socket that can receive has them (see tables.socket.limits).
        self.limits = limits.SocketLimits(account_of(self.scope))
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.seat: int | None = None
        self.seat_pk: int | None = None
        self.game_id: int | None = None
        self.sent_version = -1  # the stored version this socket has caught up with
        self.screen = None  # (state, shown version) of the last frame sent
        self.held = None  # (version, state, shown, timers) a call window holds back
        self.frames = frames.SeatFrames(None)
        query = parse_qs(self.scope.get("query_string", b"").decode(), keep_blank_values=True)
        token = query.get("invite", [""])[0]
        # The game the page was rendered with ("" for the seating page). A socket of a
        # page that shows another game (it started between the page load and the
        # handshake) gets the page reloaded instead of frames it has no place for.
        page_game = query.get("page", [None])[0]
        # Accept first, then look the table up: daphne drops a handshake that is not
        # answered within a few seconds, and under load the database may be slower.
        # Nothing is sent before the check, and a refused socket is closed with 4404.
        await self.accept()
        found = await in_pool(self.load_table)(token)
        if not found:
            await self.close(code=4404)
            return
        if page_game is not None and page_game != str(self.game_id or ""):
            self.game_id = None
            await self.send(text_data=frames.reload_fragment(self.table_id))
            return
        await self.join_session()
        if self.ended:  # signed out meanwhile: closed
            return
        await self.channel_layer.group_add(broadcast.table_group(self.table_id), self.channel_name)
        self.joined = True
        if self.game_id is not None:
            presence.watch(self.game_id, +1)
        runner.ensure_running()
        if self.seat is not None:
            connected = await in_pool(self.mark_connection)(+1)
            await broadcast.send_presence(self.table_id, self.game_id, self.seat, connected)
            if self.game_id is None:  # a Play now table starts once all four are here
                matched = await in_pool(matchmaking.start_matched)(self.table_id)
                if matched is not None:
                    await play_news.announce([matched])
        if self.game_id is not None:
            # Who is here, read again now that this socket hears the news of it: a seat
            # that came or went after the seats were first read, but said so before this
            # socket joined the group, would show the wrong way until its next news.
            await in_pool(self.load_names)()
        await self.send_current()

    async def leave(self) -> None:
        """Count this socket out (after disconnect() or a crash)."""
        if getattr(self, "limits", None) is not None:
            self.limits.close()  # the account's shared bucket counts this socket out
        if not getattr(self, "joined", False):  # refused, or sent to reload, at connect
            return
        if self.game_id is not None and presence.watch(self.game_id, -1) == 0:
            shown = self.screen[0] if self.screen is not None else None
            if shown is not None and shown.finished:  # the game is over and unwatched here
                frames.forget_game(self.game_id, shown)
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(
                broadcast.table_group(self.table_id), self.channel_name
            )
        if getattr(self, "seat_pk", None) is not None:
            try:
                connected = await in_pool(self.mark_connection)(-1)
            except outage.DATABASE_ERRORS:
                return  # the seat's flag is set right when it next connects
            with contextlib.suppress(Exception):
                await broadcast.send_presence(self.table_id, self.game_id, self.seat, connected)

    # --- database work (runs in a worker thread) -----------------------------------

    def load_table(self, token: str) -> bool:
        table = Table.objects.filter(pk=self.table_id).select_related("ruleset").first()
        user = self.scope.get("user")
        if table is None or not lobby.may_see(table, user, token):
            return False
        self.table_status = table.status
        self.table_is_tournament = table.is_tournament
        game = table.current_game()
        self.game_id = game.pk if game else None
        self.load_seats(user)
        # Someone playing the same tiles at another table may not watch this one.
        return self.seat is not None or not twins.plays_a_twin(user, game)

    def load_names(self) -> list[Seat]:
        """The table's seats as stored, in seat order; ``names`` is set from them."""
        seats = list(Seat.objects.filter(table_id=self.table_id).select_related("player"))
        seats.sort(key=lambda s: s.index)
        self.names = [
            {"name": s.occupant, "bot": s.bot_level, "connected": s.connected or bool(s.bot_level)}
            for s in seats
        ]
        return seats

    def load_seats(self, user=None) -> None:
        user = user or self.scope.get("user")
        seats = self.load_names()
        if user is not None and user.is_authenticated:
            mine = next((s for s in seats if s.player_id == user.pk and not s.bot_level), None)
            if mine is not None:
                self.seat, self.seat_pk = mine.index, mine.pk
                aids = mine.player.learning_aids and not getattr(self, "table_is_tournament", True)
                self.frames = frames.SeatFrames(mine.index, mine.sort_hand, aids)
        self.frames.terms = terms.terms_of(user)  # Japanese terms or English names
        self.frames.event = bool(getattr(self, "table_is_tournament", False))

    def mark_connection(self, change: int) -> bool:
        """Count this socket in or out; whether the seat is still connected somewhere."""
        presence.change(self.seat_pk, change)
        now = clocks.current().now()
        # One UPDATE computes the count and the flag together: no read-then-write
        # transaction that SQLite could refuse under concurrent writers.
        count = Greatest(F("connections") + change, 0)
        Seat.objects.filter(pk=self.seat_pk).update(
            connections=count,
            connected=Case(When(connections__gt=-change, then=True), default=False),
            last_seen=now,
        )
        return Seat.objects.filter(pk=self.seat_pk).values_list("connected", flat=True).first()

    def save_settings(self, data: dict) -> None:
        values = {name: bool(data.get(name)) for name in TOGGLES}
        Seat.objects.filter(pk=self.seat_pk).update(**values)
        self.frames.sort = values["sort_hand"]

    # --- messages from the browser --------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        # Both limits are checked before the message is read: a flood or a huge
        # message costs no parsing and no database work, and nothing is applied.
        if not self.limits.allow():
            await self.send_error(
                "rate_limited", "Too many messages: slow down, that one was not read"
            )
            return
        if self.limits.too_large(text_data, bytes_data):
            await self.send_error(
                "too_large",
                f"That message is larger than {self.limits.max_bytes} bytes and was not read",
            )
            return
        try:
            await self.handle(limits.read_message(text_data))
        except outage.DATABASE_ERRORS:
            # The database is down: nothing was applied (submit commits or not at
            # all), the socket stays open and the player may send the move again.
            await self.send_error(outage.CODE, outage.MESSAGE)
        except Exception:
            # A fault of ours must not cost the player their socket either.
            log.exception("table socket: a message could not be handled")
            await self.send_error("failed", "That message could not be handled")

    async def handle(self, data) -> None:
        """Answer one parsed message of a seated player or a spectator."""
        if not isinstance(data, dict):
            await self.send_error(
                "malformed", 'send JSON such as {"action": "0:discard:5m.1", "version": 12}'
            )
            return
        if self.seat is None:
            await self.send_error("not_seated", "you are watching this table: only its players act")
            return
        if "settings" in data:
            await in_pool(self.save_settings)(data)
            await broadcast.send_settings(self.table_id, self.game_id)
            if self.game_id is not None:  # the hand may be sorted differently now
                await self.show_again()
            return
        if self.game_id is None:
            await self.send_error("not_started", "the game has not started yet")
            return
        if "claim_form" in data:  # a claim-panel form: its fields make the action's text
            data = {**data, "action": claim_forms.form_action(data, self.seat)}
        action, version = data.get("action"), data.get("version")
        if not isinstance(action, str) or version is None:
            await self.send_error(
                "malformed", 'a move needs "action" (text such as 0:discard:5m.1) and "version"'
            )
            return
        try:
            move = parse_move(action)  # read once, here: submit takes the Action
            accepted = await in_pool(submit)(
                self.game_id, self.seat, move, version, clock=clocks.current(), shown=True
            )
        except SubmitError as exc:
            if isinstance(exc, StaleVersion):
                await self.send_current()
            await self.send_error(exc.code, exc.message[:1].upper() + exc.message[1:])
            return
        try:
            await broadcast.send_update(
                self.table_id, broadcast.update_event(accepted, accepted.timers)
            )
        except Exception as exc:
            # The move is stored: a channel layer that fails now (Redis restarting)
            # must not make the player believe it was refused, and the news is lost.
            # Every socket of this process, this one included, opens a new socket and
            # is shown the stored table (see tables.socket.layer_outage). Any other error is
            # this process's own: the layer still holds every group, so only this
            # socket is shown the stored table.
            log.exception("table socket: a stored move could not be announced")
            if layer_outage.is_layer_failure(exc):
                await layer_outage.close_all("a stored move could not be announced")
            else:
                await self.send_current()
