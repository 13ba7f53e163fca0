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

from .models import JAPANESE, JAPANESE_TERMS, TERMS

CHOICES = dict(TERMS)


SESSION_KEY = "terms"  # a visitor's choice (rules.views.switch_terms writes it)


def terms_of(user, session=None, browser: str = "") -> str:
    """The language code of ``user``'s words: a member's setting (their site language,
    Japanese, wins over their words at the table), a visitor's choice of words kept in
    their session, else their browser's language (``browser``: the one
    ``LocaleMiddleware`` read from Accept-Language), else the club's default."""
    if user is not None and getattr(user, "is_authenticated", False):
        if getattr(user, "language", "") == JAPANESE:
            return JAPANESE
        chosen = getattr(user, "terms", "") or JAPANESE_TERMS
        if chosen in CHOICES:
            return chosen
        return settings.LANGUAGE_CODE
    if session is not None:
        chosen = session.get(SESSION_KEY, "")
        if chosen in CHOICES:
            return chosen
    if browser == JAPANESE:
        return JAPANESE
    return settings.LANGUAGE_CODE


def browser_language(headers) -> str:
    """The site language a browser asks for in its Accept-Language header (``headers``:
    a socket scope's list of byte pairs), for the table socket of a visitor."""
    accepted = dict(headers or ()).get(b"accept-language", b"").decode("latin-1")
    for code, _quality in translation.trans_real.parse_accept_lang_header(accepted):
        if code == "*":
            break
        if code.split("-")[0].lower() in ("en", JAPANESE):
            return code.split("-")[0].lower()
    return ""


def socket_terms(scope, chosen: str) -> str:
    """The words of a table socket's frames: ``chosen`` (``terms_of`` its user), or
    Japanese for a visitor whose browser asks for it."""
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return chosen
    return JAPANESE if browser_language(scope.get("headers")) == JAPANESE else chosen


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
    """Activate the signed-in member's words for the request (after authentication;
    after ``LocaleMiddleware``, whose choice from Accept-Language counts for visitors),
    and say the language in the response's Content-Language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        browser = getattr(request, "LANGUAGE_CODE", "")  # LocaleMiddleware's
        language = terms_of(
            getattr(request, "user", None), getattr(request, "session", None), browser
        )
        translation.activate(language)
        request.LANGUAGE_CODE = language
        try:
            response = self.get_response(request)
        finally:
            translation.deactivate()
        if hasattr(response, "headers"):  # (LocaleMiddleware's would say the default)
            response.headers.setdefault("Content-Language", "ja" if language == JAPANESE else "en")
        return response
