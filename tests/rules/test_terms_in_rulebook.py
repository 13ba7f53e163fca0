"""The rulebook and the calculator speak the reader's words: Japanese terms (the
default) or English names (a member's choice, locale/en_Names)."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from players.models import ENGLISH_NAMES, Player

pytestmark = pytest.mark.django_db

# A closed all-simples hand won by tsumo after riichi: riichi, menzen tsumo, tanyao.
SCORED = urlencode({"hand": "234m456p678s23455s", "win_tile": "5s", "win": "tsumo", "riichi": "on"})
# A waiting hand: tenpai on 1-4s.
WAITING = urlencode({"hand": "234m456p678s2355s", "riichi": "on"})


@pytest.fixture
def english_reader(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    member = Player.objects.create_user(
        username="eve", password="pw-eve-12345", terms=ENGLISH_NAMES
    )
    client.force_login(member)
    return client


def calculator(client, query: str) -> str:
    return client.get(reverse("rules:calculator") + "?" + query).content.decode()


def chapter(client, slug: str) -> str:
    return client.get(reverse("rules:chapter", args=[slug])).content.decode()


def test_the_calculator_uses_the_japanese_terms_by_default(client):
    page = calculator(client, SCORED)
    assert (
        "<td>Tanyao</td>" in page and "<td>Riichi</td>" in page and "<td>Menzen tsumo</td>" in page
    )
    assert "> Tsumo</label>" in page and "> Pon</label>" in page
    assert "All simples" not in page and "Self-drawn win" not in page
    assert "<td>Tanki wait</td>" in page and "<td>Tsumo</td>" in page


def test_the_calculator_names_yaku_buttons_and_results_in_english_for_a_member_who_chose_it(
    english_reader,
):
    page = calculator(english_reader, SCORED)
    # yaku in the result table
    assert "<td>All simples</td>" in page and "<td>Concealed self-draw</td>" in page
    assert "<td>Tanyao</td>" not in page and "<td>Ready hand</td>" in page
    # the choices (buttons) of the form
    assert "> Self-drawn win</label>" in page and "> Triplet</label>" in page
    assert "Win within one go-around of riichi" in page  # the ippatsu box
    assert "> Tsumo</label>" not in page and "> Pon</label>" not in page
    # the result's words: how it was won, and the fu items
    assert "Self-drawn win, non-dealer:" in page
    assert "<td>Self-draw</td>" in page and "<td>Pair wait</td>" in page
    assert "<td>Tanki wait</td>" not in page


def test_the_calculator_s_waits_speak_the_member_s_words(client, english_reader):
    assert "<strong>Tenpai</strong>" in calculator(client.__class__(), WAITING)
    page = calculator(english_reader, WAITING)
    assert "<strong>Ready</strong>" in page and "Ready hand" in page
    assert "<strong>Tenpai</strong>" not in page


def test_the_yaku_chapter_heads_each_card_with_the_reader_s_name_for_it(client, english_reader):
    japanese = chapter(client.__class__(), "yaku")
    assert "<h3>Chiitoitsu " in japanese and "<h3>Seven pairs " not in japanese
    english = chapter(english_reader, "yaku")
    assert "<h3>Seven pairs " in english and "<h3>Chiitoitsu " not in english
    # the Japanese term stays under the English heading, for reference
    assert '<p class="muted">Chiitoitsu</p>' in english
    # the scored examples list the yaku and the win by their English names
    assert "All simples 1 han" in english and "Tanyao 1 han" not in english


def test_the_limits_chapter_names_the_limits_in_the_reader_s_words(client, english_reader):
    assert '<th scope="row">Haneman</th>' in chapter(client.__class__(), "limits")
    english = chapter(english_reader, "limits")
    assert (
        '<th scope="row">Limit and a half</th>' in english
        and '<th scope="row">Haneman</th>' not in english
    )
