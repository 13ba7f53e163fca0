"""Every refused move is answered with the reason in words (``explain``), the same
words the table shows a player whose move was not legal."""

import pytest

from rules.engine import Action, IllegalAction, apply, explain
from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tiles, tsumogiri

TENPAI = "234m345p678p22s34s"  # waits 2s/5s, all simples


def quiet_start():
    """East 1, every seat holding a hand far from anything; the dealer has drawn."""
    return scenario({}, draws="9s")


def kinds(state, seat, text):
    """The first tiles of ``seat``'s hand of the kinds in ``text`` (one per letter)."""
    out, hand = [], list(state.hands[seat])
    for tile in tiles(text):
        own = next(t for t in hand if t >> 2 == tile >> 2)
        hand.remove(own)
        out.append(own)
    return tuple(out)


def test_it_says_the_game_is_over():
    state = quiet_start().evolve(finished=True)
    assert explain(state, Action(0, "discard", state.drawn)) == "the game is over"


ON_THE_DEALERS_TURN = [
    (lambda s: Action(7, "discard", s.drawn), "7 is not a seat"),
    (lambda s: Action(1, "discard", s.hands[1][0]), "not your turn: seat 0 is to play"),
    (lambda s: Action(0, "pass"), "there is nothing to pass on: it is your turn"),
    (lambda s: Action(0, "discard", s.hands[1][0]), "you do not hold "),
    (lambda s: Action(0, "discard", None), "you do not hold that tile"),
    (lambda s: Action(0, "ron", s.drawn), "there is no discard to ron"),
    (lambda s: Action(0, "tsumo"), "your hand is not complete with a yaku"),
    (lambda s: Action(0, "chi", s.drawn), "there is no discard to chi"),
    (lambda s: Action(0, "pon", s.drawn), "there is no discard to pon"),
    (lambda s: Action(0, "kyuushu"), "kyuushu kyuuhai needs 9 different terminals/honours"),
    (lambda s: Action(0, "ankan", s.hands[0][0], s.hands[0][:4]), "cannot make that kan"),
    (lambda s: Action(0, "riichi", s.drawn), "this discard does not leave a waiting hand"),
    (
        lambda s: Action(0, "open_riichi", s.drawn),
        "open riichi is not played under this ruleset",
    ),
]


@pytest.mark.parametrize(("move", "words"), ON_THE_DEALERS_TURN)
def test_it_explains_a_move_that_is_not_legal_on_the_dealers_turn(move, words):
    state = quiet_start()
    action = move(state)
    assert action not in state.legal[action.seat if action.seat in range(4) else 0]
    assert explain(state, action).startswith(words)


def test_apply_refuses_with_the_same_words_and_changes_nothing():
    state = quiet_start()
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action(0, "pass"))
    assert refused.value.message == "there is nothing to pass on: it is your turn"
    assert state == quiet_start()


def a_discard_west_may_pon():
    """The dealer throws 5z; West holds a pair of it, the others cannot take it."""
    state = scenario({2: "55z147m369p147s12z"}, draws="5z")
    return play(state, "0:discard:5z")


def test_it_explains_answers_to_a_discard():
    state = a_discard_west_may_pon()
    assert state.phase == "calls"
    claimed = state.claim.tile
    assert explain(state, Action(1, "pass")) == "seat 1 has nothing to answer to this tile"
    pair = kinds(state, 2, "55z")
    assert explain(state, Action(2, "chi", claimed, pair)) == "only the next player may chi"
    assert explain(state, Action(2, "daiminkan", claimed, pair)) == (
        "cannot daiminkan with these tiles"
    )
    assert explain(state, Action(2, "ron", claimed)) == "this tile does not complete your hand"


def test_it_explains_that_a_kan_needs_a_drawn_tile_after_a_pon():
    state = play(a_discard_west_may_pon(), "2:pon:5z")
    assert state.turn == 2 and state.drawn is None
    four = state.hands[2][:4]
    assert explain(state, Action(2, "ankan", four[0], four)) == (
        "a kan needs a drawn tile: not right after a chi or pon"
    )


def test_it_explains_that_riichi_keeps_the_drawn_tile():
    state = scenario({0: TENPAI}, draws="9m 1p 1p 1p 7z")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert state.turn == 0 and state.riichi[0]
    kept = next(t for t in state.hands[0] if t != state.drawn)
    assert explain(state, Action(0, "discard", kept)) == (
        "in riichi you must discard the tile you drew"
    )


def test_it_explains_the_riichi_rules_of_a_ruleset_without_open_riichi():
    state = scenario({0: TENPAI}, draws="9m", ruleset=RONIN.replace(open_riichi=False))
    assert explain(state, Action(0, "open_riichi", state.drawn)) == (
        "open riichi is not played under this ruleset"
    )
