"""From a SeatView to what the table shows, as plain data (no markup): the words for
tiles, winds and rounds, melds and ponds as they lie, and the four seats.

Only a :class:`~rules.engine.visibility.SeatView` goes in, so a page can never show more
than the engine lets the seat see. Tiles stay numbers here (physical tiles, or kinds
for waits); the ``*_markup`` modules alone turn them into HTML, for the live page, its
socket frames and the replay alike. The own hand is in ``hand_presenters``, the news
line in ``news_presenters``, the result screen in ``result_presenters``; ``presenters``
puts a whole frame's data together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import get_language

from rules.engine import EAST, is_red, kind_name, kind_notation

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rules.engine import Discard, Meld, SeatView

POSITIONS = ("bottom", "right", "top", "left")
WIND_NAMES = ("East", "South", "West", "North")


def tile_label(tile: int, reds: tuple[Any, ...]) -> str:
    return kind_notation(tile >> 2, is_red(tile, reds))


# A tile's name in Japanese, as a Japanese player reads it: 五萬, 赤五筒, 東, 白.
JAPANESE_NUMBERS = "一二三四五六七八九"
JAPANESE_SUITS = "萬筒索"
JAPANESE_HONOURS = "東南西北白發中"


def japanese_kind_name(kind: int, red: bool = False) -> str:
    if kind >= 27:
        return JAPANESE_HONOURS[kind - 27]
    return ("赤" if red else "") + JAPANESE_NUMBERS[kind % 9] + JAPANESE_SUITS[kind // 9]


def kind_words(kind: int, red: bool = False) -> str:
    """A tile kind's name in the active language ("5 of circles (red)" or 赤五筒)."""
    return japanese_kind_name(kind, red) if get_language() == "ja" else kind_name(kind, red)


def tile_name(tile: int, reds: tuple[Any, ...]) -> str:
    """A tile's spoken name: "red five of circles", "7 of bamboo", "white dragon"."""
    kind = tile >> 2
    if get_language() == "ja":
        return japanese_kind_name(kind, is_red(tile, reds))
    if is_red(tile, reds):
        return "red five of " + kind_name(kind).split(" of ", 1)[1]
    return kind_name(kind)


def seat_wind(seat: int, dealer: int) -> str:
    return WIND_NAMES[(seat - dealer) % 4]


def round_name(round_wind: int, round_number: int) -> str:
    wind = WIND_NAMES[round_wind - EAST]
    if get_language() == "ja":
        return f"{JAPANESE_HONOURS[round_wind - EAST]}{round_number + 1}局"
    return f"{wind} {round_number + 1}"


# --- melds and ponds -------------------------------------------------------------------


def meld_data(meld: Meld, owner: int) -> tuple[Any, ...]:
    """``(kind, from_position, items)``; an item is ``(tile, how, added)`` where ``how``
    is "" (upright), "sideways" (the called tile, turned toward its source) or "back"
    (face down), and ``added`` is the tile of an added kan, stacked on the called one."""
    if meld.kind == "ankan":
        t = meld.tiles
        face = ((t[0], "back", None), (t[1], "", None), (t[2], "", None), (t[3], "back", None))
        return ("ankan", "self", face)
    called = meld.called
    others = [t for t in meld.tiles if t != called]
    added = others.pop() if meld.kind == "shouminkan" else None
    relative = (meld.source - owner) % 4 if meld.source is not None else 3
    # From the left player the tile lies first, from across in the middle, from the right last.
    where = {3: 0, 2: 1, 1: len(others)}[relative]
    items: list[tuple[int | None, str, int | None]] = [(t, "", None) for t in others]
    items.insert(where, (called, "sideways", added))
    return (meld.kind, POSITIONS[relative], tuple(items))


def pond_data(
    discards: Iterable[Discard], seat: int, last_discard: tuple[int, int] | None
) -> tuple[Any, ...]:
    """``(tile, classes)`` per discard: sideways for riichi, marked when called or last."""
    out = []
    for d in discards:
        classes = []
        if d.tsumogiri:
            classes.append("tsumogiri")
        if d.riichi:
            classes.append("riichi-tile")
        if d.called:
            classes.append("called")
        elif last_discard == (seat, d.tile):
            classes.append("last")
        out.append((d.tile, " ".join(classes)))
    return tuple(out)


def seats_data(view: SeatView, names: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The four seats from the public (spectator) view: the same for every viewer."""
    out = []
    for seat in range(4):
        info = names[seat]
        open_tiles = view.open_hands[seat] or ()
        out.append(
            {
                "seat": seat,
                "name": info["name"],
                "bot": bool(info.get("bot")),
                "away": not info.get("connected", True),
                "wind": seat_wind(seat, view.dealer),
                "dealer": seat == view.dealer,
                "score": view.scores[seat],
                "riichi": bool(view.riichi[seat]),
                "dead": bool(view.dead[seat]),
                "turn": seat == view.turn and view.phase == "turn",
                "open": tuple(open_tiles),
                "backs": 0 if open_tiles or view.phase == "game_end" else view.hand_sizes[seat],
                "melds": tuple(meld_data(m, seat) for m in view.melds[seat]),
                "pond": pond_data(view.discards[seat], seat, view.last_discard),
            }
        )
    return out
