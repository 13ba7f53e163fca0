"""Terminology: Japanese terms by default, English names per member, through Django's
translation machinery (locale/en_Names)."""

import re
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.utils import translation

from players import terms
from rules.engine import YAKU_NAMES

PO = Path(__file__).resolve().parents[2] / "locale" / "en_Names" / "LC_MESSAGES" / "django.po"
ENTRY = re.compile(r'(?:msgctxt "(.*)"\n)?msgid "(.+)"\nmsgstr "(.*)"')


def po_entries() -> list[tuple[str, str, str]]:
    return ENTRY.findall(PO.read_text())


def test_it_uses_the_japanese_terms_by_default():
    with translation.override("en"):
        assert terms.yaku_name("Pinfu") == "Pinfu"
        assert terms.action_label("pon") == "Pon"
        assert terms.limit_name("mangan") == "mangan"


def test_it_gives_english_names_from_the_message_file():
    with translation.override("en-names"):
        assert terms.yaku_name("Pinfu") == "All runs, no fu"
        assert terms.action_label("pon") == "Triplet"
        assert terms.action_label("chi") == "Run"
        assert terms.result_title("tsumo") == "Self-drawn win"
        assert terms.limit_name("baiman") == "double limit"


def test_it_has_an_english_name_for_every_yaku_the_scorer_reports():
    with translation.override("en-names"):
        missing = [y.name for y in YAKU_NAMES if terms.yaku_name(y.name) == y.name]
    assert missing == []


def test_it_ships_a_compiled_message_file_that_matches_its_source():
    """The .mo (compiled from the .po by make or the tests' set-up) reads back every entry."""
    entries = po_entries()
    assert len(entries) > 60
    with translation.override("en-names"):
        for context, source, english in entries:
            got = translation.pgettext(context, source) if context else translation.gettext(source)
            assert got == english, (context, source)


@pytest.mark.django_db
def test_it_activates_a_member_s_words_for_their_requests(django_user_model):
    member = django_user_model.objects.create_user(username="en", password="x", terms="en-names")
    seen = {}

    def view(request):
        seen["language"] = translation.get_language()
        seen["pon"] = terms.action_label("pon")
        return None

    request = RequestFactory().get("/")
    request.user = member
    terms.TermsMiddleware(view)(request)
    assert seen == {"language": "en-names", "pon": "Triplet"}
    request.user = type("Visitor", (), {"is_authenticated": False})()
    terms.TermsMiddleware(view)(request)
    assert seen == {"language": "en", "pon": "Pon"}
