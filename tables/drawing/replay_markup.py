"""The replay's board as HTML: each player's corner (placed by its ``pos-*`` class, turned
toward the viewer), the dora and the result screen of the hand's last step.

``history.replayer`` decides what each step shows (the seat's view, or every hand open
once the game has ended, with a draw hidden or a last discard shown); this module draws
it with the live table's pieces (``tile_markup``, ``seat_presenters``, ``result_markup``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from rules.engine import HandResult, SeatView
from rules.templatetags.words import points_text

from . import result_markup, result_presenters
from .seat_presenters import POSITIONS, meld_data, pond_data, seat_wind
from .tile_markup import backs, join, markup, melds, row, tile

# a seat's concealed tiles shown face up: its tiles and its drawn tile (or None)
OpenHand = tuple[Sequence[int], int | None]


def replay_seat(s: dict[str, Any]) -> SafeString:
    """One player's corner of the replay board (placed by its ``pos-*`` class)."""
    badges = []
    if s["riichi"]:
        badges.append(
            markup(
                '<span class="riichi-stick" title="{}">{}</span>',
                gettext("In riichi"),
                pgettext("badge", "riichi"),
            )
        )
    if s["dealer"]:
        badges.append(
            markup('<span class="badge dealer-badge">{}</span>', pgettext("badge", "dealer"))
        )
    wind = pgettext("wind", s["wind"])
    return markup(
        '<div class="seat-area pos-{}{}" data-seat="{}">'
        '<div class="seat-head"><span class="wind{}" title="{}">{}</span> '
        '<strong class="seat-name">{}</strong> {} <span class="score" title="{}">{}</span></div>'
        '<div class="seat-tiles"><span class="concealed tiles tiles-small">{}</span>'
        '<span class="melds tiles tiles-small">{}</span></div>'
        '<div class="river tiles tiles-small" role="group" aria-label="{}">{}</div></div>',
        s["position"],
        " is-turn" if s["turn"] else "",
        s["seat"],
        " dealer" if s["dealer"] else "",
        gettext("Seat wind %(wind)s") % {"wind": wind},
        wind[0],
        s["name"],
        join(badges),
        gettext("Points"),
        points_text(s["score"]),
        s["concealed"],
        s["melds"],
        gettext("Discards of %(name)s") % {"name": s["name"]},
        s["river"],
    )


def own_row(
    tiles: Sequence[int], drawn: int | None, hand_no: int, reds: tuple[int, ...]
) -> SafeString:
    shown = row(tiles, hand_no, reds)
    if drawn is None:
        return shown
    return markup("{}{}", shown, tile(drawn, hand_no, reds, "drawn"))


def seats(
    view: SeatView,
    *,
    hand_no: int,
    reds: tuple[int, ...],
    names: Sequence[str],
    viewer: int | None,
    shown: Sequence[OpenHand] | None = None,
    turn_shown: bool = True,
) -> list[dict[str, Any]]:
    """The four corners of the board from ``viewer``'s side (None: East at the bottom),
    in the order the board places them. ``shown``: every hand face up (a finished game
    replayed with all hands open); ``turn_shown``: whose turn it is is marked."""
    orientation = viewer if viewer is not None else 0
    out = []
    for seat in range(4):
        relative = (seat - orientation) % 4
        if shown is not None:
            tiles, drawn = shown[seat]
            concealed = own_row(tiles, drawn, hand_no, reds)
        elif seat == viewer:
            concealed = own_row(list(view.hand), view.drawn, hand_no, reds)
        elif opened := view.open_hands[seat]:
            concealed = row(opened, hand_no, reds, "open")
        else:
            concealed = backs(view.hand_sizes[seat])
        entry = {
            "seat": seat,
            "position": POSITIONS[relative],
            "name": names[seat],
            "wind": seat_wind(seat, view.dealer),
            "dealer": seat == view.dealer,
            "score": view.scores[seat],
            "riichi": view.riichi[seat],
            "turn": seat == view.turn and turn_shown,
            "concealed": concealed,
            "melds": melds(
                [meld_data(m, seat) for m in reversed(view.melds[seat])],
                hand_no,
                reds,
            ),
            "river": join(
                tile(t, hand_no, reds, cls)
                for t, cls in pond_data(view.discards[seat], seat, view.last_discard)
            ),
        }
        entry["html"] = replay_seat(entry)
        out.append(entry)
    out.sort(key=lambda s: POSITIONS.index(s["position"]))
    return out


def dora(view: SeatView, hand_no: int, reds: tuple[int, ...]) -> tuple[SafeString, SafeString]:
    """The dora indicators face up and the ones not yet turned face down."""
    return row(view.dora_indicators, hand_no, reds), backs(max(0, 5 - len(view.dora_indicators)))


def result_panel(
    result: HandResult, names: Sequence[str], hand_no: int, reds: tuple[int, ...]
) -> SafeString:
    """The result screen of the live table, drawn for the replay's last step."""
    people = [{"name": n} for n in names]
    return result_markup.result_panel(
        result_presenters.result_context(result, hand_no, people, reds)
    )
