"""The rulebook's and the calculator's broken or misleading parts, fixed: who won a fu
example, the furiten examples, the closed-kan example, the words in both term modes,
visitors choosing their words, unscored situation boxes, furiten waits, the ruleset
list."""

import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from rules.engine import presets

pytestmark = pytest.mark.django_db


def page(client, path, query=None):
    return client.get(
        path + (("?" + urlencode(query, doseq=True)) if query else "")
    ).content.decode()


def test_every_fu_example_says_whether_the_dealer_or_a_non_dealer_won(client):
    html = page(client, "/rules/fu/")
    cards = re.findall(r'<article class="card fu-card"[^>]*>(.*?)</article>', html, re.S)
    assert cards
    for card in cards:
        assert "the dealer wins" in card or "a non-dealer wins" in card
    assert any("the dealer wins" in c and "3,400" in c for c in cards)  # the double wind


def test_the_fu_chapter_no_longer_says_two_tile_waits_earn_nothing(client):
    html = page(client, "/rules/fu/")
    assert "waits on two tiles earn nothing" not in html
    assert "nobetan" in html.lower()


def test_the_furiten_chapter_has_distinct_discard_temporary_and_riichi_examples(client):
    html = page(client, "/rules/furiten/")
    for kind in ("discard", "shape", "temporary", "riichi"):
        assert f'id="furiten-{kind}"' in html
    temporary = re.search(r'id="furiten-temporary">(.*?)</div>', html, re.S).group(1)
    assert "until your own next discard" in temporary.lower()
    riichi = re.search(r'id="furiten-riichi">(.*?)</div>', html, re.S).group(1)
    assert "rest of the hand" in riichi


def test_the_closed_kan_example_shows_the_waits_the_quad_would_change(client):
    html = page(client, "/rules/riichi/")
    block = re.search(r'<section id="ankan">(.*?)</section>', html, re.S).group(1)
    waits_before = re.search(r"waits on (.*?):</p>", block, re.S).group(1)
    assert all(f'title="{t}"' in waits_before for t in ("4m", "7m", "9s"))
    after = block.split("waits only on")[1].split("</p>")[0]
    assert 'title="9s"' not in after and 'title="4m"' in after


def test_the_claimed_wins_section_is_in_steps_and_says_replay_the_hand(client):
    html = page(client, "/rules/penalties/")
    block = re.search(r'<section id="claimed-wins">(.*?)</section>', html, re.S).group(1)
    assert len(re.findall(r"<h3 ", block)) >= 4
    assert "replay the hand" in block


# --- words ---------------------------------------------------------------------------

SCORED = {"hand": "234m456p678s23455s", "win_tile": "5s", "win": "tsumo", "riichi": "on"}
KAN_MELD = {"hand": "234m456p55s678s", "meld": "ankan:1111z", "win_tile": "5s", "win": "tsumo"}


def test_a_visitor_can_switch_to_english_names_and_back(client):
    assert "<h3>Chiitoitsu " in page(client, "/rules/yaku/")
    response = client.post(reverse("rules:terms"), {"terms": "en-names", "next": "/rules/yaku/"})
    assert response.status_code == 302 and response["Location"] == "/rules/yaku/"
    assert "<h3>Seven pairs " in page(client, "/rules/yaku/")
    assert "<td>All simples</td>" in page(client, reverse("rules:calculator"), SCORED)
    client.post(reverse("rules:terms"), {"terms": "en", "next": "/rules/"})
    assert "<h3>Chiitoitsu " in page(client, "/rules/yaku/")


def test_a_member_s_switch_is_kept_on_their_account(client, django_user_model):
    member = django_user_model.objects.create_user(username="kim", password="pw-kim-12345")
    client.force_login(member)
    client.post(reverse("rules:terms"), {"terms": "en-names", "next": "/rules/"})
    member.refresh_from_db()
    assert member.terms == "en-names"


def test_an_unknown_words_choice_or_a_foreign_next_is_refused(client):
    response = client.post(reverse("rules:terms"), {"terms": "klingon", "next": "/rules/"})
    assert response.status_code == 400 and "Nothing was changed" in response.content.decode()
    assert "<h3>Chiitoitsu " in page(client, "/rules/yaku/")
    response = client.post(reverse("rules:terms"), {"terms": "en", "next": "https://evil.example/"})
    assert response["Location"] == "/rules/"
    assert client.get(reverse("rules:terms")).status_code == 405


def test_english_names_use_the_rulebook_s_words_not_chow_pung_kong(client):
    client.post(reverse("rules:terms"), {"terms": "en-names", "next": "/rules/"})
    html = page(client, reverse("rules:calculator"), KAN_MELD)
    yakuman = page(
        client,
        reverse("rules:calculator"),
        {"hand": "777z123m44p", "meld": ["pon:555z", "pon:666z"], "win_tile": "4p"},
    )
    limits = page(client, "/rules/limits/")
    for text in (html, yakuman, limits):
        for old in ("Chow", "Pung", "Kong", "kong", "grand limit", "onus-tile"):
            assert old not in text, old
    assert "> Run</label>" in html and "> Triplet</label>" in html
    assert "Closed quad" in html
    assert "Yakuman" in yakuman and "Dora indicator" in html


# --- the calculator ------------------------------------------------------------------


def test_the_calculator_says_which_boxes_the_ruleset_does_not_score(client):
    # renhou under Tenhou's rules: the hand is scored without it, and the page says so
    query = {"hand": "234m456p678s23455s", "win_tile": "5s", "renhou": "on", "ruleset": "tenhou"}
    html = page(client, reverse("rules:calculator"), query)
    assert "Not counted:" in html and "does not score renhou" in html
    # with no other yaku the refusal says why too
    query["hand"] = "123m456p789s23455s"
    html = page(client, reverse("rules:calculator"), query)
    assert "no yaku" in html and "does not score renhou" in html
    # ura dora indicators without riichi
    query = {"hand": "123m456p789s23455s", "win_tile": "5s", "win": "tsumo", "ura": "1m"}
    html = page(client, reverse("rules:calculator"), query)
    assert "ura dora count only for a riichi hand" in html
    # nothing to say for an ordinary riichi hand
    assert "Not counted:" not in page(client, reverse("rules:calculator"), SCORED)


def test_the_calculator_prices_a_furiten_hand_s_waits_as_tsumo(client):
    query = {"hand": "123m456p789s23s99p", "discards": "4s", "mode": "waits"}
    html = page(client, reverse("rules:calculator"), query)
    assert "furiten" in html
    row = re.search(r'<tr data-tile="1s">(.*?)</tr>', html, re.S).group(1)
    assert "Menzen tsumo" in row
    assert "priced as a tsumo" in html


def test_the_calculator_lists_each_preset_once(client):
    html = page(client, reverse("rules:calculator"))
    select = re.search(r'<select[^>]*name="ruleset"[^>]*>(.*?)</select>', html, re.S).group(1)
    names = re.findall(r"<option[^>]*>([^<]+)</option>", select)
    for p in presets.PRESETS.values():
        assert sum(1 for n in names if n.startswith(p.name)) == 1, (p.name, names)


def test_a_club_s_own_ruleset_is_still_offered(client):
    from rules.models import Ruleset

    Ruleset.objects.create(name="Thursday", preset="ronin", settings={"kuitan": False})
    html = page(client, reverse("rules:calculator"))
    assert "Thursday (club)" in html


def test_the_words_switch_is_beside_chapters_the_calculator_and_practice(client):
    for path in ("/rules/", "/rules/waits/", reverse("rules:calculator"), "/rules/practice/"):
        html = page(client, path)
        form = re.search(r'<form method="post" action="/rules/terms/"(.*?)</form>', html, re.S)
        assert form, path
        assert 'value="en-names"' in form.group(1) and f'value="{path}"' in form.group(1)
