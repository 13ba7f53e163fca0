"""What an update frame carries of the board: only the parts that changed.

A socket is sent the whole board once (on connect, after a refusal, when its seats or
sorting change); after that :class:`~tables.drawing.frames.SeatFrames` keeps what it
sent and each frame carries the difference, each piece swapped in by a stable id:

* a seat whose pond grew gets the new discards appended (``beforeend:#pond-<seat>``),
  and a discard whose mark changed (no longer the last one, called) alone;
* a seat that drew or discarded gets its concealed tiles (``#concealed-<seat>``);
* a seat whose turn began or ended gets its own attributes (``hx-swap-oob="attributes"``,
  a swap ``static/js/table.js`` adds: the element keeps its content);
* the middle gets its attributes (the version, whose turn) and those of its parts
  (round, honba, sticks, wall, dora, turn line) that changed.

The middle's attributes also name the version of the socket's frame before
(``data-after``): a page that does not show it leaves the frame out (table.js). It is a
copy of a frame the page already shows when the page has a second socket; after a
frame the page missed, the socket starts again and is sent the whole board.

Anything else that changed in a seat (its score, melds, riichi, badges) sends the whole
seat, as before. Every piece is drawn from the same public data as the whole seat, so
a frame shows nothing the whole board would not. The difference is taken against what
this socket was last sent, not against the version before: a version a socket was
never sent (a call window held it back) leaves nothing out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import translation
from django.utils.safestring import SafeString

from . import board_markup
from .tile_markup import markup

# The parts of a seat a frame may send alone; a change to any other key of the seat's
# data (seat_presenters.seats_data) sends the whole seat.
SEAT_PARTS = frozenset({"turn", "open", "backs", "pond"})

SeatData = dict[str, Any]


def board_changes(
    memo: dict[Any, Any],
    before: list[SeatData],
    after: list[SeatData],
    corners: Sequence[str],
    hand: int,
    reds: tuple[Any, ...],
) -> list[SafeString]:
    """What brings the four seats from ``before`` to ``after`` (each seat's markup in
    ``corners``). Every viewer of a state that was sent the same state before gets the
    same pieces, so they are kept in ``memo``, the state's shared context's, by the
    seats before and the words in use (the seats' markup is in the viewer's words)."""
    key = (id(before), translation.get_language())
    hit = memo.get(key)
    if hit is not None and hit[0] is before:
        found: list[SafeString] = hit[1]
        return found
    out = []
    for i in range(4):
        out += seat_changes(before[i], after[i], corners[i], hand, reds)
    memo[key] = (before, out)  # a few keys per state at most: the states sent before it
    return out


def seat_changes(
    before: SeatData | None, after: SeatData, whole: str, hand: int, reds: tuple[Any, ...]
) -> list[SafeString]:
    """What brings seat ``after["seat"]`` from ``before`` to ``after`` on a board that
    shows ``before``; ``whole`` is the seat's markup (sent when a part cannot be)."""
    if before is None:
        return [board_markup.corner(whole)]
    changed = {key for key, value in after.items() if before.get(key) != value}
    if not changed:
        return []
    if changed - SEAT_PARTS:
        return [board_markup.corner(whole)]
    out = []
    if "turn" in changed:
        out.append(board_markup.seat_marks(after))
    if "open" in changed or "backs" in changed:
        out.append(board_markup.concealed(after, hand, reds, oob=True))
    if "pond" in changed:
        pond = pond_changes(before["pond"], after["pond"], after["seat"], hand, reds)
        if pond is None:
            return [board_markup.corner(whole)]
        out += pond
    return out


def pond_changes(
    before: tuple[Any, ...], after: tuple[Any, ...], seat: int, hand: int, reds: tuple[Any, ...]
) -> list[SafeString] | None:
    """The discards that changed their marks and those added, or None when the pond
    is not the one before with tiles added (then the seat is sent whole)."""
    if len(after) < len(before):
        return None
    out = []
    for (tile, marks), (was, marks_before) in zip(after, before, strict=False):
        if tile != was:
            return None
        if marks != marks_before:
            out.append(board_markup.pond_tile(tile, hand, reds, marks, oob=True))
    added = after[len(before) :]
    if added:
        out.append(
            markup(
                '<div hx-swap-oob="beforeend:#pond-{}">{}</div>',
                seat,
                board_markup.pond_tiles(added, hand, reds),
            )
        )
    return out


def centre_changes(
    before: dict[str, SafeString] | None, frame: dict[str, Any], after: int
) -> tuple[list[SafeString], dict[str, SafeString]]:
    """The middle's attributes and its parts that changed since ``before`` (all of them
    when None), for a page that shows version ``after``; and the parts now shown."""
    parts = board_markup.center_parts(frame)
    out = [board_markup.center_marks(frame, after)]
    for key, html in parts.items():
        if before is None or before.get(key) != html:
            out.append(board_markup.swapped(html))
    return out, parts
