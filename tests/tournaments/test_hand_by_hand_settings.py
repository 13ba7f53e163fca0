"""Club nights: an event's rule overrides are a form of the ruleset's settings."""

from __future__ import annotations

import dataclasses

from django.urls import reverse

from rules import setting_words
from rules.engine import rulesets
from rules.models import Ruleset
from tournaments.models import Tournament

from .conftest import PASSWORD


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def event_fields(**settings):
    return {
        "name": "Club Night",
        "format": "offline",
        "start_date": "2026-04-01",
        "ruleset": Ruleset.club_default().pk,
        "rounds": 2,
        "registration_open": "on",
        **settings,
    }


def test_hand_by_hand_the_event_form_offers_every_setting_in_plain_words(client, organizer):
    page = signed_in(client, organizer).get(reverse("tournaments:create")).content.decode()
    assert "Setting overrides (JSON)" not in page and "<textarea" not in page
    for f in dataclasses.fields(rulesets.Ruleset):
        assert f'name="set_{f.name}"' in page, f.name
        assert setting_words.label(f.name) in page
    # each choice is said in the setting's own words
    assert setting_words.describe(rulesets.Ruleset(chombo="penalty"), "chombo") in page
    assert "As the ruleset" in page


def test_hand_by_hand_only_changed_settings_are_stored_as_overrides(client, organizer):
    signed_in(client, organizer)
    data = event_fields(set_chombo="penalty", set_tobi="off", set_uma="15000, 5000, -5000, -15000")
    data["set_chombo_penalty"] = "30000"
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Club Night")
    assert tournament.overrides == {
        "chombo": "penalty",
        "chombo_penalty": 30000,
        "tobi": False,
        "uma": [15000, 5000, -5000, -15000],
    }
    ruleset = tournament.engine_ruleset()
    assert ruleset.chombo == "penalty" and ruleset.tobi is False
    # the edit form shows them again, the rest stays "as the ruleset"
    page = client.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    assert 'value="15000, 5000, -5000, -15000"' in page
    assert '<option value="off" selected>' in page


def test_hand_by_hand_a_refused_setting_gets_its_message_at_the_field(client, organizer):
    signed_in(client, organizer)
    response = client.post(
        reverse("tournaments:create"), event_fields(set_triple_ron="on", set_start_score="-5")
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="error-set_start_score"' in page or 'id="error-set_triple_ron"' in page
    assert not Tournament.objects.filter(name="Club Night").exists()
    response = client.post(reverse("tournaments:create"), event_fields(set_triple_ron="on"))
    page = response.content.decode()
    assert 'id="error-set_triple_ron"' in page and "needs double ron on" in page
    response = client.post(reverse("tournaments:create"), event_fields(set_minimum_han="3"))
    assert 'id="error-set_minimum_han"' in response.content.decode()
    assert not Tournament.objects.filter(name="Club Night").exists()


def test_hand_by_hand_a_refused_setting_is_named_by_its_label_not_its_code_name(client, organizer):
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:create"), event_fields(set_start_score="-5"))
    page = response.content.decode()
    assert "Starting score must be positive." in page
    assert "start_score:" not in page and "Setting start_score" not in page
    response = client.post(reverse("tournaments:create"), event_fields(set_triple_ron="on"))
    page = response.content.decode()
    assert f"{setting_words.label('triple_ron')} needs double ron on" in page


def test_hand_by_hand_an_event_keeps_at_least_the_rounds_it_has_drawn(
    client, organizer, make_event, seated_round
):
    tournament = make_event(players=4, rounds_=3)
    seated_round(tournament)
    seated_round(tournament, seed=8)
    signed_in(client, organizer)
    data = event_fields(name=tournament.name, ruleset=tournament.ruleset.pk, rounds=1)
    response = client.post(reverse("tournaments:edit", args=[tournament.pk]), data)
    assert response.status_code == 200
    assert "2 rounds are drawn already: the event cannot have fewer." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.rounds == 3
    data["rounds"] = 2
    assert client.post(reverse("tournaments:edit", args=[tournament.pk]), data).status_code == 302
