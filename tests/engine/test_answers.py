"""Answers to one claim commute (rules.engine.answers), the live tables' reason to accept a late answer."""

from rules.engine import (
    Action,
    answers_commute,
    apply,
    format_action,
    is_discard_answer,
    logged_type,
    parse_action,
    pending_seats,
    waits_for_answers,
)
from rules.engine.testing import find, play, scenario

# seat 2 waits on 2s/5s with all simples; seat 1 holds a pair of 5s
TANYAO_WAIT = "234m345p678p22s34s"
PAIR_5S = "147m369p155s1234z"


def two_seats_asked():
    state = play(scenario({1: PAIR_5S, 2: TANYAO_WAIT}, draws="5s"), "0:discard:5s")
    assert set(pending_seats(state)) == {1, 2}
    return state


def test_two_answers_to_one_discard_give_the_same_game_in_either_order():
    state = two_seats_asked()
    pon, ron = find(state, "1:pon:5s"), find(state, "2:ron")
    one_way, _ = apply(apply(state, pon)[0], ron)
    other_way, _ = apply(apply(state, ron)[0], pon)
    # only the logs differ, by the order the two answers were written in
    assert one_way.evolve(past_logs=(), hand_log=()) == other_way.evolve(past_logs=(), hand_log=())
    assert one_way.last_result.kind == "ron"


def test_an_answer_stands_after_another_seats_answer_to_the_same_claim():
    state = two_seats_asked()
    pon = find(state, "1:pon:5s")
    after, _ = apply(state, pon)
    assert waits_for_answers(after)  # seat 2 is still asked
    assert answers_commute(2, [pon])
    assert answers_commute(2, [])  # nothing in between


def test_an_answer_does_not_stand_after_its_own_seats_move_or_a_discard():
    state = two_seats_asked()
    assert not answers_commute(1, [find(state, "1:pon:5s")])  # the seat's own answer
    assert not answers_commute(1, [Action(0, "discard", 4), Action(2, "pass")])


def test_a_claimed_wins_ok_and_ng_are_answers_that_commute_too():
    assert answers_commute(3, [parse_action("1:ok"), parse_action("2:ng:noten")])
    assert not answers_commute(3, [parse_action("1:claim:mangan")])


def test_a_game_on_its_turn_waits_for_no_answers():
    state = scenario({1: PAIR_5S, 2: TANYAO_WAIT}, draws="5s")
    assert not waits_for_answers(state)
    assert waits_for_answers(two_seats_asked())


def test_it_reads_the_type_of_a_logged_action_without_its_tiles():
    text = format_action(Action(1, "chi", 8, (12, 16)))
    assert logged_type(text) == "chi"
    assert logged_type("garbage") == ""
    assert is_discard_answer(text) and is_discard_answer(parse_action("3:pass"))
    assert is_discard_answer(parse_action("2:win_anyway:5s.0"))
    assert not is_discard_answer("0:discard:5s.1")
    assert not is_discard_answer(parse_action("1:ok"))  # answers a claimed win, not a discard
