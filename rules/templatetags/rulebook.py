"""Tags of the rulebook pages: club-rule notes and glossary links (tiles, melds and hands
are the ``tiles`` library's, drawn by ``tables.drawing``)."""

from django import template
from django.utils.html import format_html
from django.utils.translation import pgettext

from rules import setting_words

register = template.Library()


@register.simple_tag(takes_context=True)
def club_rule(context, name, lead=""):
    """``In this club: Open tanyao (kuitan): Allowed...`` from the club's ruleset."""
    club = context.get("club")
    if club is None:
        return ""
    return format_html(
        '<p class="club-rule"><span class="badge">{}</span> <strong>{}:</strong> {}</p>',
        lead or pgettext("rulebook", "In this club"),
        setting_words.label(name),
        setting_words.describe(club, name),
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
