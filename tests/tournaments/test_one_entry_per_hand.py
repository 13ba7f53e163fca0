"""One entry per hand: an entry is tied to the hand it was made for (its number at the
table, round and honba, the entry page's hidden fields), so two phones at one real table
cannot store the same hand twice; an undo asks first and names the hand it removes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments import scored_tables
from tournaments.models import Correction, ScoredHand

from .conftest import PASSWORD, hand_key


@pytest.fixture
def table(make_event, seated_round):
    return seated_round(make_event(players=4)).tables.get()


def phone(player) -> Client:
    client = Client()
    assert client.login(username=player.username, password=PASSWORD)
    return client


def url(table, what="score"):
    return reverse(f"tournaments:{what}", args=[table.tournament_id, table.pk])


def ron(winner, discarder, han="3"):
    return {
        "outcome": "ron",
        "winners": [str(winner)],
        "discarder": str(discarder),
        f"han_{winner}": han,
        f"fu_{winner}": "30",
    }


def test_two_phones_saving_the_same_hand_store_it_once_and_the_second_is_told_what_is_stored(
    table,
):
    east, south = (s.player for s in table.seat_list()[:2])
    key = hand_key(table)  # both phones loaded the entry page for hand 1
    first = phone(east).post(
        url(table, "score_save"), {"token": "a", **key, **ron(1, 2)}, HTTP_HX_REQUEST="true"
    )
    assert first.status_code == 200
    second = phone(south).post(
        url(table, "score_save"), {"token": "b", **key, **ron(2, 3, "2")}, HTTP_HX_REQUEST="true"
    )
    text = second.content.decode()
    assert ScoredHand.objects.filter(table=table).count() == 1
    assert scored_tables.sheet_of(table).round_number == 1  # still East 2, one hand in
    assert "Hand 1 (East 1, 0 honba) is already entered" in text
    assert east.name in text and "Ron:" in text and "undo it" in text
    # the fresh form is for the hand in play
    assert 'name="hand_number" value="2"' in text


def test_the_preview_says_so_before_saving_when_another_phone_saved_the_hand(table):
    east, south = (s.player for s in table.seat_list()[:2])
    key = hand_key(table)
    phone(east).post(
        url(table, "score_save"), {"token": "a", **key, **ron(1, 2)}, HTTP_HX_REQUEST="true"
    )
    preview = phone(south).post(
        url(table, "score_preview"), {"token": "b", **key, **ron(2, 3)}, HTTP_HX_REQUEST="true"
    )
    assert "is already entered" in preview.content.decode()


def test_an_entry_without_the_hand_it_was_made_for_is_refused(table):
    east = table.seat_list()[0].player
    response = phone(east).post(
        url(table, "score_save"), {"token": "a", **ron(1, 2)}, HTTP_HX_REQUEST="true"
    )
    assert "which hand it was made for" in response.content.decode()
    assert not ScoredHand.objects.exists()


def test_a_double_tap_is_still_stored_once(table):
    east = table.seat_list()[0].player
    client, data = phone(east), {"token": "same", **hand_key(table), **ron(1, 2)}
    client.post(url(table, "score_save"), data, HTTP_HX_REQUEST="true")
    again = client.post(url(table, "score_save"), data, HTTP_HX_REQUEST="true")
    assert ScoredHand.objects.filter(table=table).count() == 1
    assert "already entered" not in again.content.decode()


def test_the_engine_side_refuses_an_entry_for_a_hand_already_stored(table):
    east = table.seat_list()[0].player
    key = scored_tables.HandKey.of(scored_tables.sheet_of(table))
    hand = scored_tables.from_json(
        {"outcome": "ron", "wins": [{"seat": 1, "han": 3, "fu": 30}], "discarder": 2}
    )
    scored_tables.save_hand(table, hand, "a", east, key=key)
    with pytest.raises(scored_tables.AlreadyEntered) as refused:
        scored_tables.save_hand(table, hand, "b", east, key=key)
    assert refused.value.stored.number == 1
    assert ScoredHand.objects.filter(table=table).count() == 1


def test_an_undo_asks_for_confirmation_naming_the_hand_and_changes_nothing_until_then(table):
    east = table.seat_list()[0].player
    client = phone(east)
    client.post(
        url(table, "score_save"),
        {"token": "a", **hand_key(table), **ron(1, 2)},
        HTTP_HX_REQUEST="true",
    )
    asked = client.post(url(table, "score_undo"), HTTP_HX_REQUEST="true").content.decode()
    assert 'id="undo-ask"' in asked and "Undo hand 1?" in asked and 'id="undo-yes"' in asked
    assert ScoredHand.objects.filter(table=table).count() == 1 and not Correction.objects.exists()
    client.post(url(table, "score_undo"), {"sure": "yes", "number": "1"}, HTTP_HX_REQUEST="true")
    assert not ScoredHand.objects.filter(table=table).exists()


def test_an_undo_confirmed_for_a_hand_that_is_no_longer_the_last_is_refused(table):
    east, south = (s.player for s in table.seat_list()[:2])
    a, b = phone(east), phone(south)
    a.post(url(table, "score_save"), {"token": "a", **hand_key(table), **ron(1, 2)})
    b.post(url(table, "score_save"), {"token": "b", **hand_key(table), **ron(2, 3)})
    response = a.post(
        url(table, "score_undo"), {"sure": "yes", "number": "1"}, HTTP_HX_REQUEST="true"
    )
    assert "no longer the last hand" in response.content.decode()
    assert ScoredHand.objects.filter(table=table).count() == 2
