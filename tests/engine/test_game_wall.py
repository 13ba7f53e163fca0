"""Walls, the deal, the dead wall and the exhaustive draw (the Ronin Game Rules, Wall & Draws)."""

from rules.engine import new_game
from rules.engine.presets import RONIN
from rules.engine.testing import build_wall, play, scenario, tiles, tsumogiri
from rules.engine.visibility import seat_view, view_tiles
from rules.engine.wall import dead_wall_tiles, shuffled_wall

KAN_HAND = "2222m558p258s567z"


def test_same_seed_always_gives_the_same_game():
    assert new_game(RONIN, seed=7) == new_game(RONIN, seed=7)
    assert new_game(RONIN, seed=7).wall != new_game(RONIN, seed=8).wall


def test_wall_shuffle_is_exactly_pythons_shuffle():
    import random

    from rules.engine.wall import shuffle

    for seed in range(50):
        ours, theirs = list(range(136)), list(range(136))
        shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_each_hand_has_its_own_shuffled_wall_and_dice():
    first, dice1 = shuffled_wall(7, 0)
    second, _ = shuffled_wall(7, 1)
    assert first != second
    assert sorted(first) == list(range(136))
    assert all(1 <= d <= 6 for d in dice1)
    assert new_game(RONIN, seed=7).dice == dice1


def test_explicit_wall_deals_thirteen_tiles_per_seat_from_the_dealer():
    hands = {0: "123m456p789s5566z", 1: "147m369p147s1234z"}
    wall = build_wall(hands, draws="5z")
    state = new_game(RONIN, walls=[wall])
    assert state.hands[0] == tuple(sorted((*wall[:13], wall[52])))
    assert state.hands[1] == tuple(sorted(wall[13:26]))
    assert state.hands[3] == tuple(sorted(wall[39:52]))
    assert state.drawn == wall[52]


def test_live_wall_holds_seventy_tiles_and_dead_wall_fourteen():
    state = new_game(RONIN, seed=3)
    assert state.wall_remaining == 69  # the dealer has drawn one
    assert len(dead_wall_tiles(state.wall, state.live_end, state.rinshan_used)) == 14


def test_one_dora_indicator_is_shown_and_the_ura_stays_hidden():
    state = scenario({}, dora="3s", ura="5s")
    view = seat_view(state, 0)
    assert view.dora_indicators == (state.wall[126],)
    assert state.wall[126] >> 2 == tiles("3s")[0] >> 2
    assert state.wall[131] not in view_tiles(view)


def test_rinshan_draw_moves_the_last_live_tile_to_the_dead_wall():
    state = scenario({0: KAN_HAND}, draws="9m", rinshan="9p")
    last_live = state.wall[121]
    before = state.wall_remaining
    state = play(state, "0:ankan:2m")
    assert state.drawn == state.wall[122] and state.rinshan
    assert state.drawn >> 2 == tiles("9p")[0] >> 2
    assert state.wall_remaining == before - 1
    dead = dead_wall_tiles(state.wall, state.live_end, state.rinshan_used)
    assert len(dead) == 14 and last_live in dead


def test_exhaustive_draw_happens_when_the_live_wall_is_empty():
    state = scenario({})
    state = tsumogiri(state, 69)
    assert state.hand_index == 0 and state.wall_remaining == 0
    state = tsumogiri(state, 1)
    assert state.hand_index == 1
    assert state.last_result.kind == "exhaustive"


def test_after_a_kan_the_hand_ends_one_draw_earlier():
    state = scenario({0: KAN_HAND}, draws="9m", rinshan="9p")
    state = play(state, "0:ankan:2m")
    state = tsumogiri(state, 68)
    assert state.hand_index == 0 and state.wall_remaining == 0
    state = tsumogiri(state, 1)
    assert state.last_result.kind == "exhaustive"
