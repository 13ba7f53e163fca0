"""Remaining Ronin Game Rules bullets and ruleset settings, checked through whole-game play."""

from rules.engine import new_game
from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri

TENPAI = "234m345p678p22s34s"
KANCHAN_5S = "234p456p678s22m46s"
THIRD_5S = "345m567m888p22p46s"


def _to_the_end(state):
    index = state.hand_index
    while state.hand_index == index and not state.finished:
        state = tsumogiri(state, 1)
    return state


def test_starting_score_comes_from_the_ruleset():
    ruleset = RONIN.replace(start_score=30000, target_score=30000)
    assert new_game(ruleset, seed=1).scores == (30000,) * 4


def test_tsumo_honba_is_one_hundred_from_each_loser():
    def payers(honba):
        state = scenario({1: TENPAI}, draws="8m 5s", honba=honba, avoid="25s")
        state = play(tsumogiri(state, 1), "1:tsumo")
        return state.last_result.wins[0].payment.payers

    plain, extra = payers(0), payers(3)
    assert {seat: extra[seat] - plain[seat] for seat in plain} == {0: 300, 2: 300, 3: 300}


def test_ron_honba_is_three_hundred_per_counter_from_the_discarder():
    def paid(honba):
        state = scenario({2: TENPAI}, draws="8m 8m 8m 8m 5s", honba=honba, avoid="25s")
        state = play(tsumogiri(state, 4), "0:discard:5s", "2:ron")
        return state.last_result.wins[0].payment.payers[0]

    assert paid(2) - paid(0) == 600


def test_equal_final_scores_rank_the_seat_nearer_the_starting_dealer_first():
    state = _to_the_end(scenario({}, round_wind=29, round_number=3))
    assert state.finished and [x.seat for x in state.final] == [0, 1, 2, 3]


def test_four_kans_by_one_player_carry_no_liability():
    # the dealer's fourth kan is called from seat 1: suukantsu has no pao (the Ronin Game Rules)
    hands = {0: "8888m9999m555z6z1p"}
    state = scenario(hands, draws="5z 7z 8p 8p 8p 6z", rinshan="7z 7z 7z 2p")
    state = play(state, "0:ankan:8m", "0:ankan:9m", "0:ankan:5z", "0:discard:1p")
    state = play(state, "1:discard:7z", "0:daiminkan:7z", "0:discard:2p")
    assert state.hand_index == 0 and state.pao[0] is None
    state = tsumogiri(state, 3)
    state = play(state, "0:tsumo")
    win = state.last_result.wins[0]
    assert "Suukantsu" in [n for n, _ in win.score.yaku]
    assert win.pao is None and win.payment.payers == {1: 16000, 2: 16000, 3: 16000}


# seat 1 calls 2m with 34m, then waits on 1s/4s: only 4s gives a yaku (open tanyao)
KATAHANE = "34m456p888p55s23s9m"


def test_open_tanyao_needs_kuitan():
    def ron_offered(ruleset):
        state = scenario({1: KATAHANE}, draws="2m 4s", ruleset=ruleset)
        state = play(state, "0:discard:2m", "1:chi:2m:34m", "1:discard:9m", "2:discard:4s")
        return "ron" in {a.type for a in state.legal[1]}

    assert ron_offered(RONIN)
    assert not ron_offered(RONIN.replace(kuitan=False))


def test_without_ura_dora_a_riichi_win_shows_no_ura_indicator():
    ruleset = RONIN.replace(ura_dora=False, kan_ura_dora=False)
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s", avoid="25s", ruleset=ruleset)
    state = play(state, "0:riichi:9m")
    state = play(tsumogiri(state, 2), "3:discard:5s", "0:ron")
    assert state.last_result.ura_indicators == ()


def test_without_red_fives_the_first_copy_of_a_five_is_plain():
    ruleset = RONIN.replace(red_fives=(0, 0, 0))
    state = scenario({2: "234m456p678s22s34s"}, draws="8m 8m 8m 8m 5s", ruleset=ruleset)
    assert 52 in state.hands[2]  # the copy that is red under Ronin's rules
    state = play(tsumogiri(state, 4), "0:discard:5s", "2:ron")
    assert "Aka dora" not in [n for n, _ in state.last_result.wins[0].score.yaku]


def test_three_rons_without_either_rule_give_the_two_nearest_the_win():
    ruleset = RONIN.replace(sanchahou=False, triple_ron=False)
    hands = {1: TENPAI, 2: KANCHAN_5S, 3: THIRD_5S}
    state = scenario(hands, draws="8m 8m 8m 8m 5s", ruleset=ruleset)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "3:ron", "2:ron", "1:ron")
    assert [w.seat for w in state.last_result.wins] == [1, 2]
