"""Furiten (the Ronin Game Rules "Furiten"; the penalties page)."""

import pytest

from rules.engine import Action, IllegalAction, apply
from rules.engine.testing import play, scenario, tiles, tsumogiri

TENPAI = "234m345p678p22s34s"  # waits 2s/5s with all simples
ONE_AWAY = "234m345p678p2s34s9s"  # becomes TENPAI after drawing 2s and dropping 9s


def test_discard_furiten_blocks_ron_on_every_wait():
    draws = "8m 8m 5s 8m 8m 9m 2s 2s"
    state = scenario({2: ONE_AWAY}, draws=draws)
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:5s")
    state = tsumogiri(state, 3)
    state = play(state, "2:discard:9s")  # now waiting on 2s/5s, but 5s was discarded
    assert state.analysis[2].waits == (19, 22)
    state = play(state, "3:discard:2s")
    assert [a.type for a in state.legal[2]] == ["pon", "pass"]  # no ron offered


def test_furiten_ron_attempt_gives_the_reason():
    state = scenario({2: ONE_AWAY, 1: "147m369p1s1234z25s"}, draws="8m 8m 5s 8m 8m 2s 2s")
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:5s")
    state = tsumogiri(state, 3)
    state = play(state, "2:discard:9s")
    state = tsumogiri(state, 2)
    state = play(state, "1:discard:2s")
    assert "ron" not in {a.type for a in state.legal[2]}
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(2, "ron", state.last_discard[1]))
    assert exc.value.message == "you are furiten: you discarded 5s"


def test_discards_claimed_by_others_still_count_for_furiten():
    draws = "8m 8m 5s 8m 8m 2s 0s"
    state = scenario({2: ONE_AWAY, 3: "147m369p1s1234z55s"}, draws=draws)
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:5s", "3:pon:5s", "3:discard:1z")
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:9s")
    assert state.discards[2][0].called
    state = play(state, "3:discard:0s")
    assert state.phase == "turn" and state.turn == 0  # the red five passes unclaimed


def test_tiles_in_own_kan_do_not_cause_furiten():
    # dealer: concealed kan of 5s, then waits on 5s/8s with 67s; 5s is only in the kan
    state = scenario({0: "234m678p22p0555s6s"}, draws="7s 8s", rinshan="9m")
    state = play(state, "0:ankan:0s", "0:discard:9m")
    assert 22 in state.analysis[0].waits and not state.discard_masks[0] & (1 << 22)
    state = play(state, "1:discard:8s")
    assert [a.type for a in state.legal[0]] == ["ron", "pass"]


def test_passing_a_winning_tile_is_temporary_furiten_until_own_next_discard():
    state = scenario({2: TENPAI}, draws="5s 2s 8m 2s")
    state = play(state, "0:discard:5s", "2:pass")
    assert state.furiten[2] == 1
    state = play(state, "1:discard:2s")
    assert "ron" not in {a.type for a in state.legal[2]}  # still furiten
    state = play(state, "2:pass")
    state = tsumogiri(state, 1)
    assert state.furiten[2] == 0
    state = play(state, "3:discard:2s")
    assert "ron" in {a.type for a in state.legal[2]}


def test_a_winning_tile_without_yaku_still_makes_the_seat_furiten():
    # closed, no riichi, kanchan on 3s with a terminal pair: no yaku on 3s
    state = scenario({2: "123m456p789p99s24s"}, draws="8m 8m 8m 8m 3s")
    state = tsumogiri(state, 4)  # after its first discard renhou is gone too
    state = play(state, "0:discard:3s")
    assert state.phase == "turn" and state.turn == 1  # ron was never offered
    assert state.furiten[2] == 1


def test_riichi_furiten_never_clears():
    draws = "8m 8m 9m 8m 5s 8m 1p 1p 2s"
    state = scenario({2: TENPAI}, draws=draws)
    state = tsumogiri(state, 2)
    state = play(state, "2:riichi:9m")
    state = tsumogiri(state, 1)
    state = play(state, "0:discard:5s", "2:pass")
    assert state.furiten[2] == 2
    state = tsumogiri(state, 3)  # seat 2's own tsumogiri does not clear it
    assert state.furiten[2] == 2
    state = play(state, "0:discard:2s")
    assert state.phase == "turn" and state.turn == 1


def test_furiten_seat_may_still_win_by_tsumo():
    state = scenario({2: TENPAI}, draws="5s 8m 2s")
    state = play(state, "0:discard:5s", "2:pass")
    state = tsumogiri(state, 1)
    assert state.turn == 2 and state.drawn >> 2 == tiles("2s")[0] >> 2
    assert "tsumo" in {a.type for a in state.legal[2]}
