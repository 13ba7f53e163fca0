"""The action vocabulary: text form, parsing errors, and illegal-action reasons."""

import pytest

from rules.engine import (
    Action,
    IllegalAction,
    InvalidAction,
    apply,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    pending_seats,
)
from rules.engine.presets import RONIN
from rules.engine.testing import find, play, scenario


def test_action_text_round_trips_every_physical_tile():
    for tile in range(136):
        action = Action(2, "discard", tile)
        assert parse_action(str(action)) == action


def test_red_five_is_written_with_zero_and_its_copy():
    assert format_action(Action(2, "riichi", 52)) == "2:riichi:0p.0"
    assert format_action(Action(2, "discard", 53)) == "2:discard:5p.1"


def test_call_text_lists_own_tiles():
    action = Action(1, "chi", 8, (12, 17))
    assert str(action) == "1:chi:3m.0:4m.0+5m.1"
    assert parse_action("1:chi:3m.0:4m.0+5m.1") == action


def test_pass_and_kyuushu_take_no_tile():
    assert parse_action("3:pass") == Action(3, "pass")
    assert parse_action("0:kyuushu") == Action(0, "kyuushu")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("discard", "not an action"),
        ("7:discard:5m.1", "not a seat"),
        ("1:dance:5m.1", "not an action type"),
        ("1:discard", "must name its tile"),
        ("1:discard:5m", "copy 0-3"),
        ("1:discard:5x.1", "unexpected character"),
        ("1:pon:5m.1:5m.2", "uses 2"),
        ("1:pon:5m.1:5m.1+5m.2", "same physical tile twice"),
        ("1:discard:0m.2", "only copy 0"),
        ("1:pass:5m.1", "takes no tile"),
    ],
)
def test_unreadable_actions_raise_invalid_action_with_reason(text, words):
    with pytest.raises(InvalidAction) as exc:
        parse_action(text)
    assert words in exc.value.message


def test_acting_out_of_turn_is_illegal_not_invalid():
    state = new_game(RONIN, seed=1)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(2, "discard", state.hands[2][0]))
    assert "not your turn" in exc.value.message


def test_discarding_a_tile_you_do_not_hold_is_refused():
    state = new_game(RONIN, seed=1)
    missing = next(t for t in range(136) if t not in state.hands[0])
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(0, "discard", missing))
    assert "do not hold" in exc.value.message


def test_dealer_acts_first_and_alone():
    state = new_game(RONIN, seed=4)
    assert pending_seats(state) == (0,)
    assert legal_actions(state, 1) == ()
    assert len(state.hands[0]) == 14


def test_script_lines_resolve_to_legal_actions():
    state = scenario({0: "123m456p789s5566z"}, draws="5z")
    assert find(state, "0:tsumo").type == "tsumo"
    state = play(state, "0:discard:6z")
    assert state.turn == 1
