"""Learning aids (aids.py): computed from one seat's view, never from the full state."""

from rules.engine import learning_aids, parse_kinds, seat_view
from rules.engine.testing import play, scenario

TENPAI = "234m345p678p22s34s"  # waits 2s and 5s, pinfu and tanyao on either
NO_YAKU = "123m345p678p22s35s"  # waits 4s only: a closed kanchan with a terminal run
TWO_S, FOUR_S, FIVE_S = 19, 21, 22


def kind(text: str) -> int:
    return parse_kinds(text)[0][0]


def test_aids_count_each_wait_s_unseen_copies_from_what_the_seat_sees():
    state = scenario({1: TENPAI}, draws="5s")
    aids = learning_aids(seat_view(state, 1))
    assert aids.shanten == 0
    assert [(w.kind, w.unseen) for w in aids.waits] == [(TWO_S, 2), (FIVE_S, 4)]
    state = play(state, "0:discard:5s")
    aids = learning_aids(seat_view(state, 1))
    assert [(w.kind, w.unseen) for w in aids.waits] == [(TWO_S, 2), (FIVE_S, 3)]
    assert not aids.no_yaku and not aids.furiten


def test_aids_do_not_count_copies_hidden_in_other_hands_as_seen():
    # seat 2 holds two 5s: the aid for seat 1 still says four are unseen
    state = scenario({1: TENPAI, 2: "147m369p1s1234z55s"}, draws="9m")
    aids = learning_aids(seat_view(state, 1))
    assert dict(aids.waits)[FIVE_S] == 4


def test_aids_warn_of_a_ready_closed_hand_with_no_yaku_on_ron():
    state = scenario({1: NO_YAKU}, draws="9m")
    aids = learning_aids(seat_view(state, 1))
    assert [w.kind for w in aids.waits] == [FOUR_S]
    assert aids.no_yaku and aids.closed


def test_aids_warn_of_furiten_after_discarding_a_wait():
    state = scenario({1: TENPAI}, draws="9m 5s")
    state = play(state, "0:discard:9m")
    state = play(state, "1:discard:5s")
    aids = learning_aids(seat_view(state, 1))
    assert aids.furiten and aids.shanten == 0


def test_aids_list_the_riichi_discards_that_keep_the_hand_ready():
    state = scenario({0: TENPAI}, draws="9m")
    view = seat_view(state, 0)
    aids = learning_aids(view)
    # throwing the 9m keeps 2s/5s; throwing a 2s leaves 234s and a lone 9m, also ready
    assert aids.riichi_discards == (kind("9m"), TWO_S)
    assert aids.shanten == 0


def test_aids_say_how_far_an_unready_hand_is():
    state = scenario({1: "147m369p1s1234z25s"}, draws="9m")
    assert learning_aids(seat_view(state, 1)).shanten >= 3


def test_aids_are_none_for_a_spectator():
    state = scenario({1: TENPAI}, draws="5s")
    assert learning_aids(seat_view(state, None)) is None
