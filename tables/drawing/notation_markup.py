"""Tiles written in notation (``123m406p``) as HTML, for the rulebook, the calculator and
every page that shows tiles by their kinds rather than a game's physical tiles (those
are ``tile_markup``). The template tags of ``tables.templatetags.tiles`` call these.

Bad notation draws a visible error instead of failing the page.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from rules.engine import (
    InvalidNotation,
    format_kinds,
    kind_notation,
    parse_kinds,
)

from .seat_presenters import kind_words
from .tile_markup import back_url, face_url


def tile_img(kind: int, red: bool = False, extra_class: str = "") -> SafeString:
    return format_html(
        '<span class="tile{}" title="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        f" {extra_class}" if extra_class else "",
        kind_notation(kind, red),
        face_url(kind, red),
        kind_words(kind, red),
    )


def tiles(notation: object, size: str = "", sideways: object = "") -> SafeString:
    """A row of tiles. ``size`` may be ``small`` or ``large``; ``sideways`` lists the
    positions (0-based, comma separated) drawn rotated, as a called tile is."""
    try:
        pairs = parse_kinds(str(notation))
    except InvalidNotation as exc:
        return format_html('<span class="tile-error">{}</span>', exc.message)
    turned = {int(i) for i in str(sideways).split(",") if i.strip().isdigit()}
    return format_html(
        '<span class="tiles{}">{}</span>',
        f" tiles-{size}" if size else "",
        format_html_join(
            "",
            "{}",
            (
                (tile_img(k, r, "sideways" if i in turned else ""),)
                for i, (k, r) in enumerate(pairs)
            ),
        ),
    )


def tile_back(count: int | str = 1) -> SafeString:
    alt = gettext("hidden tile")
    return format_html_join(
        "",
        '<span class="tile tile-back"><img src="{}" alt="{}" width="30" height="40"></span>',
        ((back_url(), alt) for _ in range(int(count))),
    )


def meld(notation: str, size: str = "") -> SafeString:
    """A meld written ``kind:tiles`` (``pon:555z``); a concealed kan shows its outer
    tiles face down."""
    kind, _, body = notation.partition(":")
    if kind == "ankan":
        pairs = parse_kinds(body)

        middle = format_kinds(pairs[1:3], sort=False)
        return format_html(
            '<span class="meld meld-ankan" title="{}">{}{}{}</span>',
            notation,
            tile_back(1),
            tiles(middle, size),
            tile_back(1),
        )
    return format_html(
        '<span class="meld meld-{}" title="{}">{}</span>', kind, notation, tiles(body, size, "0")
    )


def hand(
    notation: object, melds: Iterable[str] | None = (), win_tile: object = "", size: str = ""
) -> SafeString:
    """A hand: the concealed tiles (winning tile set apart at the end) and its melds."""
    concealed = str(notation)
    win_html: SafeString | str = ""
    if win_tile:
        pairs = parse_kinds(concealed)
        target = parse_kinds(str(win_tile))[0]
        for i in range(len(pairs) - 1, -1, -1):
            if pairs[i] == target:
                del pairs[i]
                break

        concealed = format_kinds(pairs)
        win_html = format_html(
            '<span class="win-tile" title="{}">{}</span>',
            gettext("winning tile"),
            tiles(str(win_tile), size),
        )
    melds_html = format_html_join("", "{}", ((meld(m, size),) for m in melds or ()))
    return format_html(
        '<span class="hand">{}{}{}</span>',
        tiles(concealed, size) if concealed else "",
        win_html,
        melds_html,
    )
