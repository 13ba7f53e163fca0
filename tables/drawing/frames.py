"""A table socket's frames: the sections of :func:`tables.drawing.draw` that changed.

A frame is a handful of sections marked ``hx-swap-oob`` (board or its parts, own hand,
result panel, claim panel, aids, error area) so htmx's ws extension swaps each into
place. The page draws the same sections without the marks (``templates/tables/table.html``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString

from rules.engine import GameState
from tables.play import timers as timing

from . import board_markup, deltas, hand_markup
from .sections import HandKey
from .table import (
    FRAMES_PER_GAME,
    Links,
    Names,
    clear,
    countdown,
    draw,
    forget_game,
    game_links,
    shared_context,
)
from .tile_markup import markup

# What the sockets also take from here (the shared parts of a state are drawn once per
# process, in tables.drawing.table).
__all__ = [
    "FRAMES_PER_GAME",
    "SeatFrames",
    "clear",
    "countdown",
    "error_frame",
    "forget_game",
    "game_links",
    "reload_fragment",
    "shared_context",
]


class SeatFrames:
    """The frames of one socket, sending only the sections that changed.

    The middle of the board changes after every move, but most corners of the
    board, the own hand of a seat that is not asked to act, the result panel and
    the status badge do not; leaving them out saves rendering them and most of the
    bytes of a frame. A full frame (on connect, after a refusal) carries everything;
    after it, a frame carries only the parts of the board that changed since this
    socket's last frame (:mod:`tables.drawing.deltas`).
    """

    def __init__(self, seat: int | None, sort: bool = True, aids: bool = False, terms: str = ""):
        self.seat = seat
        self.terms = terms or settings.LANGUAGE_CODE  # the viewer's words (players.terms)
        self.links: Links | None = None  # set by the socket before the game's end
        self.news: object = None
        self.sort = sort
        # the seat's learning aids (see tables.learning_aids)
        self.aids = aids and seat is not None
        self.aids_html: SafeString | None = None
        self.order: list[int] | None = None
        self.hand_key: HandKey | None = None
        self.corners: list[SafeString | None] = [None] * 4
        # the seats' data and the middle's parts on this socket's board, and the hand
        # index and red fives they were drawn for (None: no board sent yet)
        self.seats: list[deltas.SeatData] | None = None
        self.middle: dict[str, SafeString] | None = None
        self.drawn_for: tuple[Any, ...] | None = None
        self.version = -1  # the version of the last frame
        self.panel: SafeString | None = None
        self.finished: bool | None = None
        self.error_shown = False
        self.claim_html: SafeString | str = ""
        self.event = False  # an event table (tables.referees), set by the socket
        self.kept: dict[str, Any] = {}  # the result kept for this seat (table.keep_result)

    def render(
        self,
        state: GameState,
        version: int,
        names: Names,
        game_timers: timing.Timers | None,
        now: dt.datetime,
        full: bool = False,
    ) -> str:
        if translation.get_language() == self.terms:  # the usual case: no switching
            return self._render(state, version, names, game_timers, now, full)
        with translation.override(self.terms):
            return self._render(state, version, names, game_timers, now, full)

    def _render(
        self,
        state: GameState,
        version: int,
        names: Names,
        game_timers: timing.Timers | None,
        now: dt.datetime,
        full: bool,
    ) -> str:
        drawing = draw(
            state,
            self.seat,
            version,
            names,
            now=now,
            timers=game_timers,
            sort=self.sort,
            order=self.order,
            links=self.links,
            event=self.event,
            aids=self.aids,
            terms=self.terms,
            shown_hand=None if full else self.hand_key,
            kept=self.kept,
        )
        if drawing.order is not None:
            self.order = drawing.order
        frame = drawing.centre.frame
        drawn_for = (frame["hand_index"], frame["reds"])
        if self.seats is None:  # nothing on this socket's board yet
            full = True
        if full:
            parts = [drawing.board.html(True)]
            self.middle = board_markup.center_parts(frame)
        else:
            parts, self.middle = deltas.centre_changes(self.middle, frame, self.version)
            corners = [corner.markup for corner in drawing.corners]
            if drawn_for == self.drawn_for and self.seats is not None:
                parts += deltas.board_changes(
                    frame["changes"], self.seats, frame["seats"], corners, *drawn_for
                )
            else:  # another hand: every seat that changed is sent whole
                parts.extend(
                    board_markup.corner(html)
                    for html, sent in zip(corners, self.corners, strict=True)
                    if html != sent
                )
            if drawing.hand is not None:
                if only_version_changed(self.hand_key, drawing.hand_key):
                    parts.append(hand_markup.hand_marks(version))
                else:
                    parts.append(drawing.hand.html(True))
            if drawing.callout.news != self.news:
                parts.append(drawing.callout.html(True))
        self.seats = frame["seats"]
        self.drawn_for = drawn_for
        self.version = version
        self.hand_key = drawing.hand_key
        self.corners = [corner.markup for corner in drawing.corners]
        self.news = drawing.callout.news
        if drawing.aids is not None:
            # unseen counts change with every discard anywhere, not only with the hand
            aids_html = drawing.aids.html(True)
            if full or aids_html != self.aids_html:
                parts.append(aids_html)
                self.aids_html = aids_html
        # the claim panel of a claimed win (empty otherwise, and then rarely sent)
        claim_html = drawing.claim.html(True)
        if full or claim_html != self.claim_html:
            parts.append(claim_html)
            self.claim_html = claim_html
        if full or drawing.result.body != self.panel:
            parts.append(drawing.result.html(True))
            self.panel = drawing.result.body
        if full or drawing.finished != self.finished:
            parts.append(drawing.status.html(True))
            self.finished = drawing.finished
        if full or self.error_shown:
            parts.append(board_markup.ERROR_CLEAR)
            self.error_shown = False
        return "".join(parts)


def only_version_changed(before: HandKey | None, after: HandKey) -> bool:
    """Whether the own hand shown (``before``) and the one to show differ only in the
    version its buttons send (see ``table.hand_key``: the version is its fifth item,
    set while the seat has moves)."""
    return (
        before is not None
        and bool(after[3])
        and before[:4] == after[:4]
        and before[5:] == after[5:]
    )


def error_frame(code: str, message: str) -> str:
    return board_markup.error(code, message)


def reload_fragment(table_id: int) -> str:
    """Makes the page fetch itself again (the table opened, started, or its seats changed)."""
    url = reverse("tables:table", args=[table_id])
    return markup(
        '<div id="table-live" hx-swap-oob="true" hx-get="{}" hx-trigger="load" '
        'hx-select="#table-page" hx-target="#table-page" hx-swap="outerHTML"></div>',
        url,
    )
