"""Replays and the JSON record of a game (replay.py)."""

import json

import pytest

from rules.engine import Action, IllegalAction, InvalidAction, apply, new_game
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, replay, to_json
from rules.engine.testing import build_wall, first_legal


def _play(state, n):
    for _ in range(n):
        if state.finished:
            break
        state, _ = apply(state, first_legal(state))
    return state


def test_replaying_the_actions_gives_back_the_same_state():
    state = _play(new_game(RONIN, seed=21), 400)
    assert replay(state.setup, state.actions) == state


def test_json_round_trip_gives_back_the_same_state():
    state = _play(new_game(RONIN, seed=22), 300)
    data = json.loads(json.dumps(to_json(state)))
    assert data["format"] == "riichi-game/1" and data["seed"] == 22
    assert from_json(data) == state


def test_explicit_walls_are_part_of_the_record():
    wall = build_wall({0: "123m456p789s5566z"}, draws="5z")
    state = new_game(RONIN, walls=[wall])
    state = _play(state, 10)
    data = to_json(state)
    assert data["walls"] == [list(wall)]
    assert from_json(data) == state


def test_a_finished_game_replays_to_its_final_standings():
    state = new_game(RONIN, seed=23)
    while not state.finished:
        state, _ = apply(state, first_legal(state))
    again = from_json(to_json(state))
    assert again.finished and again.final == state.final


def test_replay_names_the_first_action_that_does_not_fit():
    state = new_game(RONIN, seed=24)
    with pytest.raises(IllegalAction) as exc:
        replay(state.setup, [first_legal(state), Action(0, "discard", state.hands[0][0])])
    assert exc.value.message.startswith("action 2 (0:discard:")


def test_from_json_rejects_other_formats_and_bad_actions():
    with pytest.raises(InvalidAction):
        from_json({"format": "something else"})
    data = to_json(new_game(RONIN, seed=1))
    data["actions"] = ["0:dance"]
    with pytest.raises(InvalidAction):
        from_json(data)


def test_the_ruleset_travels_with_the_record():
    ruleset = RONIN.replace(kuikae=True, red_fives=(0, 2, 1))
    state = _play(new_game(ruleset, seed=25), 50)
    assert from_json(to_json(state)).ruleset == ruleset
