"""Scored real tables: a game kept hand by hand from declared results (no tiles).

The strongest check is the first: bot games played tile by tile on the online
engine, declared hand by hand to the score sheet, end with the same scores, rounds,
honba, sticks and standings, because both settle with the same functions.
"""

from __future__ import annotations

import pytest

from rules.engine import InvalidHand, WinValue, check_fu, final_standings, fu_choices, yaku_value
from rules.engine.presets import PRESETS, RONIN, preset
from rules.engine.scoring.scoresheet import DeclaredHand, new_sheet, record, replay_sheet
from rules.engine.study import simulate


def declared_from(results, start_score):
    """Turn an online game's hand results into what players would have declared."""
    hands = []
    previous = (start_score,) * 4
    for r in results:
        riichi = tuple(s for s in range(4) if previous[s] - r.scores_before[s] == 1000)
        if r.kind in ("ron", "tsumo"):
            wins = tuple(
                WinValue(
                    w.seat,
                    0 if w.score.yakuman else w.score.han,
                    0 if w.score.yakuman else w.score.fu,
                    w.score.yakuman,
                    w.pao,
                )
                for w in r.wins
            )
            discarder = r.wins[0].from_seat if r.kind == "ron" else None
            hands.append(DeclaredHand(r.kind, wins, discarder, riichi))
        elif r.kind in ("exhaustive", "nagashi"):
            tenpai = tuple(s for s in range(4) if r.tenpai[s])
            hands.append(DeclaredHand(r.kind, riichi=riichi, tenpai=tenpai, nagashi=r.nagashi))
        else:
            hands.append(DeclaredHand("abortive", riichi=riichi, abort=r.abort))
        previous = r.scores
    return hands


@pytest.mark.parametrize("seed", range(8))
def test_hand_by_hand_declared_bot_games_end_exactly_as_played_online(seed):
    ruleset = RONIN
    game = simulate.play_game(ruleset, seed, ["efficient", "careful", "efficient", "careful"])
    hands = declared_from(game.results, ruleset.start_score)
    sheet = new_sheet(ruleset)
    for hand, online in zip(hands, game.results, strict=True):
        assert (sheet.round_wind, sheet.round_number, sheet.honba) == (
            online.round_wind,
            online.round_number,
            online.honba,
        )
        sheet = record(sheet, hand)
        assert sheet.scores == online.scores
        assert sheet.riichi_sticks == online.riichi_sticks
    assert sheet.finished
    assert sheet.final == game.final


S = RONIN


def ron(winner, discarder, han, fu, **kw):
    return DeclaredHand("ron", (WinValue(winner, han, fu),), discarder, **kw)


def test_hand_by_hand_dealer_ron_keeps_the_seat_and_adds_a_honba():
    sheet = record(new_sheet(S), ron(0, 2, 3, 30))
    assert sheet.scores == (25000 + 5800, 25000, 25000 - 5800, 25000)
    assert (sheet.round_number, sheet.honba) == (0, 1)
    sheet = record(sheet, ron(1, 0, 1, 30))  # honba 1: +300
    assert sheet.last_result.deltas == (-1300, 1300, 0, 0)
    assert (sheet.round_number, sheet.honba) == (1, 0)


def test_hand_by_hand_double_ron_pays_each_winner_and_sticks_go_to_the_nearest():
    sheet = record(new_sheet(S), DeclaredHand("exhaustive", riichi=(3,), tenpai=(3,)))
    assert sheet.riichi_sticks == 1 and sheet.honba == 1
    hand = DeclaredHand("ron", (WinValue(1, 2, 30), WinValue(3, 1, 30)), 0, riichi=(1,))
    sheet = record(sheet, hand)
    # dealer 1 (moved on after the noten dealer), honba 1, two sticks
    result = sheet.last_result
    assert [w.seat for w in result.wins] == [1, 3]
    # seat 1 is the dealer now: 2 han 30 fu dealer ron 2900 + 300, plus 2 sticks
    assert result.wins[0].payment.total == 2900 + 300 + 2000
    assert result.wins[1].payment.total == 1000 + 300
    assert sheet.riichi_sticks == 0


def test_hand_by_hand_riichi_stick_is_carried_over_a_draw_and_an_abortive_draw():
    sheet = record(new_sheet(S), DeclaredHand("exhaustive", riichi=(2,), tenpai=(0, 2)))
    assert sheet.scores == (26500, 23500, 25500, 23500)
    assert sheet.last_result.deltas == (1500, -1500, 1500, -1500)
    assert sheet.riichi_sticks == 1
    assert (sheet.round_number, sheet.honba) == (0, 1)  # dealer tenpai: renchan
    sheet = record(sheet, DeclaredHand("abortive", abort="kyuushu_kyuuhai"))
    assert sheet.riichi_sticks == 1 and sheet.honba == 2 and sheet.round_number == 0
    sheet = record(sheet, DeclaredHand("tsumo", (WinValue(1, 1, 30),)))
    # 300/500 plus 2 honba (100 each per payer) plus the stick
    assert sheet.last_result.deltas == (-700, 300 + 500 + 300 + 600 + 1000, -500, -500)
    assert sheet.riichi_sticks == 0 and sheet.honba == 0 and sheet.round_number == 1


def test_hand_by_hand_chombo_redeals_the_same_hand_and_returns_the_riichi_stick():
    sheet = record(new_sheet(S), DeclaredHand("chombo", riichi=(1,), chombo=2))
    assert sheet.scores == (29000, 27000, 17000, 27000)
    assert (sheet.round_number, sheet.honba, sheet.riichi_sticks) == (0, 0, 0)
    assert sheet.chombo_counts == (0, 0, 1, 0)


def test_hand_by_hand_chombo_under_the_penalty_rule_moves_no_points_and_counts_at_the_end():
    ruleset = S.replace(chombo="penalty")
    sheet = record(new_sheet(ruleset), DeclaredHand("chombo", chombo=3))
    assert sheet.scores == (25000,) * 4 and sheet.chombo_counts == (0, 0, 0, 1)


def test_hand_by_hand_tobi_ends_the_game_with_final_standings():
    sheet = new_sheet(S)
    sheet = record(sheet, DeclaredHand("ron", (WinValue(1, 0, 0, 2),), 0))  # double yakuman
    assert sheet.finished
    assert sheet.final == tuple(final_standings(sheet.scores, S, 0))


def test_hand_by_hand_game_ends_after_south_4_and_replays_exactly():
    hands = [ron((d + 1) % 4, (d + 2) % 4, 1, 30) for d in range(8)]
    sheet = replay_sheet(S, hands)
    assert not sheet.finished and sheet.round_wind == 29  # nobody at 30,000: West round
    no_west = S.replace(west_round=False)
    sheet = replay_sheet(no_west, hands)
    assert sheet.finished and len(sheet.final) == 4
    assert replay_sheet(no_west, hands) == sheet
    with pytest.raises(InvalidHand):
        record(sheet, hands[0])


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (ron(1, 1, 2, 30), "discarder"),
        (DeclaredHand("ron", (WinValue(1, 2, 30),), 0, tenpai=(2,)), "tenpai"),
        (DeclaredHand("ron", (WinValue(1, 2, 30),)), "discarder"),
        (DeclaredHand("tsumo", (WinValue(1, 2, 30), WinValue(2, 2, 30))), "winners"),
        (DeclaredHand("tsumo", (WinValue(1, 2, 30),), 0), "discarder"),
        (DeclaredHand("exhaustive", riichi=(1,), tenpai=(2,)), "tenpai"),
        (DeclaredHand("abortive", abort="no_such_thing"), "abort"),
        (DeclaredHand("chombo"), "chombo"),
        (ron(1, 0, 1, 20), "fu"),
        (ron(1, 0, 1, 25), "fu"),
        (ron(1, 0, 2, 35), "fu"),
        (ron(1, 0, 0, 30), "han"),
        (
            DeclaredHand("ron", (WinValue(1, 2, 30), WinValue(2, 2, 30), WinValue(3, 1, 30)), 0),
            "winners",
        ),
        (DeclaredHand("wat"), "outcome"),
    ],
)
def test_hand_by_hand_impossible_declarations_are_refused_naming_the_field(hand, field):
    sheet = new_sheet(S)
    with pytest.raises(InvalidHand) as refused:
        record(sheet, hand)
    assert refused.value.field == field


def test_hand_by_hand_head_bump_ruleset_refuses_a_double_ron():
    ruleset = S.replace(double_ron=False, triple_ron=False)
    with pytest.raises(InvalidHand) as refused:
        record(new_sheet(ruleset), DeclaredHand("ron", (WinValue(1, 1, 30), WinValue(2, 1, 30)), 0))
    assert refused.value.field == "winners"


def test_hand_by_hand_fu_the_yaku_allow():
    assert fu_choices(["pinfu", "riichi"], closed=True, tsumo=True) == (20,)
    assert fu_choices(["pinfu"], closed=True, tsumo=False) == (30,)
    assert fu_choices(["chiitoitsu"], closed=True, tsumo=False) == (25,)
    assert fu_choices(["riichi"], closed=True, tsumo=False)[0] == 40
    assert fu_choices(["yakuhai_white"], closed=False, tsumo=False)[0] == 30
    assert fu_choices(["kokushi"], closed=True, tsumo=False) == ()


def test_hand_by_hand_yaku_picker_counts_han_and_refuses_impossible_fu_and_combinations():
    assert yaku_value(["riichi", "pinfu", "menzen_tsumo"], True, True, 1, 20, S) == (4, 20, 0)
    assert yaku_value(["kokushi"], True, False, 0, 0, S) == (0, 0, 1)
    for keys, closed, tsumo, fu, field in [
        (["chiitoitsu"], True, False, 40, "fu"),
        (["pinfu"], True, False, 40, "fu"),
        (["riichi"], True, False, 30, "fu"),
        (["pinfu", "chiitoitsu"], True, False, 25, "yaku"),
        (["riichi"], False, False, 30, "yaku"),
        (["menzen_tsumo"], True, False, 40, "yaku"),
        (["kokushi", "riichi"], True, False, 0, "yaku"),
        ([], True, False, 30, "yaku"),
    ]:
        with pytest.raises(InvalidHand) as refused:
            yaku_value(keys, closed, tsumo, 0, fu, S)
        assert refused.value.field == field, keys


def test_hand_by_hand_fu_cells_no_hand_has():
    check_fu(2, 20, True)
    check_fu(2, 25, False)
    for han, fu, tsumo in [(1, 20, True), (2, 20, False), (2, 25, True), (3, 120, False)]:
        with pytest.raises(InvalidHand):
            check_fu(han, fu, tsumo)


@pytest.mark.parametrize("key", list(PRESETS))
def test_hand_by_hand_every_preset_settles_a_ron_and_a_draw(key):
    ruleset = preset(key)
    sheet = replay_sheet(ruleset, [ron(1, 0, 1, 30), DeclaredHand("exhaustive", tenpai=(1,))])
    assert sum(sheet.scores) == 4 * ruleset.start_score
    assert sheet.scores[1] == ruleset.start_score + 1000 + 3000


def test_hand_by_hand_triple_ron_pays_all_three_where_the_ruleset_has_it():
    ruleset = S.replace(sanchahou=False, triple_ron=True)
    wins = (WinValue(1, 1, 30), WinValue(2, 1, 30), WinValue(3, 1, 30))
    sheet = record(new_sheet(ruleset), DeclaredHand("ron", wins, 0, riichi=(2,)))
    # each non-dealer 1 han 30 fu ron is 1,000; the stick goes to the winner nearest
    # the discarder (South), whatever order the winners were declared in
    assert sheet.scores == (22000, 27000, 25000, 26000)
    assert (sheet.round_number, sheet.honba, sheet.riichi_sticks) == (1, 0, 0)
    # where three rons are an abortive draw the form refuses them at the winners
    with pytest.raises(InvalidHand) as refused:
        record(new_sheet(S.replace(sanchahou=True)), DeclaredHand("ron", wins, 0))
    assert refused.value.field == "winners" and "abortive" in refused.value.message


def test_hand_by_hand_pao_makes_the_liable_seat_pay_a_yakuman():
    yakuman = WinValue(1, 0, 0, 1, 2)  # South's yakuman, West fed the last set
    tsumo = record(new_sheet(S), DeclaredHand("tsumo", (yakuman,)))
    assert tsumo.scores == (25000, 25000 + 32000, 25000 - 32000, 25000)
    ron = record(new_sheet(S), DeclaredHand("ron", (yakuman,), 3))
    assert ron.scores == (25000, 25000 + 32000, 25000 - 16000, 25000 - 16000)
    with pytest.raises(InvalidHand) as refused:  # pao covers a yakuman only
        record(new_sheet(S), DeclaredHand("ron", (WinValue(1, 3, 30, 0, 2),), 3))
    assert refused.value.field == "pao"


def test_hand_by_hand_nagashi_mangan_is_paid_as_a_mangan_tsumo_and_counts_as_a_draw():
    sheet = record(new_sheet(S), DeclaredHand("nagashi", tenpai=(1,), nagashi=(2,)))
    assert sheet.scores == (21000, 23000, 33000, 23000)  # no noten payments besides it
    assert (sheet.round_number, sheet.honba) == (1, 1)  # the dealer was not tenpai
    with pytest.raises(InvalidHand) as refused:
        record(new_sheet(S.replace(nagashi_mangan=False)), DeclaredHand("nagashi", nagashi=(2,)))
    assert refused.value.field == "outcome"


@pytest.mark.parametrize("agariyame", [True, False])
def test_hand_by_hand_agari_yame_ends_the_game_when_the_last_dealer_wins_in_the_lead(agariyame):
    ruleset = S.replace(agariyame=agariyame)
    hands = [DeclaredHand("exhaustive")] * 7  # nobody tenpai: the deal moves to South 4
    sheet = replay_sheet(ruleset, hands)
    assert (sheet.round_wind, sheet.round_number, sheet.honba) == (28, 3, 7)
    sheet = record(sheet, ron(3, 0, 5, 0))  # North, the last dealer, takes the lead
    assert sheet.scores[3] == max(sheet.scores)
    assert sheet.finished is agariyame
