"""The audit of a stored game against a replay of its log (the load test's, the fault
tests' and, labelled with the game, the fuzzer's)."""

import pytest

from devtools.fuzz_replay import check_game
from devtools.move_audit import audit_game
from tables.models import Game, HandRecord
from tests.tables.conftest import alice, east_only, make_table, start  # noqa: F401
from tests.tables.test_submit import play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(east_only, alice, clock):  # noqa: F811
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table, clock=clock)
    play_out(game, clock)
    return Game.objects.get(pk=game.pk)


@pytest.mark.slow(10)
def test_it_names_a_hand_record_that_differs_from_the_replay_and_one_that_is_missing(played):
    assert played.hands.count() >= 4
    assert audit_game(played) == []
    first, second = HandRecord.objects.filter(game=played).order_by("index")[:2]
    HandRecord.objects.filter(pk=first.pk).update(deltas=[1, 2, 3, 4])
    second.delete()
    assert audit_game(played) == [
        f"hand {first.index}'s record differs from the replay",
        f"hand {second.index} has no record",
    ]


@pytest.mark.slow(10)
def test_it_names_a_stored_end_the_log_does_not_reach(played):
    Game.objects.filter(pk=played.pk).update(log=played.log[:-1])
    problems = audit_game(Game.objects.get(pk=played.pk))
    assert f"version {played.version} but {played.version - 1} logged actions" in problems
    assert any(p.startswith("stored finished=True, replayed False") for p in problems)


def test_the_fuzzers_check_labels_each_problem_with_the_game_and_its_table(
    east_only,  # noqa: F811
    alice,  # noqa: F811
    clock,
):
    game = start(make_table(east_only, people=[alice], bots=["tsumogiri"] * 3), clock=clock)
    Game.objects.filter(pk=game.pk).update(version=2)
    assert check_game(Game.objects.get(pk=game.pk)) == [
        f"game {game.pk} (table {game.table_id}): version 2 but 0 logged actions"
    ]
