"""The invariant checks behind the random-play property test can fail: each broken
state or hand result below is reported in words, and a sound one is not.

A checker that never reports anything would let the property test pass whatever the
engine did, so every check is shown catching the fault it is there for.
"""

import pytest

from rules.engine import HandResult, new_game
from rules.engine.invariants import check, problems, result_problems
from rules.engine.presets import RONIN
from rules.engine.testing import pass_all, play, scenario


def fresh():
    return new_game(RONIN, seed=11)


def test_a_sound_game_has_no_problem():
    state = fresh()
    assert problems(state) == []
    check(state)  # does not raise


BROKEN_STATES = [
    (lambda s: s.evolve(scores=(26000, 25000, 25000, 25000)), "points on the table are 101000"),
    (lambda s: s.evolve(finished=True), "a finished game must be in game_end"),
    (
        lambda s: s.evolve(hands=((*s.hands[0][:-1], s.hands[1][0]), *s.hands[1:])),
        "tiles not accounted for exactly once",
    ),
    (lambda s: s.evolve(live_end=s.live_end - 1), "the dead wall holds 15 tiles"),
    (lambda s: s.evolve(rinshan_used=1), "one tile to the dead wall per replacement draw"),
    (lambda s: s.evolve(turn=1, legal=((), s.legal[0], (), ())), "seat 0 holds 14 tiles"),
    (
        lambda s: s.evolve(hands=(tuple(reversed(s.hands[0])), *s.hands[1:])),
        "seat 0's hand is not sorted",
    ),
    (lambda s: s.evolve(legal=((), (), (), ())), "nobody can act in a running game"),
    (
        lambda s: s.evolve(legal=(s.legal[0], s.legal[0], (), ())),
        "on seat 0's turn only that seat may act, not [0, 1]",
    ),
    (lambda s: s.evolve(phase="calls", turn=1), "a calls phase without a claimed tile"),
]


@pytest.mark.parametrize(("breaking", "words"), BROKEN_STATES)
def test_it_reports_a_broken_state_in_words(breaking, words):
    broken = breaking(fresh())
    found = problems(broken)
    assert any(words in problem for problem in found), found
    with pytest.raises(AssertionError, match=r"\w"):
        check(broken)


def test_it_reports_the_tiles_missing_and_twice():
    state = fresh()
    held = state.hands[0]
    broken = state.evolve(hands=((*held[:-1], state.hands[1][0]), *state.hands[1:]))
    (problem,) = [p for p in problems(broken) if "accounted" in p]
    assert f"missing [{held[-1]}]" in problem and f"twice [{state.hands[1][0]}]" in problem


TANYAO = "234m678m345s2255p"  # waits on 2p and 5p, all simples


def played_to_a_win():
    """East 1 where seat 1 rons seat 0's 5p (the engine's own result)."""
    state = scenario({1: TANYAO}, draws="5p")
    state = play(state, "0:discard:5p", "1:ron")
    return state.last_result


def test_a_real_hand_result_has_no_problem():
    result = played_to_a_win()
    assert result.kind == "ron"
    assert result_problems(result) == []


def result_of(kind, **values):
    return HandResult(kind, 27, 0, 0, 0, **values)


BROKEN_RESULTS = [
    (
        result_of("exhaustive", deltas=(1000, 0, 0, -1000), scores=(1000, 0, 0, 0)),
        "+ deltas",
    ),
    (
        result_of("ron", deltas=(-1000, 1000, 0, 0), scores=(-1000, 1000, 0, 0)),
        "a win without winners",
    ),
    (
        result_of(
            "exhaustive",
            deltas=(3000, -1000, -1000, -1000),
            scores=(3000, -1000, -1000, -1000),
            noten_deltas=(0, 0, 0, 0),
        ),
        "moved points other than the noten payments",
    ),
    (
        result_of("abortive", deltas=(1000, -1000, 0, 0), scores=(1000, -1000, 0, 0)),
        "an abortive draw moved points",
    ),
    (result_of("nagashi"), "nagashi mangan payments do not balance"),
]


@pytest.mark.parametrize(("result", "words"), BROKEN_RESULTS)
def test_it_reports_a_hand_result_that_does_not_add_up(result, words):
    assert any(words in problem for problem in result_problems(result))


def test_it_reports_win_deltas_that_are_not_the_payments():
    result = played_to_a_win()
    wrong = (result.deltas[0] - 100, result.deltas[1] + 100, *result.deltas[2:])
    after = tuple(b + d for b, d in zip(result.scores_before, wrong, strict=True))
    found = result_problems(result._replace(deltas=wrong, scores=after))
    assert any("are not the sum of the payments" in p for p in found), found


def test_pass_all_leaves_a_state_the_checks_accept():
    state = scenario({1: TANYAO}, draws="5p")
    state = play(state, "0:discard:5p")
    assert problems(pass_all(state)) == []
