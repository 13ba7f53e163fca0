"""The JSON API scores every hand of the engine's data file and rejects bad input clearly."""

import json

import pytest

from .scored_hands import load, request_for

pytestmark = pytest.mark.django_db

CASES = load()


def post(client, url, body, raw=False):
    data = body if raw else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


def test_it_has_enough_scored_hands_to_check():
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_it_scores_every_hand_of_the_data_file(client, stored_ruleset, case):
    response = post(client, "/api/score", request_for(case, stored_ruleset))
    answer = response.json()
    if case.error:
        assert response.status_code == 400, answer
        assert answer["error"]["field"] == "hand"
        assert case.error.split(";")[0].split(" (")[0] in answer["error"]["message"]
        return
    assert response.status_code == 200, answer
    assert {y["name"]: y["han"] for y in answer["yaku"]} == case.yaku
    if case.yakuman:
        assert answer["yakuman"] == case.yakuman
    else:
        assert (answer["han"], answer["fu"]) == (case.han, case.fu)
    assert answer["limit"] == case.limit
    if case.fu_items:  # the amounts itemised (the data file sometimes leaves out rounding)
        got = sorted(d["fu"] for d in answer["fu_details"] if d["reason"] != "rounded up")
        assert got == sorted(f for f, reason in case.fu_items if reason != "rounded up")
    assert answer["payments"] == case.expected_payments()
    assert answer["total"] == case.expected_total()


def test_it_answers_the_documented_shape(client):
    body = {
        "hand": "123m456p789s234s99p",
        "win_tile": "4s",
        "win": "tsumo",
        "riichi": True,
        "dora_indicators": ["8p"],
        "honba": 1,
        "riichi_sticks": 1,
        "ruleset": "ronin",
    }
    answer = post(client, "/api/score", body).json()
    assert set(answer) >= {"han", "fu", "limit", "yaku", "fu_details", "payments", "total"}
    assert answer["yaku"][0] == {"name": "Riichi", "han": 1}
    assert {"name": "Dora", "han": 2} in answer["yaku"]
    assert (
        answer["payments"] == {"dealer": 4000, "non_dealer": 2000 + 100}
        or answer["payments"]["dealer"] > answer["payments"]["non_dealer"]
    )
    assert (
        answer["total"]
        == answer["payments"]["dealer"] + 2 * answer["payments"]["non_dealer"] + 1000
    )


BAD = [
    ("fifth copy", {"hand": "11111m456p789s23s9p"}, "hand", "fifth copy"),
    ("wrong count", {"hand": "123m456p789s123s9p", "win_tile": "2s"}, "hand", "14 tiles"),
    (
        "not complete",
        {"hand": "123m456p789s124s99p", "win_tile": "2s"},
        "hand",
        "not a complete hand",
    ),
    ("no yaku", {"hand": "123m456p789s123s99p", "win_tile": "2s"}, "hand", "no yaku"),
    (
        "bad notation char",
        {"hand": "123x456p789s123s99p", "win_tile": "2s"},
        "hand",
        "unexpected character 'x'",
    ),
    (
        "digits without suit",
        {"hand": "123m456p789s123s99", "win_tile": "2s"},
        "hand",
        "no suit letter",
    ),
    (
        "bad meld kind",
        {"hand": "456p789s123s99p", "melds": ["pung:111m"], "win_tile": "2s"},
        "melds",
        "not a meld kind",
    ),
    (
        "bad meld shape",
        {"hand": "456p789s123s99p", "melds": ["chi:135m"], "win_tile": "2s"},
        "melds",
        "consecutive",
    ),
    (
        "melds not a list",
        {"hand": "456p789s123s99p", "melds": 5, "win_tile": "2s"},
        "melds",
        "list",
    ),
    (
        "win tile not in hand",
        {"hand": "123m456p789s123s99p", "win_tile": "5z", "riichi": True},
        "win_tile",
        "not in the hand",
    ),
    (
        "win tile two tiles",
        {"hand": "123m456p789s123s99p", "win_tile": "2s3s", "riichi": True},
        "win_tile",
        "exactly one tile",
    ),
    (
        "missing win tile",
        {"hand": "123m456p789s123s99p", "riichi": True},
        "win_tile",
        "winning tile",
    ),
    (
        "ippatsu without riichi",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "ippatsu": True},
        "ippatsu",
        "needs riichi",
    ),
    (
        "riichi with an open hand",
        {"hand": "456p678s345s88p", "melds": ["chi:234m"], "win_tile": "5p", "riichi": True},
        "riichi",
        "closed",
    ),
    (
        "unknown ruleset",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "ruleset": "nope"},
        "ruleset",
        "unknown ruleset",
    ),
    (
        "unknown stored ruleset id",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "ruleset": 9999},
        "ruleset",
        "unknown ruleset",
    ),
    (
        "bad wind",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "seat_wind": "X"},
        "seat_wind",
        "E, S, W, N",
    ),
    (
        "negative honba",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "honba": -1},
        "honba",
        "negative",
    ),
    (
        "honba as text",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "honba": "2"},
        "honba",
        "whole number",
    ),
    (
        "boolean of the wrong type",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": "yes"},
        "riichi",
        "true or false",
    ),
    ("missing hand", {"win_tile": "2s"}, "hand", "enter the hand"),
    ("hand not text", {"hand": ["1m"], "win_tile": "2s"}, "hand", "notation"),
    (
        "haitei with ron",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "haitei": True},
        "haitei",
        "self-draw",
    ),
    (
        "houtei with tsumo",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "win": "tsumo", "houtei": True},
        "houtei",
        "ron",
    ),
    (
        "rinshan without a kan",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "win": "tsumo", "rinshan": True},
        "rinshan",
        "kan",
    ),
    (
        "chankan by tsumo",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "win": "tsumo", "chankan": True},
        "chankan",
        "ron",
    ),
    (
        "tenhou for a non-dealer",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "win": "tsumo", "tenhou": True},
        "tenhou",
        "dealer",
    ),
    (
        "bad win value",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "win": "draw"},
        "win",
        "ron",
    ),
    (
        "too many ura indicators",
        {
            "hand": "123m456p789s123s99p",
            "win_tile": "2s",
            "riichi": True,
            "ura_indicators": ["1m", "2m"],
        },
        "ura_indicators",
        "too many",
    ),
    (
        "fifth copy with an indicator",
        {
            "hand": "111m456p789s123s99p",
            "win_tile": "2s",
            "riichi": True,
            "dora_indicators": ["1m", "1m"],
        },
        "dora_indicators",
        "fifth copy",
    ),
    (
        "dora not a list of tiles",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "dora_indicators": [3]},
        "dora_indicators",
        "list of tiles",
    ),
    (
        "red five the ruleset lacks",
        {"hand": "123m406p789s123s99p", "win_tile": "2s", "riichi": True, "ruleset": "ema"},
        "hand",
        "no red 5p",
    ),
    (
        "unknown field",
        {"hand": "123m456p789s123s99p", "win_tile": "2s", "riichi": True, "kan_dora": 1},
        "kan_dora",
        "unknown field",
    ),
]


@pytest.mark.parametrize("name,body,field,words", BAD, ids=[b[0] for b in BAD])
def test_it_rejects_bad_input_with_the_field_at_fault(client, name, body, field, words):
    response = post(client, "/api/score", body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == field, error
    assert words.lower() in error["message"].lower(), error


def test_it_rejects_a_body_that_is_not_json(client):
    response = post(client, "/api/score", "{hand: 123m", raw=True)
    assert response.status_code == 400
    assert response.json()["error"] == {
        "field": None,
        "message": response.json()["error"]["message"],
    }
    assert "not valid JSON" in response.json()["error"]["message"]


def test_it_rejects_json_that_is_not_an_object(client):
    response = post(client, "/api/score", [1, 2])
    assert response.status_code == 400
    assert "JSON object" in response.json()["error"]["message"]


def test_it_rejects_an_empty_body(client):
    response = client.post("/api/score", data=b"", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] is None


@pytest.mark.parametrize("url", ["/api/score", "/api/waits"])
def test_it_answers_other_methods_with_a_json_405(client, url):
    response = client.get(url)
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "POST" in response.json()["error"]["message"]


def test_it_needs_no_csrf_token(db):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        "/api/score",
        data=json.dumps({"hand": "123m456p789s234s99p", "win_tile": "4s"}),
        content_type="application/json",
    )
    assert response.status_code == 200


def test_it_lists_waits_with_their_value(client):
    body = {"hand": "123m456p789s23s99p", "riichi": True, "discards": ["1m"]}
    response = post(client, "/api/waits", body)
    answer = response.json()
    assert response.status_code == 200, answer
    assert answer["shanten"] == 0
    assert [w["tile"] for w in answer["waits"]] == ["1s", "4s"]
    first = answer["waits"][0]
    assert first["unseen"] == 4  # no 1s in sight: the hand holds 23s
    assert {"name": "Riichi", "han": 1} in first["yaku"]
    assert first["total"] > 0 and first["no_yaku"] is False and first["furiten"] is False


def test_it_flags_furiten_and_no_yaku_waits(client):
    body = {"hand": "123m456p789s23s99p", "discards": ["4s"]}
    answer = post(client, "/api/waits", body).json()
    assert answer["furiten"] is True
    by_tile = {w["tile"]: w for w in answer["waits"]}
    assert by_tile["4s"]["furiten"] is True
    assert by_tile["1s"]["furiten"] is False
    # furiten: no wait can be won by ron, so each is priced as the tsumo it can only be
    assert answer["win"] == "tsumo" and by_tile["1s"]["win"] == "tsumo"
    assert {y["name"] for y in by_tile["1s"]["yaku"]} == {"Pinfu", "Menzen tsumo"}
    no_yaku = post(client, "/api/waits", {"hand": "123m456p789s13s99p"}).json()
    assert no_yaku["waits"][0]["tile"] == "2s" and no_yaku["waits"][0]["no_yaku"] is True


def test_it_counts_shanten_of_a_hand_that_is_not_waiting(client):
    answer = post(client, "/api/waits", {"hand": "159m159p159s1234z"}).json()
    assert answer["shanten"] > 0 and answer["waits"] == []


def test_it_rejects_a_waits_hand_of_the_wrong_size(client):
    response = post(client, "/api/waits", {"hand": "123m456p789s123s99p"})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "hand"
    assert "13 tiles" in response.json()["error"]["message"]


ODD_BODIES = [
    {"hand": 12},
    {"hand": "123m456p789s123s99p", "win_tile": ["2s"]},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "melds": [None]},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "seat_wind": 1},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "ruleset": True},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "ruleset": {"kuitan": False}},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "honba": 1.5},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "honba": 10**6},
    {"hand": "1z" * 20, "win_tile": "1z"},
    {"hand": "123m456p789s123s99p", "win_tile": "2s", "melds": ["chi:234m"] * 5},
    {
        "hand": "23s",
        "win_tile": "2s",
        "melds": ["ankan:1111m", "ankan:1111m", "pon:111p", "pon:999p"],
    },
]


@pytest.mark.parametrize("body", ODD_BODIES)
def test_it_answers_400_not_500_to_odd_bodies(client, body):
    response = post(client, "/api/score", body)
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    waits = {k: v for k, v in body.items() if k != "win_tile"}
    assert post(client, "/api/waits", waits).status_code == 400


PLAIN_TSUMO = {"hand": "123m456p789s234s99p", "win_tile": "4s", "win": "tsumo", "riichi": True}


def test_it_answers_with_the_preset_key_it_scored_under_when_the_request_named_none(client):
    answer = post(client, "/api/score", PLAIN_TSUMO).json()
    assert answer["ruleset"] == "ronin"


def test_it_answers_with_the_preset_key_the_request_named(client):
    answer = post(client, "/api/score", {**PLAIN_TSUMO, "ruleset": "tenhou"}).json()
    assert answer["ruleset"] == "tenhou"
