"""Player actions and their compact text form.

An :class:`Action` names the seat that acts, what it does and which physical tiles
it uses. ``tile`` is the tile discarded, called, won on or added to a pon; ``tiles``
are the seat's own tiles that go into a call (two for chi/pon, three for an open
kan, all four for a concealed kan).

Text form, one action per line in logs and URLs::

    2:discard:5m.1        seat 2 discards the second copy of 5m
    2:riichi:0p.0         seat 2 declares riichi discarding the red 5p
    1:chi:3m.2:4m.0+5m.3  seat 1 calls 3m with 4m and 5m from its hand
    3:pass

A tile is written as its notation (``0`` for a red five, read under the default
three-red-fives set) followed by ``.`` and the copy number 0-3, so the physical
tile is ``kind * 4 + copy``. The copy number makes the text exact: parsing the
text of an action gives back the very same action, red fives included.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from .claims.values import CLAIM_TYPES, WIN_ANYWAY, ClaimType, format_payload, parse_payload
from .errors import InvalidAction, InvalidNotation
from .tiles import DEFAULT_RED_FIVES, is_red, kind_notation, parse_kind

DISCARD: Final = "discard"
RIICHI: Final = "riichi"
OPEN_RIICHI: Final = "open_riichi"
TSUMO: Final = "tsumo"
RON: Final = "ron"
CHI: Final = "chi"
PON: Final = "pon"
DAIMINKAN: Final = "daiminkan"
ANKAN: Final = "ankan"
SHOUMINKAN: Final = "shouminkan"
KYUUSHU: Final = "kyuushu"
PASS: Final = "pass"

# What an action does: the types above, then those of a claimed win (claim_values).
ActionType = Literal[
    "discard",
    "riichi",
    "open_riichi",
    "tsumo",
    "ron",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "shouminkan",
    "kyuushu",
    "pass",
    ClaimType,
]
ACTION_TYPES: tuple[ActionType, ...] = (
    DISCARD,
    RIICHI,
    OPEN_RIICHI,
    TSUMO,
    RON,
    CHI,
    PON,
    DAIMINKAN,
    ANKAN,
    SHOUMINKAN,
    KYUUSHU,
    PASS,
    *CLAIM_TYPES,  # a claimed win and its review (see claim_values)
)
# The type an action's text names, looked up (the lookup also narrows text to the type).
_TYPE_OF: dict[str, ActionType] = {kind: kind for kind in ACTION_TYPES}
# the claim types except win_anyway carry numbers, not tiles (see claim_values)
_PAYLOAD = frozenset(CLAIM_TYPES) - {WIN_ANYWAY}
DiscardingType = Literal["discard", "riichi", "open_riichi"]
CallType = Literal["chi", "pon", "daiminkan"]
DISCARDING: tuple[DiscardingType, ...] = (DISCARD, RIICHI, OPEN_RIICHI)
CALLS: tuple[CallType, ...] = (CHI, PON, DAIMINKAN)
# How many of the seat's own tiles each type uses, and whether it names a tile.
_OWN_TILES = {CHI: 2, PON: 2, DAIMINKAN: 3, ANKAN: 4}
_NEEDS_TILE = {
    DISCARD,
    RIICHI,
    OPEN_RIICHI,
    TSUMO,
    RON,
    CHI,
    PON,
    DAIMINKAN,
    ANKAN,
    SHOUMINKAN,
    WIN_ANYWAY,
}


class Action(NamedTuple):
    seat: int
    type: ActionType
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __str__(self) -> str:
        return format_action(self)


def format_tile(tile: int) -> str:
    """``5m.1``: notation for reading, copy number for identity."""
    return f"{kind_notation(tile >> 2, is_red(tile, DEFAULT_RED_FIVES))}.{tile & 3}"


def parse_tile(text: str) -> int:
    """The inverse of :func:`format_tile`; raises InvalidAction."""
    notation, dot, copy = text.partition(".")
    if not dot or copy not in ("0", "1", "2", "3"):
        raise InvalidAction(
            f"'{text}' is not a tile: write notation, a dot and the copy 0-3, e.g. 5m.1",
            field="action",
        )
    try:
        kind, red = parse_kind(notation)
    except InvalidNotation as exc:
        raise InvalidAction(f"'{text}': {exc.message}", field="action") from None
    tile = kind * 4 + int(copy)
    # "5m.0" is accepted too: the copy number alone is exact, the 0 is for reading.
    if red and copy != "0":
        raise InvalidAction(f"'{text}': only copy 0 of a five is written as red", field="action")
    return tile


def format_action(action: Action) -> str:
    parts = [str(action.seat), action.type]
    if action.type in _PAYLOAD:
        return ":".join(parts + format_payload(action.type, action.tiles))
    if action.tile is not None:
        parts.append(format_tile(action.tile))
    if action.tiles:
        parts.append("+".join(format_tile(t) for t in action.tiles))
    return ":".join(parts)


def parse_action(text: str) -> Action:
    """Read the text form back; raises :class:`InvalidAction` saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidAction("an action must be text such as 2:discard:5m.1", field="action")
    parts = text.strip().split(":")
    if len(parts) < 2:
        raise InvalidAction(
            f"'{text}' is not an action: write seat:type[:tile[:tiles]], e.g. 2:discard:5m.1",
            field="action",
        )
    seat_text, kind_text = parts[0], parts[1].lower()
    if seat_text not in ("0", "1", "2", "3"):
        raise InvalidAction(f"'{seat_text}' is not a seat: use 0, 1, 2 or 3", field="action")
    kind = _TYPE_OF.get(kind_text)
    if kind is None:
        raise InvalidAction(
            f"'{kind_text}' is not an action type: use one of {', '.join(ACTION_TYPES)}",
            field="action",
        )
    if kind in _PAYLOAD:
        return Action(int(seat_text), kind, None, parse_payload(kind, parts[2:]))
    if len(parts) > 4:
        raise InvalidAction(f"'{text}' has too many ':' separated parts", field="action")
    tile = parse_tile(parts[2]) if len(parts) > 2 and parts[2] else None
    tiles = tuple(parse_tile(t) for t in parts[3].split("+")) if len(parts) > 3 else ()
    if kind in _NEEDS_TILE and tile is None:
        raise InvalidAction(f"a {kind} must name its tile, e.g. 0:{kind}:5m.1", field="action")
    if kind not in _NEEDS_TILE and tile is not None:
        raise InvalidAction(f"a {kind} takes no tile", field="action")
    need = _OWN_TILES.get(kind, 0)
    if len(tiles) != need:
        raise InvalidAction(
            f"a {kind} uses {need} of the seat's own tiles, {len(tiles)} given", field="action"
        )
    used = [*tiles, tile] if kind != ANKAN and tile is not None else list(tiles)
    if len(set(used)) != len(used):
        raise InvalidAction(f"'{text}' uses the same physical tile twice", field="action")
    return Action(int(seat_text), kind, tile, tiles)


__all__ = [
    "ACTION_TYPES",
    "Action",
    "ActionType",
    "format_action",
    "format_tile",
    "parse_action",
    "parse_tile",
]
