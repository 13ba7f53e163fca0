"""The API and the calculator check situation flags with the engine's own checks."""

import dataclasses
import json

import pytest

from rules.engine import SITUATION_FLAGS, InvalidHand, Situation, check_situation
from rules.engine.tiles import EAST, SOUTH
from rules.scoring_request import situation_of

pytestmark = pytest.mark.django_db

HAND = {"hand": "123m456p789s123s99p", "win_tile": "2s"}
IMPOSSIBLE = [
    ({"ippatsu": True}, "ippatsu"),
    ({"haitei": True}, "haitei"),
    ({"win": "tsumo", "houtei": True}, "houtei"),
    ({"win": "tsumo", "rinshan": True}, "rinshan"),
    ({"win": "tsumo", "chankan": True}, "chankan"),
    ({"win": "tsumo", "tenhou": True}, "tenhou"),
    ({"win": "tsumo", "chiihou": True, "renhou": True}, "renhou"),
    (
        {"riichi": True, "hand": "456p678s345s88p", "melds": ["chi:234m"], "win_tile": "5p"},
        "riichi",
    ),
]


def engine_error(flags: dict) -> InvalidHand:
    """What the engine's scorer check says about the same flags."""
    situation = Situation(tsumo=flags.pop("win", "ron") == "tsumo", seat_wind=SOUTH)
    situation = dataclasses.replace(
        situation, **{k: v for k, v in flags.items() if k in SITUATION_FLAGS}
    )
    from rules.engine import parse_meld, presets

    melds = [parse_meld(m) for m in flags.get("melds", [])]
    with pytest.raises(InvalidHand) as info:
        check_situation(situation, melds, presets.preset("ronin"), winner=1, dealer=0)
    return info.value


@pytest.mark.parametrize(("flags", "field"), IMPOSSIBLE, ids=[f for _, f in IMPOSSIBLE])
def test_it_answers_an_impossible_situation_in_the_engines_words(client, flags, field):
    body = {**HAND, "seat_wind": "S", **flags}
    response = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    expected = engine_error(dict(flags))
    assert error == {"field": field, "message": expected.message}
    assert expected.flag == field


def test_a_request_becomes_the_engines_situation_with_double_riichi_replacing_riichi():
    from rules.scoring_request import read_request

    prepared = read_request(
        {**HAND, "riichi": True, "double_riichi": True, "ippatsu": True, "seat_wind": "E"}
    )
    situation = situation_of(prepared)
    assert (situation.riichi, situation.double_riichi, situation.ippatsu) == (False, True, True)
    assert situation.seat_wind == EAST and situation_of(prepared, tsumo=True).tsumo
