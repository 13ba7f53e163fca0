"""Situational yaku and win conditions inside a game (the Ronin Game Rules "Yaku Special Cases",
"Dora Indicators", 1-han minimum; the YDS Mahjong Guide two-fan minimum; the app rule settings fix-yaku)."""

from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario, tsumogiri

TENPAI = "234m345p678p22s34s"
COMPLETE_WITH_5Z = "123m456p789s5566z"


def yaku(state):
    return {name: han for name, han in state.last_result.wins[0].score.yaku}


def test_haitei_on_the_last_wall_tile():
    state = scenario({1: TENPAI}, last="5s", avoid="25s")
    state = tsumogiri(state, 69)
    assert state.turn == 1 and state.wall_remaining == 0
    state = play(state, "1:tsumo")
    assert "Haitei raoyue" in yaku(state)


def test_tenhou_on_the_dealers_starting_hand():
    state = play(scenario({0: COMPLETE_WITH_5Z}, draws="5z"), "0:tsumo")
    assert "Tenhou" in yaku(state)


def test_chiihou_on_a_non_dealers_first_draw():
    state = scenario({1: COMPLETE_WITH_5Z}, draws="8m 5z")
    state = play(state, "0:discard:8m", "1:tsumo")
    assert "Chiihou" in yaku(state)


def test_any_call_before_the_first_draw_prevents_chiihou():
    hands = {1: COMPLETE_WITH_5Z, 2: "147m369p1s1234z99m"}
    state = scenario(hands, draws="9m 8m 8m 5z")
    state = play(state, "0:discard:9m", "2:pon:9m", "2:discard:1z")
    state = tsumogiri(state, 2)
    state = play(state, "1:tsumo")
    assert "Chiihou" not in yaku(state)


RENHOU_ONLY = "123m456p789p99s24s"  # kanchan 3s, no other yaku


def test_renhou_alone_is_worth_a_mangan():
    state = scenario({2: RENHOU_ONLY}, draws="3s")
    state = play(state, "0:discard:3s", "2:ron")
    assert yaku(state) == {"Renhou": 5}


def test_renhou_off_means_no_win_without_another_yaku():
    state = scenario({2: RENHOU_ONLY}, draws="3s", ruleset=RONIN.replace(renhou="off"))
    state = play(state, "0:discard:3s")
    assert state.phase == "turn" and state.turn == 1


def test_renhou_as_yakuman_when_the_ruleset_says_so():
    state = scenario({2: RENHOU_ONLY}, draws="3s", ruleset=RONIN.replace(renhou="yakuman"))
    state = play(state, "0:discard:3s", "2:ron")
    assert state.last_result.wins[0].score.yakuman == 1


def test_a_red_five_with_a_4_indicator_is_two_dora():
    state = scenario({1: "234m406p678s22s34s"}, draws="8m 8m 8m 8m 5s", dora="4p", avoid="25s")
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "1:ron")
    found = yaku(state)
    assert found["Dora"] == 1 and found["Aka dora"] == 1


def test_ura_dora_are_shown_only_for_a_riichi_winner():
    state = scenario({1: TENPAI}, draws="8m 8m 8m 8m 5s", avoid="25s")
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "1:ron")
    assert state.last_result.ura_indicators == ()
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s", avoid="25s")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 2)
    state = play(state, "3:discard:5s", "0:ron")
    assert len(state.last_result.ura_indicators) == 1


def test_without_omote_dora_indicators_do_not_count():
    ruleset = RONIN.replace(omote_dora=False)
    state = scenario({1: "234m406p678s22s34s"}, draws="8m 8m 8m 8m 5s", dora="4p", ruleset=ruleset)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:5s", "1:ron")
    assert "Dora" not in yaku(state)


# tanyao only (kanchan 5s): a one-han hand
ONE_HAN = "234m345p678p22s46s"


def _one_han_ron(**kw):
    state = scenario({2: ONE_HAN}, draws="8m 8m 8m 8m 5s", dora="1z", **kw)
    state = tsumogiri(state, 4)
    return play(state, "0:discard:5s")


def test_one_han_is_enough_by_default():
    assert [a.type for a in _one_han_ron().legal[2]] == ["ron", "pass"]


def test_two_han_minimum_refuses_a_one_han_ron():
    state = _one_han_ron(ruleset=RONIN.replace(minimum_han=2))
    assert state.phase == "turn"


def test_two_han_minimum_from_five_honba():
    ruleset = RONIN.replace(two_han_from_honba=5)
    assert _one_han_ron(ruleset=ruleset, honba=4).phase == "calls"
    assert _one_han_ron(ruleset=ruleset, honba=5).phase == "turn"


def test_a_hand_without_yaku_cannot_win_whatever_its_dora():
    hand = {2: "123m456p789p99s24s"}
    state = scenario(hand, draws="8m 8m 8m 8m 3s", dora="2s")
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:3s")
    assert state.phase == "turn"  # three dora, no yaku: no ron


# --- fix-yaku (atozuke off) ------------------------------------------------------------

# seat 1 calls 2m with 34m, then waits on 1s/4s: only 4s gives a yaku (open tanyao)
KATAHANE = "34m456p888p55s23s9m"


def _katahane(**settings):
    ruleset = RONIN.replace(**settings)
    state = scenario({1: KATAHANE}, draws="2m 4s", ruleset=ruleset)
    state = play(state, "0:discard:2m", "1:chi:2m:34m", "1:discard:9m", "2:discard:4s")
    return "ron" in {a.type for a in state.legal[1]}


def test_atozuke_allowed_by_default_wins_on_the_yaku_wait():
    assert _katahane()


def test_fix_yaku_finally_with_winning_tile_selection_allows_the_yaku_wait():
    assert _katahane(atozuke=False, fix_yaku="finally", winning_tile_selection="winning_tile")


def test_fix_yaku_finally_with_all_waits_refuses_a_one_sided_yaku():
    assert not _katahane(atozuke=False, fix_yaku="finally", winning_tile_selection="all_waits")


def test_fix_yaku_first_only_refuses_a_one_sided_yaku_on_ron():
    assert not _katahane(atozuke=False, fix_yaku="first_only")


# closed, green-dragon pair: 1m gives sanshoku, 4m gives iipeikou, nothing in common
TWO_YAKU = "23m234m123p123s66z"
QUIET_B = "258m258p258s1234z"


def _two_yaku(**settings):
    ruleset = RONIN.replace(**settings)
    hands = {2: TWO_YAKU, 3: QUIET_B}
    state = scenario(hands, draws="9m 9m 9m 9m 4m", ruleset=ruleset)
    state = tsumogiri(state, 4)
    state = play(state, "0:discard:4m")
    return "ron" in {a.type for a in state.legal[2]}


def test_fix_yaku_all_waits_accepts_different_yaku_per_wait():
    assert _two_yaku(atozuke=False, fix_yaku="finally", winning_tile_selection="all_waits")


def test_fix_yaku_any_wait_needs_one_yaku_common_to_every_wait():
    assert not _two_yaku(atozuke=False, fix_yaku="finally", winning_tile_selection="any_wait")


# chi 234m first, then pon of white dragons, waiting on 6p/9p
CHI_THEN_PON = "34m55z456p78p99s9m1p"


def _chi_then_pon(**settings):
    ruleset = RONIN.replace(**settings)
    state = scenario({1: CHI_THEN_PON}, draws="2m 8m 8m 5z 9p", ruleset=ruleset)
    state = play(state, "0:discard:2m", "1:chi:2m:34m", "1:discard:9m")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:1p", "2:discard:9p")
    return "ron" in {a.type for a in state.legal[1]}


def test_fix_yaku_first_only_needs_the_first_call_to_be_part_of_the_yaku():
    assert not _chi_then_pon(atozuke=False, fix_yaku="first_only")


def test_fix_yaku_middle_ok_accepts_a_yaku_call_after_an_unrelated_one():
    assert _chi_then_pon(atozuke=False, fix_yaku="middle_ok")


def test_fix_yaku_finally_ignores_the_order_of_calls():
    assert _chi_then_pon(atozuke=False, fix_yaku="finally")
    assert _chi_then_pon()
