"""Tags of the rulebook pages: club-rule notes and hands drawn with their melds."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from rules import setting_words
from rules.engine import format_kinds, parse_kinds
from rules.templatetags.tiles import tile_back, tiles

register = template.Library()


@register.simple_tag(takes_context=True)
def club_rule(context, name, lead="In this club"):
    """``In this club: Open tanyao (kuitan): Allowed...`` from the club's ruleset."""
    club = context.get("club")
    if club is None:
        return ""
    return format_html(
        '<p class="club-rule"><span class="badge">{}</span> <strong>{}:</strong> {}</p>',
        lead,
        setting_words.label(name),
        setting_words.describe(club, name),
    )


def _meld_html(notation: str, size: str = "") -> str:
    kind, _, body = notation.partition(":")
    if kind == "ankan":
        pairs = parse_kinds(body)

        middle = format_kinds(pairs[1:3], sort=False)
        return format_html(
            '<span class="meld meld-ankan" title="{}">{}{}{}</span>',
            notation,
            mark_safe(tile_back(1)),
            tiles(middle, size),
            mark_safe(tile_back(1)),
        )
    return format_html(
        '<span class="meld meld-{}" title="{}">{}</span>', kind, notation, tiles(body, size, "0")
    )


@register.simple_tag
def meld(notation, size=""):
    return _meld_html(str(notation), size)


@register.simple_tag
def hand(notation, melds=(), win_tile="", size=""):
    """A hand: the concealed tiles (winning tile set apart at the end) and its melds."""
    concealed = str(notation)
    win_html = ""
    if win_tile:
        pairs = parse_kinds(concealed)
        target = parse_kinds(str(win_tile))[0]
        for i in range(len(pairs) - 1, -1, -1):
            if pairs[i] == target:
                del pairs[i]
                break

        concealed = format_kinds(pairs)
        win_html = format_html(
            '<span class="win-tile" title="winning tile">{}</span>', tiles(str(win_tile), size)
        )
    melds_html = format_html_join("", "{}", ((_meld_html(m, size),) for m in melds or ()))
    return format_html(
        '<span class="hand">{}{}{}</span>',
        tiles(concealed, size) if concealed else "",
        win_html,
        melds_html,
    )


@register.filter
def get_item(mapping, key):
    """``{{ mapping|get_item:key }}`` for dict lookups with a variable key."""
    try:
        return mapping.get(key, [])
    except AttributeError:
        return []


@register.simple_tag
def gl(term, text=""):
    """A term linked to its glossary entry: ``{% gl "nobetan" %}`` or
    ``{% gl "pair" "pairs" %}``. An unknown term is drawn as a visible error (and the
    test of glossary terms fails), never a broken link."""
    from django.urls import reverse

    from rules.rulebook.builders import glossary_names

    anchor = glossary_names().get(str(term).lower())
    shown = text or term
    if anchor is None:
        return format_html('<span class="tile-error">{} (not in the glossary)</span>', shown)
    url = reverse("rules:chapter", args=["glossary"])
    return format_html('<a class="term" href="{}#{}">{}</a>', url, anchor, shown)


@register.filter
def flag_label(name) -> str:
    """A situation box's label in the reader's words ("renhou" -> "Renhou")."""
    from rules.forms import FLAG_LABELS

    return str(dict(FLAG_LABELS).get(str(name), name))
