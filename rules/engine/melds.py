"""Melds (called sets and concealed quads) and their notation.

Notation: ``chi:345m``, ``pon:555z``, ``daiminkan:9999p``, ``ankan:1111m``,
``shouminkan:3333s``. Red fives are written ``0`` (``pon:505p``). Optionally the
called tile and where it came from follow: ``chi:345m/3m<3`` means the 3m was
taken from seat 3 (absolute seat index 0-3). Without them the called tile is the
first tile written and the source is unknown, which is all the scorer needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, Literal, NamedTuple

from .errors import InvalidHand, InvalidNotation
from .tiles import (
    DEFAULT_RED_FIVES,
    format_tiles,
    is_honor,
    parse_kinds,
    tiles_from_kinds,
)

MeldKind = Literal["chi", "pon", "daiminkan", "ankan", "shouminkan"]
CHI: Final = "chi"
PON: Final = "pon"
DAIMINKAN: Final = "daiminkan"
ANKAN: Final = "ankan"
SHOUMINKAN: Final = "shouminkan"
MELD_KINDS: tuple[MeldKind, ...] = (CHI, PON, DAIMINKAN, ANKAN, SHOUMINKAN)
KANS: tuple[MeldKind, ...] = (DAIMINKAN, ANKAN, SHOUMINKAN)
_MELD_KIND_OF: dict[str, MeldKind] = {kind: kind for kind in MELD_KINDS}


class Meld(NamedTuple):
    kind: MeldKind
    tiles: tuple[int, ...]  # physical tiles, sorted
    called: int | None = None  # the physical tile taken from another seat (None: ankan)
    source: int | None = None  # absolute seat the called tile came from

    @property
    def opened(self) -> bool:
        """Whether the meld opens the hand (a concealed quad does not)."""
        return self.kind != ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in KANS

    @property
    def base_kind(self) -> int:
        """The lowest tile kind of the meld (the kind of a triplet or quad)."""
        return min(self.tiles) >> 2

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t >> 2 for t in self.tiles)

    def notation(self, red_fives: Sequence[int] = DEFAULT_RED_FIVES) -> str:
        return format_meld(self, red_fives)


def _check_shape(kind: str, kinds: list[int], field: str | None, text: str) -> None:
    if kind == CHI:
        if len(kinds) != 3:
            raise InvalidHand(f"'{text}': a chi is three tiles in sequence", field)
        s = sorted(kinds)
        if is_honor(s[0]) or s[0] // 9 != s[2] // 9 or s != [s[0], s[0] + 1, s[0] + 2]:
            raise InvalidHand(f"'{text}': a chi must be three consecutive tiles of one suit", field)
        return
    size = 3 if kind == PON else 4
    if len(kinds) != size:
        raise InvalidHand(f"'{text}': a {kind} is {size} identical tiles", field)
    if len(set(kinds)) != 1:
        raise InvalidHand(f"'{text}': a {kind} must be {size} copies of the same tile", field)


def parse_meld(
    text: str,
    red_fives: Sequence[int] = DEFAULT_RED_FIVES,
    taken: Iterable[int] = (),
    field: str | None = None,
) -> Meld:
    """Read one meld; ``taken`` are physical tiles already used elsewhere."""
    if not isinstance(text, str) or ":" not in text:
        raise InvalidNotation(
            f"'{text}' is not a meld: write it as kind:tiles, e.g. chi:345m or pon:555z", field
        )
    kind_text, _, rest = text.strip().partition(":")
    kind_text = kind_text.strip().lower()
    kind = _MELD_KIND_OF.get(kind_text)
    if kind is None:
        raise InvalidNotation(
            f"'{kind_text}' is not a meld kind: use {', '.join(MELD_KINDS)}", field
        )
    body, _, extra = rest.partition("/")
    pairs = parse_kinds(body, field)
    _check_shape(kind, [k for k, _ in pairs], field, text)
    tiles = tiles_from_kinds(pairs, red_fives, taken, field)
    called: int | None = None
    source: int | None = None
    if extra:
        called_text, _, source_text = extra.partition("<")
        ck, cred = parse_kinds(called_text, field)[0] if called_text else pairs[0]
        match = [t for t in tiles if (t >> 2) == ck and (cred == ((t & 3) < _reds(ck, red_fives)))]
        if not match:
            raise InvalidHand(f"'{text}': the called tile is not part of the meld", field)
        called = match[0]
        if source_text:
            if source_text not in ("0", "1", "2", "3"):
                raise InvalidNotation(f"'{text}': the source seat must be 0-3", field)
            source = int(source_text)
    elif kind != ANKAN:
        called = tiles[0]
    if kind == ANKAN:
        called, source = None, None
    return Meld(kind, tuple(sorted(tiles)), called, source)


def _reds(kind: int, red_fives: Sequence[int]) -> int:
    return red_fives[(kind - 4) // 9] if kind in (4, 13, 22) else 0


def parse_melds(
    texts: Iterable[str],
    red_fives: Sequence[int] = DEFAULT_RED_FIVES,
    taken: Iterable[int] = (),
    field: str | None = None,
) -> list[Meld]:
    used = set(taken)
    out = []
    for text in texts:
        meld = parse_meld(text, red_fives, used, field)
        used.update(meld.tiles)
        out.append(meld)
    return out


def format_meld(meld: Meld, red_fives: Sequence[int] = DEFAULT_RED_FIVES) -> str:
    return f"{meld.kind}:{format_tiles(meld.tiles, red_fives)}"
