"""Drawing one viewer's table: :func:`draw`, the one way the page and the socket's frames
get the table, and the parts of a state every viewer shares, drawn once per process.
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

from django.urls import reverse
from django.utils import translation

from rules.engine import GameState, SeatView, learning_aids, seat_view, spectator_view
from tables.play import states
from tables.play import timers as timing
from tables.runtime import RUNTIME, cached_games, keep_at_most

from . import (
    board_markup,
    claim_presenters,
    hand_presenters,
    news_presenters,
    presenters,
    result_markup,
)
from .sections import (
    AidsPanel,
    Board,
    CallOut,
    Centre,
    ClaimPanel,
    Corner,
    Drawing,
    FrameData,
    Hand,
    HandKey,
    ResultPanel,
    Status,
)

Names = list[dict[str, Any]]  # each seat's name, bot level and connection ("name", "bot", ...)
Links = dict[str, str]  # where the final standings lead (game_links)


def countdown(
    view: SeatView, game_timers: timing.Timers | None, now: dt.datetime, event: bool = False
) -> dict[str, Any] | None:
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


def names_key(names: Names) -> tuple[tuple[Any, Any, Any], ...]:
    return tuple((n["name"], n.get("bot", ""), n.get("connected", True)) for n in names)


def shared_context(state: GameState, names: Names, language: str | None = None) -> FrameData:
    """What every viewer of one state sees, rendered once per process.

    Keyed by the state object itself (kept alive in the entry, so its id cannot be
    reused), by the seat names, which carry the connection badges, and by the words
    in use (players.terms: Japanese terms or English names).
    """
    key = (id(state), names_key(names), language or translation.get_language())
    hit = RUNTIME.frames.get(key)
    if hit is not None and hit[0] is state:
        context: FrameData = hit[1]
        return context
    context = presenters.shared_context(spectator_view(state), hand=state.hand_index, names=names)
    context["news"] = news_presenters.latest_news(state, names)
    context["seats_html"] = board_markup.seats(context)
    # what brings a board from an earlier state's seats to these (deltas.board_changes)
    context["changes"] = {}
    # Most states have no result to show: no need to run the template for them.
    context["panel_html"] = result_markup.panel_body(context)
    # the sections every viewer of the state shares, made once with the rest
    context["shared_sections"] = (
        tuple(Corner(i, html) for i, html in enumerate(context["seats_html"])),
        CallOut(context["news"]),
        Status(context["finished"]),
        ResultPanel(context["panel_html"]),
    )
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


def game_links(table_id: int, game_id: int | None, seat: int | None) -> Links:
    """Where the final standings lead: the record, the lobby, and for a player a new
    table with the same seats."""
    return {
        "record": reverse("history:game", args=[game_id]) if game_id else "",
        "lobby": reverse("tables:lobby"),
        "again": reverse("tables:again", args=[table_id]) if seat is not None else "",
    }


def with_links(context: FrameData, links: Links | None) -> FrameData:
    """The final standings with this viewer's links (rendered only once, at the end)."""
    if context["final"] and links:
        context["game_links"] = links
        context["panel_html"] = result_markup.panel_body(context)
    return context


def keep_result(
    frame: FrameData, view: SeatView, hand: int, names: Names, kept: dict[str, Any] | None = None
) -> FrameData:
    """``frame`` with the last hand's result a seated viewer has not moved past yet
    (:func:`presenters.kept_result`); ``kept`` caches its panel by hand for one socket."""
    result = presenters.kept_result(view, hand=hand, names=names)
    if result is None:
        return frame
    if kept is not None and kept.get("hand") == hand:
        frame["result"], frame["panel_html"] = result, kept["html"]
        return frame
    frame["result"] = result
    frame["panel_html"] = result_markup.panel_body(frame)
    if kept is not None:
        kept.update(hand=hand, html=frame["panel_html"])
    return frame


def hand_key(view: SeatView, hand: int, version: int, sort: bool) -> HandKey:
    """Everything the own hand shows: its buttons carry the version, so a hand with
    choices changes with every version. The tile up for a call shows only beside the
    call buttons (hand_presenters.hand_context): without moves, a new discard does not
    change the hand."""
    return (
        hand,
        view.hand,
        view.drawn,
        view.legal,
        version if view.legal else None,
        view.waits,
        view.furiten,
        view.claim_tile if view.legal else None,
        view.melds[view.seat] if view.seat is not None else None,
        sort,
    )


def draw(
    state: GameState,
    seat: int | None,
    version: int,
    names: Names,
    *,
    now: dt.datetime,
    timers: timing.Timers | None = None,
    sort: bool = True,
    order: list[int] | None = None,
    links: Links | None = None,
    event: bool = False,
    aids: bool = False,
    terms: str | None = None,
    shown_hand: HandKey | None = None,
    kept: dict[str, Any] | None = None,
) -> Drawing:
    """The table as seat ``seat`` (None: a spectator) sees ``state``, in typed sections.

    Only :func:`~rules.engine.visibility.seat_view` of the state is drawn. ``version``
    is the version the viewer is shown (its buttons send it back); ``timers`` the
    game's clocks, when they run for this viewer; ``sort`` and ``order`` how the own
    hand is arranged; ``links`` where the final standings lead; ``event`` an event
    table (a disputed review waits for its referee); ``aids`` the seat's learning aids;
    ``terms`` the words in use (players.terms), by default the active language;
    ``shown_hand`` the :attr:`Drawing.hand_key` the viewer already shows, whose hand
    is then not drawn again (``Drawing.hand`` is None); ``kept`` a socket's cache of the
    result it keeps for its seat (:func:`keep_result`).
    """
    view = seat_view(state, seat)
    hand_no = state.hand_index
    frame = with_links(dict(shared_context(state, names, terms)), links)
    keep_result(frame, view, hand_no, names, kept)
    frame["version"] = version
    frame["me"] = seat
    frame["viewer"] = seat if seat is not None else 0
    frame["spectator"] = seat is None
    frame["countdown"] = countdown(view, timers, now, event)
    frame["hand"] = None
    key = hand_key(view, hand_no, version, sort)
    drawn = key != shown_hand
    if drawn and seat is not None:
        frame["hand"] = hand_presenters.hand_context(view, hand_no, version, order, sort, terms)
    own = frame["hand"]
    corners, callout, status, result = frame["shared_sections"]
    if result.body is not frame["panel_html"]:  # the final standings with this viewer's links
        result = ResultPanel(frame["panel_html"])
    # positional: a frame is drawn for every socket after every move
    return Drawing(
        seat,
        version,
        Board(frame),
        corners,
        Centre(frame),
        Hand(frame, key) if drawn else None,
        key,
        own["order"] if own else None,
        callout,
        result,
        status,
        ClaimPanel(claim_presenters.context(view, hand_no, version, names, event)),
        AidsPanel(learning_aids(view)) if aids and seat is not None else None,
    )
