"""The words the site uses for a hand's value: a yakuman is named, never counted."""

import pytest
from django.template import engines

from rules.templatetags.words import hand_han, minus, points, signed, yaku_han


@pytest.mark.parametrize(
    ("han", "words"),
    [(1, "1 han"), (2, "2 han"), (13, "yakuman"), (26, "double yakuman"), (39, "triple yakuman")],
)
def test_it_words_one_yaku_s_worth(han, words):
    assert yaku_han(han) == words


@pytest.mark.parametrize(
    ("han", "limit", "words"),
    [
        (3, "", "3 han"),
        (7, "haneman", "7 han"),
        (13, "kazoe yakuman", "13 han"),  # a counted yakuman keeps its real han
        (13, "yakuman", "yakuman"),
        (26, "2x yakuman", "double yakuman"),
    ],
)
def test_it_words_a_whole_hand_s_worth(han, limit, words):
    assert hand_han(han, limit) == words


def test_it_offers_the_filters_in_every_template_without_loading():
    template = engines["django"].from_string("{{ 26|yaku_han }} / {{ 26|hand_han:'2x yakuman' }}")
    assert template.render({}) == "double yakuman / double yakuman"


@pytest.mark.django_db
def test_it_shows_a_double_yakuman_by_name_in_the_calculator(client):
    from django.urls import reverse

    # four concealed triplets won on a single wait: a double yakuman where allowed
    response = client.get(
        reverse("rules:calculator"),
        {"hand": "111m333p555s777z11z", "win_tile": "1z", "win": "tsumo"},
    )
    html = response.content.decode()
    assert "26 han" not in html and '<th class="num">26</th>' not in html
    assert "yakuman" in html


@pytest.mark.django_db
def test_it_totals_a_double_yakuman_by_name_in_the_calculator_breakdown(client):
    import re

    from django.urls import reverse

    response = client.get(
        reverse("rules:calculator"),
        {"hand": "111m333p555s777z11z", "win_tile": "1z", "win": "tsumo"},
    )
    html = response.content.decode()
    total = re.search(r"<tfoot><tr><th>Total</th><th class=\"num\">(.*?)</th>", html)
    assert total is not None, html[-3000:]
    assert total[1] in ("yakuman", "double yakuman")


def test_it_names_yaku_and_limits_in_the_reader_s_words_on_any_page():
    from django.utils import translation

    template = engines["django"].from_string("{{ 'Pinfu'|yaku_name }}, {{ 'mangan'|limit_name }}")
    with translation.override("en-names"):
        assert template.render({}) == "All runs, no fu, limit"
    with translation.override("en"):
        assert template.render({}) == "Pinfu, mangan"


def test_points_are_written_with_a_thousands_separator_and_a_real_minus_sign():
    assert points(32300) == "32,300"
    assert points(-4800) == "\u22124,800"
    assert points(0) == "0"
    assert points(12.6) == "13"
    assert points("n/a") == "n/a" and points(None) is None


def test_a_change_of_score_carries_its_sign():
    assert signed(12000) == "+12,000"
    assert signed(-3000) == "\u22123,000"
    assert signed(0) == "0"


def test_a_result_in_thousands_is_written_with_the_minus_sign():
    assert minus("-18.8") == "\u221218.8"
    assert minus("+20.0 / +10.0 / -10.0 / -20.0") == "+20.0 / +10.0 / \u221210.0 / \u221220.0"
    assert minus("-40.0 (2 chombos)") == "\u221240.0 (2 chombos)"
    assert minus("2026-11-26") == "2026-11-26" and minus("+6.5") == "+6.5"
