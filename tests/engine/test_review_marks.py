"""When the game review marks a discard "lost acceptance": only a material loss, never
the careful bot's own move (the rule is in rules.engine.study.review and review_values)."""

import pytest

from rules.engine import parse_kind, play_game, seat_view
from rules.engine.presets import RONIN
from rules.engine.study.review import LOST_ACCEPTANCE, analyse_position, position_marks, review_game
from rules.engine.study.review_values import material_loss
from rules.engine.testing import play, scenario

# Five pairs and three loose tiles (one from a seven-pairs tenpai, 9 tiles for 1p,
# 8 for 8m, 2s or 9s); breaking a pair goes two steps back (13 tiles, 2-shanten).
PAIRS = {0: "2266m155p29s5577z"}, "8m"
# One from tenpai: 8p keeps 14 tiles, 2m keeps 12, 3m, 7p and 9s only 6.
SHAPES = {0: "223m55778p22999s"}, "7p"


def kind(text):
    return parse_kind(text)[0]


def first_decision(hands_and_draw, line):
    """The review of seat 0's first discard (the dealer's, after its first draw)."""
    hands, draws = hands_and_draw
    start = scenario(hands, draws=draws, dora="1p")
    after = play(start, line)
    review = review_game(start.setup, after.actions, 0)
    decision = review.hands[0].decisions[0]
    played = decision.position.candidate(decision.played.tile >> 2)
    return decision, played, decision.position.best


def test_a_one_tile_loss_is_not_marked():
    decision, played, best = first_decision(PAIRS, "0:discard:9s")
    assert not decision.agreed  # the careful bot throws 1p
    assert (played.shanten, played.acceptance) == (best.shanten, best.acceptance - 1) == (1, 8)
    assert LOST_ACCEPTANCE not in decision.marks


def test_a_loss_of_two_tiles_under_a_fifth_of_the_acceptance_is_not_marked():
    decision, played, best = first_decision(SHAPES, "0:discard:2m")
    assert not decision.agreed
    assert (played.acceptance, best.acceptance) == (12, 14)
    assert LOST_ACCEPTANCE not in decision.marks


def test_a_large_loss_at_the_same_shanten_is_marked():
    decision, played, best = first_decision(SHAPES, "0:discard:9s")
    assert played.shanten == best.shanten == 1
    assert (played.acceptance, best.acceptance) == (6, 14)
    assert LOST_ACCEPTANCE in decision.marks


def test_a_step_back_in_shanten_without_a_threat_is_marked():
    decision, played, best = first_decision(PAIRS, "0:discard:2m")
    assert (played.shanten, best.shanten) == (2, 1)
    assert LOST_ACCEPTANCE in decision.marks


def test_a_loss_the_bot_chose_itself_is_not_marked_even_where_it_is_material():
    # 5p breaks a pair and goes back to two from tenpai: marked, unless the bot threw it
    view = seat_view(scenario({0: "223m55778p22999s"}, draws="7p", dora="1p"), 0)
    position = analyse_position(view)
    worst = position.candidate(kind("5p"))
    assert (worst.shanten, position.best.shanten) == (2, 1)
    assert position_marks(position, worst.kind) == [LOST_ACCEPTANCE]
    assert position_marks(position, worst.kind, worst.kind) == []


@pytest.mark.parametrize(
    ("played", "other", "material"),
    [
        ((0, 1), (0, 3), True),  # two thirds of a tenpai's tiles gone
        ((0, 3), (0, 4), False),  # one tile
        ((2, 36), (2, 40), False),  # a tenth
        ((2, 30), (2, 40), True),  # a quarter
        ((1, 20), (0, 2), True),  # a step back in shanten
        ((0, 2), (1, 20), False),  # a step closer is no loss
        ((1, 9), (1, 8), False),  # more tiles is no loss
    ],
)
def test_the_line_between_a_small_and_a_material_loss(played, other, material):
    assert material_loss(*played, *other) is material


@pytest.fixture(scope="module")
def careful_game():
    return play_game(RONIN, 7, ["careful"] * 4, check=False).state


@pytest.mark.parametrize("seat", range(4))
def test_a_game_played_by_the_careful_bot_has_no_lost_acceptance(careful_game, seat):
    review = review_game(careful_game.setup, careful_game.actions, seat)
    assert review.agreed == review.decisions > 30
    assert review.marks[LOST_ACCEPTANCE] == 0
