"""Rendering one seat's (or a spectator's) table frame from a game state.

A frame is a handful of fragments marked ``hx-swap-oob`` (board, own hand, result
panel, error area) so htmx's ws extension swaps each into place. The same
partials, without the oob marks, make up the table page itself.
"""

from __future__ import annotations

import datetime as dt
import threading

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html

from rules.engine import GameState, seat_view, spectator_view

from . import (
    board_markup,
    claim_screens,
    coaching,
    hand_markup,
    hand_presenters,
    news_presenters,
    presenters,
    result_markup,
    states,
)
from . import timers as timing
from .runtime import RUNTIME, cached_games, keep_at_most


def countdown(
    view, game_timers: timing.Timers | None, now: dt.datetime, event: bool = False
) -> dict | None:
    """The countdown this viewer is shown: their own when asked to act, else the turn's.

    Who is deciding on a call is never shown to others: that would tell them who
    can call the tile. A disputed claim at an event table waits for the referee, with
    no clock (:mod:`tables.referees`).
    """
    if game_timers is None or view.final is not None:
        return None
    disputed = view.win_claim is not None and view.win_claim.overruled is not None
    if event and view.phase == "review" and disputed:
        return None
    if view.seat is not None and view.legal:
        seat, mine = view.seat, True
    elif view.phase == "turn":
        seat, mine = view.turn, False
    else:
        return None
    base, bank = timing.seconds_left(game_timers, seat, now)
    return {"seat": seat, "mine": mine, "base": round(base, 1), "bank": round(bank, 1)}


# The shared parts are kept in this process's runtime (RUNTIME.frames), oldest out
# first. A state's parts are drawn when its first viewer here is sent it and read by
# the others within moments; a lagging socket or a held call window may still show the
# state before. So two per game kept (runtime.cached_games) is all the live tables use.
_lock = threading.Lock()
FRAMES_PER_GAME = 2


def names_key(names: list[dict]) -> tuple:
    return tuple((n["name"], n.get("bot", ""), n.get("connected", True)) for n in names)


def shared_context(state: GameState, names: list[dict], language: str | None = None) -> dict:
    """What every viewer of one state sees, rendered once per process.

    Keyed by the state object itself (kept alive in the entry, so its id cannot be
    reused), by the seat names, which carry the connection badges, and by the words
    in use (players.terms: Japanese terms or English names).
    """
    key = (id(state), names_key(names), language or translation.get_language())
    hit = RUNTIME.frames.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    context = presenters.shared_context(spectator_view(state), hand=state.hand_index, names=names)
    context["news"] = news_presenters.latest_news(state, names)
    context["seats_html"] = board_markup.seats(context)
    # Most states have no result to show: no need to run the template for them.
    context["panel_html"] = result_markup.panel_body(context)
    with _lock:
        RUNTIME.frames[key] = (state, context)
        keep_at_most(RUNTIME.frames, FRAMES_PER_GAME * cached_games())
    return context


def clear() -> None:
    with _lock:
        RUNTIME.frames.clear()


def forget_game(game_id: int, state: GameState) -> None:
    """Drop a finished game's state and the shared parts of its frames from this
    process's caches (no socket here shows it any longer). Its states all carry the
    game's setup; another game with an equal setup (a fixed ``TABLE_SEED``) only loses
    entries that are drawn again when needed."""
    states.forget(game_id)
    setup = state.setup
    with _lock:
        gone = [
            key
            for key, (kept, _) in RUNTIME.frames.items()
            if kept.setup is setup or kept.setup == setup
        ]
        for key in gone:
            del RUNTIME.frames[key]


def game_links(table_id: int, game_id: int | None, seat: int | None) -> dict:
    """Where the final standings lead: the record, the lobby, and for a player a new
    table with the same seats."""
    return {
        "record": reverse("history:game", args=[game_id]) if game_id else "",
        "lobby": reverse("tables:lobby"),
        "again": reverse("tables:again", args=[table_id]) if seat is not None else "",
    }


def with_links(context: dict, links: dict | None) -> dict:
    """The final standings with this viewer's links (rendered only once, at the end)."""
    if context["final"] and links:
        context["game_links"] = links
        context["panel_html"] = result_markup.panel_body(context)
    return context


def table_context(
    state: GameState,
    seat: int | None,
    version: int,
    names: list[dict],
    game_timers: timing.Timers | None,
    now: dt.datetime,
    order: list | None = None,
    sort: bool = True,
    links: dict | None = None,
    event: bool = False,
) -> dict:
    view = seat_view(state, seat)
    context = with_links(dict(shared_context(state, names)), links)
    context.update(
        presenters.viewer_context(
            view,
            hand=state.hand_index,
            version=version,
            countdown=countdown(view, game_timers, now, event),
            order=order,
            sort=sort,
        )
    )
    context["claim_html"] = claim_screens.render(
        view, state.hand_index, version, names, event=event
    )
    return context


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
        self.links: dict | None = None  # set by the socket before the game's end
        self.news = None
        self.sort = sort
        self.aids = aids and seat is not None  # the seat's learning aids (see tables.coaching)
        self.aids_html = None
        self.order: list | None = None
        self.hand_key = None
        self.corners: list = [None] * 4
        self.panel = None
        self.finished = None
        self.error_shown = False
        self.claim_html = ""
        self.event = False  # an event table (tables.referees), set by the socket

    def render(
        self,
        state: GameState,
        version: int,
        names: list[dict],
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
        names: list[dict],
        game_timers: timing.Timers | None,
        now: dt.datetime,
        full: bool,
    ) -> str:
        view = seat_view(state, self.seat)
        context = with_links(dict(shared_context(state, names, self.terms)), self.links)
        context.update(
            {
                "version": version,
                "me": self.seat,
                "viewer": self.seat if self.seat is not None else 0,
                "spectator": self.seat is None,
                "countdown": countdown(view, game_timers, now, self.event),
                "hand": None,
            }
        )
        corners = context["seats_html"]
        hand_key = (
            state.hand_index,
            view.hand,
            view.drawn,
            view.legal,
            version if view.legal else None,
            view.waits,
            view.furiten,
            view.claim_tile,
            view.melds[self.seat] if self.seat is not None else None,
            self.sort,
        )
        if (full or hand_key != self.hand_key) and self.seat is not None:
            context["hand"] = hand_presenters.hand_context(
                view, state.hand_index, version, self.order, self.sort, self.terms
            )
            self.order = context["hand"]["order"]
        if full:
            parts = [board_markup.board(context, True)]
            self.hand_key = hand_key
        else:
            # The middle always changes; of the corners, usually one or two do.
            parts = [board_markup.center(context, True)]
            parts.extend(
                board_markup.corner(html)
                for html, sent in zip(corners, self.corners, strict=True)
                if html != sent
            )
            # Buttons carry the version, so a hand with choices changes with every version.
            if hand_key != self.hand_key:
                parts.append(hand_markup.hand(context, True))
                self.hand_key = hand_key
            if context["news"] != self.news:
                parts.append(board_markup.news(context, True))
        self.corners = list(corners)
        self.news = context["news"]
        if self.aids:
            # unseen counts change with every discard anywhere, not only with the hand
            aids_html = coaching.render(view, oob=True)
            if full or aids_html != self.aids_html:
                parts.append(aids_html)
                self.aids_html = aids_html
        # the claim panel of a claimed win (empty otherwise, and then rarely sent)
        claim_html = claim_screens.render(
            view, state.hand_index, version, names, oob=True, event=self.event
        )
        if full or claim_html != self.claim_html:
            parts.append(claim_html)
            self.claim_html = claim_html
        if full or context["panel_html"] != self.panel:
            parts.append(result_markup.panel(context, True))
            self.panel = context["panel_html"]
        if full or context["finished"] != self.finished:
            parts.append(board_markup.status(context, True))
            self.finished = context["finished"]
        if full or self.error_shown:
            parts.append(board_markup.ERROR_CLEAR)
            self.error_shown = False
        return "".join(parts)


def page_sections(context: dict) -> dict:
    """The same sections for the table page, without the out-of-band marks."""
    return {
        "board_html": board_markup.board(context),
        "panel_section": result_markup.panel(context),
        "claim_html": context.get("claim_html") or claim_screens.render_empty(),
        "status_html": board_markup.status(context),
    }


def error_frame(code: str, message: str) -> str:
    return board_markup.error(code, message)


def reload_fragment(table_id: int) -> str:
    """Makes the page fetch itself again (the table opened, started, or its seats changed)."""
    url = reverse("tables:table", args=[table_id])
    return format_html(
        '<div id="table-live" hx-swap-oob="true" hx-get="{}" hx-trigger="load" '
        'hx-select="#table-page" hx-target="#table-page" hx-swap="outerHTML"></div>',
        url,
    )
