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

from . import board_markup
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
    bytes of a frame. A full frame (on connect, after a refusal) carries everything.
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
        if full:
            parts = [drawing.board.html(True)]
        else:
            # The middle always changes; of the corners, usually one or two do.
            parts = [drawing.centre.html(True)]
            parts.extend(
                corner.html(True)
                for corner, sent in zip(drawing.corners, self.corners, strict=True)
                if corner.markup != sent
            )
            # Buttons carry the version, so a hand with choices changes with every version.
            if drawing.hand is not None:
                parts.append(drawing.hand.html(True))
            if drawing.callout.news != self.news:
                parts.append(drawing.callout.html(True))
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
