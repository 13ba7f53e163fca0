"""Tiles and the string notation ``123m406p789s1234567z``.

Two integer spaces, the same as Tenhou logs and the ``mahjong`` package use:

* a *kind* is 0..33: 0-8 are 1-9 man, 9-17 pin, 18-26 sou, 27-33 the honours
  East, South, West, North, White, Green, Red (``1z``..``7z``);
* a *tile* is one of the 136 physical tiles, 0..135, with ``kind = tile // 4``.

Red fives are physical tiles: the first ``n`` copies of a five are red when the
ruleset has ``n`` red fives in that suit (so with one red five per suit the red
ones are 16, 52 and 88, exactly as in Tenhou logs). Integers keep the game state
small and hashable; notation is only for people, tests and the API.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import InvalidHand, InvalidNotation

SUITS = "mpsz"
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
FIVES = (4, 13, 22)  # kinds of 5m, 5p, 5s
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + tuple(range(27, 34))
GREENS = (19, 20, 21, 23, 25, GREEN)  # 2s 3s 4s 6s 8s and the green dragon
DEFAULT_RED_FIVES = (1, 1, 1)

_HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
_HONOR_SHORT = ("E", "S", "W", "N", "Wh", "G", "R")
_SUIT_NAMES = ("characters", "circles", "bamboo")
_SUIT_JAPANESE = ("man", "pin", "sou")
_FACE_FILES = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")


def kind_of(tile: int) -> int:
    return tile >> 2


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return kind // 9 if kind < 27 else HONOR


def number_of(kind: int) -> int:
    """1-9 for suited tiles, 1-7 for honours (the digit used in notation)."""
    return kind % 9 + 1 if kind < 27 else kind - 26


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    return not is_terminal_or_honor(kind)


def is_red(tile: int, red_fives: Sequence[int] = DEFAULT_RED_FIVES) -> bool:
    """Whether a physical tile is a red five under a ruleset's red-five counts."""
    kind = tile >> 2
    if kind not in FIVES:
        return False
    return (tile & 3) < red_fives[FIVES.index(kind)]


def dora_of(indicator_kind: int) -> int:
    """The kind an indicator makes dora: the next tile, wrapping inside its group."""
    if indicator_kind < 27:
        return indicator_kind - 8 if indicator_kind % 9 == 8 else indicator_kind + 1
    if indicator_kind <= NORTH:
        return EAST if indicator_kind == NORTH else indicator_kind + 1
    return WHITE if indicator_kind == RED else indicator_kind + 1


def kind_name(kind: int, red: bool = False) -> str:
    """A readable English name, used as alt text: ``5 of circles (red)``."""
    if kind >= 27:
        name = _HONOR_NAMES[kind - 27]
        return f"{name} wind" if kind <= NORTH else f"{name} dragon"
    name = f"{number_of(kind)} of {_SUIT_NAMES[suit_of(kind)]}"
    return f"{name} (red)" if red else name


def kind_short(kind: int) -> str:
    """A compact name for tables and logs: ``5p``, ``E``, ``Wh``."""
    if kind >= 27:
        return _HONOR_SHORT[kind - 27]
    return f"{number_of(kind)}{SUITS[suit_of(kind)]}"


def face_file(kind: int, red: bool = False) -> str:
    """The SVG file name (without extension) that draws this kind."""
    if kind >= 27:
        return _FACE_FILES[kind - 27]
    stem = f"{_SUIT_JAPANESE[suit_of(kind)].capitalize()}{number_of(kind)}"
    return f"{stem}-Dora" if red else stem


def kind_notation(kind: int, red: bool = False) -> str:
    if red:
        return f"0{SUITS[suit_of(kind)]}"
    return f"{number_of(kind)}{SUITS[suit_of(kind)]}"


# --- notation -------------------------------------------------------------------


def parse_kinds(text: str, field: str | None = None) -> list[tuple[int, bool]]:
    """Read notation into ``(kind, red)`` pairs, in the order written.

    Accepts digits followed by a suit letter, e.g. ``123m406p11z``; spaces are
    ignored. ``0`` is a red five. Raises :class:`InvalidNotation` naming the
    offending character.
    """
    if not isinstance(text, str):
        raise InvalidNotation("tiles must be written as text such as 123m456p", field)
    out: list[tuple[int, bool]] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in "0123456789":
            pending.append((int(ch), pos))
            continue
        if ch in SUITS:
            if not pending:
                raise InvalidNotation(
                    f"suit letter '{ch}' at position {pos + 1} has no digits before it",
                    field,
                    pos,
                )
            suit = SUITS.index(ch)
            for digit, dpos in pending:
                if suit == HONOR:
                    if not 1 <= digit <= 7:
                        raise InvalidNotation(
                            f"honour tiles are 1z-7z; '{digit}z' at position {dpos + 1} does not exist",
                            field,
                            dpos,
                        )
                    out.append((26 + digit, False))
                elif digit == 0:
                    out.append((suit * 9 + 4, True))
                else:
                    out.append((suit * 9 + digit - 1, False))
            pending = []
            continue
        raise InvalidNotation(
            f"unexpected character '{ch}' at position {pos + 1}: use digits and the suit letters m, p, s, z",
            field,
            pos,
        )
    if pending:
        digit, dpos = pending[0]
        raise InvalidNotation(
            f"digits from position {dpos + 1} have no suit letter after them (add m, p, s or z)",
            field,
            dpos,
        )
    return out


def tiles_from_kinds(
    pairs: Iterable[tuple[int, bool]],
    red_fives: Sequence[int] = DEFAULT_RED_FIVES,
    taken: Iterable[int] = (),
    field: str | None = None,
) -> list[int]:
    """Give each ``(kind, red)`` a distinct physical tile, in order.

    Red fives take the red copies, plain fives the others; ``taken`` are physical
    tiles already used elsewhere (melds, indicators). Raises :class:`InvalidHand`
    for a fifth copy or a red five the ruleset does not have.
    """
    used = set(taken)
    out: list[int] = []
    for kind, red in pairs:
        if red:
            reds = red_fives[FIVES.index(kind)] if kind in FIVES else 0
            candidates = range(kind * 4, kind * 4 + reds)
            if not reds:
                raise InvalidHand(f"this ruleset has no red {kind_short(kind)}", field)
        else:
            start = red_fives[FIVES.index(kind)] if kind in FIVES else 0
            candidates = range(kind * 4 + start, kind * 4 + 4)
        for tile in candidates:
            if tile not in used:
                used.add(tile)
                out.append(tile)
                break
        else:
            count = len(candidates)
            if red:
                message = f"too many red {kind_short(kind)}: this ruleset has {count}"
            elif count != 4:
                message = (
                    f"too many plain {kind_notation(kind)}: {4 - count} of the four are red "
                    f"(write a red five as 0{SUITS[suit_of(kind)]})"
                )
            else:
                message = f"a fifth copy of {kind_notation(kind)}: there are only four"
            raise InvalidHand(message, field)
    return out


def parse_tiles(
    text: str,
    red_fives: Sequence[int] = DEFAULT_RED_FIVES,
    taken: Iterable[int] = (),
    field: str | None = None,
) -> list[int]:
    """Notation to physical tiles (see :func:`tiles_from_kinds`)."""
    return tiles_from_kinds(parse_kinds(text, field), red_fives, taken, field)


def parse_kind(text: str, field: str | None = None) -> tuple[int, bool]:
    """Exactly one tile, e.g. ``5m`` or ``0p``."""
    pairs = parse_kinds(text, field)
    if len(pairs) != 1:
        raise InvalidNotation(f"expected exactly one tile, got {len(pairs)} in '{text}'", field)
    return pairs[0]


def format_kinds(pairs: Iterable[tuple[int, bool]], sort: bool = True) -> str:
    """``(kind, red)`` pairs to notation, grouped by suit (``123m406p11z``).

    With ``sort`` the tiles are ordered by kind, a red five before the plain ones.
    Without it the written order is kept and a suit letter closes each run.
    """
    items = list(pairs)
    if sort:
        items.sort(key=lambda kr: (kr[0], not kr[1]))
    parts: list[str] = []
    run_suit = None
    for kind, red in items:
        suit = suit_of(kind)
        if run_suit is not None and suit != run_suit:
            parts.append(SUITS[run_suit])
        run_suit = suit
        parts.append("0" if red else str(number_of(kind)))
    if run_suit is not None:
        parts.append(SUITS[run_suit])
    return "".join(parts)


def format_tiles(
    tiles: Iterable[int], red_fives: Sequence[int] = DEFAULT_RED_FIVES, sort: bool = True
) -> str:
    """Physical tiles to notation."""
    return format_kinds(((t >> 2, is_red(t, red_fives)) for t in tiles), sort)


def format_kind(kind: int, red: bool = False) -> str:
    return kind_notation(kind, red)


def counts34(tiles: Iterable[int]) -> list[int]:
    """How many of each kind, from physical tiles."""
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def kinds_counts(kinds: Iterable[int]) -> list[int]:
    """How many of each kind, from kinds."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def full_set() -> tuple[int, ...]:
    """All 136 physical tiles in order."""
    return tuple(range(136))
