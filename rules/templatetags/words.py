"""How the site words a hand's value and writes points (a builtin library: no {% load %}
needed).

A yakuman is named, never counted: the scorer reports 13 han per yakuman it is worth,
so a double yakuman would otherwise read "26 han".

Points a person reads carry a thousands separator and a real minus sign (32,300 and
−4,800): ``points`` and ``signed`` here, and ``points_text`` / ``signed_text`` for the
markup written in Python. Results in thousands (uma, oka, final results, penalties:
``format_final``'s "-18.8") get the same minus sign on the page through ``minus``.
Machine output (the JSON API, CSV exports, logs, data-* attributes) keeps plain
integers and hyphens and never goes through them.
"""

import re

from django import template
from django.utils.translation import gettext, pgettext

register = template.Library()

MINUS = "\u2212"  # the minus sign, not the hyphen
YAKUMAN_HAN = 13
MULTIPLES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman"}


def yakuman_words(count: int) -> str:
    """A yakuman's multiple by name, in the reader's words."""
    if count in MULTIPLES:
        return pgettext("limit", MULTIPLES[count])
    return pgettext("limit", "%(count)s-fold yakuman") % {"count": count}


@register.filter
def yaku_han(han) -> str:
    """One yaku's worth: "2 han", or "yakuman" / "double yakuman" for a yakuman entry."""
    try:
        value = int(han)
    except (TypeError, ValueError):
        return str(han)
    if value >= YAKUMAN_HAN and value % YAKUMAN_HAN == 0:
        return yakuman_words(value // YAKUMAN_HAN)
    return gettext("%(han)s han") % {"han": value}


@register.filter
def hand_han(han, limit="") -> str:
    """A whole hand's worth: "5 han", but a yakuman hand by its name ("2x yakuman" is
    "double yakuman"). A counted (kazoe) yakuman keeps its real han."""
    limit = str(limit or "")
    if limit == "yakuman":
        return "yakuman"
    if limit.endswith("x yakuman") and limit[:-9].isdigit():
        return yakuman_words(int(limit[:-9]))
    try:
        return gettext("%(han)s han") % {"han": int(han)}
    except (TypeError, ValueError):
        return str(han)


@register.filter
def yaku_name(name) -> str:
    """A yaku as the scorer names it, in the reader's words (Japanese terms or English
    names: see players.terms and locale/en_Names)."""
    return gettext(str(name)) if name else ""


@register.filter
def limit_name(name) -> str:
    """A limit ("mangan", "2x yakuman") in the reader's words."""
    name = str(name or "")
    if name.endswith("x yakuman") and name[:-9].isdigit():
        return yakuman_words(int(name[:-9]))
    return pgettext("limit", name) if name else ""


@register.filter
def term(word) -> str:
    """A game term of the site's text ("Tenpai") in the reader's words ("Ready")."""
    return pgettext("term", str(word)) if word else ""


@register.filter
def fu_reason(reason) -> str:
    """A fu item's reason ("tanki wait", see rules.engine.scoring.fu.FU_REASONS) in the reader's
    words ("pair wait")."""
    return pgettext("fu", str(reason)) if reason else ""


WIN_WORDS = {"ron": "Ron", "tsumo": "Tsumo"}


@register.filter
def win_word(win) -> str:
    """How a hand was won ("ron" or "tsumo") in the reader's words: "Ron" or "Win on a
    discard"."""
    word = WIN_WORDS.get(str(win or "ron").lower())
    return pgettext("result", word) if word else str(win)


def _whole(value) -> int | None:
    """An integer for a number of points (a float is rounded), None for anything else."""
    if isinstance(value, bool):
        return None
    try:
        return int(value) if isinstance(value, int | str) else round(float(value))
    except (TypeError, ValueError, OverflowError):
        return None


def points_text(value: int) -> str:
    """32300 -> "32,300", -4800 -> "−4,800"."""
    return f"{MINUS}{-value:,}" if value < 0 else f"{value:,}"


def signed_text(value: int) -> str:
    """A change of score: "+12,000", "−3,000", "0"."""
    return f"+{value:,}" if value > 0 else points_text(value)


@register.filter
def points(value):
    """Points as a person reads them: 32300 -> "32,300", -4800 -> "−4,800" (anything
    that is not a number is shown as it is)."""
    whole = _whole(value)
    return value if whole is None else points_text(whole)


@register.filter
def signed(value):
    """A change of score with its sign: "+12,000", "−3,000", "0"."""
    whole = _whole(value)
    return value if whole is None else signed_text(whole)


NEGATIVE = re.compile(r"(?<![\w.])-(?=\d)")


@register.filter(is_safe=True)
def minus(text):
    """A result's hyphen as the minus sign: "-18.8" -> "−18.8", "+20.0 / -10.0" ->
    "+20.0 / −10.0" (a hyphen inside a word or a date stays)."""
    if text is None:
        return text
    return NEGATIVE.sub(MINUS, str(text)) if isinstance(text, str) else text
