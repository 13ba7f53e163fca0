"""``{% tiles "123m406p" %}``: draw tile notation as a row of tile images.

Every page draws tiles through this tag so the pictures, alt text and red fives
look the same everywhere. Bad notation renders a visible error instead of a 500.
"""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join

from rules.engine import InvalidNotation, face_file, kind_name, kind_notation, parse_kinds

register = template.Library()


def tile_img(kind: int, red: bool = False, extra_class: str = "") -> str:
    return format_html(
        '<span class="tile{}" title="{}"><img src="{}" alt="{}" width="30" height="40"></span>',
        f" {extra_class}" if extra_class else "",
        kind_notation(kind, red),
        static(f"tiles/{face_file(kind, red)}.svg"),
        kind_name(kind, red),
    )


@register.simple_tag
def tiles(notation, size="", sideways=""):
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


@register.simple_tag
def tile(notation):
    """A single tile image."""
    return tiles(notation)


@register.simple_tag
def tile_back(count=1):
    return format_html_join(
        "",
        '<span class="tile tile-back"><img src="{}" alt="hidden tile" width="30" height="40"></span>',
        ((static("tiles/Back.svg"),) for _ in range(int(count))),
    )
