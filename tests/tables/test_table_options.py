"""A private table's usual options: length, red fives, open tanyao and how wins are
settled, chosen in the lobby, played by the game and shown on the table's rules page."""

import pytest
from django.urls import reverse

from rules.models import Ruleset
from tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def ema(db):
    return Ruleset.objects.create(name="Club EMA", preset="ema")


@pytest.fixture
def signed_in(client, alice):
    client.force_login(alice)
    return client


def _open(client, ruleset, **options):
    data = {"name": "Options", "ruleset": ruleset.pk, "bots": "careful", "private": "on"}
    data.update(options)
    return client.post(reverse("tables:create"), data, follow=True)


def test_the_lobby_offers_the_usual_table_options(signed_in, ema):
    page = signed_in.get(reverse("tables:lobby")).content.decode()
    for name in ("red_fives", "open_tanyao", "settle", "length"):
        assert f'name="{name}"' in page


def test_a_game_starts_with_the_options_its_opener_chose(signed_in, ema):
    _open(
        signed_in,
        ema,
        length="tonpuusen",
        red_fives="one_each",
        open_tanyao="off",
        settle="claimed",
    )
    table = Table.objects.get(name="Options")
    assert table.is_private
    assert table.options == {"red_fives": [1, 1, 1], "kuitan": False, "win_settlement": "claimed"}
    signed_in.post(reverse("tables:seat_action", args=[table.pk]), {"do": "start"})
    rules = table.current_game().engine_ruleset()
    assert rules.game_type == "tonpuusen" and rules.red_fives == (1, 1, 1)
    assert rules.kuitan is False and rules.win_settlement == "claimed"


def test_the_tables_rules_page_lists_its_options_and_marks_them(signed_in, ema):
    _open(signed_in, ema, red_fives="one_each", settle="claimed")
    table = Table.objects.get(name="Options")
    page = signed_in.get(reverse("tables:rules", args=[table.pk])).content.decode()
    assert "Chosen for this table" in page and "How wins are settled" in page
    assert '<tr id="setting-red_fives" class="changed">' in page
    assert '<tr id="setting-win_settlement" class="changed">' in page
    assert '<tr id="setting-kuitan">' in page


def test_an_option_the_lobby_does_not_offer_is_refused_and_no_table_is_opened(signed_in, ema):
    response = _open(signed_in, ema, red_fives="seven")
    assert "choose red fives" in response.content.decode()
    assert not Table.objects.filter(name="Options").exists()


def test_a_private_tables_rules_are_not_shown_to_others(client, signed_in, ema, bob):
    _open(signed_in, ema, settle="claimed")
    table = Table.objects.get(name="Options")
    client.force_login(bob)
    assert client.get(reverse("tables:rules", args=[table.pk])).status_code == 403
    token = table.invite_token
    assert (
        client.get(reverse("tables:rules", args=[table.pk]) + f"?invite={token}").status_code == 200
    )


def test_play_again_keeps_the_tables_options(signed_in, ema):
    _open(signed_in, ema, red_fives="none", settle="claimed")
    table = Table.objects.get(name="Options")
    Table.objects.filter(pk=table.pk).update(status=Table.FINISHED)
    signed_in.post(reverse("tables:again", args=[table.pk]))
    again = Table.objects.filter(name="Options").exclude(pk=table.pk).get()
    assert again.options == table.options
