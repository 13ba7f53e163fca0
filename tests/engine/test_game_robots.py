"""Robot seats and the app rule settings' open riichi setting for them (``open_riichi_robot``)."""

import json

import pytest

from rules.engine import Action, GameSetup, IllegalAction, InvalidAction, apply, new_game
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, replay, to_json
from rules.engine.testing import first_legal, pass_all, play, scenario, tsumogiri

TENPAI = "234m345p678p22s34s"  # waits 2s/5s, all simples
# seat 1 below: nothing to call but a pair of 5s (for the kan test)
PAIR_OF_5S = "147m369p147s55s12z"


def _ruleset(setting: str):
    return RONIN.replace(open_riichi=True, open_riichi_robot=setting)


def _types(state, seat: int) -> set[str]:
    return {a.type for a in state.legal[seat]}


def _open_riichi_then_robot_discards_5s(setting: str, robots=(1,)):
    """Seat 0 opens its 2s/5s wait; seat 1 then draws a 5s and throws it."""
    state = scenario({0: TENPAI}, draws="9m 5s 1m 2s", ruleset=_ruleset(setting), robots=robots)
    state = pass_all(play(state, "0:open_riichi:9m"))
    assert state.open_riichi[0] and state.turn == 1
    return play(state, "1:discard:5s")


# --- the setup ------------------------------------------------------------------------


def test_a_game_has_no_robots_unless_told():
    assert new_game(RONIN, seed=1).setup.robots == frozenset()
    state = new_game(RONIN, seed=1, robots=[3, 1])
    assert state.setup.robots == frozenset({1, 3})
    assert GameSetup(RONIN, 1).robots == frozenset()


@pytest.mark.parametrize("robots", [[4], [-1], ["1"], [True], 3])
def test_robots_must_be_seats(robots):
    with pytest.raises(InvalidAction) as exc:
        new_game(RONIN, seed=1, robots=robots)
    assert exc.value.field == "robots"


def test_robots_travel_with_the_json_record_and_the_replay():
    state = new_game(_ruleset("ignore_robot_discard"), seed=5, robots=(0, 2))
    for _ in range(40):
        state, _ = apply(state, first_legal(state))
    data = json.loads(json.dumps(to_json(state)))
    assert data["robots"] == [0, 2]
    again = from_json(data)
    assert again.setup.robots == frozenset({0, 2}) and again == state
    assert replay(state.setup, state.actions) == state


def test_a_record_without_robots_reads_as_a_table_of_people():
    state = new_game(RONIN, seed=6)
    for _ in range(20):
        state, _ = apply(state, first_legal(state))
    data = to_json(state)
    assert data["robots"] == []
    del data["robots"]
    assert from_json(data) == state


@pytest.mark.parametrize("robots", [[7], "0", {"seat": 1}])
def test_a_record_with_bad_robots_is_refused(robots):
    data = to_json(new_game(RONIN, seed=1))
    data["robots"] = robots
    with pytest.raises(InvalidAction) as exc:
        from_json(data)
    assert exc.value.field == "robots"


# --- "disable" --------------------------------------------------------------------------


def test_disable_takes_open_riichi_away_at_a_table_with_a_robot():
    state = scenario({0: TENPAI}, draws="9m", ruleset=_ruleset("disable"), robots=(2,))
    assert "riichi" in _types(state, 0) and "open_riichi" not in _types(state, 0)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(0, "open_riichi", state.drawn))
    assert "robots" in exc.value.message


@pytest.mark.parametrize("setting", ["disable", "ignore_robot_discard", "pay_as_usual"])
def test_open_riichi_is_offered_at_a_table_of_people_whatever_the_setting(setting):
    state = scenario({0: TENPAI}, draws="9m", ruleset=_ruleset(setting))
    assert "open_riichi" in _types(state, 0)


@pytest.mark.parametrize("setting", ["ignore_robot_discard", "pay_as_usual"])
def test_the_other_settings_keep_open_riichi_at_a_table_with_robots(setting):
    state = scenario({0: TENPAI}, draws="9m", ruleset=_ruleset(setting), robots=(1, 2, 3))
    assert "open_riichi" in _types(state, 0)


# --- "ignore_robot_discard" ---------------------------------------------------------------


def test_ignore_offers_no_ron_on_a_robots_discard_and_leaves_no_furiten():
    state = _open_riichi_then_robot_discards_5s("ignore_robot_discard")
    # nobody was asked: the robot's 5s went by and seat 2 drew
    assert state.phase == "turn" and state.turn == 2
    assert state.furiten[0] == 0
    state = play(state, "2:discard:1m", "3:discard:2s")  # a person's 2s
    assert _types(state, 0) == {"ron", "pass"}
    state = play(state, "0:ron")
    win = state.last_result.wins[0]
    assert win.seat == 0 and win.from_seat == 3


def test_ignore_applies_to_robots_only():
    # the same 5s from a person at the same table is a ron
    state = scenario(
        {0: TENPAI}, draws="9m 5s", ruleset=_ruleset("ignore_robot_discard"), robots=(2, 3)
    )
    state = pass_all(play(state, "0:open_riichi:9m"))
    state = play(state, "1:discard:5s")
    assert _types(state, 0) == {"ron", "pass"}


def test_ignore_explains_the_refused_ron_while_others_may_still_call():
    # seat 2 can pon the robot's 5s, so the tile waits for answers; seat 0 has none
    hands = {0: TENPAI, 2: "147m369p147s1z55s2z"}
    state = scenario(hands, draws="9m 5s", ruleset=_ruleset("ignore_robot_discard"), robots=(1,))
    state = pass_all(play(state, "0:open_riichi:9m"))
    state = play(state, "1:discard:5s")
    assert state.phase == "calls" and not state.legal[0] and "pon" in _types(state, 2)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(0, "ron", state.last_discard[1]))
    assert exc.value.message == "at this table an open riichi does not win on a robot's tile"
    state = play(state, "2:pass")
    assert state.furiten[0] == 0


def test_ignore_is_only_for_open_riichi():
    # a plain riichi is offered the robot's tile as usual, and furiten if it passes
    ruleset = _ruleset("ignore_robot_discard")
    state = scenario({0: TENPAI}, draws="9m 5s", ruleset=ruleset, robots=(1,))
    state = pass_all(play(state, "0:riichi:9m"))
    state = play(state, "1:discard:5s")
    assert _types(state, 0) == {"ron", "pass"}
    state = play(state, "0:pass")
    assert state.furiten[0] == 2


def test_ignore_offers_no_chankan_on_a_robots_added_kan():
    hands = {0: TENPAI, 1: PAIR_OF_5S}
    draws = "9m 6z 5s 7z 6z 8m 0s"  # the last 5s is the red one
    ruleset = _ruleset("ignore_robot_discard")
    state = scenario(hands, draws=draws, ruleset=ruleset, robots=(1, 2))
    state = pass_all(play(state, "0:open_riichi:9m"))
    state = play(state, "1:discard:6z")
    state = play(state, "2:discard:5s")  # a robot's 5s: seat 0 is not asked, seat 1 may pon
    assert not state.legal[0] and "pon" in _types(state, 1)
    state = play(state, "1:pon:5s", "1:discard:1z")
    state = tsumogiri(state, 3)
    assert state.turn == 1 and state.furiten[0] == 0
    state = play(state, "1:shouminkan:0s")
    # nobody could rob the kan: it is made and seat 1 drew its replacement tile
    assert state.phase == "turn" and state.turn == 1 and state.rinshan
    assert state.furiten[0] == 0


def test_without_ignore_passing_the_robots_tile_makes_the_open_riichi_furiten():
    state = _open_riichi_then_robot_discards_5s("pay_as_usual")
    assert _types(state, 0) == {"ron", "pass"}
    state = play(state, "0:pass")
    assert state.furiten[0] == 2  # riichi furiten, for the rest of the hand


# --- "pay_as_usual" -----------------------------------------------------------------------


def test_pay_as_usual_the_robot_pays_with_the_open_riichi_han():
    state = _open_riichi_then_robot_discards_5s("pay_as_usual")
    state = play(state, "0:ron")
    result = state.last_result
    win = result.wins[0]
    assert win.from_seat == 1
    names = [name for name, _ in win.score.yaku]
    assert "Open riichi" in names
    # the same hand won with a plain riichi is worth exactly one han less
    plain = scenario({0: TENPAI}, draws="9m 5s", ruleset=_ruleset("pay_as_usual"), robots=(1,))
    plain = pass_all(play(plain, "0:riichi:9m"))
    plain = play(plain, "1:discard:5s", "0:ron")
    assert win.score.han == plain.last_result.wins[0].score.han + 1
    assert result.deltas[1] == -win.payment.payers[1]  # the robot pays it all
    assert win.payment.payers[1] > plain.last_result.wins[0].payment.payers[1]


def test_every_setting_plays_the_same_without_robot_seats():
    finals = []
    for setting in ("disable", "ignore_robot_discard", "pay_as_usual"):
        state = _open_riichi_then_robot_discards_5s(setting, robots=())
        state = play(state, "0:ron")
        finals.append(state.last_result.deltas)
    assert finals[0] == finals[1] == finals[2]


def test_ignore_keeps_the_penalties_page_furiten_for_everyone_not_in_open_riichi():
    # seat 2 has no yaku on its 3s wait: a robot's 3s is never offered to it, yet it
    # is furiten after letting it pass, as with anybody's tile (the penalties page)
    ruleset = _ruleset("ignore_robot_discard")
    state = scenario(
        {2: "123m456p789p99s24s"}, draws="8m 8m 8m 8m 3s", ruleset=ruleset, robots=(0,)
    )
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:3s")
    assert state.phase == "turn" and state.turn == 1
    assert state.furiten[2] == 1
