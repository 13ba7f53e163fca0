"""What a table socket is sent (see :mod:`tables.socket.consumers` for the protocol): the
current view on connect, after a refusal or a reload; each update, call-window reveal
and presence change its groups announce; and refusals as ``#table-error`` frames.

A :class:`Screen` belongs to one socket, which holds it: it is made with everything it
reads (the table, the game, the seat, the seat's frames and the names at the table) and
the two things it may do to the socket (send a text frame, close), and it keeps what it
last sent. It reads the database only through :mod:`tables.socket.storage`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from django.utils import translation

from rules.engine import GameState
from tables import clock as clocks
from tables.drawing import frames
from tables.models import Game
from tables.play import call_window, states
from tables.play import timers as timing
from tables.socket import storage
from tables.socket.messages import TablePresence, TableReveal, TableUpdate

from .dbwork import in_pool

Send = Callable[[str], Awaitable[None]]
Close = Callable[[], Awaitable[None]]


class Screen:
    """Rendering and sending one table socket's screen, and the group news that changes it."""

    def __init__(
        self,
        table_id: int,
        game_id: int | None,
        seat: int | None,
        seat_frames: frames.SeatFrames,
        names: list[storage.SeatName],
        send: Send,
        close: Close,
    ) -> None:
        self.table_id = table_id
        self.game_id = game_id  # None: the game has not started (or this page shows none)
        self.seat = seat  # None: a spectator
        self.frames = seat_frames
        self.names = names
        self._send = send
        self._close = close
        self.timers: timing.Timers | None = None  # the countdown shown
        self.sent_version = -1  # the stored version this socket has caught up with
        self.last: tuple[GameState, int] | None = None  # (state, shown version) last sent
        self.held: storage.Held | None = None  # what a call window holds back

    def sit(self, seat: int, seat_frames: frames.SeatFrames) -> None:
        """The socket's member sits at ``seat`` now (its frames start afresh)."""
        self.seat, self.frames = seat, seat_frames

    # --- sending ------------------------------------------------------------------

    async def send_current(self) -> None:
        """The full current view: on connect, after a refusal, after a reload."""
        if self.game_id is None:
            return
        try:
            now = clocks.current().now()
            latest = await in_pool(storage.latest)(self.game_id, self.seat, now)
        except Game.DoesNotExist:
            await self.send_error("missing", "This game no longer exists.")
            await self._close()
            return
        self.timers = latest.timers
        self.sent_version = latest.version
        # a held step (its window still open) is shown when the window ends, unless
        # it was settled meanwhile with the claim open (then the next update shows it)
        held = latest.held
        self.held = held if held is not None and held.state.phase != "calls" else None
        await self.show(latest.state, latest.shown, full=True)

    async def show(self, state: GameState, shown: int, full: bool = False) -> None:
        """Render ``state`` for this socket with the shown version ``shown`` and send it."""
        if state.finished and self.frames.links is None:
            self.frames.links = frames.game_links(self.table_id, self.game_id, self.seat)
        frame = self.frames.render(
            state, shown, self.names, self.timers, clocks.current().now(), full=full
        )
        self.last = (state, shown)
        await self._send(frame)

    async def show_again(self) -> None:
        """The whole of what is on this socket's screen again (its seats or sorting changed)."""
        if self.last is not None:
            await self.show(*self.last, full=True)
        else:
            await self.send_current()

    async def send_error(
        self, code: str, message: str, *, capitalise: bool = False, **words: object
    ) -> None:
        """Show the player why their message was refused, in their words: ``message`` is
        the English source text (``%(name)s`` filled from ``words``), translated under
        the socket's language; one the message file lacks is shown as it is."""
        self.frames.error_shown = True
        with translation.override(self.frames.terms):
            text = translation.gettext(message)
        if capitalise and text == message:  # an English sentence starts with a capital
            text = text[:1].upper() + text[1:]
        if words:
            text = text % words
        await self._send(frames.error_frame(code, text))

    async def reload(self) -> None:
        """Make the page load itself again (it shows no game, or another one)."""
        await self._send(frames.reload_fragment(self.table_id))

    def forget_if_over(self) -> None:
        """The last socket of this process showing the game closes: a finished game
        leaves the process's caches."""
        shown = self.last[0] if self.last is not None else None
        if self.game_id is not None and shown is not None and shown.finished:
            frames.forget_game(self.game_id, shown)

    # --- group news -------------------------------------------------------------------

    async def update(self, news: TableUpdate) -> None:
        """A new version was stored: catch up in memory and show it, if it is for this seat."""
        if news.game != self.game_id or news.version <= self.sent_version:
            return
        version, action = news.version, news.action
        state = states.advance(news.game, version, action)
        if state is None:
            await self.send_current()
            return
        self.sent_version = version
        now, at = clocks.current().now(), states.before(news.game, version)
        show, held = call_window.on_update(
            self.seat, at, state, action, news.shown, news.timers, news.reveal, now
        )
        self.held = None if held is None else storage.Held(version, *held)  # until the reveal
        if show is not None:
            self.timers = show[2]
            await self.show(show[0], show[1])

    async def reveal(self, news: TableReveal) -> None:
        """A call window ended: show what it held."""
        held = self.held
        if held is None or news.game != self.game_id or news.version != held.version:
            return
        self.held = None
        self.timers = held.timers
        await self.show(held.state, held.shown)

    def badge(self, news: TablePresence) -> bool:
        """A seat's socket came or went (``news.seat`` is set and a game is shown): only
        its badge changes, the database need not be asked. Whether anything changed."""
        assert news.seat is not None
        entry = self.names[news.seat]
        shown = news.connected or bool(entry["bot"])
        if entry["connected"] == shown:
            return False
        self.names = [dict(n) for n in self.names]
        self.names[news.seat]["connected"] = shown
        return True

    async def seats_changed(self, game: int | None) -> None:
        """Who sits or is here changed (the names are current): show it."""
        if self.game_id is not None and game == self.game_id:
            await self.show_again()
        elif self.game_id is None:
            await self.reload()
