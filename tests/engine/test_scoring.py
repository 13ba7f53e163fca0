"""Scoring adapter: the hand-worked cases of tests/data/scored_hands.txt, bad input, names."""

from __future__ import annotations

import dataclasses

import pytest

from rules.engine import InvalidHand, InvalidNotation, Meld, parse_meld, parse_melds
from rules.engine.presets import RONIN
from rules.engine.scoring.payments import LIMIT_NAMES
from rules.engine.scoring.score import HandScore, Situation, score_hand
from rules.engine.scoring.yaku import BY_KEY, LIBRARY_KEYS, YAKU_NAMES
from rules.engine.tiles import EAST, SOUTH, WEST, parse_kind, parse_tiles
from rules.management.commands.bench_scoring import read_cases

CASES = read_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_it_scores_the_hand_worked_cases(case):
    result = score_hand(**case.args)
    expect = case.expect
    if "error" in expect:
        assert result.error == expect["error"]
        assert result.payment is None
        return
    assert result.error is None
    assert sorted(result.yaku) == expect["yaku"]
    assert (result.han, result.fu, result.yakuman) == (
        expect["han"],
        expect["fu"],
        expect["yakuman"],
    )
    assert result.limit == expect.get("limit")
    if "fu_details" in expect:
        assert list(result.fu_details) == expect["fu_details"]
    assert result.payment.payers == expect["payers"]
    sticks = 1000 * case.args["situation"].riichi_sticks
    assert result.payment.total == expect.get("total", sum(expect["payers"].values()) + sticks)


def test_the_case_file_covers_every_yaku_and_yakuman():
    reported = set()
    for case in CASES:
        if "yaku" in case.expect:
            reported.update(name for name, _ in case.expect["yaku"])
    assert {y.name for y in YAKU_NAMES} - reported == set()
    assert len(CASES) >= 150


def test_every_fu_breakdown_adds_up_to_the_fu():
    for case in CASES:
        result = score_hand(**case.args)
        if result.error is None and not result.yakuman:
            assert sum(f for f, _ in result.fu_details) == result.fu, case.id


def test_every_limit_is_a_known_name():
    for case in CASES:
        limit = score_hand(**case.args).limit
        assert limit is None or limit in LIMIT_NAMES or limit.endswith("x yakuman"), case.id


# --- helpers for hand-written checks -------------------------------------------------


def hand(text, win, melds=(), ruleset=RONIN, winner=1, discarder=None, **situation):
    concealed = parse_tiles(text, ruleset.red_fives)
    meld_list = parse_melds(melds, ruleset.red_fives, concealed)
    kind, _ = parse_kind(win)
    win_tile = next(t for t in concealed if t >> 2 == kind)
    situation.setdefault("seat_wind", EAST + winner)
    return dict(
        concealed=concealed,
        melds=meld_list,
        win_tile=win_tile,
        situation=Situation(**situation),
        ruleset=ruleset,
        winner=winner,
        dealer=0,
        discarder=discarder,
    )


RIICHI_HAND = "123678m34599p123s"


def test_a_ron_without_discarder_is_paid_by_the_next_seat():
    result = score_hand(**hand(RIICHI_HAND, "2s", riichi=True, winner=3))
    assert result.payment.payers == {0: 1300}


def test_it_returns_a_frozen_score():
    result = score_hand(**hand(RIICHI_HAND, "2s", riichi=True))
    assert isinstance(result, HandScore)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.han = 5


# --- impossible input ------------------------------------------------------------------


def assert_invalid(field, fragment, **args):
    with pytest.raises(InvalidHand) as info:
        score_hand(**args)
    assert info.value.field == field
    assert fragment in info.value.message


def test_it_rejects_a_fifth_copy_across_hand_and_melds():
    args = hand("11m456p789s111z", "1z")  # 1m is physical tiles 0 and 1 here
    args["melds"] = [Meld("pon", (0, 2, 3), 0)]  # tile 0 again: a fifth 1m
    assert_invalid("melds", "fifth copy of 1m", **args)


def test_it_rejects_a_tile_used_twice_in_the_hand():
    args = hand(RIICHI_HAND, "2s", riichi=True)
    args["concealed"] = [*args["concealed"][:-1], args["concealed"][0]]
    assert_invalid("hand", "used twice", **args)


def test_it_rejects_an_indicator_already_in_the_hand():
    args = hand(RIICHI_HAND, "2s", riichi=True)
    indicator = args["concealed"][0]  # the hand's own 1m
    args["situation"] = dataclasses.replace(args["situation"], dora_indicators=(indicator,))
    assert_invalid("situation", "used twice", **args)


def test_it_rejects_too_few_tiles():
    args = hand(RIICHI_HAND, "2s")
    args["concealed"] = args["concealed"][:-1]
    assert_invalid("hand", "holds 14 tiles", **args)


def test_it_rejects_too_many_tiles_for_the_melds():
    args = hand(RIICHI_HAND, "2s")
    args["melds"] = parse_melds(["pon:555z"], taken=args["concealed"])
    assert_invalid("hand", "holds 11 tiles", **args)


def test_it_rejects_a_winning_tile_outside_the_hand():
    args = hand(RIICHI_HAND, "2s")
    args["win_tile"] = 135
    assert_invalid("win_tile", "not in the hand", **args)


def test_it_rejects_a_winning_tile_that_is_not_a_tile():
    args = hand(RIICHI_HAND, "2s")
    args["win_tile"] = 136
    assert_invalid("win_tile", "0 to 135", **args)


def test_it_rejects_an_incomplete_hand():
    assert_invalid("hand", "not a complete hand", **hand("123678m34599p124s", "2s"))


def test_it_rejects_seven_pairs_with_a_repeated_pair():
    assert_invalid("hand", "not a complete hand", **hand("1111m2255p4477s66z", "6z"))


def test_it_rejects_a_malformed_meld():
    args = hand("123m456p11789s", "6p")
    args["melds"] = [Meld("chi", (124, 125, 126), 124)]
    assert_invalid("melds", "three tiles in a row", **args)


@pytest.mark.parametrize(
    ("situation", "fragment"),
    [
        ({"ippatsu": True}, "ippatsu needs riichi"),
        ({"riichi": True, "double_riichi": True}, "set only one"),
        ({"haitei": True}, "a ron there is houtei"),
        ({"houtei": True, "tsumo": True}, "a self-draw there is haitei"),
        ({"rinshan": True}, "not a ron"),
        ({"rinshan": True, "tsumo": True}, "needs one of the winner's own quads"),
        ({"chankan": True, "tsumo": True}, "it is a ron"),
        ({"tenhou": True, "tsumo": True}, "dealer's self-draw"),
        ({"chiihou": True}, "non-dealer's self-draw"),
        ({"renhou": True, "tsumo": True}, "ron before their first draw"),
        ({"renhou": True, "riichi": True}, "first go-around"),
        ({"open_riichi": True, "riichi": True}, "does not allow open riichi"),
        ({"open_riichi": True}, "open riichi needs riichi"),
        ({"seat_wind": WEST}, "sits S"),
        ({"round_wind": 31}, "must be a wind"),
        ({"honba": -1}, "honba must be"),
        ({"dora_indicators": (12, 13, 14, 16, 17, 18)}, "at most five"),
        ({"ura_indicators": (12, 13, 14, 16, 17, 18)}, "at most five ura"),
    ],
)
def test_it_rejects_impossible_situations(situation, fragment):
    args = hand(RIICHI_HAND, "2s")
    args["situation"] = dataclasses.replace(args["situation"], **situation)
    assert_invalid("situation", fragment, **args)


def test_it_rejects_riichi_with_an_open_hand():
    args = hand("678m34599p123s", "2s", melds=["chi:123m"], riichi=True)
    assert_invalid("situation", "closed hand", **args)


def test_it_rejects_rinshan_with_ippatsu():
    args = hand("123678m34599s", "3s", melds=["ankan:2222p"], riichi=True, tsumo=True)
    args["situation"] = dataclasses.replace(args["situation"], rinshan=True, ippatsu=True)
    assert_invalid("situation", "ends ippatsu", **args)


def test_it_rejects_chankan_on_a_tile_the_winner_holds_twice():
    # the robbed quad holds the other three 2s, so the hand cannot hold three of them
    args = hand("123678m345p12322s", "2s", chankan=True)
    assert_invalid("situation", "only the robbed tile", **args)


def test_it_rejects_a_discarder_on_a_tsumo():
    args = hand(RIICHI_HAND, "2s", tsumo=True, discarder=2)
    assert_invalid("discarder", "no discarder", **args)


def test_it_rejects_the_winner_as_discarder():
    args = hand(RIICHI_HAND, "2s", riichi=True, discarder=1)
    assert_invalid("discarder", "another seat", **args)


def test_it_rejects_a_seat_out_of_range():
    args = hand(RIICHI_HAND, "2s", riichi=True)
    args["winner"] = 4
    assert_invalid("winner", "seat from 0 to 3", **args)


def test_bad_notation_is_reported_by_the_parser():
    with pytest.raises(InvalidNotation) as info:
        parse_tiles("123x", field="hand")
    assert info.value.field == "hand"
    with pytest.raises(InvalidNotation):
        parse_meld("kong:1111m", field="melds")


# --- the yaku catalogue ---------------------------------------------------------------


def test_every_library_yaku_maps_to_a_catalogue_entry():
    for keys in LIBRARY_KEYS.values():
        for key in keys:
            assert key in BY_KEY


def test_catalogue_rows_are_complete():
    names = [y.name for y in YAKU_NAMES if y.key != "renhou_yakuman"]
    assert len(names) == len(set(names))
    for y in YAKU_NAMES:
        assert y.japanese and y.english and y.closed >= 1
        assert y.open is None or y.open <= y.closed
        assert (y.yakuman > 0) == (y.closed >= 13)


def test_seat_and_round_wind_share_a_pair_kind_in_the_east_round():
    # sanity of the data file's convention: seat S is seat 1 with the dealer at 0
    args = hand("345m678p33345s", "6p", melds=["pon:222z"])
    assert args["situation"].seat_wind == SOUTH
    assert score_hand(**args).yaku == (("Yakuhai: seat wind South", 1),)


def test_scoring_from_several_threads_gives_the_same_answers():
    # the adapter keeps one library config per thread; threads must not share it
    from concurrent.futures import ThreadPoolExecutor

    expected = [score_hand(**c.args) for c in CASES]

    def score_all(_):
        return [score_hand(**c.args) for c in CASES]

    with ThreadPoolExecutor(max_workers=4) as pool:
        for results in pool.map(score_all, range(4)):
            assert results == expected


def test_the_benchmark_command_runs(capsys):
    from django.core.management import call_command

    call_command("bench_scoring", hands=40)
    out = capsys.readouterr().out
    assert "hands/s" in out
    assert "overhead" in out


def test_the_situation_flags_are_the_yes_no_fields_of_a_situation_besides_tsumo():
    from rules.engine import SITUATION_FLAGS, Situation

    fields = [f.name for f in dataclasses.fields(Situation) if f.type in (bool, "bool")]
    assert len(fields) == 12
    assert sorted(SITUATION_FLAGS) == sorted(f for f in fields if f != "tsumo")
