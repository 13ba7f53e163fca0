"""WebSocket consumers. They stay thin: parse, call one function, push partials.

Table socket protocol (``/ws/tables/<id>/``, optional ``?invite=<token>`` and
``?page=<game id or empty>``, the game the page was rendered with; a page showing
another game than the current one is sent a reload instead of frames):

* in: JSON ``{"action": "<seat>:<type>[:<tile>[:<tiles>]]", "version": <int>}`` from a
  seated, signed-in player (the version its frames showed: the shown version, see
  :mod:`tables.play.hidden_claims`) (htmx's ws-send adds a ``HEADERS`` key, ignored); or
  ``{"settings": 1, "auto_win": "on", ...}`` to change the seat's auto toggles
  (a toggle that is missing is off, as with an HTML form).
* out: HTML fragments marked ``hx-swap-oob``. On connect and after a refusal, the
  whole ``#table-board`` (its ``#table-center`` carries ``data-version``) and every
  other section; after every change this socket may see (an open claim only reaches
  the seats it asks) the parts of the board that changed (:mod:`tables.drawing.deltas`:
  ``#table-center``'s attributes with the version, a discard appended to a pond...),
  plus whichever of ``#table-hand``, ``#table-panel``, ``#table-status`` and
  ``#table-error`` changed for this socket. Each socket gets its own seat's view, spectators the
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
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from players import terms
from tables import clock as clocks
from tables import matchmaking, play_news
from tables.drawing import fragments, frames
from tables.play import claim_forms, driver_process
from tables.play.submit import StaleVersion, SubmitError, parse_move, submit
from tables.socket import broadcast, layer_outage, limits, outage, presence, sessions, storage
from tables.socket.messages import (
    Garbled,
    LobbyUpdate,
    Message,
    SessionEnded,
    TablePresence,
    TableReveal,
    TableSettings,
    TableStarted,
    TableUpdate,
    decode,
    describe,
)
from tables.socket.screen import Screen

from .dbwork import in_pool

if TYPE_CHECKING:
    from channels.consumer import Receive, Scope, Send


log = logging.getLogger(__name__)
LOBBY_GROUP = broadcast.LOBBY_GROUP
TOGGLES = storage.TOGGLES


def account_of(scope: Any) -> int | None:
    """The signed-in account of a socket (whose shared message budget it spends)."""
    user = scope.get("user")
    return user.pk if user is not None and user.is_authenticated else None


def lobby_error(code: str, message: str) -> str:
    return fragments.lobby_error(code, message)


def from_the_browser(message: dict[str, Any]) -> bool:
    """Whether ``message`` is the socket's own (ASGI: connect, receive, disconnect)
    rather than one of the channel layer's (:mod:`tables.socket.messages`)."""
    kind = message.get("type")
    return isinstance(kind, str) and kind.startswith("websocket.")


class LeavingConsumer(AsyncWebsocketConsumer):
    """A consumer whose bookkeeping of leaving (``leave``) runs however it ends.

    A consumer that crashes (a channel layer error, a bug) is never sent its
    websocket.disconnect, so ``leave`` runs here too, whatever ended the socket: a
    seat must not stay "connected", nor a group keep a member, behind a dead socket.
    ``leave`` runs once.

    A signed-in member's socket also joins its session's group and its member's (see
    :mod:`tables.socket.sessions`): signing out, or a new password, closes it, and from then
    on it is not read.

    What the channel layer brings is decoded once, here, and handed to :meth:`hear` as
    a typed message; one that is garbled, or not for this kind of socket, is dropped
    with a log line and the socket stays open.
    """

    session_groups: tuple[str, ...] = ()
    ended = False  # closed because its sign-in ended: nothing more is read or sent

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
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

    async def disconnect(self, code: int) -> None:
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
            await self.session_ended()

    async def dispatch(self, message: dict[str, Any]) -> None:
        if self.ended and message.get("type") != "websocket.disconnect":
            return
        if from_the_browser(message):
            await self.from_browser(message)
        else:
            await self.from_layer(message)

    async def from_browser(self, message: dict[str, Any]) -> None:
        await super().dispatch(message)

    async def from_layer(self, raw: dict[str, Any]) -> None:
        """Decode a channel-layer message once and hear it (a garbled one is dropped)."""
        try:
            message = decode(raw)
        except Garbled as exc:
            log.warning(
                "%s dropped a garbled channel-layer message (%s): %s",
                type(self).__name__,
                exc,
                describe(raw),
            )
            return
        if isinstance(message, SessionEnded):
            await self.session_ended()
        else:
            await self.hear(message)

    async def hear(self, message: Message) -> None:
        """A message of the channel layer this kind of socket has no use for."""
        log.warning("%s dropped a message not meant for it: %r", type(self).__name__, message)

    async def session_ended(self) -> None:
        """The member signed out of the session this socket was opened with."""
        self.ended = True
        await self.close(code=sessions.CLOSE_CODE)


class LobbyConsumer(LeavingConsumer):
    """Everyone on the lobby page hears about table changes through one group."""

    async def connect(self) -> None:
        # Only a per-socket budget: the lobby socket reads nothing, so an account's
        # table budget is not spent on it.
        self.limits = limits.SocketLimits()
        # Accepted first, as the table's and Play now's sockets are: a sign-out while
        # the handshake waits then closes it with the sign-out's code, which the page
        # hears; a refused handshake would only show as an error in its console.
        await self.accept()
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.join_session()
        if self.ended:  # signed out meanwhile: closed with sessions.CLOSE_CODE
            return
        driver_process.ensure_running()

    async def leave(self) -> None:
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # The lobby is read-only over the socket; actions go through plain forms.
        # Every message is still answered, so a confused client learns why nothing
        # happens; a flood is answered at the socket's rate only.
        if not self.limits.allow():
            await self.send(text_data=lobby_error("rate_limited", "Too many messages."))
        elif self.limits.too_large(text_data, bytes_data):
            await self.send(text_data=lobby_error("too_large", "That message is too large."))
        else:
            await self.send(text_data=lobby_error("listen_only", "The lobby socket only listens."))

    async def hear(self, message: Message) -> None:
        if isinstance(message, LobbyUpdate):  # a rendered fragment (hx-swap-oob)
            await self.send(text_data=message.html)
        else:
            await super().hear(message)


class TableConsumer(LeavingConsumer):
    """One socket of a seated player or a spectator at one table: connecting, leaving
    and the messages from the browser. What it is sent is its :class:`Screen`'s; its
    database work is :mod:`tables.socket.storage`'s."""

    seat_pk: int | None = None  # the member's seat at this table, if any
    joined = False  # in the table's group (not refused, not sent to reload)

    async def from_browser(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every message, which is a
        # trip to the database thread for each of the frames a move fans out to; this
        # consumer reaches the database only through in_pool(), which looks after
        # its connections itself, so the trip is left out.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def close_socket(self) -> None:
        await self.close()

    def new_screen(self, game_id: int | None) -> Screen:
        return Screen(
            self.table_id,
            game_id,
            None,
            frames.SeatFrames(None),
            [],
            self.send_text,
            self.close_socket,
        )

    def take_seats(self, seats: storage.Seats) -> None:
        """The table's seats as read: the names shown and, if the member sits here, its seat."""
        self.screen.names = seats.names
        if seats.mine is not None:
            mine = seats.mine
            self.seat_pk = mine.pk
            self.screen.sit(mine.index, frames.SeatFrames(mine.index, mine.sort_hand, mine.aids))
        # Japanese terms or English names, or Japanese (a visitor's browser may ask for it)
        self.screen.frames.terms = terms.socket_terms(self.scope, seats.terms)
        self.screen.frames.event = self.is_tournament

    async def connect(self) -> None:
        # Limits first: every socket that can receive has them (see tables.socket.limits).
        self.limits = limits.SocketLimits(account_of(self.scope))
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.is_tournament = False
        self.screen = self.new_screen(None)
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
        found = await in_pool(storage.find_table)(self.table_id, self.scope.get("user"), token)
        if found is None:
            await self.close(code=4404)
            return
        self.is_tournament = found.is_tournament
        self.screen = self.new_screen(found.game_id)
        self.take_seats(found.seats)
        game_id, seat = found.game_id, self.screen.seat
        if page_game is not None and page_game != str(game_id or ""):
            self.screen.game_id = None
            await self.screen.reload()
            return
        await self.join_session()
        if self.ended:  # signed out meanwhile: closed
            return
        await self.channel_layer.group_add(broadcast.table_group(self.table_id), self.channel_name)
        self.joined = True
        if game_id is not None:
            presence.watch(game_id, +1)
        driver_process.ensure_running()
        if seat is not None and self.seat_pk is not None:
            now = clocks.current().now()
            connected = await in_pool(storage.mark_connection)(self.seat_pk, +1, now)
            await broadcast.send_presence(self.table_id, game_id, seat, connected)
            if game_id is None:  # a Play now table starts once all four are here
                matched = await in_pool(matchmaking.start_matched)(self.table_id)
                if matched is not None:
                    await play_news.announce([matched])
        if game_id is not None:
            # Who is here, read again now that this socket hears the news of it: a seat
            # that came or went after the seats were first read, but said so before this
            # socket joined the group, would show the wrong way until its next news.
            self.screen.names = await in_pool(storage.read_names)(self.table_id)
        await self.screen.send_current()

    async def leave(self) -> None:
        """Count this socket out (after disconnect() or a crash)."""
        if getattr(self, "limits", None) is not None:
            self.limits.close()  # the account's shared bucket counts this socket out
        if not self.joined:  # refused, or sent to reload, at connect
            return
        game_id, seat = self.screen.game_id, self.screen.seat
        if game_id is not None and presence.watch(game_id, -1) == 0:
            self.screen.forget_if_over()  # the game is over and unwatched here
        with contextlib.suppress(Exception):  # the layer may be what failed
            await self.channel_layer.group_discard(
                broadcast.table_group(self.table_id), self.channel_name
            )
        if self.seat_pk is not None and seat is not None:
            try:
                now = clocks.current().now()
                connected = await in_pool(storage.mark_connection)(self.seat_pk, -1, now)
            except outage.DATABASE_ERRORS:
                return  # the seat's flag is set right when it next connects
            with contextlib.suppress(Exception):
                await broadcast.send_presence(self.table_id, game_id, seat, connected)

    # --- news from the table's group ---------------------------------------------------

    async def hear(self, message: Message) -> None:
        match message:
            case TableUpdate():
                await self.screen.update(message)
            case TableReveal():
                await self.screen.reveal(message)
            case TablePresence():
                await self.presence_changed(message)
            case TableSettings():
                pass  # another seat changed its auto play: nothing on this screen changes
            case TableStarted():
                await self.screen.reload()
            case _:
                await super().hear(message)

    async def presence_changed(self, news: TablePresence) -> None:
        if news.seat is not None and self.screen.game_id is not None:
            if not self.screen.badge(news):
                return
        else:
            user = self.scope.get("user")
            seats = await in_pool(storage.read_seats)(self.table_id, user, self.is_tournament)
            self.take_seats(seats)
        await self.screen.seats_changed(news.game)

    # --- messages from the browser --------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Both limits are checked before the message is read: a flood or a huge
        # message costs no parsing and no database work, and nothing is applied.
        if not self.limits.allow():
            await self.screen.send_error(
                "rate_limited", "Too many messages: slow down, that one was not read"
            )
            return
        if self.limits.too_large(text_data, bytes_data):
            await self.screen.send_error(
                "too_large",
                "That message is larger than %(limit)s bytes and was not read",
                limit=self.limits.max_bytes,
            )
            return
        try:
            await self.handle(limits.read_message(text_data))
        except outage.DATABASE_ERRORS:
            # The database is down: nothing was applied (submit commits or not at
            # all), the socket stays open and the player may send the move again.
            await self.screen.send_error(outage.CODE, outage.MESSAGE)
        except Exception:
            # A fault of ours must not cost the player their socket either.
            log.exception("table socket: a message could not be handled")
            await self.screen.send_error("failed", "That message could not be handled")

    async def handle(self, data: object) -> None:
        """Answer one parsed message of a seated player or a spectator."""
        screen = self.screen
        if not isinstance(data, dict):
            await screen.send_error(
                "malformed", 'send JSON such as {"action": "0:discard:5m.1", "version": 12}'
            )
            return
        if screen.seat is None or self.seat_pk is None:
            await screen.send_error(
                "not_seated", "you are watching this table: only its players act"
            )
            return
        if "settings" in data:
            screen.frames.sort = await in_pool(storage.save_settings)(self.seat_pk, data)
            await broadcast.send_settings(self.table_id, screen.game_id)
            if screen.game_id is not None:  # the hand may be sorted differently now
                await screen.show_again()
            return
        if screen.game_id is None:
            await screen.send_error("not_started", "the game has not started yet")
            return
        if "claim_form" in data:  # a claim-panel form: its fields make the action's text
            data = {**data, "action": claim_forms.form_action(data, screen.seat)}
        action, version = data.get("action"), data.get("version")
        if not isinstance(action, str) or version is None:
            await screen.send_error(
                "malformed", 'a move needs "action" (text such as 0:discard:5m.1) and "version"'
            )
            return
        try:
            move = parse_move(action)  # read once, here: from now on it is an Action
            accepted = await in_pool(submit)(
                screen.game_id, screen.seat, move, version, clock=clocks.current(), shown=True
            )
        except SubmitError as exc:
            if isinstance(exc, StaleVersion):
                await screen.send_current()
            await screen.send_error(exc.code, exc.message, capitalise=True)
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
                await screen.send_current()
