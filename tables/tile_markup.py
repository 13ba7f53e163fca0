"""Tiles and melds as HTML, the smallest pieces of the one way to draw a table.

Presenters hand over plain data; everything here goes through ``format_html`` (or
joins pieces that did), so every name and label is escaped. The board, the own hand
and the result screen are built from these pieces after every move, so they are
cached.
"""

from __future__ import annotations

from functools import lru_cache

from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules.engine.tiles import face_file, is_red, kind_name, kind_notation

from .seat_presenters import tile_name

HAKU = 31  # the white dragon's face is blank in our set: it gets a drawn frame
EMPTY = SafeString("")


def join(parts) -> SafeString:
    """Pieces that are each already safe markup (from format_html or the markup modules)."""
    return SafeString("".join(parts))


def oob_mark(oob: bool) -> SafeString:
    """The mark that swaps a section in by its id when it rides on a socket frame."""
    return SafeString(' hx-swap-oob="true"') if oob else EMPTY


@lru_cache(maxsize=128)
def face_url(kind: int, red: bool) -> str:
    return static(f"tiles/{face_file(kind, red)}.svg")


@lru_cache(maxsize=50_000)
def tile(t: int, hand: int, reds: tuple, extra: str = "") -> SafeString:
    """A face-up physical tile, marked ``data-tile="<hand>:<tile>"`` for the privacy tests."""
    kind = t >> 2
    red = is_red(t, reds)
    classes = "tile" + (" haku" if kind == HAKU else "") + (f" {extra}" if extra else "")
    return format_html(
        '<span class="{}" title="{}" data-tile="{}:{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        classes,
        kind_notation(kind, red),
        hand,
        t,
        face_url(kind, red),
        tile_name(t, reds),
    )


@lru_cache(maxsize=64)
def kind_tile(kind: int) -> SafeString:
    """A tile kind, not a physical tile (waits): marked data-kind, not data-tile."""
    return format_html(
        '<span class="tile{}" title="{}" data-kind="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        " haku" if kind == HAKU else "",
        kind_notation(kind),
        kind,
        face_url(kind, False),
        kind_name(kind),
    )


@lru_cache(maxsize=64)
def backs(count: int, extra: str = "") -> SafeString:
    """A row of face-down tiles as one element: the stylesheet repeats the tile back
    ``--n`` times. Thirteen separate images per hand would be most of a frame."""
    if count <= 0:
        return EMPTY
    label = "a face-down tile" if count == 1 else f"{count} face-down tiles"
    return format_html(
        '<span class="tile-backs{}" style="--n:{}" role="img" aria-label="{}"></span>',
        f" {extra}" if extra else "",
        count,
        label,
    )


def row(tiles, hand: int, reds: tuple, extra: str = "") -> SafeString:
    return join(tile(t, hand, reds, extra) for t in tiles)


def kinds(kinds_) -> SafeString:
    return join(kind_tile(k) for k in kinds_)


@lru_cache(maxsize=20_000)
def meld(data: tuple, hand: int, reds: tuple) -> SafeString:
    """A meld as it lies on the table (see ``seat_presenters.meld_data``)."""
    kind, source, items = data
    parts = []
    for t, how, added in items:
        if how == "back":
            parts.append(backs(1, "in-meld"))
        elif added is not None:
            parts.append(
                format_html(
                    '<span class="stacked">{}{}</span>',
                    tile(added, hand, reds, "sideways"),
                    tile(t, hand, reds, "sideways"),
                )
            )
        else:
            parts.append(tile(t, hand, reds, how))
    return format_html('<span class="meld {}" data-from="{}">{}</span>', kind, source, join(parts))


def melds(items, hand: int, reds: tuple) -> SafeString:
    return join(meld(m, hand, reds) for m in items)
