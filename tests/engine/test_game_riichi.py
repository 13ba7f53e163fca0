"""Riichi (the Ronin Game Rules "Riichi", "Ippatsu", double riichi; the app rule settings open riichi)."""

import pytest

from rules.engine import Action, IllegalAction, InvalidRuleset, apply, seat_view
from rules.engine.presets import RONIN
from rules.engine.testing import find, play, scenario, tsumogiri

TENPAI = "234m345p678p22s34s"  # waits 2s/5s, all simples


def riichi_kinds(state, seat):
    return {a.tile >> 2 for a in state.legal[seat] if a.type == "riichi"}


def test_riichi_is_offered_for_every_discard_that_keeps_tenpai():
    state = scenario({0: TENPAI}, draws="6s")
    assert riichi_kinds(state, 0) == {19, 20, 23}  # 2s, 3s or 6s


def test_riichi_needs_a_closed_hand():
    state = scenario({1: "234m345p678p3s55z9m"}, draws="5z 6z 7z 1z 7z", avoid="3s")
    state = play(state, "0:discard:5z", "1:pon:5z", "1:discard:9m")
    state = tsumogiri(state, 3)
    assert state.turn == 1
    assert not riichi_kinds(state, 1)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(1, "riichi", state.drawn))
    assert exc.value.message == "riichi needs a closed hand"


def test_riichi_allowed_at_exactly_1000_points():
    state = scenario({0: TENPAI}, draws="9m", scores=(1000, 33000, 33000, 33000))
    assert 8 in riichi_kinds(state, 0)
    state = play(state, "0:riichi:9m")
    assert state.scores[0] == 0 and state.riichi_sticks == 1
    assert not state.finished  # 0 points is not below zero


def test_riichi_refused_below_1000_points():
    state = scenario({0: TENPAI}, draws="9m", scores=(900, 33100, 33000, 33000))
    assert not riichi_kinds(state, 0)
    with pytest.raises(IllegalAction) as exc:
        apply(state, find(state, "0:discard:9m")._replace(type="riichi"))
    assert exc.value.message == "riichi needs at least 1,000 points"


def test_riichi_allowed_with_exactly_four_tiles_in_the_wall():
    state = scenario({1: TENPAI}, avoid="25s")
    state = tsumogiri(state, 65)  # draw 66 is seat 1's
    assert state.turn == 1 and state.wall_remaining == 4
    assert riichi_kinds(state, 1)


def test_riichi_refused_with_three_tiles_in_the_wall():
    state = scenario({2: TENPAI}, avoid="25s")
    state = tsumogiri(state, 66)
    assert state.turn == 2 and state.wall_remaining == 3
    assert not riichi_kinds(state, 2)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(2, "riichi", state.drawn))
    assert exc.value.message == "riichi needs at least 4 tiles left in the wall"


def test_riichi_below_1000_points_takes_the_score_below_zero_when_the_ruleset_allows_it():
    # Mahjong Soul's lobbies without bust: the stick is paid from 900 points
    ruleset = RONIN.replace(tobi=False, riichi_below_1000=True)
    state = scenario({0: TENPAI}, draws="9m", scores=(900, 33100, 33000, 33000), ruleset=ruleset)
    assert 8 in riichi_kinds(state, 0)
    state = play(state, "0:riichi:9m")
    assert state.scores[0] == -100 and state.riichi_sticks == 1 and state.riichi[0]


def test_riichi_below_1000_points_needs_bust_off():
    with pytest.raises(InvalidRuleset) as exc:
        RONIN.replace(riichi_below_1000=True)
    assert exc.value.field == "riichi_below_1000"


def test_riichi_with_three_tiles_in_the_wall_when_the_ruleset_allows_it():
    ruleset = RONIN.replace(riichi_min_live_wall=3)
    state = scenario({2: TENPAI}, avoid="25s", ruleset=ruleset)
    state = tsumogiri(state, 66)
    assert state.turn == 2 and state.wall_remaining == 3
    assert riichi_kinds(state, 2)


def test_riichi_refusal_names_the_ruleset_s_wall_minimum():
    ruleset = RONIN.replace(riichi_min_live_wall=3)
    state = scenario({3: TENPAI}, avoid="25s", ruleset=ruleset)
    state = tsumogiri(state, 67)
    assert state.turn == 3 and state.wall_remaining == 2
    assert not riichi_kinds(state, 3)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(3, "riichi", state.drawn))
    assert exc.value.message == "riichi needs at least 3 tiles left in the wall"


# seat 1 waits on white/green dragons and wins on white with a yakuhai
DRAGON_WAIT = "234m456p789s55z66z"


def test_riichi_stick_is_not_paid_when_the_declaration_tile_is_ronned():
    state = scenario({0: TENPAI, 1: DRAGON_WAIT}, draws="5z")
    state = play(state, "0:riichi:5z", "1:ron")
    result = state.last_result
    assert result.kind == "ron" and result.riichi_sticks == 0
    paid = result.wins[0].payment.total
    assert result.scores[0] == 25000 - paid  # no stick lost on top
    assert result.wins[0].payment.sticks == 0


def test_riichi_stick_is_paid_when_the_declaration_survives():
    state = scenario({0: TENPAI}, draws="9m")
    state = play(state, "0:riichi:9m")
    assert state.scores == (24000, 25000, 25000, 25000)
    assert state.riichi_sticks == 1 and state.riichi[0]
    assert state.discards[0][-1].riichi


def test_riichi_discard_called_for_pon_keeps_the_riichi():
    state = scenario({0: TENPAI, 2: "147m369p1s1234z55z"}, draws="5z")
    state = play(state, "0:riichi:5z", "2:pon:5z")
    assert state.riichi[0] and state.riichi_sticks == 1 and state.scores[0] == 24000
    assert not state.ippatsu[0]  # the call ended ippatsu
    assert state.discards[0][-1].riichi and state.discards[0][-1].called


def test_after_riichi_only_the_drawn_tile_may_be_discarded():
    state = scenario({0: TENPAI}, draws="9m 8m 8m 8m 9p")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert state.turn == 0
    assert [a.type for a in state.legal[0]] == ["discard"]
    assert state.legal[0][0].tile == state.drawn
    other = next(t for t in state.hands[0] if t != state.drawn)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Action(0, "discard", other))
    assert exc.value.message == "in riichi you must discard the tile you drew"


def test_ippatsu_win_within_the_first_go_around():
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 2)
    state = play(state, "3:discard:5s", "0:ron")
    names = [n for n, _ in state.last_result.wins[0].score.yaku]
    assert "Ippatsu" in names and "Double riichi" in names


def test_any_call_by_any_player_clears_ippatsu():
    state = scenario({0: TENPAI, 3: "147m369p1s1234z66z"}, draws="9m 6z")
    state = play(state, "0:riichi:9m")
    assert state.ippatsu[0]
    state = play(state, "1:discard:6z", "3:pon:6z")
    assert not state.ippatsu[0]


def test_ippatsu_ends_with_the_riichi_players_next_discard():
    state = scenario({0: TENPAI}, draws="9m 8m 8m 8m 9p")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert state.ippatsu[0]
    state = tsumogiri(state, 1)
    assert not state.ippatsu[0]


def test_ippatsu_setting_off_never_starts_ippatsu():
    state = scenario({0: TENPAI}, draws="9m", ruleset=RONIN.replace(ippatsu=False))
    state = play(state, "0:riichi:9m")
    assert state.riichi[0] and not state.ippatsu[0]


def test_first_uninterrupted_discard_riichi_is_double_riichi():
    state = scenario({0: TENPAI}, draws="9m")
    state = play(state, "0:riichi:9m")
    assert state.riichi[0] == 2


def test_a_call_before_the_declaration_prevents_double_riichi():
    state = scenario({1: TENPAI, 2: "147m369p1s1234z66z"}, draws="6z 8m 8m 9m")
    state = play(state, "0:discard:6z", "2:pon:6z", "2:discard:1z")
    state = tsumogiri(state, 2)  # seat 3 and the dealer before seat 1's first turn
    state = play(state, "1:riichi:9m")
    assert state.riichi[1] == 1


def test_a_concealed_kan_before_the_declaration_prevents_double_riichi():
    state = scenario({0: "8888m345p678p5z6z7z", 1: TENPAI}, draws="9p 9m", rinshan="1z")
    state = play(state, "0:ankan:8m", "0:discard:1z", "1:riichi:9m")
    assert state.riichi[1] == 1


def test_riichi_concealed_kan_allowed_when_waits_do_not_change():
    state = scenario({0: "222m345p678p22s34s"}, draws="9m 8m 8m 8m 2m")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert [a.type for a in state.legal[0]] == ["discard", "ankan"]
    state = play(state, "0:ankan:2m")
    assert state.riichi[0] and state.melds[0][0].kind == "ankan"


def test_a_riichi_hand_with_a_concealed_kan_may_make_a_second_that_keeps_the_waits():
    # santi-league 2026-03-14_002344 South 2: a kan of 3s, riichi, then a kan of 8p
    hand = {0: "8888m222p345p22s3s"}
    state = scenario(hand, draws="4s 1p 1p 1p 2p", rinshan="9m 1z")
    state = play(state, "0:ankan:8m", "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert [a.type for a in state.legal[0]] == ["discard", "ankan"]
    state = play(state, "0:ankan:2p")
    assert state.riichi[0] and [m.kind for m in state.melds[0]] == ["ankan", "ankan"]


def test_riichi_concealed_kan_refused_when_it_would_change_the_waits():
    state = scenario({0: "2223m345p678p456s"}, draws="9m 8m 8m 8m 2m")
    state = play(state, "0:riichi:9m")
    state = tsumogiri(state, 3)
    assert [a.type for a in state.legal[0]] == ["discard"]


def test_riichi_concealed_kan_needs_the_drawn_tile_to_be_the_fourth():
    state = scenario({0: "2222m3m456p789p99s"}, draws="9s 8m 8m 8m 9m")
    assert "ankan" in {a.type for a in state.legal[0]}  # before riichi it is fine
    state = play(state, "0:riichi:9s")
    state = tsumogiri(state, 3)
    assert [a.type for a in state.legal[0]] == ["discard"]


def test_furiten_riichi_may_be_declared_and_wins_by_tsumo_only():
    # seat 0 discards 5s before it is tenpai, then declares riichi waiting on 2s/5s
    draws = "5s 8m 8m 8m 2s 2s 8m 9p 5s"
    state = scenario({0: "234m345p678p2s34s9s"}, draws=draws)
    state = play(state, "0:discard:5s")
    state = tsumogiri(state, 3)
    state = play(state, "0:riichi:9s")
    assert state.riichi[0]
    state = play(state, "1:discard:2s")
    assert state.phase == "turn" and state.turn == 2  # no ron offered: furiten
    state = tsumogiri(state, 2)
    assert "tsumo" in {a.type for a in state.legal[0]}


def test_open_riichi_is_an_action_only_when_the_ruleset_has_it():
    state = scenario({0: TENPAI}, draws="9m")
    assert "open_riichi" not in {a.type for a in state.legal[0]}
    ruleset = RONIN.replace(open_riichi=True)
    state = scenario({0: TENPAI}, draws="9m", ruleset=ruleset)
    state = play(state, "0:open_riichi:9m")
    assert state.open_riichi[0]
    assert seat_view(state, 2).open_hands[0] == state.hands[0]
    assert seat_view(state, 2).open_hands[1] is None


def test_open_riichi_adds_a_han_to_the_win():
    ruleset = RONIN.replace(open_riichi=True)
    state = scenario({0: TENPAI}, draws="9m 8m 8m 5s", ruleset=ruleset)
    state = play(state, "0:open_riichi:9m")
    state = tsumogiri(state, 2)
    state = play(state, "3:discard:5s", "0:ron")
    names = [n for n, _ in state.last_result.wins[0].score.yaku]
    assert "Open riichi" in names


# four tenpai hands that each declare riichi with their first discard
FOUR = {
    0: "234m345p678p22s34s",  # 2s/5s
    1: "123m456m789m11p23p",  # 1p/4p
    2: "111z222z333z44z66z",  # 4z/6z
    3: "567p789p567s999s5z",  # 5z
}


def test_fourth_riichi_aborts_the_hand_once_its_discard_survives():
    state = scenario(FOUR, draws="7s 1s 8m 2p")
    state = play(state, "0:riichi:7s", "1:riichi:1s", "2:riichi:8m")
    assert state.hand_index == 0
    state = play(state, "3:riichi:2p")
    result = state.last_result
    assert result.kind == "abortive" and result.abort == "suucha_riichi"
    assert result.riichi_sticks == 4 and state.riichi_sticks == 4
    assert state.honba == 1 and state.round_number == 0  # dealer stays, honba +1


def test_fourth_riichi_discard_that_is_ronned_is_a_win_not_an_abort():
    state = scenario(FOUR, draws="7s 1s 8m 4p")
    state = play(state, "0:riichi:7s", "1:riichi:1s", "2:riichi:8m", "3:riichi:4p", "1:ron")
    result = state.last_result
    assert result.kind == "ron" and result.wins[0].seat == 1
    assert result.wins[0].payment.sticks == 3000  # the fourth stick was never paid


def test_four_riichi_plays_on_when_the_abort_is_off():
    ruleset = RONIN.replace(suucha_riichi=False)
    state = scenario(FOUR, draws="7s 1s 8m 2p", ruleset=ruleset)
    state = play(state, "0:riichi:7s", "1:riichi:1s", "2:riichi:8m", "3:riichi:2p")
    assert state.hand_index == 0 and all(state.riichi)
