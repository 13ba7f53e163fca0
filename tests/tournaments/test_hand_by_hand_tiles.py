"""Club nights: a hand's value entered by its tiles, scored by the calculator."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules import calculator
from tournaments.models import ScoredHand

from .conftest import PASSWORD

# riichi, pinfu, ... as a South seat (seat 1) in East 1; the winning tile is the 4s
HAND = "123m456p789s23s99p4s"


@pytest.fixture
def table(make_event, seated_round):
    return seated_round(make_event(players=4)).tables.get()


def post(client, table, what, **fields):
    client.login(username=table.seat_list()[0].player.username, password=PASSWORD)
    url = reverse(f"tournaments:{what}", args=[table.tournament_id, table.pk])
    return client.post(url, {"token": "tiles", **fields}, HTTP_HX_REQUEST="true")


def test_hand_by_hand_tiles_are_scored_by_the_calculator_and_the_form_takes_its_han_and_fu(
    client, table
):
    fields = {
        "outcome": "ron",
        "winners": ["1"],
        "discarder": "2",
        "riichi": ["1"],
        "tiles_1": HAND,
        "indicators_1": "1p",
    }
    expected = calculator.score_request(
        {
            "hand": HAND,
            "win_tile": "4s",
            "win": "ron",
            "riichi": True,
            "seat_wind": "S",
            "round_wind": "E",
            "dora_indicators": ["1p"],
        }
    )
    preview = post(client, table, "score_preview", **fields).content.decode()
    assert f"{expected['han']} han {expected['fu']} fu" in preview
    assert 'id="calc-1"' in preview
    # the han and fu menus show what the calculator found
    assert f'<option value="{expected["han"]}" selected>' in preview
    post(client, table, "score_save", **fields)
    declared = ScoredHand.objects.get(table=table).declared
    assert declared["wins"][0]["han"] == expected["han"]
    assert declared["wins"][0]["fu"] == expected["fu"]


def test_hand_by_hand_tiles_that_do_not_win_get_the_calculators_message_at_the_field(client, table):
    fields = {"outcome": "tsumo", "winners": ["0"], "tiles_0": "123m456p789s23s99p"}
    response = post(client, table, "score_save", **fields).content.decode()
    assert 'id="error-tiles_0"' in response and "14 tiles" in response
    fields["tiles_0"] = "123m456p789s234s99p"  # the winning tile is not in it
    fields["win_tile_0"] = "7z"
    response = post(client, table, "score_save", **fields).content.decode()
    assert 'id="error-win_tile_0"' in response
    assert not ScoredHand.objects.exists()
