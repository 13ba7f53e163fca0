"""``{% tiles "123m406p" %}`` and its kin: tiles written in notation, drawn by
:mod:`tables.drawing.notation_markup`, so every page's tiles (the rulebook, the
calculator, the ruleset sheets, the practice problems) look the same as the table's.

A builtin library (``TEMPLATES`` in the settings), so templates need no ``{% load %}``;
``{% load tiles %}`` still names it. It lives in ``tables`` because the drawing does:
``rules`` may not import ``tables`` (tests/test_layering.py), and a template library
is found by its name wherever it lives.
"""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString

from tables.drawing import notation_markup

register = template.Library()


@register.simple_tag
def tiles(notation: object, size: str = "", sideways: object = "") -> SafeString:
    """A row of tiles. ``size`` may be ``small`` or ``large``; ``sideways`` lists the
    positions (0-based, comma separated) drawn rotated, as a called tile is."""
    return notation_markup.tiles(notation, size, sideways)


@register.simple_tag
def tile(notation: object) -> SafeString:
    """A single tile image."""
    return notation_markup.tiles(notation)


@register.simple_tag
def tile_back(count: int | str = 1) -> SafeString:
    return notation_markup.tile_back(count)


@register.simple_tag
def meld(notation: object, size: str = "") -> SafeString:
    return notation_markup.meld(str(notation), size)


@register.simple_tag
def hand(
    notation: object, melds: Iterable[str] | None = (), win_tile: object = "", size: str = ""
) -> SafeString:
    """A hand: the concealed tiles (winning tile set apart at the end) and its melds."""
    return notation_markup.hand(notation, melds, win_tile, size)


@register.filter
def tile_words(notation: object) -> str:
    """One tile's name in the reader's language ("5 of circles (red)" or 赤五筒), as its
    picture's alt text names it: ``{{ "0p"|tile_words }}``."""
    from rules.engine import parse_kinds
    from tables.drawing.seat_presenters import kind_words

    kind, red = parse_kinds(str(notation))[0]
    return kind_words(kind, red)
