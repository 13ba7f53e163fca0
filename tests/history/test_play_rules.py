"""What a log's hands show about its lobby's rules (history/logs/play_rules.py), and
real Mahjong Soul tournament games that need it (santi-league's records, see
REAL_GAMES.md): no bust, riichi below 1,000 points and with 3 live tiles left, no
four-winds abortive draw, kiriage, the honba of a double ron to the nearest winner."""

from __future__ import annotations

import json

import pytest

from history.logs import tenhou6
from history.logs.importer import import_log
from history.logs.log_rules import ReadRules, settle
from history.logs.model import Discard, Draw, Kan, LogHand, LogResult, LogWin, Ron, Tsumo
from history.logs.play_rules import honba_note, honba_to_nearest, read_play
from rules.engine import preset

from .conftest import DATA

EAST, NORTH, MAN_1 = (27, False), (30, False), (0, False)


def _hand(events, scores=(25000,) * 4, result=None, honba=0, index=0) -> LogHand:
    return LogHand(index, 0, 0, honba, 0, scores, ((),) * 4, list(events), result=result)


def _read(*hands: LogHand) -> ReadRules:
    read = ReadRules("mahjongsoul")
    read_play(read, hands)
    return read


def test_a_hand_that_starts_below_zero_says_there_is_no_bust():
    read = _read(_hand([]), _hand([], scores=(-1200, 40000, 36200, 25000), index=1))
    assert read.values == {"tobi": False}
    assert read.where["tobi"] == "hand 2 (East 1) starts below zero"


def test_a_riichi_with_fewer_than_1000_points_says_riichi_below_1000_and_no_bust():
    riichi = Discard(2, MAN_1, False, riichi=True)
    read = _read(_hand([Draw(0, MAN_1), riichi], scores=(40000, 30000, 800, 29200)))
    assert read.values == {"riichi_below_1000": True, "tobi": False}
    assert settle(read, None).ruleset.riichi_below_1000


def test_a_riichi_with_3_live_tiles_left_says_the_lobby_accepts_3():
    draws = [Draw(n % 4, MAN_1) for n in range(67)]
    read = _read(_hand([*draws, Discard(2, MAN_1, False, riichi=True)]))
    assert read.values == {"riichi_min_live_wall": 3}
    assert settle(read, preset("ronin")).ruleset.riichi_min_live_wall == 3
    # never more than the chosen preset already accepts
    assert (
        settle(read, preset("ronin").replace(riichi_min_live_wall=1)).ruleset.riichi_min_live_wall
        == 1
    )


def test_four_same_winds_that_play_on_say_the_four_winds_draw_is_off():
    first = [ev for seat in range(4) for ev in (Draw(seat, NORTH), Discard(seat, NORTH, True))]
    drawn = LogResult("exhaustive")
    read = _read(_hand([*first, Draw(0, MAN_1)], result=drawn))
    assert read.values == {"suufon_renda": False}
    other = [*first[:-1], Discard(3, EAST, False), Draw(0, MAN_1)]
    assert _read(_hand(other, result=drawn)).values == {}
    aborted = LogResult("abortive", "suufon_renda")
    assert _read(_hand(first, result=aborted)).values == {"suufon_renda": True}


def test_a_fourth_riichi_that_plays_on_says_the_four_riichi_draw_is_off():
    riichis = [
        ev
        for seat in range(4)
        for ev in (Draw(seat, MAN_1), Discard(seat, MAN_1, True, riichi=True))
    ]
    drawn = LogResult("exhaustive")
    assert _read(_hand([*riichis, Draw(0, MAN_1)], result=drawn)).values == {"suucha_riichi": False}
    aborted = LogResult("abortive", "suucha_riichi")
    assert _read(_hand(riichis, result=aborted)).values == {"suucha_riichi": True}
    won = [*riichis, Ron((0,), 3)]
    assert _read(_hand(won, result=LogResult("ron"))).values == {}


def test_four_kans_by_two_seats_that_play_on_say_the_four_kans_draw_is_off():
    kans = [Kan(seat % 2, "ankan", (MAN_1,) * 4) for seat in range(4)]
    events = [*kans, Discard(1, MAN_1, False), Draw(2, MAN_1)]
    drawn = LogResult("exhaustive")
    assert _read(_hand(events, result=drawn)).values == {"suukaikan": False}
    one_seat = [Kan(0, "ankan", (MAN_1,) * 4)] * 4 + events[4:]
    assert _read(_hand(one_seat, result=drawn)).values == {}


@pytest.mark.parametrize(
    ("paid", "kiriage"), [((-8000, 0, 0, 8000), True), ((-7700, 0, 0, 7700), False)]
)
def test_a_30_fu_4_han_win_says_whether_the_lobby_rounds_it_up(paid, kiriage):
    win = LogWin(3, 0, 4, 30, 0, (), paid)
    read = _read(_hand([], result=LogResult("ron", wins=(win,), deltas=paid)))
    assert read.values == {"kiriage": kiriage}


@pytest.mark.parametrize(
    ("paid", "kazoe"),
    [((-6000, -6000, -12000, 25000), "sanbaiman"), ((-8000, -8000, -16000, 33000), "yakuman")],
)
def test_a_13_han_win_says_whether_the_lobby_counts_it_a_yakuman(paid, kazoe):
    # santi-league 2025-12-07_022208 South 3: the log's text leaves the han out
    yaku = (("riichi", 1), ("menzen_tsumo", 1), ("ippatsu", 1), ("dora", 10))
    win = LogWin(3, None, None, None, 0, yaku, paid)
    read = _read(_hand([], result=LogResult("tsumo", wins=(win,), deltas=paid)))
    assert read.values == {"kazoe": kazoe}
    assert settle(read, preset("mahjongsoul")).ruleset.kazoe == kazoe
    twelve = LogWin(3, None, 12, 30, 0, yaku, paid)
    assert _read(_hand([], result=LogResult("tsumo", wins=(twelve,), deltas=paid))).values == {}


@pytest.mark.parametrize(("indicators", "counted"), [(2, True), (1, False)])
def test_rinshan_kaihou_on_an_added_kan_says_whether_its_kan_dora_counts(indicators, counted):
    # santi-league 2026-06-14_010857 East 1: an added kan of 9m, a win on its
    # replacement tile, and the log shows the kan's indicator
    nine = (8, False)
    events = [Kan(2, "shouminkan", (nine,)), Draw(2, EAST), Tsumo(2)]
    hand = _hand(events, result=LogResult("tsumo"))
    hand.dora = (MAN_1, nine)[:indicators]
    read = _read(hand)
    assert read.values == {"rinshan_kan_dora": counted}
    assert settle(read, preset("mahjongsoul")).ruleset.rinshan_kan_dora is counted
    # a concealed kan's indicator is shown at once: it says nothing
    concealed = _hand([Kan(2, "ankan", (nine,) * 4), Draw(2, EAST), Tsumo(2)])
    concealed.dora = (MAN_1, nine)
    assert _read(concealed).values == {}


def _double_wind_tsumo(seat: int, fu: int) -> LogHand:
    """Seat ``seat`` in East 1 holds 123m 456p 555s 789s and East, declares riichi and
    draws its second East: 20 + 2 (tsumo) + 2 (single wait) + 4 (555s) and the pair."""
    kinds = (0, 1, 2, 12, 13, 14, 22, 22, 22, 24, 25, 26, 27)
    haipai = [((33, False),) * 13] * 4
    haipai[seat] = tuple((k, False) for k in kinds)
    riichi = Discard(seat, (33, False), True, riichi=True)
    events = [Draw(seat, (33, False)), riichi, Draw(seat, EAST), Tsumo(seat)]
    paid = (-1000, -1000, -1000, 3000)
    win = LogWin(seat, None, 2, fu, 0, (("riichi", 1), ("menzen_tsumo", 1)), paid)
    result = LogResult("tsumo", wins=(win,), deltas=paid)
    return LogHand(0, 0, 0, 0, 0, (25000,) * 4, tuple(haipai), events, result=result)


@pytest.mark.parametrize(("fu", "pair_fu"), [(30, 2), (40, 4)])
def test_a_win_on_a_double_wind_pair_says_what_the_pair_counts(fu, pair_fu):
    # santi-league 2026-07-21_202121 East 3: the dealer's pair of East, 30 fu in the log
    read = _read(_double_wind_tsumo(0, fu))
    assert read.values == {"double_wind_pair_fu": pair_fu}
    assert settle(read, preset("mahjongsoul")).ruleset.double_wind_pair_fu == pair_fu
    # East is only the round's wind for seat 1: its pair says nothing
    assert _read(_double_wind_tsumo(1, fu)).values == {}


def test_an_all_last_dealer_who_leads_and_plays_on_says_there_is_no_agariyame():
    paid = (-15000, 0, 0, 15000)
    won = LogResult("ron", wins=(LogWin(3, 0, 5, 30, 0, (), paid),), deltas=paid)
    south_4 = LogHand(7, 1, 3, 0, 0, (35000, 20000, 20000, 25000), ((),) * 4, [], result=won)
    again = LogHand(8, 1, 3, 1, 0, (20000, 20000, 20000, 40000), ((),) * 4, [])
    read = _read(south_4, again)
    assert read.values == {"agariyame": False}
    second = LogHand(8, 1, 3, 1, 0, (20000, 20000, 40000, 20000), ((),) * 4, [])
    assert _read(south_4, second).values == {}
    # first below 30,000: Tenhou's and Mahjong Soul's dealer plays on anyway
    below = LogHand(8, 1, 3, 1, 0, (22000, 26000, 23000, 29000), ((),) * 4, [])
    assert _read(south_4, below).values == {}
    # tenpai at a draw is not a win (tenpai-yame is another rule)
    drawn = LogHand(7, 1, 3, 0, 0, (20000, 20000, 20000, 40000), ((),) * 4, [])
    drawn.result = LogResult("exhaustive")
    assert _read(drawn, again).values == {}


def test_a_game_that_ends_after_south_4_with_no_one_at_30000_has_no_west_round():
    paid = (3900, -3900, 0, 0)
    result = LogResult("ron", wins=(LogWin(0, 1, 3, 30, 0, (), paid),), deltas=paid)
    south_4 = LogHand(7, 1, 3, 0, 0, (25000,) * 4, ((),) * 4, [], result=result)
    assert _read(south_4).values == {"west_round": False}
    ahead = LogHand(7, 1, 3, 0, 0, (28000, 22000, 25000, 25000), ((),) * 4, [], result=result)
    assert _read(ahead).values == {}  # 31,900: the game ends under any rules


def _double_ron(first: tuple[int, ...], second: tuple[int, ...]) -> LogResult:
    wins = (LogWin(0, 3, 3, 40, 0, (), first), LogWin(2, 3, 2, 30, 0, (), second))
    total = tuple(a + b for a, b in zip(first, second, strict=True))
    return LogResult("ron", wins=wins, deltas=total)


def test_a_double_ron_whose_next_hand_pays_the_honba_once_reads_nearest_only():
    # the converter pays both winners the honba; the next hand's scores, only seat 0
    result = _double_ron((5500, 0, 0, -5500), (0, 0, 2300, -2300))
    hand = _hand([Discard(3, MAN_1, False), Ron((0, 2), 3)], result=result, honba=1)
    after = _hand([], scores=(30500, 25000, 27000, 17500), index=1)
    read = ReadRules("mahjongsoul")
    honba_to_nearest(read, [hand, after])
    assert read.values == {"double_ron_honba": "nearest_only"}
    assert hand.result.wins[1].deltas == (0, 0, 2000, -2000)
    assert hand.result.deltas == (5500, 0, 2000, -7500)
    assert hand.notes == [honba_note(1)]


def test_a_double_ron_whose_next_hand_agrees_with_the_log_is_read_as_it_is():
    result = _double_ron((5500, 0, 0, -5500), (0, 0, 2300, -2300))
    hand = _hand([Discard(3, MAN_1, False), Ron((0, 2), 3)], result=result, honba=1)
    after = _hand([], scores=(30500, 25000, 27300, 17200), index=1)
    read = ReadRules("mahjongsoul")
    honba_to_nearest(read, [hand, after])
    assert read.values == {} and hand.result is result and hand.notes == []


REAL = [
    (
        "real_mahjongsoul_tournament_riichi_with_3_tiles_left.json",
        "riichi accepted with this many live tiles: 3",
    ),
    (
        "real_mahjongsoul_tournament_riichi_with_1_tile_left.json",
        "riichi accepted with this many live tiles: 1",
    ),
    ("real_mahjongsoul_tournament_four_winds_play_on.json", "four-winds abortive draw: no"),
    ("real_mahjongsoul_tournament_double_ron_honba.json", "honba in a double ron: nearest_only"),
    ("real_mahjongsoul_tournament_double_ron_honba.json", "riichi below 1,000 points: yes"),
    ("real_mahjongsoul_tournament_double_ron_honba.json", "bust (tobi): no"),
    ("real_mahjongsoul_tournament_riichi_with_3_tiles_left.json", "kiriage mangan: yes"),
    ("real_mahjongsoul_tournament_riichi_with_3_tiles_left.json", "the all-last dealer stops"),
]


@pytest.mark.parametrize(("name", "words"), REAL)
def test_a_real_tournament_lobby_game_replays_with_the_rules_its_hands_show(db, name, words):
    report = import_log(name, (DATA / name).read_bytes(), save=False)
    assert report.ok, report.first_difference()
    assert any(line.startswith(words) for line in report.rules_read), report.rules_read


def test_the_real_double_ron_reads_its_second_winner_without_the_honba():
    name = "real_mahjongsoul_tournament_double_ron_honba.json"
    log = json.loads((DATA / name).read_bytes())
    hand = next(i for i, h in enumerate(log["log"]) if len(h[-1]) > 3)
    game = tenhou6.parse(log)
    assert log["log"][hand][-1][3] == [0, 0, 2300, -2300]
    assert game.hands[hand].result.wins[1].deltas == (0, 0, 2000, -2000)
    assert game.hands[hand].notes == [honba_note(1)]
