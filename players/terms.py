"""The words a member reads at the table: Japanese terms or English names.

The choice is a language in Django's translation machinery. The site is written with
the Japanese terms (riichi, pon, ron, the yaku's romanised names) as its source text;
``en-names`` is a message file (``locale/en_Names/LC_MESSAGES/django.po``) that gives
their English names. A member's choice is activated for each of their requests by
:class:`TermsMiddleware`, and for the frames of their table socket by the table code
(``translation.override(terms_of(user))``). Another language is one more message
file and one more entry in ``settings.LANGUAGES``.

The yaku come from the engine, which knows no Django: :func:`yaku_name` translates a
yaku's name as the scorer reports it, and the message file has an entry for every
row of ``rules.engine.scoring.yaku.YAKU_NAMES`` (a test checks that none is missing).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, pgettext

from .models import JAPANESE_TERMS, TERMS

CHOICES = dict(TERMS)


SESSION_KEY = "terms"  # a visitor's choice (rules.views.switch_terms writes it)


def terms_of(user, session=None) -> str:
    """The language code of ``user``'s words: a member's setting, a visitor's choice
    kept in their session, else the club's default."""
    if user is not None and getattr(user, "is_authenticated", False):
        chosen = getattr(user, "terms", "") or JAPANESE_TERMS
        if chosen in CHOICES:
            return chosen
    elif session is not None:
        chosen = session.get(SESSION_KEY, "")
        if chosen in CHOICES:
            return chosen
    return settings.LANGUAGE_CODE


def yaku_name(name: str) -> str:
    """A yaku as the scorer names it, in the active words ("Pinfu" or "All runs")."""
    return gettext(name)


def action_label(kind: str) -> str:
    """The name of a move for a button or a call-out, in the active words."""
    return pgettext("action", ACTION_NAMES.get(kind, kind))


def limit_name(name: str) -> str:
    """A limit ("mangan", "kazoe yakuman") in the active words."""
    return pgettext("limit", name) if name else ""


def callout(word: str) -> str:
    """The word shown at a caller's seat for a moment ("Pon!")."""
    return pgettext("callout", word) if word else ""


def result_title(kind: str) -> str:
    return pgettext("result", RESULT_NAMES.get(kind, kind))


# The source text of each move and result: the Japanese terms. Marked for
# makemessages through the gettext_noop-like constants below.
ACTION_NAMES = {
    "discard": "Discard",
    "riichi": "Riichi",
    "open_riichi": "Open riichi",
    "tsumo": "Tsumo",
    "ron": "Ron",
    "chi": "Chi",
    "pon": "Pon",
    "daiminkan": "Kan",
    "ankan": "Kan (concealed)",
    "shouminkan": "Kan (added)",
    "kyuushu": "Nine terminals (abort)",
    "pass": "Pass",
    "win_anyway": "Win anyway",
}
RESULT_NAMES = {
    "ron": "Ron",
    "tsumo": "Tsumo",
    "exhaustive": "Exhaustive draw",
    "nagashi": "Nagashi mangan",
    "abortive": "Abortive draw",
    "chombo": "Chombo: the hand is played again",
}


class TermsMiddleware:
    """Activate the signed-in member's words for the request (after authentication)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = terms_of(getattr(request, "user", None), getattr(request, "session", None))
        translation.activate(language)
        request.LANGUAGE_CODE = language
        try:
            return self.get_response(request)
        finally:
            translation.deactivate()
