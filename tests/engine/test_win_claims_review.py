"""Claims are never judged by their claimant (rules/engine/claims/procedure.py): who reviews a
claimed win, the engine's reading deciding where nobody else is a person, an NG to the
review's decision sending the hand back, the mark of a decision against the reading,
and old games replaying under the procedure they were played by."""

import pytest

from rules.engine import (
    Action,
    GameSetup,
    IllegalAction,
    against_reading,
    apply,
    legal_actions,
    parse_action,
    replay,
)
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, to_json
from rules.engine.state import LEGACY_CLAIM_RULES
from rules.engine.testing import play, scenario

CLAIMED = RONIN.replace(renhou="off", win_settlement="claimed")
CONFIRMING = CLAIMED.replace(confirm_review=True)
TANYAO = "234m456p678s2255s"  # waits 2s/5s; a ron on 5s is 1 han 40 fu (tanyao)
DORA = {"dora": "9p", "ura": "9m"}


def step(state, *lines):
    for line in lines:
        state, _ = apply(state, parse_action(line))
    return state


def dealer_draws_5s(ruleset=CLAIMED, robots=()):
    """Seat 1 holds the tanyao hand; the dealer (seat 0, a quiet noten hand) draws 5s."""
    return scenario({1: TANYAO}, draws="5s", ruleset=ruleset, robots=robots, **DORA)


def six_yakuman_by_the_dealer(ruleset=CLAIMED, robots=()):
    """The issue's attack: the dealer calls Win anyway on a noten hand, claims six
    yakuman, and the three others answer NG."""
    state = play(dealer_draws_5s(ruleset, robots), "0:win_anyway")
    assert not state.win_claim.reading.valid and state.win_claim.reading.reason == "noten"
    return step(state, "0:claim:6xyakuman", "1:ng:noten", "2:ng:noten", "3:ng:noten")


def assert_replays(state):
    assert replay(state.setup, state.actions) == state
    assert from_json(to_json(state)) == state


def test_a_lone_persons_false_claim_is_settled_by_the_engines_reading():
    state = six_yakuman_by_the_dealer(robots=(1, 2, 3))
    wc = state.win_claim
    assert state.phase == "review" and wc.by_reading and wc.reviewer == 1
    # the only decision is the reading's: a noten win is a chombo, the hand played again
    assert legal_actions(state, 1) == (Action(1, "chombo", None, (0,)),)
    assert legal_actions(state, 0) == ()
    state = step(state, "1:chombo:game_over")
    result = state.last_result
    assert result.kind == "chombo" and result.chombo == 0
    assert result.deltas == (-12000, 4000, 4000, 4000)  # a dealer's reverse mangan
    assert not against_reading(result.claim)
    assert_replays(state)


def test_a_lone_persons_claim_the_reading_holds_valid_is_fixed_at_the_engines_value():
    state = play(dealer_draws_5s(robots=(0, 2, 3)), "0:discard:5s", "1:win_anyway")
    state = step(state, "1:claim:mangan", "0:ng:wrong_value", "2:ng:wrong_value")
    state = step(state, "3:ng:wrong_value")
    assert state.win_claim.by_reading and state.win_claim.reviewer == 0
    assert legal_actions(state, 0) == (Action(0, "correct", None, (1, 40)),)
    state = step(state, "0:correct:1han40fu")
    assert state.last_result.deltas == (-1300, 1300, 0, 0)
    assert not against_reading(state.last_result.claim)
    assert_replays(state)


def test_a_lone_persons_decision_by_the_reading_is_not_sent_round_for_confirmation():
    state = six_yakuman_by_the_dealer(CONFIRMING, robots=(1, 2, 3))
    state = step(state, "1:chombo:game_over")
    assert state.last_result.kind == "chombo" and state.phase != "confirm"


@pytest.mark.parametrize("robots", [(1, 2, 3), (2, 3), ()])
def test_the_issues_attack_fixing_a_false_six_yakuman_as_claimed_is_refused(robots):
    state = six_yakuman_by_the_dealer(robots=robots)
    refusal = "the app's reading decides it" if 1 in robots else "seat 1 reviews it"
    with pytest.raises(IllegalAction, match=f"you made the claim: (with .*, )?{refusal}"):
        apply(state, parse_action("0:accept"))
    if 1 in robots:
        with pytest.raises(IllegalAction, match="the app's reading decides this claim"):
            apply(state, parse_action("1:accept"))
        with pytest.raises(IllegalAction, match="the app's reading decides"):
            apply(state, parse_action("1:correct:6xyakuman"))
    assert all(a.seat != 0 for seat in range(4) for a in legal_actions(state, seat))


def test_the_dealers_claim_is_reviewed_by_the_second_person_not_the_dealer():
    state = six_yakuman_by_the_dealer(robots=(1, 3))
    assert state.win_claim.reviewer == 2 and not state.win_claim.by_reading
    assert "accept" in {a.type for a in legal_actions(state, 2)}
    state = step(state, "2:chombo:game_over")
    assert state.last_result.chombo == 0 and state.scores == (13000, 29000, 29000, 29000)


def test_an_ng_to_the_review_sends_the_dealers_false_claim_back_to_the_reviewer():
    state = six_yakuman_by_the_dealer(CONFIRMING, robots=(3,))
    assert state.win_claim.reviewer == 1
    state = step(state, "1:accept")  # the reviewer sides with the dealer
    assert state.phase == "confirm"
    assert Action(2, "ng", None, (0,)) in legal_actions(state, 2)  # a person may say NG
    assert legal_actions(state, 3) == (Action(3, "ok"),)  # a robot confirms
    state = step(state, "0:ok", "2:ng:noten", "3:ok")
    wc = state.win_claim
    assert state.phase == "review" and state.scores == (25000,) * 4
    assert wc.overruled == Action(1, "accept") and wc.decision is None
    assert wc.disputed == (Action(0, "ok"), None, Action(2, "ng", None, (0,)), Action(3, "ok"))
    assert legal_actions(state, 1) and not legal_actions(state, 2)
    state = step(state, "1:chombo:game_over")  # the second decision counts at once
    assert state.last_result.kind == "chombo" and state.last_result.chombo == 0
    assert state.last_result.claim.overruled == Action(1, "accept")
    assert_replays(state)


def test_a_robot_seat_cannot_say_ng_to_the_review():
    state = step(six_yakuman_by_the_dealer(CONFIRMING, robots=(3,)), "1:chombo:game_over")
    with pytest.raises(IllegalAction, match="a robot seat confirms the review with OK"):
        apply(state, parse_action("3:ng"))


def test_a_false_win_fixed_by_a_person_is_marked_against_the_reading():
    state = six_yakuman_by_the_dealer(robots=(3,))
    state = step(state, "1:accept")
    result = state.last_result
    assert result.kind == "tsumo" and result.deltas == (288000, -96000, -96000, -96000)
    assert against_reading(result.claim)
    assert_replays(state)


def test_a_valid_win_fixed_at_the_reading_is_not_marked_and_a_chombo_on_it_is():
    ron = play(dealer_draws_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    fixed = step(ron, "1:claim:1han40fu", "0:ok", "2:ok", "3:ok", "0:accept")
    assert fixed.last_result.deltas == (-1300, 1300, 0, 0)
    assert not against_reading(fixed.last_result.claim)
    punished = step(ron, "1:claim:1han40fu", "0:ok", "2:ok", "3:ok", "0:chombo:game_over")
    assert against_reading(punished.last_result.claim)


def test_an_old_game_replays_under_the_procedure_it_was_played_by():
    """A game stored before claims were kept from their claimants: the dealer reviewed
    its own false claim and fixed it. It still replays, and is marked."""
    start = dealer_draws_5s()
    old = GameSetup(*start.setup[:4], claim_rules=LEGACY_CLAIM_RULES)
    lines = ["0:claim:6xyakuman", "1:ng:noten", "2:ng:noten", "3:ng:noten", "0:accept"]
    actions = [*play(start, "0:win_anyway").actions, *map(parse_action, lines)]
    with pytest.raises(IllegalAction, match="you made the claim"):
        replay(start.setup, actions)
    state = replay(old, actions)
    assert state.last_result.deltas == (288000, -96000, -96000, -96000)
    assert against_reading(state.last_result.claim)
    record = to_json(state)
    assert record["claim_rules"] == LEGACY_CLAIM_RULES
    assert from_json(record) == state
    del record["claim_rules"]  # an export made before the procedure was versioned
    assert from_json(record) == state
