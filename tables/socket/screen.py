"""What a table socket is sent (see :mod:`tables.socket.consumers` for the protocol): the
current view on connect, after a refusal or a reload; each update, call-window reveal
and presence change its groups announce; and refusals as ``#table-error`` frames.

:class:`TableScreen` is the sending half of :class:`tables.socket.consumers.TableConsumer`;
it reads the consumer's table, seat, frames, names and timers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.engine import parse_action
from tables import clock as clocks
from tables.drawing import frames
from tables.models import Game
from tables.play import call_window, hidden_claims, states
from tables.play import timers as timing

from .dbwork import in_pool

if TYPE_CHECKING:
    from channels.generic.websocket import AsyncWebsocketConsumer
    from django.contrib.auth.models import AnonymousUser

    from players.models import Player
    from rules.engine import GameState
    from tables.drawing.frames import SeatFrames

    _Socket = AsyncWebsocketConsumer  # the consumer this half belongs to
else:
    _Socket = object


class TableScreen(_Socket):
    """Rendering and sending one table socket's screen, and the group events that change it."""

    # What it reads and writes of the consumer (set in TableConsumer.connect).
    table_id: int
    game_id: int | None
    seat: int | None
    frames: SeatFrames
    names: list[dict[str, Any]]
    timers: timing.Timers | None
    sent_version: int
    held: tuple[int, GameState, int, timing.Timers | None] | None
    screen: tuple[GameState, int] | None

    if TYPE_CHECKING:

        def load_seats(self, user: Player | AnonymousUser | None = None) -> None: ...

    def load_latest(
        self,
    ) -> tuple[
        int,
        GameState,
        timing.Timers | None,
        int,
        tuple[int, GameState, int, timing.Timers | None] | None,
    ]:
        """The stored version, what this socket is shown of the game (the state, its
        timers and its shown version), after a restart or from another process."""
        game, state = states.load(self.game_id)
        game_timers = timing.Timers(
            game.turn_started or game.started, game.deadline or game.started, game.bank_ms
        )
        shown = hidden_claims.shown_of(game)
        now = clocks.current().now()
        if call_window.shows_window(game, state, self.seat, now):
            # a call window: its picture now, and what it holds once it ends
            screen, shown_then = call_window.screen(game)
            held = (game.version, state, shown, game_timers)
            return game.version, screen, None, shown_then, held
        screen, current = hidden_claims.screen_state(game, state, self.seat)
        # the timers of an open claim belong to the seats it asks
        return game.version, screen, game_timers if current else None, shown, None

    # --- sending ------------------------------------------------------------------

    async def send_current(self) -> None:
        """The full current view: on connect, after a refusal, after a reload."""
        if self.game_id is None:
            return
        try:
            version, screen, game_timers, shown, held = await in_pool(self.load_latest)()
        except Game.DoesNotExist:
            await self.send_error("missing", "This game no longer exists.")
            await self.close()
            return
        self.timers = game_timers
        self.sent_version = version
        # a held step (its window still open) is shown when the window ends, unless
        # it was settled meanwhile with the claim open (then the next update shows it)
        self.held = held if held is not None and held[1].phase != "calls" else None
        await self.show(screen, shown, full=True)

    async def show(self, state: GameState, shown: int, full: bool = False) -> None:
        """Render ``state`` for this socket with the shown version ``shown`` and send it."""
        if state.finished and self.frames.links is None:
            self.frames.links = frames.game_links(self.table_id, self.game_id, self.seat)
        frame = self.frames.render(
            state, shown, self.names, self.timers, clocks.current().now(), full=full
        )
        self.screen = (state, shown)
        await self.send(text_data=frame)

    async def show_again(self) -> None:
        """The whole of what is on this socket's screen again (its seats or sorting changed)."""
        if self.screen is not None:
            await self.show(*self.screen, full=True)
        else:
            await self.send_current()

    async def send_error(self, code: str, message: str) -> None:
        self.frames.error_shown = True
        await self.send(text_data=frames.error_frame(code, message))

    # --- group events -----------------------------------------------------------------

    async def table_update(self, event: dict[str, Any]) -> None:
        if event["game"] != self.game_id or event["version"] <= self.sent_version:
            return
        version = event["version"]
        action = parse_action(event["action"])  # the channel layer carries text
        state = states.advance(self.game_id, version, action)
        if state is None:
            await self.send_current()
            return
        self.sent_version = version
        now, at = clocks.current().now(), states.before(self.game_id, version)
        timers = timing.Timers(*timing.from_json(event["timers"]))
        show, held = call_window.on_update(
            self.seat, at, state, action, event["shown"], timers, event.get("reveal"), now
        )
        self.held = None if held is None else (version, *held)  # until table.reveal
        if show is not None:
            self.timers = show[2]
            await self.show(show[0], show[1])

    async def table_reveal(self, event: dict[str, Any]) -> None:
        """A call window ended: show what it held."""
        held = getattr(self, "held", None)
        if held is None or event["game"] != self.game_id or event["version"] != held[0]:
            return
        self.held = None
        _version, state, shown, self.timers = held
        await self.show(state, shown)

    async def table_presence(self, event: dict[str, Any]) -> None:
        seat = event.get("seat")
        if seat is not None and self.game_id is not None:
            # A connection came or went: only a badge changes, no need to ask the database.
            entry = self.names[seat]
            shown = event["connected"] or bool(entry["bot"])
            if entry["connected"] == shown:
                return
            self.names = [dict(n) for n in self.names]
            self.names[seat]["connected"] = shown
        else:
            await in_pool(self.load_seats)()
        if self.game_id is not None and event.get("game") == self.game_id:
            await self.show_again()
        elif self.game_id is None:
            await self.send(text_data=frames.reload_fragment(self.table_id))

    async def table_settings(self, event: dict[str, Any]) -> None:
        """Another seat changed its auto play: nothing on this screen changes."""

    async def table_started(self, event: dict[str, Any]) -> None:
        await self.send(text_data=frames.reload_fragment(self.table_id))
