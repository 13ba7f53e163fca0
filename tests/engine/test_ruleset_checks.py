"""A ruleset refuses every setting it cannot play, naming the setting and saying why.

An organizer's settings reach the engine as JSON; each wrong type, each value out of
range and each impossible combination must be refused with the field it is about, so
the form can show the message at that field, and nothing half-valid is ever built.
"""

import pytest

from rules.engine import InvalidRuleset, Ruleset
from rules.engine import ruleset_from_dict as from_dict
from rules.engine import ruleset_to_dict as to_dict
from rules.engine.presets import RONIN

BAD_SETTINGS = [
    # types
    ({"tobi": "yes"}, "tobi", "must be true or false, not 'yes'"),
    ({"start_score": "25000"}, "start_score", "must be a whole number, not '25000'"),
    ({"start_score": True}, "start_score", "must be a whole number, not True"),
    ({"start_score": 2.5}, "start_score", "must be a whole number"),
    ({"game_type": "marathon"}, "game_type", "must be one of hanchan, tonpuusen"),
    ({"rounding": "up"}, "rounding", "must be one of"),
    # ranges
    ({"start_score": 0, "target_score": 0, "tobi_threshold": 0}, "start_score", "positive"),
    ({"target_score": 20000}, "target_score", "cannot be below the starting score"),
    ({"win_threshold": -1}, "win_threshold", "cannot be negative"),
    ({"uma": [10000, 0, -10000]}, "uma", "must be four whole numbers"),
    ({"uma": [10000, 5000, -5000, True]}, "uma", "must be four whole numbers"),
    ({"uma": [20000, 10000, -10000, -10000]}, "uma", "must add up to zero, adds up to 10000"),
    ({"uma": [10000, 20000, -10000, -20000]}, "uma", "must not pay a lower place more"),
    ({"red_fives": [1, 1]}, "red_fives", "must be three counts from 0 to 4"),
    ({"red_fives": [1, 5, 1]}, "red_fives", "must be three counts from 0 to 4"),
    ({"minimum_han": 3}, "minimum_han", "must be 1 or 2"),
    ({"two_han_from_honba": -5}, "two_han_from_honba", "cannot be negative"),
    ({"score_unit": 10}, "score_unit", "must be 1, 100 or 1000 points"),
    ({"kan_min_live_wall": 0}, "kan_min_live_wall", "must be 1 or 2 tiles"),
    ({"riichi_min_live_wall": 0}, "riichi_min_live_wall", "must be from 1 to 4 tiles"),
    ({"riichi_min_live_wall": 5}, "riichi_min_live_wall", "must be from 1 to 4 tiles"),
    ({"double_wind_pair_fu": 3}, "double_wind_pair_fu", "must be 2 or 4"),
    ({"pinfu_tsumo_fu": 4}, "pinfu_tsumo_fu", "must be 0 or 2"),
    ({"open_pinfu_fu": 1}, "open_pinfu_fu", "must be 0 or 2"),
    ({"max_yakuman": 0}, "max_yakuman", "must be between 1 and 8"),
    ({"max_yakuman": 9}, "max_yakuman", "must be between 1 and 8"),
    ({"double_yakuman": ["kokushi_13", "tenhou"]}, "double_yakuman", "may only list"),
    ({"chombo_penalty": -1}, "chombo_penalty", "cannot be negative"),
    ({"thinking_time": -1}, "thinking_time", "cannot be negative"),
    ({"bank_time": -1}, "bank_time", "cannot be negative"),
    # combinations
    ({"ura_dora": False}, "kan_ura_dora", "needs both ura dora and kan dora"),
    ({"kan_dora": False}, "kan_ura_dora", "needs both ura dora and kan dora"),
    ({"triple_ron": True}, "triple_ron", "triple-ron abortive draw off"),
    (
        {"triple_ron": True, "sanchahou": False, "double_ron": False},
        "triple_ron",
        "needs double ron on",
    ),
    ({"win_threshold": 0}, "west_round", "needs a winning score threshold above 0"),
    ({"riichi_below_1000": True}, "riichi_below_1000", "needs tobi off"),
    ({"tobi_threshold": 30000}, "tobi_threshold", "cannot be above the starting score"),
    # the JSON shapes
    ({"uma": "20,10,-10,-20"}, "uma", "must be a list of numbers"),
    ({"red_fives": 3}, "red_fives", "must be a list of numbers"),
    ({"double_yakuman": "kokushi_13"}, "double_yakuman", "must be a list of hand names"),
    ({"double_yakuman": [["kokushi_13"]]}, "double_yakuman", "must be a list of hand names"),
    ({"west_rounds": True}, "west_rounds", "no such setting"),
]


@pytest.mark.parametrize(("changes", "field", "words"), BAD_SETTINGS)
def test_it_refuses_a_bad_setting_naming_it_and_saying_why(changes, field, words):
    with pytest.raises(InvalidRuleset) as refused:
        from_dict(changes, base=RONIN)
    assert refused.value.field == field
    assert refused.value.message.startswith(f"{field}: ")
    assert words in refused.value.message


def test_it_refuses_settings_that_are_not_an_object():
    with pytest.raises(InvalidRuleset, match="must be a JSON object"):
        from_dict(["game_type", "hanchan"])


def test_it_accepts_the_limits_of_each_range():
    edge = from_dict(
        {
            "minimum_han": 2,
            "score_unit": 1000,
            "kan_min_live_wall": 1,
            "max_yakuman": 8,
            "red_fives": [0, 4, 0],
            "uma": [0, 0, 0, 0],
            "target_score": RONIN.start_score,
            "tobi_threshold": RONIN.start_score,
            "west_round": False,
            "win_threshold": 0,
            "triple_ron": True,
            "sanchahou": False,
        },
        base=RONIN,
    )
    assert edge.oka_points == 0 and edge.red_fives == (0, 4, 0)
    assert from_dict(to_dict(edge)) == edge  # and it survives the JSON round trip


def test_a_changed_copy_is_checked_like_a_new_one():
    with pytest.raises(InvalidRuleset, match="minimum_han"):
        RONIN.replace(minimum_han=0)
    with pytest.raises(InvalidRuleset, match="uma"):
        Ruleset(uma=(1, 2, 3, -6))
