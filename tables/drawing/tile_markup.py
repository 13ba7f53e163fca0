"""Tiles and melds as HTML, the smallest pieces of the one way to draw a table.

Presenters hand over plain data; everything here goes through :func:`markup` (Django's
``format_html``, made cheaper) or joins pieces that did, so every name and label is
escaped. The board, the own hand and the result screen are built from these pieces
after every move, so they are cached.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from html import escape as escape_text
from typing import Any

from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext

from rules.engine import face_file, is_red, kind_notation
from tables.conf import markup_kept

from .seat_presenters import kind_words, tile_name

HAKU = 31  # the white dragon's face is blank in our set: it gets a drawn frame
EMPTY = SafeString("")


def escaped(value: object) -> str:
    """One argument as ``format_html`` puts it in (``conditional_escape``): markup as it
    is, anything else escaped, without the lazy-string wrapper that costs more than
    the escaping itself."""
    if type(value) is str:
        return escape_text(value)
    if isinstance(value, SafeString):  # (any other SafeData is its own __html__ below)
        return value
    if isinstance(value, Promise):
        value = str(value)
    to_html = getattr(value, "__html__", None)
    if to_html is not None:
        html: str = to_html()
        return html
    return escape_text(str(value))


def markup(template: str, *args: object, **kwargs: object) -> SafeString:
    """``django.utils.html.format_html`` with the same output, for the board's hot path
    (every section of every socket's frame after every move)."""
    return SafeString(
        template.format(*[escaped(a) for a in args], **{k: escaped(v) for k, v in kwargs.items()})
    )


def join(parts: Iterable[str]) -> SafeString:
    """Pieces that are each already safe markup (from format_html or the markup modules)."""
    return SafeString("".join(parts))


def oob_mark(oob: bool) -> SafeString:
    """The mark that swaps a section in by its id when it rides on a socket frame."""
    return SafeString(' hx-swap-oob="true"') if oob else EMPTY


# Every face and the tile back are pictures in one sheet (static/tiles.svg, made by
# devtools/tile_sheet.py): a page asks for it once, whatever tiles it shows.
SHEET = "tiles.svg"


@lru_cache(maxsize=128)
def face_url(kind: int, red: bool) -> str:
    """The face: its picture in the sheet, named like its drawing."""
    return f"{static(SHEET)}#{face_file(kind, red)}"


@lru_cache(maxsize=1)
def back_url() -> str:
    """The tile back standing (as the stylesheets' rows of backs use it too)."""
    return f"{static(SHEET)}#Back"


# Tile markup carries the hand index (data-tile), so the live tables use a few
# thousand: 136 tiles x the hands in play x their marks (drawn, sideways, last...).
# About 0.4 kB an entry: 7 MiB at most.
TILES_KEPT = markup_kept(2)  # TABLE_MARKUP_ENTRIES' share
# Melds on the live tables: a few per game and hand.
MELDS_KEPT = markup_kept(0.25)  # TABLE_MARKUP_ENTRIES' share


def tile(t: int, hand: int, reds: tuple[Any, ...], extra: str = "") -> SafeString:
    """A face-up physical tile, marked ``data-tile="<hand>:<tile>"`` for the privacy tests."""
    return _tile(t, hand, reds, extra, get_language())


@lru_cache(maxsize=TILES_KEPT)
def _tile(t: int, hand: int, reds: tuple[Any, ...], extra: str, language: str | None) -> SafeString:
    """The tile's markup in ``language`` (its alt text is the tile's name in words)."""
    kind = t >> 2
    red = is_red(t, reds)
    classes = "tile" + (" haku" if kind == HAKU else "") + (f" {extra}" if extra else "")
    return markup(
        '<span class="{}" title="{}" data-tile="{}:{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        classes,
        kind_notation(kind, red),
        hand,
        t,
        face_url(kind, red),
        tile_name(t, reds),
    )


def kind_tile(kind: int) -> SafeString:
    """A tile kind, not a physical tile (waits): marked data-kind, not data-tile."""
    return _kind_tile(kind, get_language())


@lru_cache(maxsize=64)
def _kind_tile(kind: int, language: str | None) -> SafeString:
    return markup(
        '<span class="tile{}" title="{}" data-kind="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        " haku" if kind == HAKU else "",
        kind_notation(kind),
        kind,
        face_url(kind, False),
        kind_words(kind),
    )


def backs(count: int, extra: str = "") -> SafeString:
    """A row of face-down tiles as one element: the stylesheet repeats the tile back
    ``--n`` times. Thirteen separate images per hand would be most of a frame."""
    return _backs(count, extra, get_language())


@lru_cache(maxsize=64)
def _backs(count: int, extra: str, language: str | None) -> SafeString:
    if count <= 0:
        return EMPTY
    if count == 1:
        label = gettext("a face-down tile")
    else:
        label = ngettext("%(count)s face-down tiles", "%(count)s face-down tiles", count) % {
            "count": count
        }
    return markup(
        '<span class="tile-backs{}" style="--n:{}" role="img" aria-label="{}"></span>',
        f" {extra}" if extra else "",
        count,
        label,
    )


def forget_urls(*, setting: str, **_: object) -> None:
    """Drop what holds a static URL when the static files' settings change (the tests
    switch between plain and hashed names): the next tile asks the storage again."""
    if setting in ("STORAGES", "STATIC_URL"):
        for cached in (face_url, back_url, _tile, _kind_tile, _backs, _meld):
            cached.cache_clear()


setting_changed.connect(forget_urls, dispatch_uid="tables.drawing.tile_markup.forget_urls")


def row(tiles: Iterable[int], hand: int, reds: tuple[Any, ...], extra: str = "") -> SafeString:
    return join(tile(t, hand, reds, extra) for t in tiles)


def kinds(kinds_: Iterable[int]) -> SafeString:
    return join(kind_tile(k) for k in kinds_)


def meld(data: tuple[Any, ...], hand: int, reds: tuple[Any, ...]) -> SafeString:
    """A meld as it lies on the table (see ``seat_presenters.meld_data``)."""
    return _meld(data, hand, reds, get_language())


@lru_cache(maxsize=MELDS_KEPT)
def _meld(
    data: tuple[Any, ...], hand: int, reds: tuple[Any, ...], language: str | None
) -> SafeString:
    kind, source, items = data
    parts = []
    for t, how, added in items:
        if how == "back":
            parts.append(backs(1, "in-meld"))
        elif added is not None:
            parts.append(
                markup(
                    '<span class="stacked">{}{}</span>',
                    tile(added, hand, reds, "sideways"),
                    tile(t, hand, reds, "sideways"),
                )
            )
        else:
            parts.append(tile(t, hand, reds, how))
    return markup('<span class="meld {}" data-from="{}">{}</span>', kind, source, join(parts))


def melds(items: Iterable[tuple[Any, ...]], hand: int, reds: tuple[Any, ...]) -> SafeString:
    return join(meld(m, hand, reds) for m in items)


def action(words: str, kind: int | None) -> SafeString:
    """A move in words with its tile's face, as the game review names one ("Discard [5m]")."""
    if kind is None:
        return markup('<span class="action">{}</span>', words)
    return markup(
        '<span class="action">{} <span class="tiles tiles-small">{}</span></span>',
        words,
        kind_tile(kind),
    )
