"""Club nights: a hand's value entered by its tiles, scored by the calculator."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules import calculator
from tournaments.models import ScoredHand

from .conftest import PASSWORD, hand_key

# riichi, pinfu, ... as a South seat (seat 1) in East 1; the winning tile is the 4s
HAND = "123m456p789s23s99p4s"


@pytest.fixture
def table(make_event, seated_round):
    return seated_round(make_event(players=4)).tables.get()


def post(client, table, what, **fields):
    client.login(username=table.seat_list()[0].player.username, password=PASSWORD)
    url = reverse(f"tournaments:{what}", args=[table.tournament_id, table.pk])
    return client.post(url, {"token": "tiles", **hand_key(table), **fields}, HTTP_HX_REQUEST="true")


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
    # the hand as the calculator read it, in tile pictures, the winning tile set apart
    pictured = preview.split('id="calc-hand-1"', 1)[1].split("</p>", 1)[0]
    assert pictured.count("<img") == 14 and 'class="win-tile"' in pictured
    assert 'title="4s"' in pictured.split('class="win-tile"', 1)[1]
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


# a closed hand with a concealed quad of 1m (written as a kan meld), won on the 4s
KAN_HAND = "456p789s23s99p4s"
KAN_MELD = "ankan:1111m"


def test_hand_by_hand_tile_entry_offers_every_situation_flag_of_the_engine_but_riichi(
    client, table
):
    from rules.engine import SITUATION_FLAGS

    page = post(client, table, "score_preview", outcome="tsumo", winners=["1"]).content.decode()
    offered = {f for f in SITUATION_FLAGS if f'name="{f}_1"' in page}
    # riichi comes from the chips; open riichi only where the ruleset has it
    assert offered == set(SITUATION_FLAGS) - {"riichi", "open_riichi"}


def test_hand_by_hand_a_situation_flag_counts_in_the_calculators_han(client, table):
    fields = {
        "outcome": "tsumo",
        "winners": ["1"],
        "tiles_1": KAN_HAND,
        "melds_1": KAN_MELD,
        "rinshan_1": "1",
    }
    expected = calculator.score_request(
        {
            "hand": KAN_HAND,
            "melds": [KAN_MELD],
            "win_tile": "4s",
            "win": "tsumo",
            "rinshan": True,
            "seat_wind": "S",
        }
    )
    assert any(y["name"].lower().startswith("rinshan") for y in expected["yaku"])
    post(client, table, "score_save", **fields)
    win = ScoredHand.objects.get(table=table).declared["wins"][0]
    assert (win["han"], win["fu"]) == (expected["han"], expected["fu"])


@pytest.mark.parametrize(
    ("outcome", "flags", "field", "words"),
    [
        ("ron", {"haitei_1": "1"}, "haitei_1", "houtei"),  # haitei is a self-draw
        ("tsumo", {"houtei_1": "1"}, "houtei_1", "haitei"),
        ("tsumo", {"chankan_1": "1"}, "chankan_1", "ron"),
        ("ron", {"rinshan_1": "1"}, "rinshan_1", "self-draw"),
        ("tsumo", {"tenhou_1": "1"}, "tenhou_1", "dealer"),  # South is no dealer
        ("ron", {"ippatsu_1": "1"}, "ippatsu_1", "riichi"),  # no riichi chip
        ("ron", {"double_riichi_1": "1"}, "double_riichi_1", "riichi"),
        ("tsumo", {"chiihou_1": "1", "haitei_1": "1"}, "chiihou_1", "first go-around"),
    ],
)
def test_hand_by_hand_impossible_situation_flags_are_refused_at_the_flag(
    client, table, outcome, flags, field, words
):
    fields = {"outcome": outcome, "winners": ["1"], "tiles_1": HAND, **flags}
    if outcome == "ron":
        fields["discarder"] = "2"
    response = post(client, table, "score_save", **fields).content.decode()
    assert f'id="error-{field}"' in response
    error = response.split(f'id="error-{field}">', 1)[1].split("</p>", 1)[0]
    assert words in error
    assert f'id="{field}" value="1" checked aria-invalid="true"' in response
    assert not ScoredHand.objects.exists()


def test_hand_by_hand_double_riichi_with_its_chip_scores_two_han_for_it(client, table):
    fields = {
        "outcome": "ron",
        "winners": ["1"],
        "discarder": "2",
        "riichi": ["1"],
        "double_riichi_1": "1",
        "tiles_1": HAND,
    }
    expected = calculator.score_request(
        {"hand": HAND, "win_tile": "4s", "double_riichi": True, "seat_wind": "S"}
    )
    post(client, table, "score_save", **fields)
    hand = ScoredHand.objects.get(table=table).declared
    assert hand["riichi"] == [1]  # the stick is paid as for any riichi
    assert hand["wins"][0]["han"] == expected["han"]
