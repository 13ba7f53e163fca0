"""Claimed wins (ruleset ``win_settlement="claimed"``): win anyway, the claim, the
answers, the review, chombo and the dead hand (rules/engine/claims/procedure.py)."""

import random

import pytest

from rules.engine import Action, IllegalAction, InvalidAction, apply, bots, parse_action
from rules.engine.presets import RONIN
from rules.engine.replay import from_json, replay, to_json
from rules.engine.testing import pass_all, play, scenario, tsumogiri
from rules.engine.visibility import seat_view, view_to_dict

BASE = RONIN.replace(renhou="off")  # a first-turn ron is then an ordinary hand
CLAIMED = BASE.replace(win_settlement="claimed")
TANYAO = "234m456p678s2255s"  # waits 2s/5s; a ron on 5s is 1 han 40 fu (tanyao)
DORA = {"dora": "9p", "ura": "9m"}  # dora 1p, ura 1m: none in these hands


def step(state, *lines):
    """Apply action lines: claim-procedure lines as exact text, others via play()."""
    for line in lines:
        kind = line.split(":")[1]
        if kind in ("win_anyway", "tsumo", "ron") or kind in (
            "discard",
            "pass",
            "chi",
            "pon",
            "riichi",
        ):
            state = play(state, line)
        else:
            state, _ = apply(state, parse_action(line))
    return state


def kinds(state, seat):
    return {a.type for a in state.legal[seat]}


def ron_on_5s(ruleset=CLAIMED, claimant=1, robots=()):
    """The dealer draws and throws 5s, which completes ``claimant``'s tanyao hand."""
    return scenario({claimant: TANYAO}, draws="5s", ruleset=ruleset, robots=robots, **DORA)


def assert_replays(state):
    assert replay(state.setup, state.actions) == state
    assert from_json(to_json(state)) == state


# --- the offer ----------------------------------------------------------------------------


def test_win_claim_automatic_table_offers_no_win_anyway():
    state = play(ron_on_5s(BASE), "0:discard:5s")
    assert "win_anyway" not in kinds(state, 1) and "ron" in kinds(state, 1)
    assert state.legal[2] == ()  # nothing to answer: no calls phase for a quiet hand


def test_win_claim_every_human_may_win_anyway_on_a_discard():
    state = play(ron_on_5s(), "0:discard:5s")
    assert state.phase == "calls"
    for seat in (1, 2, 3):
        assert {"win_anyway", "pass"} <= kinds(state, seat)
    assert "ron" in kinds(state, 1)  # the 1-han check is on: the ordinary win too


def test_win_claim_without_the_one_han_check_only_win_anyway_is_offered():
    state = play(ron_on_5s(CLAIMED.replace(one_han_check=False)), "0:discard:5s")
    assert "ron" not in kinds(state, 1) and "win_anyway" in kinds(state, 1)


def _claimed_added_kan_after_riichi(ruleset):
    """Seat 0 declares riichi on 34s (waits 2s/5s); seat 1 adds the last 5s to its pon."""
    hands = {0: "234m345p678p22s34s", 1: "147m369p1s1234z55s"}
    state = scenario(hands, draws="9m 8m 0s 8m 8m 9p 5s", ruleset=ruleset)
    state = tsumogiri(state, 2)
    state = play(state, "2:discard:0s", "0:pass", "3:pass", "1:pon:0s:55s", "1:discard:1z")
    state = tsumogiri(pass_all(state), 2)
    state = pass_all(play(state, "0:riichi:9p"))
    return play(state, "1:shouminkan:5s")


def test_win_claim_without_the_one_han_check_a_kan_is_robbed_with_win_anyway():
    state = _claimed_added_kan_after_riichi(CLAIMED.replace(one_han_check=False))
    assert [a.type for a in state.legal[0]] == ["win_anyway", "pass"]  # no checked Ron
    state = play(state, "0:win_anyway")
    wc = state.win_claim
    assert state.phase == "claim" and wc.chankan and wc.anyway and wc.reading.valid
    assert ("Chankan", 1) in wc.reading.yaku
    # the dealer made the claim: the next person reviews it
    state = step(state, "0:claim:mangan", "1:ok", "2:ok", "3:ok", "1:accept")
    # a dealer mangan by ron, 12,000 from the kan's owner, and the winner's riichi stick back
    assert state.last_result.kind == "ron" and state.last_result.deltas == (13000, -12000, 0, 0)
    assert_replays(state)
    checked = _claimed_added_kan_after_riichi(CLAIMED)  # with the check: the ordinary Ron
    assert [a.type for a in checked.legal[0]] == ["ron", "pass"]


def test_win_claim_win_anyway_on_own_draw_for_any_hand():
    state = ron_on_5s()
    assert "win_anyway" in kinds(state, 0)  # a quiet hand, far from tenpai


def test_win_claim_robots_are_offered_only_legal_wins():
    state = play(ron_on_5s(robots=(1, 2, 3)), "0:discard:5s")
    assert "win_anyway" not in kinds(state, 1) and "ron" in kinds(state, 1)
    assert state.legal[2] == ()


# --- valid claims -------------------------------------------------------------------------


def test_win_claim_valid_claim_fixed_pays_what_automatic_scoring_pays():
    auto = play(ron_on_5s(BASE), "0:discard:5s", "1:ron")
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    assert state.phase == "claim" and state.win_claim.reading.valid
    assert state.win_claim.reading.value == (1, 40)
    state = step(state, "1:claim:1han40fu", "0:ok", "2:ok", "3:ok")
    assert state.phase == "review" and state.legal[0] and not state.legal[1]
    state = step(state, "0:accept")
    result = state.last_result
    assert result.kind == "ron" and result.claim.decision == Action(0, "accept")
    assert result.deltas == auto.last_result.deltas == (-1300, 1300, 0, 0)
    assert state.scores == (23700, 26300, 25000, 25000)
    assert state.round_number == 1 and state.honba == 0
    assert_replays(state)


def test_win_claim_corrected_han_and_fu_are_paid():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:win_anyway")
    state = step(state, "1:claim:2han40fu", "0:ng:wrong_value", "2:ok", "3:ng")
    assert state.win_claim.answers[0] == Action(0, "ng", None, (5,))
    state = step(state, "0:correct:1han40fu")
    assert state.last_result.deltas == (-1300, 1300, 0, 0)
    w = state.last_result.wins[0]
    assert (w.score.han, w.score.fu) == (1, 40)
    assert_replays(state)


def test_win_claim_accepted_local_value_is_paid_as_claimed():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:win_anyway")
    state = step(state, "1:claim:mangan", "0:ok", "2:ok", "3:ok", "0:accept")
    assert state.last_result.deltas == (-8000, 8000, 0, 0)
    assert state.last_result.wins[0].score.yaku[0] == ("Claimed at the table", 5)
    assert_replays(state)


# --- false wins ---------------------------------------------------------------------------


def test_win_claim_invalid_plays_on_as_if_nothing_was_called():
    state = step(ron_on_5s(), "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    wc = state.win_claim
    assert not wc.reading.valid and wc.reading.reason == "noten"
    state = step(state, "2:claim:1han30fu", "0:ng:noten", "1:ng:noten", "3:ng")
    state = step(state, "0:invalid")
    assert state.phase == "turn" and state.turn == 1 and state.hand_index == 0
    assert state.scores == (25000,) * 4 and state.chombo_counts == (0, 0, 0, 0)
    assert state.win_claim is None and not any(state.dead)
    assert_replays(state)


def test_win_claim_chombo_game_over_replays_the_hand_with_the_penalty():
    state = step(ron_on_5s(), "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    state = step(state, "2:claim:1han30fu", "0:ng:noten", "1:ng", "3:ng")
    state = step(state, "0:chombo:game_over")
    result = state.last_result
    assert result.kind == "chombo" and result.chombo == 2
    # a non-dealer's chombo is a reverse mangan: 4,000 to the dealer, 2,000 to the others
    assert result.deltas == (4000, 2000, -8000, 2000)
    assert state.scores == (29000, 27000, 17000, 27000)
    assert state.hand_index == 1 and state.round_number == 0 and state.honba == 0
    assert state.chombo_counts == (0, 0, 1, 0)
    assert_replays(state)


def test_win_claim_chombo_penalty_ruleset_moves_no_points_and_counts_in_standings():
    ruleset = CLAIMED.replace(chombo="penalty", chombo_penalty=20000)
    state = step(ron_on_5s(ruleset), "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    state = step(state, "2:claim:1han30fu", "0:ng", "1:ng", "3:ng", "0:chombo:game_over")
    assert state.scores == (25000,) * 4 and state.chombo_counts == (0, 0, 1, 0)
    from rules.engine import final_standings

    final = final_standings(state.scores, ruleset, 0, state.chombo_counts)
    assert next(x for x in final if x.seat == 2).penalty == 20000


# seat 1 waits on 3p/6p (noten payments tell whether seat 2 counts as tenpai)
TENPAI_1 = "234m45p678s22255s"
TENPAI_2 = "234m456p789s3399s"


def test_win_claim_chombo_continue_dead_hand_discards_and_is_noten_at_the_draw():
    state = scenario({1: TENPAI_1, 2: TENPAI_2}, draws="1z", ruleset=CLAIMED, **DORA)
    state = step(state, "0:discard:1z", "1:pass", "3:pass", "2:win_anyway")
    assert state.win_claim.reading.reason == "noten"
    state = step(state, "2:claim:1han30fu", "0:ng", "1:ng", "3:ng", "0:chombo:continue")
    assert state.dead == (False, False, True, False)
    assert state.scores == (29000, 27000, 17000, 27000) and state.chombo_counts[2] == 1
    assert state.phase == "turn" and state.turn == 1
    view = seat_view(state, 3)
    assert view.dead == (False, False, True, False)
    assert view_to_dict(view)["dead"] == [False, False, True, False]
    while state.hand_index == 0:
        if state.turn == 2 and state.phase == "turn":
            # the dead hand may only throw the tile it drew: no win, riichi or kan
            assert [a.type for a in state.legal[2]] == ["discard"]
            assert state.legal[2][0].tile == state.drawn
        if state.phase == "calls":
            assert state.legal[2] == ()  # no call, no win anyway on others' tiles
        with pytest.raises(IllegalAction, match="dead hand cannot win"):
            apply(state, Action(2, "win_anyway", state.drawn or 0))
        state = tsumogiri(state)
    result = state.last_result
    assert result.kind == "exhaustive" and result.tenpai == (False, True, False, False)
    assert result.deltas == (-1000, 3000, -1000, -1000)
    assert state.scores == (28000, 30000, 16000, 26000)
    assert state.dead == (False,) * 4  # the next hand deals everyone in
    assert_replays(state)


def test_win_claim_false_self_drawn_win_invalid_returns_the_turn():
    state = step(ron_on_5s(), "0:win_anyway")
    assert state.win_claim.discarder is None and not state.win_claim.reading.valid
    assert state.win_claim.reviewer == 1  # the dealer's own claim: the next person reviews
    state = step(state, "0:claim:mangan", "1:ng", "2:ng", "3:ng", "1:invalid")
    assert state.phase == "turn" and state.turn == 0 and state.drawn is not None
    assert "discard" in kinds(state, 0)
    assert_replays(state)


# --- fix-yaku ------------------------------------------------------------------------------

# seat 1 calls 2m with 34m, then waits on 1s/4s: only 4s gives a yaku (open tanyao)
KATAHANE = "34m456p888p55s23s9m"
FIX_YAKU = CLAIMED.replace(atozuke=False, fix_yaku="finally", winning_tile_selection="all_waits")


def _katahane():
    state = scenario({1: KATAHANE}, draws="2m 4s", ruleset=FIX_YAKU, **DORA)
    state = step(state, "0:discard:2m", "2:pass", "3:pass", "1:chi:2m:34m")
    state = step(state, "1:discard:9m", "0:pass", "2:pass", "3:pass", "2:discard:4s")
    return state


def test_win_claim_fix_yaku_violation_is_questioned_and_abandoned():
    state = _katahane()
    assert "ron" not in kinds(state, 1) and "win_anyway" in kinds(state, 1)
    state = step(state, "0:pass", "3:pass", "1:win_anyway")
    reading = state.win_claim.reading
    assert not reading.valid and reading.reason == "fix_yaku" and reading.value is not None
    state = step(state, "1:claim:1han30fu", "0:ng:fix_yaku", "2:ng:fix_yaku", "3:ok")
    assert seat_view(state, 3).win_claim.reading.reason == "fix_yaku"  # the review shows it
    state = step(state, "0:invalid")  # continue with the win abandoned
    assert state.scores == (25000,) * 4 and state.phase == "turn" and state.turn == 3
    assert state.furiten[1]  # the seat let its winning tile pass
    assert_replays(state)


def test_win_claim_fix_yaku_violation_may_be_ruled_a_chombo():
    state = step(_katahane(), "0:pass", "3:pass", "1:win_anyway", "1:claim:1han30fu")
    state = step(state, "0:ng:fix_yaku", "2:ok", "3:ok", "0:chombo:game_over")
    assert state.last_result.chombo == 1 and state.chombo_counts == (0, 1, 0, 0)
    assert_replays(state)


# --- the reviewer ------------------------------------------------------------------------


def test_win_claim_dealer_a_bot_review_opens_at_the_next_human_and_bots_judge():
    state = step(ron_on_5s(claimant=3, robots=(0,)), "0:discard:5s")
    assert "win_anyway" not in kinds(state, 0)
    state = step(state, "1:pass", "2:pass", "3:ron", "3:claim:1han40fu")
    assert state.win_claim.reviewer == 1
    view = seat_view(state, 0)
    assert view.win_claim.reading.valid  # a robot's view carries the engine's reading
    assert seat_view(state, 1).win_claim.reading is None  # a person's does not, yet
    state, _ = apply(state, bots.choose("efficient", view, random.Random(1)))
    assert state.win_claim.answers[0] == Action(0, "ok")
    state = step(state, "1:ok", "2:ok")
    assert state.phase == "review" and state.legal[1] and not state.legal[0]
    state = step(state, "1:accept")
    assert state.last_result.deltas == (-1300, 0, 0, 1300)
    assert_replays(state)


def test_win_claim_bots_answer_a_false_claim_ng_with_the_reason():
    state = step(ron_on_5s(robots=(3,)), "0:discard:5s", "1:pass", "2:win_anyway")
    state = step(state, "2:claim:1han30fu", "0:ok", "1:ok")
    action = bots.choose("careful", seat_view(state, 3), random.Random(0))
    assert action == parse_action("3:ng:noten")


def test_win_claim_bot_winner_claims_the_engine_value():
    state = step(ron_on_5s(robots=(1,)), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    action = bots.choose("efficient", seat_view(state, 1), random.Random(0))
    assert action == parse_action("1:claim:1han40fu")


# --- what seats see ------------------------------------------------------------------------


def test_win_claim_everyone_sees_the_claimant_hand_and_the_claim_but_no_other_hand():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron", "1:claim:1han40fu")
    for seat in (None, 0, 2, 3):
        view = seat_view(state, seat)
        assert view.win_claim.hand == tuple(sorted((*state.hands[1], state.win_claim.tile)))
        assert view.win_claim.value == (1, 40)
        if seat is not None:
            assert view.hand == state.hands[seat] or view.drawn is not None
        data = view_to_dict(view)
        assert data["win_claim"]["value_label"] == "1 han 40 fu"
        assert data["win_claim"]["reading"] is None  # not before the review


def test_win_claim_reading_prefills_the_winner_form_only_when_the_app_evaluates():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    assert seat_view(state, 1).win_claim.reading.value == (1, 40)
    off = ron_on_5s(CLAIMED.replace(evaluate_by_app=False))
    off = step(off, "0:discard:5s", "2:pass", "3:pass", "1:ron")
    assert seat_view(off, 1).win_claim.reading is None


# --- bad input -------------------------------------------------------------------------------


def _answering():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron", "1:claim:1han40fu")
    assert state.phase == "answers"
    return state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1:claim:0han30fu", "at least 1 han"),
        ("1:claim:2han15fu", "15 fu is not a fu count"),
        ("1:claim:1han35fu", "35 fu is not a fu count"),
        ("1:claim:-1xyakuman", "not a limit"),
        ("1:claim:99xyakuman", "more than 8x yakuman"),
        ("1:claim:7han30fu", "limit hand"),
        ("1:claim", "needs its value"),
        ("1:ng:because", "not a reason"),
        ("0:chombo:maybe", "game_over or"),
    ],
)
def test_win_claim_unreadable_values_are_refused(text, message):
    with pytest.raises(InvalidAction, match=message):
        parse_action(text)


def test_win_claim_impossible_values_are_refused_by_legality():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    with pytest.raises(IllegalAction, match="20 fu is only possible on a self-drawn win"):
        apply(state, parse_action("1:claim:2han20fu"))
    with pytest.raises(IllegalAction, match="at most 6x yakuman"):
        apply(state, parse_action("1:claim:7xyakuman"))
    with pytest.raises(IllegalAction, match="only seat 1"):
        apply(state, parse_action("2:claim:1han40fu"))


def test_win_claim_answers_from_the_claimant_twice_or_too_early_are_refused():
    state = step(ron_on_5s(), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    with pytest.raises(IllegalAction, match="wait for the claim"):
        apply(state, parse_action("2:ok"))
    state = _answering()
    with pytest.raises(IllegalAction, match="you made the claim"):
        apply(state, parse_action("1:ok"))
    answered = step(state, "2:ok")
    with pytest.raises(IllegalAction, match="already answered"):
        apply(answered, parse_action("2:ng"))
    assert answered.legal[2] == () and answered.win_claim.answers[2] == Action(2, "ok")


def test_win_claim_review_too_early_or_by_another_seat_is_refused():
    state = step(_answering(), "0:ok", "2:ok")
    with pytest.raises(IllegalAction, match=r"every seat has answered \(waiting for 3\)"):
        apply(state, parse_action("0:accept"))
    state = step(state, "3:ok")
    with pytest.raises(IllegalAction, match="seat 0 reviews this win"):
        apply(state, parse_action("2:chombo:continue"))
    with pytest.raises(IllegalAction, match="a win is being claimed"):
        apply(state, parse_action("1:discard:1m.0"))


def test_win_claim_text_forms_read_back_exactly():
    for text in (
        "2:win_anyway:5s.1",
        "1:claim:3han30fu",
        "1:claim:mangan",
        "1:claim:2xyakuman",
        "0:ok",
        "0:ng",
        "0:ng:furiten",
        "0:accept",
        "0:correct:4han25fu",
        "0:invalid",
        "0:chombo:game_over",
        "0:chombo:continue",
    ):
        assert str(parse_action(text)) == text


# --- liability (pao) -------------------------------------------------------------------------

DRAGONS = "55z66z77z234m9s9m1p8p"  # pons all three dragons from the dealer, waits on 8p


def _claimed_three_dragon_pons(draws, ruleset=CLAIMED):
    """Seat 1 pons all three dragons from the dealer (who is then liable, pao)."""
    state = scenario({1: DRAGONS}, draws="5z 8m 8m 6z 8m 8m 7z " + draws, ruleset=ruleset)
    state = step(state, "0:discard:5z", "2:pass", "3:pass", "1:pon:5z", "1:discard:9s")
    state = pass_all(state)
    state = tsumogiri(state, 2)
    state = step(state, "0:discard:6z", "2:pass", "3:pass", "1:pon:6z", "1:discard:9m")
    state = pass_all(state)
    state = tsumogiri(state, 2)
    state = step(state, "0:discard:7z", "2:pass", "3:pass", "1:pon:7z", "1:discard:1p")
    state = pass_all(state)
    assert state.pao[1] == 0
    return state


def test_win_claim_pao_self_drawn_yakuman_is_paid_by_the_liable_seat_alone():
    state = _claimed_three_dragon_pons("2p 2p 2p 8p")
    state = tsumogiri(state, 3)
    state = step(state, "1:tsumo")
    assert state.phase == "claim" and state.win_claim.reading.value == (13, 0)
    state = step(state, "1:claim:yakuman", "0:ok", "2:ok", "3:ok", "0:accept")
    win = state.last_result.wins[0]
    assert "Daisangen" in [name for name, _ in win.score.yaku]
    # the Ronin Game Rules: the liable dealer pays the whole self-drawn yakuman
    assert win.pao == 0 and win.payment.payers == {0: 32000}
    assert state.last_result.deltas == (-32000, 32000, 0, 0)
    assert_replays(state)


def test_win_claim_pao_ron_by_a_third_seat_is_split_with_the_liable_seat():
    state = _claimed_three_dragon_pons("8p")
    state = step(state, "2:discard:8p", "0:pass", "3:pass", "1:ron")
    state = step(state, "1:claim:yakuman", "0:ok", "2:ok", "3:ok", "0:accept")
    win = state.last_result.wins[0]
    assert win.pao == 0 and win.payment.payers == {0: 16000, 2: 16000}
    assert_replays(state)


def test_win_claim_pao_covers_a_yakuman_the_table_fixed_by_hand():
    """The reviewer corrects a (mistaken) mangan claim to yakuman: the value is the
    table's, not the engine's, and the dealer who fed the third dragon still pays."""
    state = _claimed_three_dragon_pons("2p 2p 2p 8p")
    state = tsumogiri(state, 3)
    state = step(state, "1:win_anyway", "1:claim:mangan", "0:ng:wrong_value", "2:ok", "3:ok")
    state = step(state, "0:correct:yakuman")
    win = state.last_result.wins[0]
    assert win.pao == 0 and win.payment.payers == {0: 32000}
    assert_replays(state)


# --- the second round: the others confirm the review (confirm_review) -------------------------

CONFIRMING = CLAIMED.replace(confirm_review=True)


def test_win_claim_confirm_review_the_decision_counts_once_the_others_say_ok():
    state = step(ron_on_5s(CONFIRMING), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    state = step(state, "1:claim:2han40fu", "0:ng:wrong_value", "2:ok", "3:ok")
    state = step(state, "0:correct:1han40fu")
    assert state.phase == "confirm" and state.hand_index == 0
    assert state.win_claim.decision == Action(0, "correct", None, (1, 40))
    assert [bool(state.legal[o]) for o in range(4)] == [False, True, True, True]
    assert seat_view(state, 2).win_claim.reading.valid  # the reading shows with the decision
    state = step(state, "1:ok", "3:ok")
    assert state.phase == "confirm" and state.scores == (25000,) * 4  # not yet
    state = step(state, "2:ok")
    assert state.last_result.deltas == (-1300, 1300, 0, 0) and state.hand_index == 1
    assert state.last_result.claim.confirms == (
        None,
        Action(1, "ok"),
        Action(2, "ok"),
        Action(3, "ok"),
    )
    assert_replays(state)


def test_win_claim_confirm_review_a_chombo_takes_effect_after_the_confirmations():
    state = step(ron_on_5s(CONFIRMING), "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    state = step(state, "2:claim:mangan", "0:ng:noten", "1:ng", "3:ng", "0:chombo:continue")
    assert state.phase == "confirm" and not any(state.dead)
    state = step(state, "1:ok", "2:ok", "3:ok")
    assert state.dead[2] and state.scores == (29000, 27000, 17000, 27000)
    assert state.phase == "turn" and state.turn == 1
    assert_replays(state)


def test_win_claim_confirm_review_refuses_the_reviewer_an_ng_a_second_ok_and_a_new_decision():
    state = step(ron_on_5s(CONFIRMING), "0:discard:5s", "2:pass", "3:pass", "1:ron")
    state = step(state, "1:claim:1han40fu", "0:ok", "2:ok", "3:ok", "0:accept", "1:ok")
    for text, message in (
        ("0:ok", "you reviewed the win"),
        ("1:ok", "already confirmed"),
        ("0:invalid", "the review has decided"),
    ):
        with pytest.raises(IllegalAction, match=message):
            apply(state, parse_action(text))


def test_win_claim_confirm_review_bots_confirm_by_the_engine_judgment():
    state = step(ron_on_5s(CONFIRMING, claimant=3, robots=(0,)), "0:discard:5s")
    state = step(state, "1:pass", "2:pass", "3:ron", "3:claim:1han40fu")
    state, _ = apply(state, bots.choose("efficient", seat_view(state, 0), random.Random(1)))
    state = step(state, "1:ok", "2:ok", "1:accept")
    assert state.phase == "confirm" and state.legal[0]  # the robot dealer is asked too
    state, _ = apply(state, bots.choose("careful", seat_view(state, 0), random.Random(1)))
    assert state.win_claim.confirms[0] == Action(0, "ok")
    state = step(state, "2:ok", "3:ok")
    assert state.last_result.deltas == (-1300, 0, 0, 1300)
    assert_replays(state)
