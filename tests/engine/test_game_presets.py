"""Each preset plays as its own authority does (Tenhou, Mahjong Soul, EMA 2016, WRC,
M-League, the Yakuza guide's table rules, and the Ronin Game Rules themselves)."""

from rules.engine import final_standings
from rules.engine.presets import RONIN, preset
from rules.engine.testing import play, scenario, tsumogiri

TENHOU = preset("tenhou")
TENPAI = "234m345p678p22s34s"  # 2s/5s, all simples
KANCHAN_5S = "234p456p678s22m46s"  # 5s, all simples
JUNK = "8m 8m 8m 8m"
SOUTH, WEST = 28, 29


def kinds(state, seat):
    return {a.type for a in state.legal[seat]}


def yaku(state, i=0):
    return {name: han for name, han in state.last_result.wins[i].score.yaku}


def _to_the_end(state):
    index = state.hand_index
    while state.hand_index == index and not state.finished:
        state = tsumogiri(state, 1)
    return state


# --- Tenhou: double ron ------------------------------------------------------------------


def _double_ron(ruleset):
    hands = {1: TENPAI, 2: KANCHAN_5S}
    scores = (25000, 25000, 25000, 24000)
    state = scenario(
        hands, draws=JUNK + " 5s", honba=2, riichi_sticks=1, scores=scores, ruleset=ruleset
    )
    state = tsumogiri(state, 4)
    return play(state, "0:discard:5s", "2:ron", "1:ron")


def _ron_value(win):
    return -(-win.score.base_points * 4 // 100) * 100


def test_tenhou_double_ron_honba_goes_to_nearest_winner_only():
    nearest, other = _double_ron(TENHOU).last_result.wins
    assert (nearest.seat, other.seat) == (1, 2)
    assert nearest.payment.payers == {0: _ron_value(nearest) + 600}
    assert nearest.payment.sticks == 1000
    assert other.payment.payers == {0: _ron_value(other)}
    assert other.payment.sticks == 0 and other.payment.total == _ron_value(other)


def test_ronin_double_ron_pays_the_honba_to_each_winner():
    for win in _double_ron(RONIN).last_result.wins:
        assert win.payment.payers == {0: _ron_value(win) + 600}


def test_mahjongsoul_double_ron_honba_goes_to_nearest_winner_only():
    # as the next hand's scores of Mahjong Soul's own records show (REAL_GAMES.md)
    nearest, other = _double_ron(preset("mahjongsoul")).last_result.wins
    assert nearest.payment.payers == {0: _ron_value(nearest) + 600}
    assert other.payment.payers == {0: _ron_value(other)}


def test_mahjongsoul_riichi_allowed_while_one_tile_is_left_in_the_live_wall():
    state = scenario({0: TENPAI, 1: TENPAI}, avoid="25s", ruleset=preset("mahjongsoul"))
    state = tsumogiri(state, 68)
    assert state.turn == 0 and state.wall_remaining == 1
    assert "riichi" in kinds(state, 0)
    state = tsumogiri(state, 1)  # the last tile: no draw of anybody's is left
    assert state.turn == 1 and state.wall_remaining == 0
    assert "riichi" not in kinds(state, 1)


# --- Tenhou: kan with one live tile ------------------------------------------------------

QUAD = "8888m369p1s1234z5z"


def test_tenhou_kan_allowed_with_one_tile_in_the_live_wall():
    state = scenario({0: QUAD}, ruleset=TENHOU)
    state = tsumogiri(state, 68)
    assert state.turn == 0 and state.wall_remaining == 1
    assert "ankan" in kinds(state, 0)
    state = play(state, "0:ankan:8m")
    assert state.wall_remaining == 0 and state.turn == 0
    state = tsumogiri(state, 1)
    assert state.last_result.kind == "exhaustive"


def test_kan_minimum_is_named_in_the_refusal():
    from rules.engine import Action, explain

    state = tsumogiri(scenario({0: QUAD}), 68)
    quad = tuple(t for t in state.hands[0] if t >> 2 == 7)
    assert explain(state, Action(0, "ankan", quad[0], quad)) == (
        "a kan needs at least 2 tiles left in the wall"
    )


# --- Tenhou and Mahjong Soul: the dealer stops only with the threshold -----------------


def _dealer_wins_all_last(ruleset, scores=None):
    hand = {3: "123m456p789s5566z"}
    state = scenario(
        hand,
        draws="8m 8m 8m 8m 5z",
        round_wind=SOUTH,
        round_number=3,
        ruleset=ruleset,
        scores=scores,
    )
    state = tsumogiri(state, 4)
    return play(state, "3:tsumo")


def test_tenhou_all_last_leading_dealer_below_the_threshold_plays_on():
    state = _dealer_wins_all_last(TENHOU)
    assert max(state.scores) == state.scores[3] < 30000
    assert not state.finished and state.round_number == 3 and state.honba == 1


def test_tenhou_all_last_leading_dealer_with_the_threshold_stops():
    state = _dealer_wins_all_last(TENHOU, scores=(24000, 24000, 24000, 28000))
    assert state.finished and state.final[0].seat == 3


def test_mahjongsoul_all_last_leading_dealer_below_the_threshold_plays_on():
    state = _dealer_wins_all_last(preset("mahjongsoul"))
    assert not state.finished and state.round_number == 3


def _west_draw(ruleset, scores, tenpai_seat):
    state = scenario(
        {tenpai_seat: TENPAI}, round_wind=WEST, scores=scores, ruleset=ruleset, avoid="25s"
    )
    return _to_the_end(state)


def test_tenhou_extension_trailing_dealer_keeps_the_seat_while_another_has_the_threshold():
    scores = (20000, 31500, 24500, 24000)
    state = _west_draw(TENHOU, scores, tenpai_seat=0)
    assert state.scores[1] >= 30000 and state.scores[0] < state.scores[1]
    assert not state.finished
    assert state.round_wind == WEST and state.round_number == 0 and state.honba == 1
    # the Ronin Game Rules end the West round the moment anybody has the threshold
    assert _west_draw(RONIN, scores, tenpai_seat=0).finished


def test_tenhou_extension_dealer_first_with_the_threshold_ends_the_game():
    state = _west_draw(TENHOU, (29000, 27000, 22000, 22000), tenpai_seat=0)
    assert state.finished and state.final[0].seat == 0


def test_tenhou_extension_ends_when_the_dealer_passes_and_someone_has_the_threshold():
    state = _west_draw(TENHOU, (25000, 28000, 24000, 23000), tenpai_seat=1)
    assert state.scores[1] >= 30000 and state.finished


# --- Tenhou: pao covers the whole hand ---------------------------------------------------

NO_HONOURS = "1479m258p369s147s"
HONOUR_DRAGONS = "55z66z77z111z2z9s9m1p"  # three dragon pons, 111z, tanki on 2z


def _pao_tsumo_with_a_second_yakuman(ruleset):
    hands = {0: NO_HONOURS, 1: HONOUR_DRAGONS, 2: NO_HONOURS, 3: NO_HONOURS}
    draws = "5z 8m 8m 6z 8m 8m 7z 3z 3z 3z 2z"
    state = scenario(hands, draws=draws, ruleset=ruleset)
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:9s")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:6z", "1:pon:6z", "1:discard:9m")
    state = tsumogiri(state, 2)
    state = play(state, "0:discard:7z", "1:pon:7z", "1:discard:1p")
    assert state.pao[1] == 0
    state = tsumogiri(state, 3)
    return play(state, "1:tsumo")


def test_tenhou_pao_tsumo_with_a_second_yakuman_makes_the_liable_seat_pay_the_whole_hand():
    win = _pao_tsumo_with_a_second_yakuman(TENHOU).last_result.wins[0]
    assert {"Daisangen", "Tsuuiisou"} <= set(yaku(_pao_tsumo_with_a_second_yakuman(TENHOU)))
    assert win.pao == 0 and win.payment.payers == {0: 64000}


def test_ronin_pao_covers_only_the_pao_yakuman():
    win = _pao_tsumo_with_a_second_yakuman(RONIN).last_result.wins[0]
    # daisangen in full from the liable dealer, tsuuiisou as an ordinary tsumo
    assert win.payment.payers == {0: 32000 + 16000, 2: 8000, 3: 8000}


# --- Ronin: renhou is a 5-han yaku -------------------------------------------------------


def test_ronin_renhou_is_a_5_han_yaku_that_adds_to_pinfu_and_tanyao():
    hand = {2: "234m456p234s55p67s"}  # pinfu, tanyao, waits 5s/8s
    state = scenario(hand, draws="8s", dora="4z", ruleset=RONIN.replace(red_fives=(0, 0, 0)))
    state = play(state, "0:discard:8s", "2:ron")
    win = state.last_result.wins[0]
    assert yaku(state) == {"Renhou": 5, "Pinfu": 1, "Tanyao": 1}
    assert win.score.han == 7 and win.payment.payers == {0: 12000}


def test_a_call_before_the_win_voids_renhou():
    hands = {2: "123m456p789p99s24s", 3: "147m369p1s1234z99m"}
    state = scenario(hands, draws="9m 3s")
    state = play(state, "0:discard:9m", "3:pon:9m")
    state = play(state, "3:discard:1z")
    state = tsumogiri(state, 1)  # the dealer draws 3s and lets it go
    assert state.turn == 1 and "ron" not in kinds(state, 2)
    assert not state.discards[2]


# --- EMA and WRC: one yakuman at most ----------------------------------------------------

FOUR_YAKUMAN_START = "555z666z777z111z2z"  # tenhou, daisangen, tsuuiisou, suuankou


def _dealer_start_tsumo(ruleset):
    hands = {0: FOUR_YAKUMAN_START, 1: NO_HONOURS, 2: NO_HONOURS, 3: NO_HONOURS}
    state = scenario(hands, draws="2z", ruleset=ruleset)
    return play(state, "0:tsumo").last_result.wins[0]


def test_ema_pays_at_most_one_yakuman():
    win = _dealer_start_tsumo(preset("ema"))
    assert win.score.yakuman == 1 and win.payment.payers == {1: 16000, 2: 16000, 3: 16000}


def test_wrc_pays_at_most_one_yakuman():
    win = _dealer_start_tsumo(preset("wrc"))
    assert win.score.yakuman == 1 and win.payment.total == 48000


def test_ronin_stacks_yakuman():
    assert _dealer_start_tsumo(RONIN).score.yakuman > 1


# --- EMA and M-League: kan dora at once --------------------------------------------------


def _open_kan(ruleset):
    state = scenario({1: "147m369p1s234z666z"}, draws="6z", rinshan="9m", ruleset=ruleset)
    return play(state, "0:discard:6z", "1:daiminkan:6z")


def test_ema_reveals_the_kan_dora_at_once_after_an_open_kan():
    state = _open_kan(preset("ema"))
    assert state.dora_shown == 2 and state.dora_pending == 0


def test_mleague_reveals_the_kan_dora_at_once_after_an_open_kan():
    state = _open_kan(preset("mleague"))
    assert state.dora_shown == 2 and state.dora_pending == 0


# --- M-League: head bump and shared placement points -------------------------------------


def test_mleague_head_bump_only_the_player_nearest_the_discarder_wins():
    result = _double_ron(preset("mleague")).last_result
    assert [w.seat for w in result.wins] == [1]
    assert result.deltas[2] == 0


def test_mleague_tied_players_split_the_placement_points():
    final = final_standings((35000, 25000, 25000, 15000), preset("mleague"))
    second, third = final[1], final[2]
    assert second.place == third.place == 2
    assert second.uma == third.uma == (10000 - 10000) // 2


# --- Yakuza table rules ------------------------------------------------------------------

YAKUZA = preset("yakuza")


def test_yakuza_leading_all_last_dealer_stops_after_a_win():
    hand = {3: "123m456p789s5566z"}
    state = scenario(hand, draws="8m 8m 8m 8m 5z", round_number=3, ruleset=YAKUZA)
    state = tsumogiri(state, 4)
    state = play(state, "3:tsumo")
    assert state.finished and state.final[0].seat == 3


def test_yakuza_big_wheel_is_a_yakuman():
    no_pins = "1479m147s258s369s"
    hands = {0: no_pins, 1: "2233445566778p", 2: no_pins, 3: no_pins}
    state = scenario(hands, draws="1z 2z 3z 4z 5z 8p", ruleset=YAKUZA)
    state = tsumogiri(state, 5)
    state = play(state, "1:tsumo")
    win = state.last_result.wins[0]
    assert "Daisharin" in yaku(state) and win.score.yakuman == 1


def test_yakuza_quarter_game_has_no_extension_round():
    state = _to_the_end(scenario({}, round_number=3, ruleset=YAKUZA))
    assert max(state.last_result.scores) < 30000
    assert state.finished


# --- situational yaku in a game ----------------------------------------------------------


def test_houtei_on_the_last_discard_of_the_hand():
    state = scenario({2: TENPAI}, last="5s", avoid="25s")
    state = tsumogiri(state, 69)
    assert state.turn == 1 and state.wall_remaining == 0
    state = play(state, "1:discard:5s", "2:ron")
    assert "Houtei raoyui" in yaku(state)
